import type { RecentList } from '@cirrus/shared';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { FileEvent } from '../events/service.ts';
import type { FileService } from '../files/service.ts';
import * as repo from './repo.ts';

/** Events that make a file one of its actor's recent files (uploaded or changed). */
const RECENT_EVENTS = new Set(['file_create', 'update', 'rename', 'recover']);

/**
 * The write side of recent files: what the event log and the downloads call when a user uploads,
 * changes or opens a file. Apart from the read side, which presents files through the file
 * service, so that the event log (which the file service uses) can call it.
 */
export function createRecentLog({ now }: { now: () => number }) {
  return {
    /** An event observer (modules/events): files (not folders) the actor created or changed. */
    async fromEvents(trx: DbOrTrx, events: FileEvent[]): Promise<void> {
      const t = now();
      const entries = new Map<string, repo.RecentEntry>();
      for (const e of events) {
        if (e.isFolder || e.fileId <= 0 || e.actorId <= 0 || !RECENT_EVENTS.has(e.type)) continue;
        entries.set(`${e.actorId}:${e.fileId}`, {
          user_id: e.actorId,
          file_id: e.fileId,
          group_id: e.groupId,
          action: e.type,
          at: t,
        });
      }
      await repo.touch(trx, [...entries.values()]);
    },

    /** A user opened (downloaded, previewed) a file. */
    async opened(db: DbOrTrx, userId: number, file: { id: number; group_id: number }): Promise<void> {
      await repo.touch(db, [
        { user_id: userId, file_id: file.id, group_id: file.group_id, action: 'open', at: now() },
      ]);
    },

    /** Entries of files purged for good (the recycle bin's purge). */
    forgetFiles: repo.removeOfFiles,
  };
}

export type RecentLog = ReturnType<typeof createRecentLog>;

/**
 * Recent files (spec 001 §7 GET /api/v3/roaming, POST /api/v3/roaming/batch/destory): the files a
 * user recently opened, uploaded or changed, last first, with where each lives (file_src_type,
 * the space's name and the path). Files in the bin, or that the user may no longer read, are left
 * out; the entries of the latter are dropped.
 */
export function createRecentService({ db, files }: { db: Db; files: FileService }) {
  return {
    async list(actor: Actor, q: { offset: number; count: number; maxMtime?: number }): Promise<RecentList> {
      const rows = await repo.listRecent(db, actor.userId, {
        offset: q.offset,
        count: q.count + 1,
        before: q.maxMtime,
      });
      const page = rows.slice(0, q.count);
      const { records, hidden } = await files.recordsFor(actor, page);
      if (hidden.length > 0) await repo.remove(db, actor.userId, hidden);
      const byId = new Map(page.map((row) => [row.id, row]));
      return {
        files: records.map((record) => {
          const row = byId.get(record.id);
          return {
            ...record,
            rtime: row?.rtime ?? 0,
            action: row?.raction ?? '',
            group_name: row?.group_name ?? '',
          };
        }),
        offset: q.offset,
        count: q.count,
        more: rows.length > q.count,
        max_mtime: page.at(-1)?.rtime ?? q.maxMtime ?? 0,
      };
    },

    /** POST /api/v3/roaming/batch/destory: the entries go; the files stay. */
    async remove(actor: Actor, fileIds: number[]): Promise<void> {
      await repo.remove(db, actor.userId, [...new Set(fileIds)]);
    },
  };
}

export type RecentService = ReturnType<typeof createRecentService>;
