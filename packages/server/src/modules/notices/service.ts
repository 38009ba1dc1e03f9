import type { Notice, NoticeKind, NoticePage } from '@cirrus/shared';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import * as repo from './repo.ts';

/**
 * In-app notices (spec 001 §7 GET /xnc/v1/notices; ARCHITECTURE "Outgoing mail": kept for every
 * event that reaches people): an approver is told a request waits, an applicant that it was
 * decided, a user that they were added to a team or invited. Stored as a kind with parameters; the
 * web app words them in the reader's language.
 */
export function createNoticeService({ db, now }: { db: Db; now: () => number }) {
  return {
    /** Tells each user once; in the caller's transaction when given one. */
    async send(
      userIds: number[],
      kind: NoticeKind,
      params: Notice['params'],
      dbx: DbOrTrx = db,
    ): Promise<void> {
      const t = now();
      await repo.insertNotices(
        dbx,
        [...new Set(userIds)].map((userId) => ({
          user_id: userId,
          kind,
          params: JSON.stringify(params),
          created_at: t,
        })),
      );
    },

    async list(actor: Actor, opts: { offset: number; limit: number; unread: boolean }): Promise<NoticePage> {
      const rows = await repo.listNotices(db, actor.userId, { ...opts, limit: opts.limit + 1 });
      const notices: Notice[] = rows.slice(0, opts.limit).map((r) => ({
        id: r.id,
        kind: r.kind as NoticeKind,
        params: JSON.parse(r.params),
        read: r.read_at !== null,
        created_at: r.created_at,
      }));
      return {
        notices,
        unread: await repo.countUnread(db, actor.userId),
        offset: opts.offset,
        limit: opts.limit,
        more: rows.length > opts.limit,
      };
    },

    /** Marks the given notices (all when none are named) read; answers what stays unread. */
    async markRead(actor: Actor, ids: number[] | undefined): Promise<{ unread: number }> {
      await repo.markRead(db, actor.userId, ids, now());
      return { unread: await repo.countUnread(db, actor.userId) };
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
