import { DEFAULT_ROLE_MASKS, FULL_MASK, TEAM_ROLE, type TeamRole } from '@cirrus/shared';

/**
 * What a team role may do in a space before per-file entries: owner and admin everything, always
 * (they manage the space and must not lock themselves out); member and read_member the team's
 * own setting (GET/PUT /api/v3/groups/{id}/files/0/permission) or the shared default.
 */
export function roleMask(role: TeamRole, overrides: ReadonlyMap<number, number>): number {
  if (role === TEAM_ROLE.owner || role === TEAM_ROLE.admin) return FULL_MASK;
  return overrides.get(role) ?? DEFAULT_ROLE_MASKS[role];
}

/** Roles whose masks a team may change. */
export const CONFIGURABLE_ROLES = [TEAM_ROLE.member, TEAM_ROLE.read_member] as const;

/** spec 000 §6: owner and admin manage the space (role defaults, per-file entries). */
export function canManageSpace(role: TeamRole): boolean {
  return role <= TEAM_ROLE.admin;
}
