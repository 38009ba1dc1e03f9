import {
  NAME_MAX,
  nameKey,
  type RecoverResult,
  type RecycleList,
  type RecycleRecord,
  splitExt,
} from '@cirrus/shared';
import type { Db, DbOrTrx, Dialect, Trx } from '../../db/index.ts';
import type { FileRow, GroupRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { BlobCollector } from '../blobs/service.ts';
import type { EventLog } from '../events/service.ts';
import type { FileAccess } from '../files/access.ts';
import { presentFile } from '../files/presenter.ts';
import * as filesRepo from '../files/repo.ts';
import { type FailItem, failItem, inTransaction, lockTrees } from '../files/rules.ts';
import type { FileService } from '../files/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { QuotaService } from '../spaces/quota-service.ts';
import type { SpaceAccess, SpaceService } from '../spaces/service.ts';
import { canOpenBin } from './policy.ts';
import * as repo from './repo.ts';

/** The personal bin (my drive and uploaded files together), or one space's bin. */
export type BinScope = { kind: 'personal' } | { kind: 'group'; groupId: number };

/** Rows of other modules that name a file and go when it is purged for good (stars, recent, comments). */
export type ForgetFiles = (trx: DbOrTrx, fileIds: number[]) => Promise<void>;

/** The actor of purges nobody asked for (the retention job): events name no user. */
const SYSTEM_ACTOR = 0;
const PURGE_BATCH = 100;

interface Deps {
  db: Db;
  spaces: SpaceService;
  access: FileAccess;
  files: FileService;
  quota: QuotaService;
  events: EventLog;
  orphans: Pick<BlobCollector, 'orphaned'>;
  settings: SettingsService;
  forget: ForgetFiles[];
  /** PostgreSQL's transactions take their spaces' tree locks (files/rules.ts lockTrees). */
  dialect: Dialect;
  now: () => number;
}

/**
 * "name (1)", "name (2).docx" ...: the n-th free name for an item whose name is taken where it
 * goes back to; the base is cut so that the whole stays within the name cap (spec 001 §5).
 */
export function numberedName(name: string, n: number, isFolder: boolean): string {
  const { base, ext } = isFolder ? { base: name, ext: '' } : splitExt(name);
  const suffix = ` (${n})`;
  const tail = ext ? `.${ext}` : '';
  const room = NAME_MAX - [...suffix].length - [...tail].length;
  return `${[...base].slice(0, room).join('')}${suffix}${tail}`;
}

/**
 * Recycle bins (spec 001 §2, §4, §6, §7). Deleting (modules/files) takes an item with its subtree
 * to the bin of its space; here they are listed, recovered and purged.
 *
 * - Recover puts an item back where it was. When the folder it was in is itself in the bin or
 *   gone, the item goes to the root of its space (recreating the folder would leave a second
 *   folder of that name beside the one still in the bin, without its permission entries). A name
 *   now taken gets the first free "name (n)".
 * - The bin counts against the quota (modules/spaces/quota.ts): deleting frees nothing, so
 *   recovering needs no room; purging (permanent delete, empty bin, retention) frees it.
 * - Purged blobs are noted as orphans and collected by the `blobs.collect` job; bin items older
 *   than trash_retention_days are purged by the `recycle.purge` job.
 */
export function createRecycleService(deps: Deps) {
  const { db, spaces, access, files, quota, events, orphans, settings, forget, dialect, now } = deps;

  async function binsOf(actor: Actor, scope: BinScope): Promise<Map<number, SpaceAccess>> {
    if (scope.kind === 'personal') {
      const own = [
        await spaces.personal(actor.userId, 'special'),
        await spaces.personal(actor.userId, 'tmp'),
      ];
      const bins = new Map<number, SpaceAccess>();
      for (const space of own) {
        const found = await spaces.access(actor, space.id);
        if (found) bins.set(space.id, found);
      }
      return bins;
    }
    const found = await spaces.access(actor, scope.groupId);
    if (!found) throw new DomainError('groupNotExist');
    if (!canOpenBin(found)) throw new DomainError('permissionDenied');
    return new Map([[found.space.id, found]]);
  }

  /**
   * The bin of an item's space, if the actor may open it. The personal batch calls (the only
   * recover and destroy calls spec 001 §7 names) also take items of any team bin the actor may
   * open; a space's own calls take only that space's items.
   */
  async function binFor(
    actor: Actor,
    scope: BinScope,
    bins: Map<number, SpaceAccess>,
    groupId: number,
  ): Promise<SpaceAccess | undefined> {
    const known = bins.get(groupId);
    if (known || scope.kind !== 'personal') return known;
    const found = await spaces.access(actor, groupId);
    if (!found || !canOpenBin(found)) return undefined;
    bins.set(groupId, found);
    return found;
  }

  async function present(actor: Actor, rows: repo.BinRow[]): Promise<RecycleRecord[]> {
    const records: RecycleRecord[] = [];
    const contexts = new Map<number, Awaited<ReturnType<FileAccess['context']>>>();
    for (const row of rows) {
      if (!contexts.has(row.group_id)) contexts.set(row.group_id, await access.context(actor, row.group_id));
      const ctx = contexts.get(row.group_id);
      if (!ctx) continue;
      const path = await files.pathOf(row);
      const origin = path.slice(0, path.lastIndexOf('/')) || '/';
      records.push({
        ...presentFile(row, ctx, ctx.roleMask, path),
        deleted_at: row.deleted_at ?? 0,
        deleted_by: { id: row.deleted_by ?? 0, name: row.deleter_name ?? '' },
        origin_path: origin,
        group_name: ctx.space.name,
      });
    }
    return records;
  }

  async function freeName(trx: Trx, item: FileRow, parentId: number): Promise<string> {
    if (!(await repo.nameTaken(trx, item.group_id, parentId, item.name_key))) return item.name;
    for (let n = 1; ; n++) {
      const candidate = numberedName(item.name, n, item.is_folder === 1);
      if (!(await repo.nameTaken(trx, item.group_id, parentId, nameKey(candidate)))) return candidate;
    }
  }

  async function recoverOne(
    actor: Actor,
    scope: BinScope,
    bins: Map<number, SpaceAccess>,
    fileId: number,
  ): Promise<void> {
    const found = await repo.findBinRoot(db, fileId);
    if (!found || !(await binFor(actor, scope, bins, found.group_id))) throw new DomainError('fileNotExists');
    await inTransaction(db, async (trx) => {
      // It may go back to its folder's root, and the paths below it with it.
      await lockTrees(trx, dialect, [found.group_id], 'reshape');
      const item = await repo.findBinRoot(trx, fileId);
      if (item?.group_id !== found.group_id) throw new DomainError('fileNotExists');
      const parent = item.parent_id === 0 ? undefined : await repo.findLiveFolder(trx, item.parent_id);
      const toRoot = item.parent_id !== 0 && !parent;
      const parentId = parent?.id ?? 0;
      const name = await freeName(trx, item, parentId);
      // Place and name first, while the item is still in the bin: the unique name index covers live items.
      if (toRoot) await filesRepo.moveToRoot(trx, item);
      if (name !== item.name) await repo.rename(trx, item.id, name, nameKey(name));
      await repo.markLive(trx, item);
      await events.record(trx, {
        type: 'recover',
        actorId: actor.userId,
        groupId: item.group_id,
        fileId: item.id,
        name,
        isFolder: item.is_folder === 1,
        parentId,
        detail: {
          ...(toRoot ? { to_root: true, from_parentid: item.parent_id } : {}),
          ...(name !== item.name ? { from: item.name } : {}),
        },
      });
    });
  }

  /**
   * A deleted team's files go for good (spec 000: deleting a team is confirmed by typing DEL, and
   * nobody can open the team afterwards): the purge job takes its live items to its bin and purges
   * them with the bin, so that their quota is freed and their blobs can be collected.
   */
  async function purgeDeletedTeams(): Promise<number> {
    let purged = 0;
    for (const groupId of await repo.deletedTeamsWithFiles(db)) {
      const space = await repo.findSpace(db, groupId);
      if (!space) continue;
      await db.transaction().execute((trx) => repo.binEverything(trx, groupId, now()));
      for (;;) {
        const roots = await repo.binRootsOf(db, groupId, PURGE_BATCH);
        let progress = 0;
        for (const root of roots) if (await purgeOne(SYSTEM_ACTOR, root.id, space)) progress++;
        purged += progress;
        if (progress === 0) break;
      }
    }
    return purged;
  }

  /** Purges one bin item with everything below it, in its own transaction. */
  async function purgeOne(actorId: number, fileId: number, space: GroupRow): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const root = await repo.findBinRoot(trx, fileId);
      // Gone already: purged with a folder above it, or by another purge meanwhile.
      if (!root) return false;
      const rows = await repo.purgeRows(trx, root);
      const ids = rows.map((r) => r.id);
      const keys = [
        ...rows.filter((r) => !r.is_folder).map((r) => r.sha256),
        ...(await repo.versionKeys(trx, ids)),
      ];
      for (const forgetFiles of forget) await forgetFiles(trx, ids);
      await repo.deleteFiles(trx, ids);
      const bytes = rows.reduce((sum, r) => sum + (r.is_folder ? 0 : r.size), 0);
      await quota.charge(trx, actorId, [{ space, bytes: -bytes, files: -rows.length }]);
      await orphans.orphaned(trx, keys);
      await events.record(trx, {
        type: 'shift_delete',
        actorId,
        groupId: root.group_id,
        fileId: root.id,
        name: root.name,
        isFolder: root.is_folder === 1,
        parentId: root.parent_id,
        detail: { items: rows.length, ...(actorId === SYSTEM_ACTOR ? { reason: 'retention' } : {}) },
      });
      return true;
    });
  }

  return {
    /** GET /api/v3/recycles, GET /api/v3/groups/{gid}/recycles: last deleted first. */
    async list(actor: Actor, scope: BinScope, offset: number, count: number): Promise<RecycleList> {
      const groupIds = [...(await binsOf(actor, scope)).keys()];
      const [rows, total] = await Promise.all([
        repo.listBin(db, groupIds, offset, count),
        repo.countBin(db, groupIds),
      ]);
      return { files: await present(actor, rows), offset, count, total, more: offset + rows.length < total };
    },

    /** POST .../recycles/batch/recover: each item on its own; failures are listed. */
    async recover(actor: Actor, scope: BinScope, fileIds: number[]): Promise<RecoverResult> {
      const bins = await binsOf(actor, scope);
      const failList: FailItem[] = [];
      const recovered: number[] = [];
      for (const fileId of [...new Set(fileIds)]) {
        try {
          await recoverOne(actor, scope, bins, fileId);
          recovered.push(fileId);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          failList.push(await failItem(db, fileId, err, (id) => access.mayRead(actor, id)));
        }
      }
      const { files: back } = recovered.length ? await files.nodes(actor, recovered) : { files: [] };
      return { files: back, failList };
    },

    /** POST .../recycles/batch/destory: permanent delete; each item on its own. */
    async destroy(actor: Actor, scope: BinScope, fileIds: number[]): Promise<{ failList: FailItem[] }> {
      const bins = await binsOf(actor, scope);
      const failList: FailItem[] = [];
      for (const fileId of [...new Set(fileIds)]) {
        const root = await repo.findBinRoot(db, fileId);
        const bin = root && (await binFor(actor, scope, bins, root.group_id));
        if (!bin) failList.push({ fileid: fileId, name: '', result: 'fileNotExists' });
        else await purgeOne(actor.userId, fileId, bin.space);
      }
      return { failList };
    },

    /** DELETE /api/v3/recycles, DELETE /api/v3/groups/{gid}/recycles: empties the bin. */
    async empty(actor: Actor, scope: BinScope): Promise<void> {
      const bins = await binsOf(actor, scope);
      const groupIds = [...bins.keys()];
      for (;;) {
        const ids = await repo.binRootIds(db, groupIds, PURGE_BATCH);
        if (ids.length === 0) break;
        let progress = 0;
        for (const id of ids) {
          const root = await repo.findBinRoot(db, id);
          const bin = root && bins.get(root.group_id);
          if (bin && (await purgeOne(actor.userId, id, bin.space))) progress++;
        }
        if (progress === 0) break;
      }
    },

    /**
     * The retention purge (job recycle.purge): bin items deleted more than trash_retention_days
     * ago (the company's setting; 0 or less keeps them) are purged. Answers how many.
     */
    async purgeExpired(): Promise<number> {
      let purged = await purgeDeletedTeams();
      for (const companyId of await repo.companiesWithBins(db)) {
        const days = (await settings.get(companyId)).trash_retention_days;
        if (!(days > 0)) continue;
        const cutoff = now() - Math.round(days * 86400);
        for (;;) {
          const roots = await repo.expiredRoots(db, companyId, cutoff, PURGE_BATCH);
          if (roots.length === 0) break;
          let progress = 0;
          for (const root of roots) {
            const space = await repo.findSpace(db, root.group_id);
            if (space && (await purgeOne(SYSTEM_ACTOR, root.id, space))) progress++;
          }
          purged += progress;
          if (progress === 0) break;
        }
      }
      return purged;
    },
  };
}

export type RecycleService = ReturnType<typeof createRecycleService>;
