import { randomUUID } from 'node:crypto';
import { hasPermission, nameKey, securityDocsConvert } from '@cirrus/shared';
import type { Db, DbOrTrx, Dialect, Trx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { EventLog, FileEvent } from '../events/service.ts';
import type { LockGuard } from '../locks/guard.ts';
import { assertConvertibleSize, autoConverts, defaultRightRows } from '../secdoc/policy.ts';
import * as secdocRepo from '../secdoc/repo.ts';
import type { SettingsService } from '../settings/service.ts';
import { canManageSpace } from '../spaces/policy.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { FileAccess, Located, LocatedFolder } from './access.ts';
import { ancestorIds, maskAt, requirePermission } from './policy.ts';
import * as repo from './repo.ts';
import {
  childPath,
  type FailItem,
  failItem,
  folderNow,
  inTransaction,
  liveItemNow,
  lockTrees,
} from './rules.ts';
import type { BatchTransferBody } from './schema.ts';

interface Deps {
  db: Db;
  access: FileAccess;
  quota: QuotaService;
  events: EventLog;
  /** A file someone else holds the lock of (or a folder with one below) is not moved. */
  locks: LockGuard;
  /** Whether the deployment lets teams convert office documents (shared securityDocsConvert). */
  settings: Pick<SettingsService, 'get'>;
  /** PostgreSQL's transactions take their spaces' tree locks (rules.ts lockTrees). */
  dialect: Dialect;
  now: () => number;
}

/**
 * Where a batch copy or move goes. The drive's body names the source (groupid, parentid) and
 * the target (target_groupid, target_parentid); the search page's move names only the target,
 * as groupid and parentid (spec 001 §7).
 */
export function targetOf(
  body: BatchTransferBody,
  pathGroupId: number,
): { groupId: number; parentId: number } {
  if (body.target_groupid !== undefined || body.target_parentid !== undefined) {
    return {
      groupId: body.target_groupid ?? body.groupid ?? pathGroupId,
      parentId: body.target_parentid ?? 0,
    };
  }
  return { groupId: body.groupid ?? pathGroupId, parentId: body.parentid ?? 0 };
}

/** Whether `target` is the folder itself or lies below it. */
function isInside(target: LocatedFolder, folder: FileRow): boolean {
  if (!target.folder || target.folder.group_id !== folder.group_id) return false;
  return target.folder.id === folder.id || ancestorIds(target.folder.path).includes(folder.id);
}

/** A move within a space is one shift_in; across spaces, shift_out there and shift_in here. */
function moveEvents(actor: Actor, file: FileRow, to: { groupId: number; parentId: number }): FileEvent[] {
  const base = { actorId: actor.userId, fileId: file.id, name: file.name, isFolder: file.is_folder === 1 };
  const shiftIn: FileEvent = {
    ...base,
    type: 'shift_in',
    groupId: to.groupId,
    parentId: to.parentId,
    detail: { from_groupid: file.group_id, from_parentid: file.parent_id },
  };
  if (file.group_id === to.groupId) return [shiftIn];
  const shiftOut: FileEvent = {
    ...base,
    type: 'shift_out',
    groupId: file.group_id,
    parentId: file.parent_id,
    detail: { to_groupid: to.groupId, to_parentid: to.parentId },
  };
  return [shiftOut, shiftIn];
}

/**
 * Batch copy and move (POST .../files/batch/copy, .../batch/move), within a space and across
 * spaces, folders with everything below. Each item succeeds or fails on its own, in its own
 * transaction; failures come back in failList with the spec's keys (fileNameConflict,
 * moveFilePermission, fileNotExists, cannotMoveIntoSelf, the SpaceFull family ...).
 */
export function createTransferService({ db, access, quota, events, locks, settings, dialect, now }: Deps) {
  /**
   * The office documents among `rows` that become security documents on arriving in the target:
   * a team whose auto-convert is on takes them as it takes uploads (secdoc/policy.ts), so one
   * above the company's limit (secdoc_convert_max_mb) is refused (convertFileTooLarge) and nothing arrives.
   */
  async function arrivingSecdocs(rows: FileRow[], target: LocatedFolder): Promise<Set<number>> {
    const { space } = target.ctx;
    const documents = rows.filter(
      (row) => !row.is_folder && !row.secure_guid && autoConverts(space, row.name),
    );
    if (documents.length === 0) return new Set();
    const config = await settings.get(space.company_id);
    if (!securityDocsConvert(config)) return new Set();
    for (const row of documents) assertConvertibleSize(row.size, config.secdoc_convert_max_mb);
    return new Set(documents.map((row) => row.id));
  }

  /** Makes an item that arrived a security document, with the rights an upload by the actor gets. */
  async function convertArrived(
    trx: Trx,
    actor: Actor,
    fileId: number,
    target: LocatedFolder,
  ): Promise<void> {
    const creator = { userId: actor.userId, manages: canManageSpace(target.ctx.role) };
    await secdocRepo.replaceRights(
      trx,
      fileId,
      target.ctx.space.id,
      defaultRightRows(target.ctx.space, creator),
    );
  }

  /** Refusals that do not need the transaction: into itself, or a name taken in the target. */
  async function prepare(source: Located, target: LocatedFolder): Promise<void> {
    if (source.file.is_folder && isInside(target, source.file)) throw new DomainError('cannotMoveIntoSelf');
    const taken = await repo.findLiveByName(
      db,
      target.ctx.space.id,
      target.folder?.id ?? 0,
      source.file.name_key,
    );
    if (taken && taken.id !== source.file.id) throw new DomainError('fileNameConflict');
    if (target.ctx.space.id !== source.file.group_id) await assertNoSecdoc(db, source.file, target);
  }

  /**
   * A security document never leaves its team (shared/secdoc.ts), alone or in a folder, whoever
   * asks: into My uploads security_group_forbidden_tmp, elsewhere security_group_forbidden.
   */
  async function assertNoSecdoc(trx: DbOrTrx, item: FileRow, target: LocatedFolder): Promise<void> {
    if (!(await repo.holdsSecdoc(trx, item))) return;
    throw new DomainError(
      target.ctx.space.type === 'tmp' ? 'security_group_forbidden_tmp' : 'security_group_forbidden',
      {},
      { fileid: item.id },
    );
  }

  async function moveOne(actor: Actor, fileId: number, target: LocatedFolder): Promise<void> {
    const source = await access.requireFile(actor, fileId);
    requirePermission(source.mask, 'move', 'moveFilePermission');
    const { file } = source;
    const targetGroupId = target.ctx.space.id;
    const targetParentId = target.folder?.id ?? 0;
    // spec 001 §2: moving to the same folder does nothing.
    if (file.group_id === targetGroupId && file.parent_id === targetParentId) return;
    await prepare(source, target);
    await (await locks.forActor(actor)).assertFree(db, file);
    const crossSpace = file.group_id !== targetGroupId;
    if (crossSpace) await assertMayTakeSubtree(source);
    const converting = crossSpace
      ? await arrivingSecdocs(file.is_folder ? await access.subtree(file) : [file], target)
      : new Set<number>();
    await inTransaction(db, async (trx) => {
      await lockTrees(trx, dialect, [file.group_id, targetGroupId], 'reshape');
      // Both as they are now: either may have moved since they were checked (two folders moved
      // into each other at once must not end up inside each other).
      const folder = await folderNow(trx, target.folder);
      const item = await liveItemNow(trx, file);
      if (item.is_folder && folder && (folder.id === item.id || ancestorIds(folder.path).includes(item.id)))
        throw new DomainError('cannotMoveIntoSelf');
      // Checked again here: a security document may have arrived in the folder since.
      if (crossSpace) await assertNoSecdoc(trx, item, target);
      if (crossSpace) {
        // The bin belongs to its space: what was deleted in the folder stays in this space's bin,
        // at its root (its folder is now elsewhere), for the bin's owners to recover or purge.
        for (const binned of item.is_folder ? await repo.findBinRootsBelow(trx, item) : [])
          await repo.moveToRoot(trx, binned);
      }
      const usage = crossSpace ? await repo.subtreeUsage(trx, item) : undefined;
      // Permission entries belong to their space; in the new space its own rules apply.
      if (crossSpace) await repo.deleteAclOfSubtree(trx, item);
      await repo.moveItem(trx, item, {
        groupId: targetGroupId,
        parentId: targetParentId,
        path: childPath(folder),
      });
      for (const id of converting) {
        if (await secdocRepo.markSecure(trx, id, randomUUID())) await convertArrived(trx, actor, id, target);
      }
      if (usage) {
        await quota.charge(trx, actor.userId, [
          { space: source.ctx.space, bytes: -usage.bytes, files: -usage.files },
          { space: target.ctx.space, ...usage },
        ]);
      }
      await events.record(
        trx,
        ...moveEvents(actor, file, { groupId: targetGroupId, parentId: targetParentId }),
      );
    });
  }

  /**
   * A folder moved to another space leaves its permission entries behind and the mover with
   * everything below it, so each live item below must be one the actor may read and move here;
   * otherwise nothing moves (moveFilePermission). Without entries every item has the folder's mask.
   */
  async function assertMayTakeSubtree(source: Located): Promise<void> {
    if (!source.file.is_folder || source.ctx.entries.size === 0) return;
    for (const row of await access.subtree(source.file)) {
      const mask = maskAt(source.ctx, row);
      if (!hasPermission(mask, 'read') || !hasPermission(mask, 'move'))
        throw new DomainError('moveFilePermission', {}, { permission: 'move', fileid: row.id });
    }
  }

  /**
   * The live items below a folder that the actor may read, shallowest first; unreadable branches
   * are left out, and security documents the actor may not copy.
   */
  async function readableSubtree(source: Located): Promise<FileRow[]> {
    if (!source.file.is_folder) return [];
    const rows = await access.subtree(source.file);
    const kept = new Set<number>([source.file.id]);
    return rows.filter((row) => {
      const mask = maskAt(source.ctx, row);
      // A security document is copied only by those its rights let copy it (operation 2).
      const keep =
        kept.has(row.parent_id) &&
        hasPermission(mask, 'read') &&
        (!row.secure_guid || hasPermission(mask, 'copy'));
      if (keep) kept.add(row.id);
      return keep;
    });
  }

  async function insertCopy(
    trx: Trx,
    actor: Actor,
    row: FileRow,
    place: {
      groupId: number;
      parentId: number;
      path: string;
      target: LocatedFolder;
      converting: Set<number>;
    },
    t: number,
  ): Promise<number> {
    const converts = place.converting.has(row.id);
    const { id } = await repo.insertFile(trx, {
      group_id: place.groupId,
      parent_id: place.parentId,
      path: place.path,
      name: row.name,
      name_key: nameKey(row.name),
      is_folder: row.is_folder,
      size: row.size,
      sha256: row.sha256,
      sha1: row.sha1,
      ver: 1,
      ctime: t,
      // A copy keeps the time its content was last changed.
      mtime: row.mtime,
      creator_id: actor.userId,
      modifier_id: actor.userId,
      deleted_at: null,
      deleted_by: null,
      delete_root: null,
      secret_label: row.secret_label,
      // A copy of a security document (in its own team: it never leaves) is one too, with its rights;
      // an office document copied into a secure team becomes one.
      secure_guid: row.secure_guid || converts ? randomUUID() : undefined,
    });
    if (row.secure_guid) await secdocRepo.copyRights(trx, row.id, id, place.groupId);
    else if (converts) await convertArrived(trx, actor, id, place.target);
    if (!row.is_folder) {
      await repo.insertVersion(trx, {
        file_id: id,
        ver: 1,
        size: row.size,
        sha256: row.sha256,
        sha1: row.sha1,
        modifier_id: actor.userId,
        created_at: t,
      });
    }
    return id;
  }

  async function copyOne(actor: Actor, fileId: number, target: LocatedFolder): Promise<void> {
    const source = await access.requireFile(actor, fileId);
    requirePermission(source.mask, 'copy');
    await prepare(source, target);
    await copyTree(actor, source, await readableSubtree(source), target);
  }

  /** Copies an item and the rows below it (shallowest first) into the target, in one transaction. */
  async function copyTree(
    actor: Actor,
    source: { file: FileRow },
    below: FileRow[],
    target: LocatedFolder,
  ): Promise<void> {
    const targetGroupId = target.ctx.space.id;
    const targetParentId = target.folder?.id ?? 0;
    const t = now();
    // On the very rows copied: a security document moved into the folder since the checks must
    // not leave its team with the copy.
    const secure = [source.file, ...below].find((row) => row.secure_guid);
    if (secure && secure.group_id !== targetGroupId) await assertNoSecdoc(db, secure, target);
    const converting = await arrivingSecdocs([source.file, ...below], target);
    await inTransaction(db, async (trx) => {
      await lockTrees(trx, dialect, [targetGroupId], 'place');
      const path = childPath(await folderNow(trx, target.folder));
      // Still there: a copy of what was purged meanwhile would refer to content being collected.
      await liveItemNow(trx, source.file);
      // Content is shared by hash: a copy adds rows, never bytes on disk; the quota still counts it.
      const rootId = await insertCopy(
        trx,
        actor,
        source.file,
        { groupId: targetGroupId, parentId: targetParentId, path, target, converting },
        t,
      );
      const placed = new Map([[source.file.id, { id: rootId, path: `${path}${rootId}/` }]]);
      let bytes = source.file.is_folder ? 0 : source.file.size;
      for (const row of below) {
        const parent = placed.get(row.parent_id);
        if (!parent) continue;
        const id = await insertCopy(
          trx,
          actor,
          row,
          { groupId: targetGroupId, parentId: parent.id, path: parent.path, target, converting },
          t,
        );
        placed.set(row.id, { id, path: `${parent.path}${id}/` });
        if (!row.is_folder) bytes += row.size;
      }
      await quota.charge(trx, actor.userId, [{ space: target.ctx.space, bytes, files: placed.size }]);
      await events.record(trx, {
        type: 'file_create',
        actorId: actor.userId,
        groupId: targetGroupId,
        fileId: rootId,
        name: source.file.name,
        isFolder: source.file.is_folder === 1,
        parentId: targetParentId,
        detail: { copied_from: source.file.id, items: placed.size },
      });
    });
  }

  async function batch(
    actor: Actor,
    kind: 'copy' | 'move',
    fileIds: number[],
    to: { groupId: number; parentId: number },
  ): Promise<{ failList: FailItem[] }> {
    const target = await access.requireFolder(actor, to.groupId, to.parentId);
    requirePermission(target.mask, 'upload');
    const failList: FailItem[] = [];
    for (const fileId of [...new Set(fileIds)]) {
      try {
        await (kind === 'copy' ? copyOne : moveOne)(actor, fileId, target);
      } catch (err) {
        if (!(err instanceof DomainError)) throw err;
        failList.push(await failItem(db, fileId, err, (id) => access.mayRead(actor, id)));
      }
    }
    return { failList };
  }

  return {
    copy: (actor: Actor, fileIds: number[], to: { groupId: number; parentId: number }) =>
      batch(actor, 'copy', fileIds, to),
    /**
     * Copies items someone may take without a place in their space: a share link's items saved
     * into the actor's own folder (modules/links decided they may). Each item on its own.
     */
    async copyItems(
      actor: Actor,
      sources: { file: FileRow; below: FileRow[] }[],
      to: { groupId: number; parentId: number },
    ): Promise<{ failList: FailItem[] }> {
      const target = await access.requireFolder(actor, to.groupId, to.parentId);
      requirePermission(target.mask, 'upload');
      const failList: FailItem[] = [];
      for (const source of sources) {
        try {
          const taken = await repo.findLiveByName(
            db,
            target.ctx.space.id,
            target.folder?.id ?? 0,
            source.file.name_key,
          );
          if (taken) throw new DomainError('fileNameConflict');
          await copyTree(actor, source, source.below, target);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          failList.push({ fileid: source.file.id, name: source.file.name, result: err.key });
        }
      }
      return { failList };
    },
    move: (actor: Actor, fileIds: number[], to: { groupId: number; parentId: number }) =>
      batch(actor, 'move', fileIds, to),
  };
}

export type TransferService = ReturnType<typeof createTransferService>;
