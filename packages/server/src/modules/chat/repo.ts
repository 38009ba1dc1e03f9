import { type Insertable, sql } from 'kysely';
import type { DbOrTrx, Dialect } from '../../db/index.ts';
import type { ChatMessagesTable } from '../../db/schema.ts';

/** A team's conversation key. */
export const groupKey = (groupId: number) => `g:${groupId}`;
/** Two people's conversation key: the same from either side. */
export const pairKey = (a: number, b: number) => `p:${Math.min(a, b)}:${Math.max(a, b)}`;

export type ChatMessageRow = Omit<ChatMessagesTable, 'id'> & { id: number };

/**
 * Makes the messages of one conversation take their ids in the order they commit, for the rest of
 * the transaction. A read mark is the newest id the user has seen, so a message that took a smaller
 * id but committed after a larger one was seen would never count as unread. On SQLite writes are one
 * at a time anyway; on PostgreSQL two senders take a lock on the conversation's key in turn.
 */
export async function lockConversation(trx: DbOrTrx, dialect: Dialect, conversation: string) {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${conversation}))`.execute(trx);
}

export async function insertMessage(
  db: DbOrTrx,
  row: Insertable<ChatMessagesTable>,
): Promise<ChatMessageRow> {
  return db.insertInto('chat_messages').values(row).returningAll().executeTakeFirstOrThrow();
}

/** One more file joins a file message's batch, added at `at`. */
export async function joinFileBatch(db: DbOrTrx, id: number, at: number): Promise<ChatMessageRow> {
  return db
    .updateTable('chat_messages')
    .set((eb) => ({ file_more: eb('file_more', '+', 1), file_added_at: at }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Newest first, `limit` of them, older than `before` when given. */
export function listMessages(db: DbOrTrx, conversation: string, opts: { before?: number; limit: number }) {
  let q = db.selectFrom('chat_messages').selectAll().where('conversation', '=', conversation);
  if (opts.before !== undefined) q = q.where('id', '<', opts.before);
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
}

export async function countMessages(db: DbOrTrx, conversation: string): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('conversation', '=', conversation)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The newest message of each of these conversations that has any. */
export async function lastMessages(db: DbOrTrx, conversations: string[]): Promise<ChatMessageRow[]> {
  if (conversations.length === 0) return [];
  const newest = db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('conversation', 'in', conversations)
    .groupBy('conversation');
  return db.selectFrom('chat_messages').selectAll().where('id', 'in', newest).execute();
}

/** The keys of the user's private conversations, from either side. */
export async function privateConversations(db: DbOrTrx, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('chat_messages')
    .select('conversation')
    .distinct()
    .where((eb) => eb.or([eb('sender_id', '=', userId), eb('recipient_id', '=', userId)]))
    .where('recipient_id', 'is not', null)
    .execute();
  return rows.map((r) => r.conversation);
}

/** Per conversation, how many messages of others came after the newest the user has seen. */
export async function unreadCounts(
  db: DbOrTrx,
  userId: number,
  conversations: string[],
): Promise<Map<string, number>> {
  if (conversations.length === 0) return new Map();
  const rows = await db
    .selectFrom('chat_messages as m')
    .leftJoin('chat_reads as r', (join) =>
      join.onRef('r.conversation', '=', 'm.conversation').on('r.user_id', '=', userId),
    )
    .select(['m.conversation', (eb) => eb.fn.countAll<number>().as('n')])
    .where('m.conversation', 'in', conversations)
    .where('m.sender_id', '!=', userId)
    .where((eb) => eb.or([eb('r.last_read_id', 'is', null), eb('m.id', '>', eb.ref('r.last_read_id'))]))
    .groupBy('m.conversation')
    .execute();
  return new Map(rows.map((r) => [r.conversation, Number(r.n)]));
}

/**
 * Gives the user a read mark in each of these conversations that has none yet, at `lastId`: what
 * came before they first had it listed is not unread.
 */
export async function markFirstSeen(db: DbOrTrx, userId: number, marks: { key: string; lastId: number }[]) {
  if (marks.length === 0) return;
  const have = new Set(
    (
      await db
        .selectFrom('chat_reads')
        .select('conversation')
        .where('user_id', '=', userId)
        .where(
          'conversation',
          'in',
          marks.map((m) => m.key),
        )
        .execute()
    ).map((r) => r.conversation),
  );
  const missing = marks.filter((m) => !have.has(m.key));
  if (missing.length === 0) return;
  await db
    .insertInto('chat_reads')
    .values(missing.map((m) => ({ user_id: userId, conversation: m.key, last_read_id: m.lastId })))
    .onConflict((oc) => oc.columns(['user_id', 'conversation']).doNothing())
    .execute();
}

/** The newest message the user has seen in the conversation (0 for none). */
export async function lastRead(db: DbOrTrx, userId: number, conversation: string): Promise<number> {
  const row = await db
    .selectFrom('chat_reads')
    .select('last_read_id')
    .where('user_id', '=', userId)
    .where('conversation', '=', conversation)
    .executeTakeFirst();
  return row?.last_read_id ?? 0;
}

/** Notes that the user has seen the conversation up to `messageId` (never back). */
export async function markRead(db: DbOrTrx, userId: number, conversation: string, messageId: number) {
  await db
    .insertInto('chat_reads')
    .values({ user_id: userId, conversation, last_read_id: messageId })
    .onConflict((oc) =>
      oc.columns(['user_id', 'conversation']).doUpdateSet({
        last_read_id: sql<number>`case when excluded.last_read_id > chat_reads.last_read_id then excluded.last_read_id else chat_reads.last_read_id end`,
      }),
    )
    .execute();
}

/** Which of these users have a live session that was used at or after `since`. */
export async function usersSeenSince(db: DbOrTrx, userIds: number[], since: number, now: number) {
  if (userIds.length === 0) return new Set<number>();
  const rows = await db
    .selectFrom('sessions')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', userIds)
    .where('last_seen_at', '>=', since)
    .where('expires_at', '>', now)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}
