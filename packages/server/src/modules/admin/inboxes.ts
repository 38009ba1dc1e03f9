import type { FeedbackItem, OutboxItem } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { AuditLog } from './audit.ts';
import { type ConsoleActor, companiesOf, requireOperator } from './policy.ts';
import * as repo from './repo.ts';
import type { FeedbackQuery, OutboxQuery } from './schema.ts';

/**
 * The feedback inbox (the avatar menu's feedback entry) and the outbox (every mail and text
 * message the product sent or would have sent). The outbox is the deployment's: its operator's.
 */
export function createInboxes({ db, audit, now }: { db: Db; audit: AuditLog; now: () => number }) {
  return {
    async feedback(actor: ConsoleActor, q: FeedbackQuery) {
      const rows = await repo.listFeedback(db, { companyIds: companiesOf(actor), ...q });
      const feedback: FeedbackItem[] = rows.slice(0, q.limit).map((r) => ({
        id: r.id,
        user: { id: r.user_id, nick_name: r.nick_name, unique_name: r.unique_name },
        content: r.content,
        created_at: r.created_at,
        handled_at: r.handled_at,
      }));
      return { feedback, offset: q.offset, limit: q.limit, more: rows.length > q.limit };
    },

    async handleFeedback(actor: ConsoleActor, id: number, handled: boolean) {
      const row = await repo.findFeedback(db, id);
      if (!row || !companiesOf(actor).includes(Number(row.company_id))) throw new DomainError('notFound');
      await db
        .updateTable('feedback')
        .set(
          handled ? { handled_at: now(), handled_by: actor.userId } : { handled_at: null, handled_by: null },
        )
        .where('id', '=', id)
        .execute();
      await audit.record(actor, {
        action: handled ? 'feedback.handle' : 'feedback.reopen',
        targetType: 'feedback',
        targetId: id,
        targetName: row.content.slice(0, 60),
      });
      return { id, handled };
    },

    async outbox(actor: ConsoleActor, q: OutboxQuery) {
      requireOperator(actor);
      const rows = await repo.listOutbox(db, q);
      const messages: OutboxItem[] = rows.slice(0, q.limit).map((r) => ({
        id: r.id,
        channel: r.channel,
        recipient: r.recipient,
        subject: r.subject,
        body: r.body,
        kind: r.kind,
        state: r.state,
        error: r.error,
        created_at: r.created_at,
        sent_at: r.sent_at,
      }));
      return { messages, offset: q.offset, limit: q.limit, more: rows.length > q.limit };
    },
  };
}

export type Inboxes = ReturnType<typeof createInboxes>;
