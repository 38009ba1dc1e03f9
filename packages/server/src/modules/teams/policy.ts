import {
  canAssignRole,
  canRemoveDeptEntry,
  canRemoveMember,
  canTransfer,
  type ErrorKey,
  TEAM_ROLE,
  type TeamRole,
  type TeamType,
} from '@cirrus/shared';

/** A row of a team's member list as the rules see it. */
export interface MemberTarget {
  role: TeamRole;
  /** A department entry (member type 2). */
  isDept: boolean;
  /** A person present only through a department entry. */
  viaDept: boolean;
  /** A user entry whom a department entry brings in as well. */
  alsoViaDept?: boolean;
}

/**
 * The error key for a role change (PATCH /v1/groups/{gid}/members/{id}), or undefined when the
 * shared rules (spec 000 §4) allow it. spec 000 §8: an actor below admin, one not outranking the
 * target, or one giving a role not below their own gets noPermissions (403e5); a change the rules
 * do not offer for that target (a department entry, read_member outside company teams, a department
 * member made anything but a member, the owner handing ownership to themselves) is setFailed
 * (40000600).
 */
export function roleChangeError(
  actor: TeamRole,
  target: MemberTarget,
  role: TeamRole,
  teamType: TeamType,
): ErrorKey | undefined {
  if (target.isDept) return 'setFailed';
  if (role === TEAM_ROLE.owner) {
    if (actor !== TEAM_ROLE.owner) return 'noPermissions';
    return canTransfer(actor, target.role) ? undefined : 'setFailed';
  }
  // Only less privileged roles, only to less privileged members (spec 000 §4).
  if (actor > TEAM_ROLE.admin || target.role <= actor || role <= actor) return 'noPermissions';
  const allowed = canAssignRole(actor, target.role, role, { teamType, targetIsDeptMember: target.viaDept });
  return allowed ? undefined : 'setFailed';
}

/**
 * The error key for removing a row (spec 000 §4, §8: cant_remove_member, 50000002), or undefined.
 * People are removed by those who outrank them; someone a department brings in leaves only with the
 * department; a department entry is taken out whole by owner or admin, never with the checkboxes
 * (`byCheckbox`), and a company team's own department stays.
 */
export function removalError(
  actor: TeamRole,
  target: MemberTarget,
  opts: { byCheckbox: boolean; ascriptionDept: boolean },
): ErrorKey | undefined {
  if (target.isDept) {
    if (opts.byCheckbox || opts.ascriptionDept) return 'cant_remove_member';
    return canRemoveDeptEntry(actor) ? undefined : 'cant_remove_member';
  }
  // Taking the name of someone a department brings as well would leave them in.
  if (target.viaDept || target.alsoViaDept) return 'cant_remove_member';
  return canRemoveMember(actor, target.role) ? undefined : 'cant_remove_member';
}
