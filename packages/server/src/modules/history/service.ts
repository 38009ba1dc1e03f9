import {
  canEditHistoryLimit,
  type FileRecord,
  type HistoryList,
  type HistoryRecord,
  type VolumeRecord,
  validateHistoryLimit,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { GroupRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BlobCollector } from '../blobs/service.ts';
import type { FileAccess, Located } from '../files/access.ts';
import { requirePermission } from '../files/policy.ts';
import type { FileService } from '../files/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { SpaceService } from '../spaces/service.ts';
import type { VersionKeeper } from './keeper.ts';
import * as repo from './repo.ts';

interface Deps {
  db: Db;
  access: FileAccess;
  files: FileService;
  spaces: SpaceService;
  keeper: VersionKeeper;
  orphans: Pick<BlobCollector, 'orphaned'>;
  jobs: JobQueue;
  settings: SettingsService;
}

function present(
  v: repo.VersionWithModifier,
  file: { id: number; group_id: number; ver: number },
): HistoryRecord {
  return {
    id: v.id,
    historyid: v.id,
    fileid: file.id,
    groupid: file.group_id,
    ver: v.ver,
    size: v.size,
    sha1: v.sha1,
    log: v.log,
    modifier: { id: v.modifier_id, name: v.modifier_name ?? '', avatar: v.modifier_avatar ?? '' },
    ctime: v.created_at,
    is_current: v.ver === file.ver,
  };
}

/** A file as it was at a version: that content, size and time, under its current name. */
function asOf(located: Located, v: repo.VersionRow): Located {
  return {
    ...located,
    file: { ...located.file, sha256: v.sha256, sha1: v.sha1, size: v.size, ver: v.ver, mtime: v.created_at },
  };
}

/**
 * History versions (spec 001 §3, §7 "History"; spec 000 §3, §5, §6 history limit). Every content
 * change of a file adds a version (modules/files); here they are listed, downloaded, recovered,
 * deleted and given remarks, and each volume's limit is read and set.
 *
 * Permissions: listing and downloading need `history` (and `download` for the bytes); recovering
 * and editing a remark need `history` and `update`; deleting a version needs `history` and
 * `delete`. The current version cannot be deleted.
 */
export function createHistoryService({ db, access, files, spaces, keeper, orphans, jobs, settings }: Deps) {
  /** A file (not a folder) the actor may read the history of. */
  async function requireHistory(actor: Actor, fileId: number, groupId?: number): Promise<Located> {
    const located = await access.requireFile(actor, fileId, { groupId });
    if (located.file.is_folder) throw new DomainError('fileNotExists');
    requirePermission(located.mask, 'history');
    return located;
  }

  async function requireVersion(located: Located, historyId: number) {
    const version = await repo.findVersion(db, located.file.id, historyId);
    if (!version) throw new DomainError('fileNotExists');
    return version;
  }

  async function volumeRecord(actor: Actor, space: GroupRow): Promise<VolumeRecord> {
    const access = await spaces.requireAccess(actor, space.id);
    const { history_version_max } = await settings.get(space.company_id);
    return {
      id: space.id,
      volume_id: space.id,
      name: space.name,
      type: space.type,
      history_limit: await keeper.limitOf(space),
      history_limit_max: history_version_max,
      can_edit: canEditHistoryLimit(access.role),
    };
  }

  return {
    /** GET /api/v3/files/{id}/histories and GET /xfi/v1/volumes/{v}/files/{f}/histories: newest first. */
    async list(
      actor: Actor,
      fileId: number,
      q: { groupId?: number; offset: number; count: number; modifierIds: number[] },
    ): Promise<HistoryList> {
      const { file } = await requireHistory(actor, fileId, q.groupId);
      const [rows, total] = await Promise.all([
        repo.listVersions(db, file.id, q),
        repo.countVersions(db, file.id, q.modifierIds),
      ]);
      return {
        histories: rows.map((v) => present(v, file)),
        offset: q.offset,
        count: q.count,
        total,
        more: q.offset + rows.length < total,
      };
    },

    /** GET /xfi/v1/volumes/{v}/files/{f}/histories/modifiers: who saved versions of the file. */
    async modifiers(actor: Actor, groupId: number, fileId: number, offset: number, limit: number) {
      const { file } = await requireHistory(actor, fileId, groupId);
      const rows = await repo.listModifiers(db, file.id, offset, limit + 1);
      return {
        modifiers: rows.slice(0, limit).map((u) => ({ id: u.id, name: u.nick_name, avatar: u.avatar })),
        offset,
        limit,
        more: rows.length > limit,
      };
    },

    /**
     * POST /api/v3/files/{id}/histories/{hid}/recover: the old content becomes a new current
     * version (the versions in between stay); recovering the current version changes nothing.
     */
    async recover(actor: Actor, fileId: number, historyId: number, groupId?: number): Promise<FileRecord> {
      const located = await requireHistory(actor, fileId, groupId);
      requirePermission(located.mask, 'update');
      const version = await requireVersion(located, historyId);
      if (version.ver === located.file.ver) return (await files.nodes(actor, [fileId])).files[0];
      return files.saveVersion(
        actor,
        fileId,
        { sha256: version.sha256, sha1: version.sha1, size: version.size },
        { recovered_from_ver: version.ver },
        undefined,
        async (trx) => {
          if (!(await repo.findVersion(trx, fileId, version.id))) throw new DomainError('fileNotExists');
        },
      );
    },

    /** DELETE /api/v3/files/{id}/histories/{hid}. */
    async remove(actor: Actor, fileId: number, historyId: number): Promise<void> {
      const located = await requireHistory(actor, fileId);
      requirePermission(located.mask, 'delete');
      const version = await requireVersion(located, historyId);
      if (version.ver === located.file.ver) throw new DomainError('historyCurrentVersion');
      await db.transaction().execute(async (trx) => {
        await repo.deleteVersion(trx, version.id);
        await orphans.orphaned(trx, [version.sha256]);
      });
    },

    /** PATCH /xfi/v1/volumes/{v}/files/{f}/histories/{id}: body log (the remark). */
    async setLog(
      actor: Actor,
      groupId: number,
      fileId: number,
      historyId: number,
      log: string,
    ): Promise<HistoryRecord> {
      const located = await requireHistory(actor, fileId, groupId);
      requirePermission(located.mask, 'update');
      const version = await requireVersion(located, historyId);
      await repo.setLog(db, version.id, log.trim());
      return present(await requireVersion(located, historyId), located.file);
    },

    /**
     * The content of one version, to stream (GET /xfi/v1/me/volumes/{v}/files/{f}/content?history=):
     * the file as it was, under its current name.
     */
    async versionContent(actor: Actor, groupId: number, fileId: number, historyId: number): Promise<Located> {
      const located = await requireHistory(actor, fileId, groupId);
      requirePermission(located.mask, 'download');
      return asOf(located, await requireVersion(located, historyId));
    },

    /**
     * One version of a file the actor may read the history of, as the file was then (the viewer's
     * ?history=), with the version's record. What the caller needs besides (read, download) it checks.
     */
    async versionOf(
      actor: Actor,
      fileId: number,
      historyId: number,
    ): Promise<{ located: Located; version: HistoryRecord }> {
      const located = await requireHistory(actor, fileId);
      const v = await requireVersion(located, historyId);
      return { located: asOf(located, v), version: present(v, located.file) };
    },

    /** GET /xfi/v1/volumes/{v}: the volume with its history limit. */
    async volume(actor: Actor, groupId: number): Promise<VolumeRecord> {
      const { space } = await spaces.requireAccess(actor, groupId);
      return volumeRecord(actor, space);
    },

    /**
     * PATCH /xfi/v1/volumes/{v}: history_limit, a whole number up to the deployment's maximum
     * (spec 000 §5), else 40000003 with the maximum in debug.global_hisotry_limit (spelled so,
     * spec 000 §3); owner and admin only (spec 000 §6). A lower limit trims the volume's files
     * in the background (job history.trim).
     */
    async setVolumeLimit(actor: Actor, groupId: number, value: unknown): Promise<VolumeRecord> {
      const { space, role } = await spaces.requireAccess(actor, groupId);
      if (!canEditHistoryLimit(role)) throw new DomainError('permissionDenied');
      const { history_version_max: max } = await settings.get(space.company_id);
      const raw = typeof value === 'number' || typeof value === 'string' ? String(value) : '';
      if (validateHistoryLimit(raw, max)) {
        throw new DomainError('historyLimitInvalid', { max }, { global_hisotry_limit: max });
      }
      const limit = Number(raw.trim());
      const before = await keeper.limitOf(space);
      await db.transaction().execute(async (trx) => {
        await repo.setHistoryLimit(trx, space.id, limit);
        if (limit < before) await jobs.enqueue(trx, 'history.trim', { groupId: space.id });
      });
      return volumeRecord(actor, { ...space, history_limit: limit });
    },

    /** The job history.trim: drops versions beyond the volume's limit from all its files. */
    async trimVolume(groupId: number): Promise<number> {
      const space = await repo.findSpace(db, groupId);
      if (!space) return 0;
      const keep = await keeper.limitOf(space);
      let dropped = 0;
      for (;;) {
        const over = await repo.filesOverLimit(db, groupId, keep, 200);
        if (over.length === 0) break;
        let pass = 0;
        for (const file of over) {
          pass += await db.transaction().execute((trx) => keeper.trim(trx, file.id, file.ver, keep));
        }
        dropped += pass;
        if (pass === 0) break;
      }
      return dropped;
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
