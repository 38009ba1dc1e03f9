import {
  AUTO_CONVERT_STATE,
  defaultSecdocRights,
  isSecdocConvertible,
  operationBits,
  operationIdsOf,
  SECDOC_PRINCIPAL,
  secdocConvertibleSize,
  secdocMask,
  splitExt,
  TEAM_TYPE,
} from '@cirrus/shared';
import type { GroupRow } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';
import type { RightRow } from './repo.ts';

/** Who is asking, as the rights name principals. */
export interface RightsHolder {
  userId: number;
  /** The space, which the team principals (1 and 3) name. */
  groupId: number;
  /** The user's departments with their ancestors; only read when a right names a department. */
  deptIds: ReadonlySet<number>;
}

export function matches(row: Omit<RightRow, 'file_id' | 'operations'>, who: RightsHolder): boolean {
  switch (row.principal_type) {
    case SECDOC_PRINCIPAL.chat:
    case SECDOC_PRINCIPAL.team:
      return row.principal_id === who.groupId;
    case SECDOC_PRINCIPAL.dept:
      return who.deptIds.has(row.principal_id);
    case SECDOC_PRINCIPAL.user:
      return row.principal_id === who.userId;
    default:
      return false;
  }
}

/**
 * What a member may do with each security document of a space, as permission masks: the union of
 * the operations of every right that names them. A document whose rights name them nowhere maps
 * to 0, so every security document of the space is a key.
 */
export function secdocMasks(rows: RightRow[], who: RightsHolder): Map<number, number> {
  const bits = new Map<number, number>();
  for (const row of rows) {
    const had = bits.get(row.file_id) ?? 0;
    bits.set(row.file_id, matches(row, who) ? had | row.operations : had);
  }
  const masks = new Map<number, number>();
  for (const [fileId, ops] of bits) masks.set(fileId, secdocMask(operationIdsOf(ops)));
  return masks;
}

/** Whether any right of these names a department (then the user's departments are needed). */
export function namesDepartments(rows: RightRow[]): boolean {
  return rows.some((row) => row.principal_type === SECDOC_PRINCIPAL.dept);
}

/**
 * Whether a new file of this name made in this space becomes a security document: an office
 * document (spec 001 §4) in a team whose auto-convert is on, where the deployment allows it. The
 * caller reads the deployment's flag only when the rest holds.
 */
export function autoConverts(space: Pick<GroupRow, 'type' | 'auto_convert_state'>, name: string): boolean {
  return (
    space.type === 'team' &&
    space.auto_convert_state > AUTO_CONVERT_STATE.off &&
    isSecdocConvertible(splitExt(name).ext)
  );
}

/** Refuses content a security document cannot take (spec 001 §8 error 5007, "limit 10": the company's setting). */
export function assertConvertibleSize(bytes: number, maxMb: number): void {
  if (!secdocConvertibleSize(bytes, maxMb)) throw new DomainError('convertFileTooLarge', { limit: maxMb });
}

/**
 * The stored rows of the rights a converted document starts with: its team's, and, when a member
 * who does not manage the team added it, theirs (shared/secdoc.ts).
 */
export function defaultRightRows(
  space: Pick<GroupRow, 'id' | 'team_type'>,
  creator: { userId: number; manages: boolean },
): Omit<RightRow, 'file_id'>[] {
  const creatorId = creator.manages ? null : creator.userId;
  return defaultSecdocRights(space.id, space.team_type === TEAM_TYPE.chat, creatorId).map((right) => ({
    principal_type: right.principaltype,
    principal_id: right.principalid,
    operations: operationBits(right.operationids),
  }));
}
