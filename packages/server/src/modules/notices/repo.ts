import type { DbOrTrx } from '../../db/index.ts';

export async function insertNotices(
  db: DbOrTrx,
  rows: { user_id: number; kind: string; params: string; created_at: number }[],
): Promise<void> {
  if (rows.length > 0) await db.insertInto('notices').values(rows).execute();
}

export function listNotices(
  db: DbOrTrx,
  userId: number,
  opts: { offset: number; limit: number; unread: boolean },
) {
  let q = db
    .selectFrom('notices')
    .select(['id', 'kind', 'params', 'read_at', 'created_at'])
    .where('user_id', '=', userId);
  if (opts.unread) q = q.where('read_at', 'is', null);
  return q.orderBy('id', 'desc').offset(opts.offset).limit(opts.limit).execute();
}

export async function countUnread(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function markRead(db: DbOrTrx, userId: number, ids: number[] | undefined, now: number) {
  let q = db
    .updateTable('notices')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (ids) {
    if (ids.length === 0) return;
    q = q.where('id', 'in', ids);
  }
  await q.execute();
}
