import {
  assignableRoles,
  canRemoveDeptEntry,
  canRemoveMember,
  canTransfer,
  type TeamMember,
  type TeamRole,
  type TeamType,
} from '@cirrus/shared';

/** What the members list offers on one row, from the shared rules of spec 000 §4. */
export interface RowActions {
  /** Roles the dropdown offers besides the current one (none: the role shows as a plain label). */
  roles: TeamRole[];
  transfer: boolean;
  /** The dropdown's Remove option (spec 000 §6: for lower roles, to owner and admin). */
  remove: boolean;
  /** A checkbox in removal mode (never for departments). */
  checkbox: boolean;
  /** A department entry's own remove action. */
  removeDept: boolean;
}

export function rowActions(
  actor: TeamRole,
  member: TeamMember,
  teamType: TeamType,
  selfId: number,
  /** A company team's own department stays (the server answers cant_remove_member). */
  ascriptionDeptId?: number,
): RowActions {
  if (member.type === 2) {
    const removeDept = canRemoveDeptEntry(actor) && member.id !== ascriptionDeptId;
    return { roles: [], transfer: false, remove: false, checkbox: false, removeDept };
  }
  if (member.id === selfId)
    return { roles: [], transfer: false, remove: false, checkbox: false, removeDept: false };
  const viaDept = member.via_dept !== undefined;
  const roles = assignableRoles(actor, member.team_role, { teamType, targetIsDeptMember: viaDept }).filter(
    (r) => r !== member.team_role,
  );
  // Someone a department brings as well leaves with the department (cant_remove_member).
  const remove = !viaDept && member.in_dept === undefined && canRemoveMember(actor, member.team_role);
  return {
    roles,
    transfer: canTransfer(actor, member.team_role),
    remove,
    checkbox: remove,
    removeDept: false,
  };
}
