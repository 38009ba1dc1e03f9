import { hasPermission } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { namesDepartments, secdocMasks } from '../secdoc/policy.ts';
import * as secdocRepo from '../secdoc/repo.ts';
import { canManageSpace } from '../spaces/policy.ts';
import type { SpaceAccess, SpaceService } from '../spaces/service.ts';
import { entriesFor, maskAt, type PermissionContext } from './policy.ts';
import * as repo from './repo.ts';

/** A space the actor sees, with the permission entries that apply to them there. */
export interface FileContext extends SpaceAccess, PermissionContext {}

/** An item the actor sees, with their mask on it. */
export interface Located {
  ctx: FileContext;
  file: repo.FileWithNames;
  mask: number;
}

/** A folder the actor sees (null file: the space root), with their mask on it. */
export interface LocatedFolder {
  ctx: FileContext;
  folder: FileRow | null;
  mask: number;
}

/**
 * Loads what the actor is and may do in a space and on its items. Anything the actor may not see
 * answers exactly like something missing (STYLE "Server": 404, not 403).
 */
export function createFileAccess({ db, spaces }: { db: Db; spaces: SpaceService }) {
  async function context(actor: Actor, groupId: number): Promise<FileContext | undefined> {
    const access = await spaces.access(actor, groupId);
    if (!access) return undefined;
    // Entries never change what owners and admins may do (policy.ts), nor a personal space.
    if (access.space.type !== 'team' || canManageSpace(access.role)) return { ...access, entries: new Map() };
    const [rows, rights] = await Promise.all([
      repo.findAcl(db, groupId),
      secdocRepo.rightsInSpace(db, groupId),
    ]);
    const deptIds =
      rows.some((r) => r.principal_type === 'dept') || namesDepartments(rights)
        ? await spaces.deptIdsOf(actor.userId)
        : new Set<number>();
    return {
      ...access,
      entries: entriesFor(rows, actor.userId, deptIds),
      secdocs: secdocMasks(rights, { userId: actor.userId, groupId, deptIds }),
    };
  }

  /** A space for a list or a write: groupNotExist when it cannot be seen. */
  async function requireSpace(actor: Actor, groupId: number): Promise<FileContext> {
    const ctx = await context(actor, groupId);
    if (!ctx) throw new DomainError('groupNotExist');
    return ctx;
  }

  /**
   * An item by id. `groupId` (from the path) must be its space when given; a deleted item counts
   * as missing unless `deleted` allows it. A space the actor cannot see answers fileNotExists like
   * a missing item; the caller checks the permission it needs on the answered mask.
   */
  async function requireFile(
    actor: Actor,
    fileId: number,
    opts: { groupId?: number; deleted?: boolean } = {},
  ): Promise<Located> {
    const file = await repo.findFile(db, fileId);
    if (!file || (opts.groupId !== undefined && file.group_id !== opts.groupId))
      throw new DomainError('fileNotExists');
    if (file.status !== 'live' && !opts.deleted) throw new DomainError('fileNotExists');
    const ctx = await context(actor, file.group_id);
    if (!ctx) throw new DomainError('fileNotExists');
    const mask = maskAt(ctx, file);
    return { ctx, file, mask };
  }

  /** A live folder to list or write into; 0 is the space root. */
  async function requireFolder(actor: Actor, groupId: number, folderId: number): Promise<LocatedFolder> {
    if (folderId === 0) {
      const ctx = await requireSpace(actor, groupId);
      return { ctx, folder: null, mask: maskAt(ctx, null) };
    }
    // The folder's row alone: nothing shows its people's names.
    const folder = await repo.findFileRow(db, folderId);
    if (folder?.status !== 'live' || folder.group_id !== groupId || !folder.is_folder)
      throw new DomainError('fileNotExists');
    const ctx = await context(actor, groupId);
    if (!ctx) throw new DomainError('fileNotExists');
    return { ctx, folder, mask: maskAt(ctx, folder) };
  }

  /** The live items below a folder, shallowest first (callers check each one's mask). */
  function subtree(folder: FileRow) {
    return repo.findSubtree(db, folder, { liveOnly: true });
  }

  /** Whether the actor may read an item (in the bin too): what a failure may tell of it. */
  async function mayRead(actor: Actor, fileId: number): Promise<boolean> {
    try {
      return hasPermission((await requireFile(actor, fileId, { deleted: true })).mask, 'read');
    } catch (err) {
      if (err instanceof DomainError) return false;
      throw err;
    }
  }

  return { context, requireSpace, requireFile, requireFolder, subtree, mayRead };
}

export type FileAccess = ReturnType<typeof createFileAccess>;
