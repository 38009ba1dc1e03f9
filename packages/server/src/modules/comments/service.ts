import { COMMENT_MAX, type CommentList, type CommentRecord } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { EventLog } from '../events/service.ts';
import type { FileAccess, Located } from '../files/access.ts';
import { requirePermission } from '../files/policy.ts';
import { canManageSpace } from '../spaces/policy.ts';
import * as repo from './repo.ts';

interface Deps {
  db: Db;
  access: FileAccess;
  events: EventLog;
  now: () => number;
}

/**
 * Comments on files (spec 001 §7 POST and DELETE /api/v3/files/{fileid}/comments, and our list
 * call): anyone who may read a file may comment on it; a comment is deleted by its author or a
 * manager of the space. A comment adds a `comment` event; the event names the comment, not its
 * text, so a deleted comment leaves no text behind in the activity.
 */
export function createCommentService({ db, access, events, now }: Deps) {
  async function readable(actor: Actor, fileId: number): Promise<Located> {
    const located = await access.requireFile(actor, fileId);
    requirePermission(located.mask, 'read');
    return located;
  }

  function present(row: repo.CommentRow, actor: Actor, located: Located): CommentRecord {
    return {
      id: row.id,
      fileid: row.file_id,
      content: row.content,
      ctime: row.created_at,
      user: { id: row.user_id, name: row.user_name ?? '', avatar: row.user_avatar ?? '' },
      can_delete: row.user_id === actor.userId || canManageSpace(located.ctx.role),
    };
  }

  return {
    async list(actor: Actor, fileId: number, offset: number, count: number): Promise<CommentList> {
      const located = await readable(actor, fileId);
      const [rows, total] = await Promise.all([
        repo.listComments(db, fileId, offset, count),
        repo.countComments(db, fileId),
      ]);
      return {
        comments: rows.map((row) => present(row, actor, located)),
        offset,
        count,
        total,
        more: offset + rows.length < total,
      };
    },

    async add(actor: Actor, fileId: number, rawContent: string): Promise<CommentRecord> {
      const located = await readable(actor, fileId);
      const content = rawContent.trim();
      if (content === '' || [...content].length > COMMENT_MAX) throw new DomainError('badRequest');
      const { file } = located;
      const id = await db.transaction().execute(async (trx) => {
        const commentId = await repo.insertComment(trx, {
          file_id: file.id,
          group_id: file.group_id,
          user_id: actor.userId,
          content,
          created_at: now(),
        });
        await events.record(trx, {
          type: 'comment',
          actorId: actor.userId,
          groupId: file.group_id,
          fileId: file.id,
          name: file.name,
          isFolder: file.is_folder === 1,
          parentId: file.parent_id,
          detail: { comment_id: commentId },
        });
        return commentId;
      });
      const row = await repo.findComment(db, id);
      if (!row) throw new Error(`comment ${id} vanished after its write`);
      return present(row, actor, located);
    },

    async remove(actor: Actor, fileId: number, commentId: number): Promise<void> {
      const located = await readable(actor, fileId);
      const row = await repo.findComment(db, commentId);
      if (!row || row.file_id !== fileId) throw new DomainError('notFound');
      if (!present(row, actor, located).can_delete) throw new DomainError('permissionDenied');
      await repo.deleteComment(db, commentId);
    },

    /** Comments of files purged for good (the recycle bin's purge). */
    forgetFiles: repo.removeOfFiles,
  };
}

export type CommentService = ReturnType<typeof createCommentService>;
