// Team types, the two team-role schemes and the role rules of spec 000 §4 and §6.
//
// Scheme A (names, the `user_role` field): creator 0, manager/admin 1, member 2, read_member 3.
// Scheme B (numbers, the `team_role` field of members lists and settings): 1 owner, 2 admin,
// 3 member, 4 read_member. In both a lower number is more privileged. The rules below take
// Scheme B numbers; convert with teamRoleFromUserRole first.

/** spec 000 §3: team types. */
export const TEAM_TYPE = { chat: 1, company: 2, general: 3 } as const;
export type TeamType = (typeof TEAM_TYPE)[keyof typeof TEAM_TYPE];

/** Drive-only volume types: special = my drive, tmp = my uploads (spec 000 §3, spec 001 §3). */
export const DRIVE_ONLY_TYPES = ['special', 'tmp'] as const;
export type DriveOnlyType = (typeof DRIVE_ONLY_TYPES)[number];
export type VolumeType = TeamType | DriveOnlyType;

export function isTeamType(value: unknown): value is TeamType {
  return value === 1 || value === 2 || value === 3;
}

/** Scheme B. */
export const TEAM_ROLE = { owner: 1, admin: 2, member: 3, read_member: 4 } as const;
export type TeamRoleName = keyof typeof TEAM_ROLE;
export type TeamRole = (typeof TEAM_ROLE)[TeamRoleName];

/** Scheme A. manager and admin share rank 1. */
export const USER_ROLE_RANK = { creator: 0, manager: 1, admin: 1, member: 2, read_member: 3 } as const;
export type UserRole = keyof typeof USER_ROLE_RANK;

export function isTeamRole(value: unknown): value is TeamRole {
  return value === 1 || value === 2 || value === 3 || value === 4;
}

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && Object.hasOwn(USER_ROLE_RANK, value);
}

/** A Scheme B name or a Scheme A name to its Scheme B number: creator -> 1, manager -> 2 ... */
export function roleNameToNumber(name: TeamRoleName | UserRole): TeamRole {
  switch (name) {
    case 'owner':
    case 'creator':
      return TEAM_ROLE.owner;
    case 'admin':
    case 'manager':
      return TEAM_ROLE.admin;
    case 'member':
      return TEAM_ROLE.member;
    case 'read_member':
      return TEAM_ROLE.read_member;
  }
}

/** A Scheme B number to its name: 1 -> owner. */
export function roleNumberToName(role: TeamRole): TeamRoleName {
  switch (role) {
    case 1:
      return 'owner';
    case 2:
      return 'admin';
    case 3:
      return 'member';
    case 4:
      return 'read_member';
  }
}

export function teamRoleFromUserRole(userRole: UserRole): TeamRole {
  return roleNameToNumber(userRole);
}

/** Scheme B to Scheme A; 2 maps to admin (manager is the same rank). */
export function userRoleFromTeamRole(teamRole: TeamRole): UserRole {
  switch (teamRole) {
    case 1:
      return 'creator';
    case 2:
      return 'admin';
    case 3:
      return 'member';
    case 4:
      return 'read_member';
  }
}

/** The Scheme A rank (0 to 3) of a user_role. */
export function userRoleRank(userRole: UserRole): number {
  return USER_ROLE_RANK[userRole];
}

export interface AssignOptions {
  teamType: TeamType;
  /** The target row is a department entry (member type 2 or 3). */
  targetIsDept?: boolean;
  /** The target user belongs to the team through a department. */
  targetIsDeptMember?: boolean;
}

/**
 * The roles `actor` may give `target` (spec 000 §4), ownership transfer excluded (see canTransfer).
 * An actor assigns only roles less privileged than their own, and only to members less privileged
 * than themselves: the owner may set admin, member or read_member; an admin member or read_member.
 * read_member (observer) is offered only in company teams; department entries never change; a
 * department member can only be a member. The list may include the target's current role.
 */
export function assignableRoles(actor: TeamRole, target: TeamRole, options: AssignOptions): TeamRole[] {
  // spec 000 §4: only the owner and admins assign roles.
  if (options.targetIsDept || actor > TEAM_ROLE.admin || target <= actor) return [];
  const roles: TeamRole[] = [TEAM_ROLE.admin, TEAM_ROLE.member, TEAM_ROLE.read_member];
  return roles.filter(
    (role) =>
      role > actor &&
      (role !== TEAM_ROLE.read_member || options.teamType === TEAM_TYPE.company) &&
      (!options.targetIsDeptMember || role === TEAM_ROLE.member),
  );
}

/** Whether `actor` may set `target` to `role`, ownership transfer included. */
export function canAssignRole(
  actor: TeamRole,
  target: TeamRole,
  role: TeamRole,
  options: AssignOptions,
): boolean {
  if (role === TEAM_ROLE.owner) return canTransfer(actor, target, options);
  return assignableRoles(actor, target, options).includes(role);
}

/**
 * spec 000 §4: removal is offered for members less privileged than the actor (an owner removes
 * roles above 1, an admin roles above 2); departments are never removable rows.
 */
export function canRemoveMember(
  actor: TeamRole,
  target: TeamRole,
  options: { targetIsDept?: boolean } = {},
): boolean {
  if (options.targetIsDept) return false;
  return actor <= TEAM_ROLE.admin && target > actor;
}

/** spec 000 §4: only the owner transfers ownership, to another user entry of the team. */
export function canTransfer(
  actor: TeamRole,
  target: TeamRole,
  options: { targetIsDept?: boolean } = {},
): boolean {
  return actor === TEAM_ROLE.owner && target !== TEAM_ROLE.owner && !options.targetIsDept;
}

const isManager = (role: TeamRole): boolean => role <= TEAM_ROLE.admin;

/** spec 000 §6: owner and admin edit the team name, for general teams (type 3) only. */
export function canEditTeamName(role: TeamRole, teamType: TeamType): boolean {
  return isManager(role) && teamType === TEAM_TYPE.general;
}

/** spec 000 §6: owner and admin (role at or below 2). */
export function canEditNotice(role: TeamRole): boolean {
  return isManager(role);
}

/** spec 000 §6: owner and admin (role at or below 2). */
export function canEditAvatar(role: TeamRole): boolean {
  return isManager(role);
}

/** spec 000 §6: owner and admin (role at or below 2). */
export function canEditHistoryLimit(role: TeamRole): boolean {
  return isManager(role);
}

/** spec 000 §6: owner and admin, when the feature flags allow (checked by the caller). */
export function canToggleAutoConvert(role: TeamRole): boolean {
  return isManager(role);
}

/**
 * spec 000 §6: only owner and admin add members; adding is hidden for department-linked (company)
 * teams when configuration forbids members in department teams (ALLOW_GROUP_DEPT_MEMBER off).
 */
export function canAddMembers(
  role: TeamRole,
  teamType: TeamType,
  options: { allowGroupDeptMember: boolean },
): boolean {
  if (!isManager(role)) return false;
  return teamType !== TEAM_TYPE.company || options.allowGroupDeptMember;
}

/** spec 000 §6: the delete-team button shows to the owner of a chat (type 1) or general team (type 3). */
export function canDeleteTeam(role: TeamRole, teamType: TeamType): boolean {
  return role === TEAM_ROLE.owner && (teamType === TEAM_TYPE.chat || teamType === TEAM_TYPE.general);
}

/**
 * spec 000 §6: exit shows for general teams (type 3), and for company teams (type 2) when the user
 * is not the owner; spec 000 §2: the multi-person chat dialog offers exit too. Settings show
 * "exit-team or delete-team" and the owner of a general team or chat gets delete, so the owner
 * never exits here: a team without an owner could not be managed. The owner transfers first.
 */
export function canExitTeam(role: TeamRole, teamType: TeamType): boolean {
  return role !== TEAM_ROLE.owner && isTeamType(teamType);
}

/**
 * spec 000 §2: the settings tab shows to the owner, to any member of a general team, and for
 * department (company) teams to an actor who is not the owner, which with the first clause is
 * everyone. So only chat members who are not the owner lack it.
 */
export function canSeeTeamSettings(role: TeamRole, teamType: TeamType): boolean {
  return role === TEAM_ROLE.owner || teamType === TEAM_TYPE.general || teamType === TEAM_TYPE.company;
}

/**
 * spec 000 §2: the multi-person chat dialog offers rename to its members. A chat has no admins and
 * its name is a label for the conversation, so any member renames it (as in group chats elsewhere);
 * team names follow canEditTeamName.
 */
export function canRenameChat(role: TeamRole): boolean {
  return isTeamRole(role);
}

/** spec 000 §4: a multi-person chat is upgraded to a general team; its owner decides. */
export function canUpgradeChat(role: TeamRole, teamType: TeamType): boolean {
  return role === TEAM_ROLE.owner && teamType === TEAM_TYPE.chat;
}

/**
 * Department entries are never rows of the checkbox removal (spec 000 §4); owner and admin take a
 * whole department out of a team one entry at a time instead.
 */
export function canRemoveDeptEntry(role: TeamRole): boolean {
  return isManager(role);
}

/**
 * spec 000 §8: toggling file-message push answers 403 with a msg for someone who may not; it is a
 * setting of the team, so like the others of section 6 it belongs to owner and admin.
 */
export function canTogglePush(role: TeamRole): boolean {
  return isManager(role);
}

/** The invite link adds members, so it is for those who may add members (canAddMembers). */
export const canShareInviteLink = canAddMembers;

/** spec 000 §2: the member-removal footer exists only for general teams (type 3). */
export function canUseRemovalFooter(teamType: TeamType): boolean {
  return teamType === TEAM_TYPE.general;
}

/** spec 000 §6, spec 001 §2: the team recycle bin is for creator, manager or admin; others go to /404.html. */
export function canSeeTeamBin(userRole: UserRole): boolean {
  return USER_ROLE_RANK[userRole] <= 1;
}

/** spec 000 §6: admin status for analytics is creator, manager or admin. */
export function isAdminForAnalytics(userRole: UserRole): boolean {
  return USER_ROLE_RANK[userRole] <= 1;
}
