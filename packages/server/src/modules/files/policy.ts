import { FULL_MASK, hasPermission, type PermissionName, TEAM_ROLE, type TeamRole } from '@cirrus/shared';
import type { FileRow } from '../../db/schema.ts';
import { DomainError } from '../../http/errors.ts';

/**
 * The user_acl of a file (issue 3 "Permissions"): the actor's team role default for the space,
 * replaced by the nearest own entry on the way down from the root to the item (entries are
 * inherited downward and may narrow or widen). At one item a user's own entry wins over
 * department entries; several matching department entries add up. Owner and admin always have
 * everything: they manage the space and cannot lock themselves out.
 */
export interface PermissionContext {
  role: TeamRole;
  roleMask: number;
  /** The actor's applicable entry mask by file id (see entriesFor). */
  entries: ReadonlyMap<number, number>;
  /**
   * What the actor's rights allow on each security document of the space, as a permission mask
   * (shared/secdoc.ts); a document missing here allows nothing. Empty for owners and admins.
   */
  secdocs?: ReadonlyMap<number, number>;
}

/**
 * What maskAt needs of an item: where it is, and whether it is a security document (required, so
 * that no caller can read a row without it and leave a document's rights out).
 */
export type MaskedItem = Pick<FileRow, 'id' | 'path' | 'secure_guid'>;

export interface AclRow {
  file_id: number;
  principal_type: string;
  principal_id: number;
  mask: number;
}

/** The entry masks that apply to a user in the departments `deptIds` (with their ancestors). */
export function entriesFor(
  rows: AclRow[],
  userId: number,
  deptIds: ReadonlySet<number>,
): Map<number, number> {
  const byUser = new Map<number, number>();
  const byDept = new Map<number, number>();
  for (const row of rows) {
    if (row.principal_type === 'user' && row.principal_id === userId) byUser.set(row.file_id, row.mask);
    if (row.principal_type === 'dept' && deptIds.has(row.principal_id)) {
      byDept.set(row.file_id, (byDept.get(row.file_id) ?? 0) | row.mask);
    }
  }
  for (const [fileId, mask] of byDept) if (!byUser.has(fileId)) byUser.set(fileId, mask);
  return byUser;
}

/** The ids of an item's ancestors, root first, from its materialised path ("/12/40/"). */
export function ancestorIds(path: string): number[] {
  return path
    .split('/')
    .filter((part) => part !== '')
    .map(Number);
}

/** The actor's mask on an item; `item` null is the space root. */
export function maskAt(ctx: PermissionContext, item: MaskedItem | null): number {
  if (ctx.role === TEAM_ROLE.owner || ctx.role === TEAM_ROLE.admin) return FULL_MASK;
  if (!item) return ctx.roleMask;
  return withSecdocRights(ctx, item, entryMask(ctx, item));
}

function entryMask(ctx: PermissionContext, item: MaskedItem): number {
  if (ctx.entries.size === 0) return ctx.roleMask;
  const chain = [...ancestorIds(item.path), item.id];
  for (let i = chain.length - 1; i >= 0; i--) {
    const mask = ctx.entries.get(chain[i]);
    if (mask !== undefined) return mask;
  }
  return ctx.roleMask;
}

/** A security document's mask: what the entries allow, narrowed to what its rights allow. */
function withSecdocRights(ctx: PermissionContext, item: Omit<MaskedItem, 'path'>, mask: number): number {
  if (!item.secure_guid) return mask;
  return mask & (ctx.secdocs?.get(item.id) ?? 0);
}

/**
 * Items a list leaves out: those whose own entries take the read permission away, and security
 * documents whose rights do not let the actor read them.
 */
export function unreadableIds(ctx: PermissionContext): number[] {
  const ids: number[] = [];
  for (const [id, mask] of ctx.entries) if (!hasPermission(mask, 'read')) ids.push(id);
  for (const [id, mask] of ctx.secdocs ?? []) if (!hasPermission(mask, 'read')) ids.push(id);
  return ids;
}

/** The mask of a direct child, knowing its parent's mask. */
export function childMask(
  ctx: PermissionContext,
  parentMask: number,
  child: Omit<MaskedItem, 'path'>,
): number {
  if (ctx.role === TEAM_ROLE.owner || ctx.role === TEAM_ROLE.admin) return FULL_MASK;
  return withSecdocRights(ctx, child, ctx.entries.get(child.id) ?? parentMask);
}

/** Throws `key` (permissionDenied by default) unless the mask holds the permission. */
export function requirePermission(
  mask: number,
  permission: PermissionName,
  key: DomainError['key'] = 'permissionDenied',
) {
  // The permission travels in debug so that /xfi calls can answer no_upload_permission and the like.
  if (!hasPermission(mask, permission)) throw new DomainError(key, {}, { permission });
}
