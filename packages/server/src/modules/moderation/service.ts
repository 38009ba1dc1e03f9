import type { ModerationReport, ReportStatus } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from '../admin/audit.ts';
import { type ConsoleActor, companiesOf } from '../admin/policy.ts';
import type { OutboxService } from '../outbox/service.ts';
import { canManageSpace } from '../spaces/policy.ts';
import type { SpaceService } from '../spaces/service.ts';
import * as repo from './repo.ts';

export type ReportFilter = 'open' | ReportStatus | 'all';

const OPEN: ReportStatus[] = ['pending', 'appealed'];

function present(r: repo.ReportRow): ModerationReport {
  return {
    id: r.id,
    kind: r.kind,
    status: r.status as ReportStatus,
    file:
      r.file_name === null || r.file_group_id === null
        ? null
        : {
            id: r.file_id,
            name: r.file_name,
            group_id: r.file_group_id,
            owner:
              r.file_creator_id === null ? null : { id: r.file_creator_id, nick_name: r.owner_name ?? '' },
          },
    link:
      r.link_id === null || r.link_sid === null
        ? null
        : { id: r.link_id, sid: r.link_sid, blocked: r.link_blocked ?? '' },
    file_blocked: r.blocked_file_id !== null,
    reporter: r.reporter_id === null ? null : { id: r.reporter_id, nick_name: r.reporter_name ?? '' },
    reason: r.reason,
    reason_detail: r.reason_detail,
    created_at: r.created_at,
    handled_by: r.handled_by === null ? null : { id: r.handled_by, nick_name: r.handler_name ?? '' },
    handled_at: r.handled_at,
    resolution: r.resolution,
    note: r.note,
    appeal_text: r.appeal_text,
    appealed_at: r.appealed_at,
  };
}

/**
 * Moderation (issue 6): reports of files and links (stored by modules/links: POST /api/report and
 * POST /api/v3/links/{sid}/report) arrive as `pending` in the console's review queue. A reviewer
 * dismisses a report, blocks the file (its previews answer illegalFile, its links forbidLink) or
 * blocks the link (linkViolation). The owner is told why by mail and may appeal once per decision
 * (POST /api/v3/{files|links}/{id}/appeal): the report returns to the queue as `appealed`, where
 * the reviewer restores the file or link, or upholds the block.
 *
 *   pending --dismiss--> dismissed
 *   pending --block file / block link--> blocked --appeal--> appealed --restore--> restored
 *                                                              \--uphold--> blocked (no second appeal)
 */
export function createModerationService({
  db,
  spaces,
  outbox,
  audit,
  now,
}: {
  db: Db;
  spaces: SpaceService;
  outbox: OutboxService;
  audit: AuditLog;
  now: () => number;
}) {
  async function load(actor: ConsoleActor, id: number) {
    const row = await repo.findReport(db, id);
    if (!row || !companiesOf(actor).includes(Number(row.company_id ?? 0)))
      throw new DomainError('reportNotExist');
    return row;
  }

  async function answer(actor: ConsoleActor, id: number): Promise<ModerationReport> {
    return present(await load(actor, id));
  }

  /** Whether the actor may appeal a block of the file: its creator, or whoever manages its space. */
  async function mayAppealFile(
    actor: Actor,
    file: { creator_id: number; group_id: number },
  ): Promise<boolean> {
    if (file.creator_id === actor.userId) return true;
    const space = await spaces.access(actor, file.group_id);
    return !!space && canManageSpace(space.role);
  }

  async function tellOwner(userId: number | null, subject: string, body: string): Promise<void> {
    if (!userId) return;
    const user = await repo.findUserContact(db, userId);
    if (user?.email)
      await outbox.send({ channel: 'mail', to: user.email, subject, body, kind: 'moderation' });
  }

  return {
    async list(actor: ConsoleActor, q: { status: ReportFilter; offset: number; limit: number }) {
      const statuses = q.status === 'all' ? null : q.status === 'open' ? OPEN : [q.status];
      const rows = await repo.listReports(db, { companyIds: companiesOf(actor), statuses, ...q });
      return {
        reports: rows.slice(0, q.limit).map(present),
        offset: q.offset,
        limit: q.limit,
        more: rows.length > q.limit,
      };
    },

    async dismiss(actor: ConsoleActor, id: number, note: string): Promise<ModerationReport> {
      const row = await load(actor, id);
      if (row.status !== 'pending') throw new DomainError('reportHandled');
      await db.transaction().execute(async (trx) => {
        await repo.decideReports(
          trx,
          { ids: [id], statuses: ['pending'] },
          { status: 'dismissed', resolution: 'dismissed', note, handledBy: actor.userId, at: now() },
        );
        await audit.record(
          actor,
          {
            action: 'report.dismiss',
            targetType: 'report',
            targetId: id,
            targetName: row.file_name ?? '',
            detail: { note },
          },
          trx,
        );
      });
      return answer(actor, id);
    },

    /** Blocks the reported file; every pending report of it is decided with it. */
    async blockFile(actor: ConsoleActor, id: number, reason: string): Promise<ModerationReport> {
      const row = await load(actor, id);
      if (row.status !== 'pending') throw new DomainError('reportHandled');
      await db.transaction().execute(async (trx) => {
        await repo.blockFile(trx, {
          file_id: row.file_id,
          report_id: id,
          reason,
          blocked_by: actor.userId,
          created_at: now(),
        });
        await repo.decideReports(
          trx,
          { fileId: row.file_id, statuses: ['pending'] },
          { status: 'blocked', resolution: 'file_blocked', note: reason, handledBy: actor.userId, at: now() },
        );
        await audit.record(
          actor,
          {
            action: 'report.block_file',
            targetType: 'file',
            targetId: row.file_id,
            targetName: row.file_name ?? '',
            detail: { report: id, reason },
          },
          trx,
        );
      });
      await tellOwner(
        row.file_creator_id,
        'A file of yours was blocked / 您的文件已被屏蔽',
        `Your file "${row.file_name ?? ''}" was blocked after a report${reason ? `: ${reason}` : '.'} You may appeal from its preview page.\n` +
          `您的文件“${row.file_name ?? ''}”因被举报已被屏蔽${reason ? `：${reason}` : '。'}您可以在文件预览页面提出申诉。`,
      );
      return answer(actor, id);
    },

    /** Blocks the reported link (it answers linkViolation); every pending report of it is decided with it. */
    async blockLink(actor: ConsoleActor, id: number, reason: string): Promise<ModerationReport> {
      const row = await load(actor, id);
      if (row.status !== 'pending') throw new DomainError('reportHandled');
      if (row.link_id === null) throw new DomainError('lightLinkNotExist');
      const linkId = row.link_id;
      const link = await repo.findLink(db, String(linkId));
      await db.transaction().execute(async (trx) => {
        await repo.setLinkBlocked(trx, linkId, 'linkViolation');
        await repo.decideReports(
          trx,
          { linkId, statuses: ['pending'] },
          { status: 'blocked', resolution: 'link_blocked', note: reason, handledBy: actor.userId, at: now() },
        );
        await audit.record(
          actor,
          {
            action: 'report.block_link',
            targetType: 'link',
            targetId: row.link_sid ?? linkId,
            targetName: row.file_name ?? '',
            detail: { report: id, reason },
          },
          trx,
        );
      });
      await tellOwner(
        link?.creator_id ?? null,
        'A share link of yours was blocked / 您的分享链接已被屏蔽',
        `Your share link to "${row.file_name ?? ''}" was blocked after a report${reason ? `: ${reason}` : '.'} You may appeal.\n` +
          `您分享的“${row.file_name ?? ''}”的链接因被举报已被屏蔽${reason ? `：${reason}` : '。'}您可以提出申诉。`,
      );
      return answer(actor, id);
    },

    /** The appeal succeeds: the file or link is open again. */
    async restore(actor: ConsoleActor, id: number, note: string): Promise<ModerationReport> {
      const row = await load(actor, id);
      if (row.status !== 'appealed' && row.status !== 'blocked') throw new DomainError('reportHandled');
      await db.transaction().execute(async (trx) => {
        if (row.resolution === 'file_blocked') await repo.unblockFile(trx, row.file_id);
        if (row.resolution === 'link_blocked' && row.link_id !== null)
          await repo.setLinkBlocked(trx, row.link_id, '');
        await repo.decideReports(
          trx,
          row.resolution === 'file_blocked'
            ? { fileId: row.file_id, statuses: ['blocked', 'appealed'] }
            : { ids: [id], statuses: ['blocked', 'appealed'] },
          { status: 'restored', note, handledBy: actor.userId, at: now() },
        );
        await audit.record(
          actor,
          {
            action: 'report.restore',
            targetType: 'report',
            targetId: id,
            targetName: row.file_name ?? '',
            detail: { note },
          },
          trx,
        );
      });
      return answer(actor, id);
    },

    /** The appeal fails: the block stays, and this decision cannot be appealed again. */
    async uphold(actor: ConsoleActor, id: number, note: string): Promise<ModerationReport> {
      const row = await load(actor, id);
      if (row.status !== 'appealed') throw new DomainError('reportHandled');
      await db.transaction().execute(async (trx) => {
        await repo.decideReports(
          trx,
          { ids: [id], statuses: ['appealed'] },
          { status: 'blocked', note, handledBy: actor.userId, at: now() },
        );
        await audit.record(
          actor,
          {
            action: 'report.uphold',
            targetType: 'report',
            targetId: id,
            targetName: row.file_name ?? '',
            detail: { note },
          },
          trx,
        );
      });
      return answer(actor, id);
    },

    /**
     * POST /api/v3/{files|links}/{id}/appeal: the owner asks for the block to be reviewed again.
     * Someone who may not appeal gets the answer of a missing block (nothingToAppeal).
     */
    async appeal(
      actor: Actor,
      kind: 'files' | 'links',
      id: string,
      text: string,
    ): Promise<{ id: number; status: ReportStatus }> {
      let report: Awaited<ReturnType<typeof repo.latestBlockReport>>;
      if (kind === 'files') {
        const file = /^\d+$/.test(id) ? await repo.findFile(db, Number(id)) : undefined;
        if (!file || !(await mayAppealFile(actor, file))) throw new DomainError('fileNotExists');
        report = await repo.latestBlockReport(db, { fileId: file.id }, ['blocked', 'appealed']);
      } else {
        const link = await repo.findLink(db, id);
        const file = link ? await repo.findFile(db, link.file_id) : undefined;
        if (!link || !file || (link.creator_id !== actor.userId && !(await mayAppealFile(actor, file))))
          throw new DomainError('lightLinkNotExist');
        report = await repo.latestBlockReport(db, { linkId: link.id }, ['blocked', 'appealed']);
      }
      // An upheld block (decided after an appeal) is final.
      if (!report || report.appealed_at !== null) throw new DomainError('nothingToAppeal');
      await repo.appeal(db, report.id, { text, by: actor.userId, at: now() });
      return { id: report.id, status: 'appealed' };
    },

    /** What previews ask (modules/preview): a blocked file answers illegalFile, with why and whether the actor may appeal. */
    async illegalFileError(file: FileRow, actor: Actor | null): Promise<DomainError | null> {
      const block = await repo.findBlock(db, file.id);
      if (!block) return null;
      const report = await repo.latestBlockReport(db, { fileId: file.id }, ['blocked', 'appealed']);
      const mine = actor ? await mayAppealFile(actor, file) : false;
      return new DomainError(
        'illegalFile',
        {},
        mine
          ? {
              reason: block.reason,
              appeal:
                report?.status === 'appealed'
                  ? 'pending'
                  : report && report.appealed_at === null
                    ? 'open'
                    : 'closed',
              fileid: file.id,
            }
          : undefined,
      );
    },
  };
}

export type ModerationService = ReturnType<typeof createModerationService>;
