import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { OutboxTable } from '../../db/schema.ts';

export type OutboxRow = Selectable<OutboxTable>;

export async function insertMessage(db: DbOrTrx, row: Insertable<OutboxTable>): Promise<number> {
  const inserted = await db.insertInto('outbox').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function markDelivered(
  db: DbOrTrx,
  id: number,
  result: { state: 'sent' | 'failed'; error: string; sentAt: number | null },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({ state: result.state, error: result.error, sent_at: result.sentAt })
    .where('id', '=', id)
    .execute();
}

export function listMessages(db: DbOrTrx, opts: { recipient?: string; offset: number; limit: number }) {
  let q = db.selectFrom('outbox').selectAll().orderBy('id', 'desc').offset(opts.offset).limit(opts.limit);
  if (opts.recipient) q = q.where('recipient', '=', opts.recipient);
  return q.execute();
}
