/** The rights dialog's editing, apart from React: a list of rights changed row by row. */
import {
  SECDOC_OPERATION_IDS,
  SECDOC_PRINCIPAL,
  type SecdocOperationId,
  type SecdocRight,
  type SecdocRightView,
} from '@cirrus/shared';

export const isTeamRight = (right: Pick<SecdocRight, 'principaltype'>) =>
  right.principaltype === SECDOC_PRINCIPAL.team || right.principaltype === SECDOC_PRINCIPAL.chat;

export const rightKey = (right: Pick<SecdocRight, 'principaltype' | 'principalid'>) =>
  `${right.principaltype}:${right.principalid}`;

/** Turns one operation of one row on or off. */
export function toggleOperation(
  rights: readonly SecdocRightView[],
  key: string,
  operation: SecdocOperationId,
  on: boolean,
): SecdocRightView[] {
  return rights.map((right) => {
    if (rightKey(right) !== key) return right;
    const rest = right.operationids.filter((id) => id !== operation);
    const operationids = on ? [...rest, operation].sort((a, b) => a - b) : rest;
    return { ...right, operationids };
  });
}

/** Adds a person with the default operations (spec 001 §5: 3 and 4), unless already listed. */
export function addPerson(
  rights: readonly SecdocRightView[],
  person: { id: number; name: string },
): SecdocRightView[] {
  const right: SecdocRightView = {
    principalid: person.id,
    principaltype: SECDOC_PRINCIPAL.user,
    operationids: [...SECDOC_OPERATION_IDS],
    name: person.name,
  };
  if (rights.some((r) => rightKey(r) === rightKey(right))) return [...rights];
  return [...rights, right];
}

/** Removes a row; the team's row stays (it is unticked instead). */
export function removeRight(rights: readonly SecdocRightView[], key: string): SecdocRightView[] {
  return rights.filter((right) => isTeamRight(right) || rightKey(right) !== key);
}

/** The PUT body: the rights without their names. */
export function rightsBody(rights: readonly SecdocRightView[]): SecdocRight[] {
  return rights.map(({ principalid, principaltype, operationids }) => ({
    principalid,
    principaltype,
    operationids,
  }));
}

/** Whether the draft differs from what the server holds. */
export function rightsChanged(
  before: readonly SecdocRightView[],
  after: readonly SecdocRightView[],
): boolean {
  return JSON.stringify(rightsBody(before)) !== JSON.stringify(rightsBody(after));
}
