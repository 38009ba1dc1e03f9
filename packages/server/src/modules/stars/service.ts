import type { FileList, FileRecord } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { FileAccess } from '../files/access.ts';
import { requirePermission } from '../files/policy.ts';
import type { FileService } from '../files/service.ts';
import * as repo from './repo.ts';

interface Deps {
  db: Db;
  access: FileAccess;
  files: FileService;
  now: () => number;
}

/**
 * Stars (spec 001 §3, §4, §7): label 1 on a file, per user. A star needs read permission; the
 * starred list shows only live files the user may still read, and drops the stars of files the
 * user lost access to when it meets them.
 */
export function createStarService({ db, access, files, now }: Deps) {
  return {
    /** PUT /api/v3/files/{id}/labels/1: answers the file with its label. */
    async star(actor: Actor, fileId: number, groupId?: number): Promise<FileRecord> {
      const { file, mask } = await access.requireFile(actor, fileId, { groupId });
      requirePermission(mask, 'read');
      await repo.addStar(db, {
        user_id: actor.userId,
        file_id: file.id,
        group_id: file.group_id,
        created_at: now(),
      });
      const { records } = await files.recordsFor(actor, [file]);
      return records[0];
    },

    /**
     * DELETE /api/v3/files/{id}/labels/1 and POST /api/v3/files/labels/1/batch/delete. A star is
     * the user's own mark, so it goes whatever became of the file.
     */
    async unstar(actor: Actor, fileIds: number[]): Promise<void> {
      await repo.removeStars(db, actor.userId, [...new Set(fileIds)]);
    },

    /** GET /api/v3/labels/1/files: newest star first. */
    async list(actor: Actor, offset: number, count: number): Promise<FileList> {
      const [rows, total] = await Promise.all([
        repo.listStarred(db, actor.userId, offset, count),
        repo.countStarred(db, actor.userId),
      ]);
      const { records, hidden } = await files.recordsFor(actor, rows);
      if (hidden.length > 0) await repo.removeStars(db, actor.userId, hidden);
      return {
        files: records,
        offset,
        count,
        total: total - hidden.length,
        more: offset + rows.length < total,
      };
    },

    /** Labels of files purged for good (the recycle bin's purge). */
    forgetFiles: repo.removeLabelsOfFiles,
  };
}

export type StarService = ReturnType<typeof createStarService>;

/**
 * Which of some files a user starred, for the `labels` of every file record. Made apart from the
 * star service, which presents files through the file service, so the file service can use it.
 */
export function createStarLookup(db: Db) {
  return (userId: number, fileIds: number[]) => repo.starredAmong(db, userId, fileIds);
}
