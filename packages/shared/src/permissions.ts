// The per-file permission flags (user_acl): a 12-bit mask, bit 0 first, in the order of
// spec 001 §3.

import { PERMISSION_BITS } from './constants.ts';
import { TEAM_ROLE, type TeamRole } from './roles.ts';

export const PERMISSION_NAMES = [
  'read',
  'new_empty',
  'upload',
  'update',
  'rename',
  'move',
  'copy',
  'share',
  'delete',
  'download',
  'secret',
  'history',
] as const;

export type PermissionName = (typeof PERMISSION_NAMES)[number];
export type PermissionFlags = Record<PermissionName, boolean>;

/** The bit of one permission: read = 1, new_empty = 2, upload = 4 ... history = 2048. */
export function permissionBit(name: PermissionName): number {
  return 1 << PERMISSION_NAMES.indexOf(name);
}

/** All 12 bits: 4095. */
export const FULL_MASK = (1 << PERMISSION_BITS) - 1;

/** The mask of the named permissions. */
export function maskOf(...names: PermissionName[]): number {
  return names.reduce((mask, name) => mask | permissionBit(name), 0);
}

export function maskToFlags(mask: number): PermissionFlags {
  const flags = {} as PermissionFlags;
  for (const name of PERMISSION_NAMES) flags[name] = (mask & permissionBit(name)) !== 0;
  return flags;
}

/** Missing flags count as false. */
export function flagsToMask(flags: Partial<PermissionFlags>): number {
  return PERMISSION_NAMES.reduce((mask, name) => (flags[name] ? mask | permissionBit(name) : mask), 0);
}

export function hasPermission(mask: number, name: PermissionName): boolean {
  return (mask & permissionBit(name)) !== 0;
}

/**
 * Team-space defaults per Scheme B team role (the spec leaves them to us):
 * - owner and admin: everything.
 * - member: everything except `secret` (setting secret labels is a manager's decision, like the
 *   other team settings of spec 000 §6).
 * - read_member, the observer of spec 000 §4: read, download and history; they look and take copies
 *   away but change nothing in the team.
 * A team may narrow these per folder (PUT .../files/{f}/permission); the server decides.
 */
export const DEFAULT_ROLE_MASKS: Record<TeamRole, number> = {
  [TEAM_ROLE.owner]: FULL_MASK,
  [TEAM_ROLE.admin]: FULL_MASK,
  [TEAM_ROLE.member]: FULL_MASK & ~maskOf('secret'),
  [TEAM_ROLE.read_member]: maskOf('read', 'download', 'history'),
};

export function defaultMaskForRole(role: TeamRole): number {
  return DEFAULT_ROLE_MASKS[role];
}
