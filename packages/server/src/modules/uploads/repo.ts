import type { DbOrTrx } from '../../db/index.ts';
import type { UploadTransactionRow } from '../../db/schema.ts';

export async function insertTransaction(db: DbOrTrx, row: UploadTransactionRow): Promise<void> {
  await db.insertInto('upload_transactions').values(row).execute();
}

export function findTransaction(
  db: DbOrTrx,
  id: string,
  userId: number,
): Promise<UploadTransactionRow | undefined> {
  return db
    .selectFrom('upload_transactions')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** An open transaction for the same content to the same place, to resume instead of starting over. */
export function findResumable(
  db: DbOrTrx,
  key: {
    userId: number;
    groupId: number;
    parentId: number;
    name: string;
    size: number;
    sha1: string;
    now: number;
  },
): Promise<UploadTransactionRow | undefined> {
  return db
    .selectFrom('upload_transactions')
    .selectAll()
    .where('user_id', '=', key.userId)
    .where('group_id', '=', key.groupId)
    .where('parent_id', '=', key.parentId)
    .where('name', '=', key.name)
    .where('size', '=', key.size)
    .where('sha1', '=', key.sha1)
    .where('expires_at', '>', key.now)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export function findExpired(db: DbOrTrx, userId: number, now: number) {
  return db
    .selectFrom('upload_transactions')
    .select('id')
    .where('user_id', '=', userId)
    .where('expires_at', '<=', now)
    .execute();
}

/** Transactions of anyone given up (the periodic sweep), a batch at a time. */
export function findAllExpired(db: DbOrTrx, now: number, limit: number) {
  return db
    .selectFrom('upload_transactions')
    .select('id')
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
}

/** Which of these transactions exist. */
export async function existingIds(db: DbOrTrx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('upload_transactions').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function deleteTransaction(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('upload_transactions').where('id', '=', id).execute();
}

/** Open transactions of other users into a folder, begun since `since` (the editing lock asks). */
export function findOthersInFolder(
  db: DbOrTrx,
  key: { groupId: number; parentId: number; exceptUserId: number; since: number; now: number },
) {
  return db
    .selectFrom('upload_transactions')
    .select(['id', 'name'])
    .where('group_id', '=', key.groupId)
    .where('parent_id', '=', key.parentId)
    .where('user_id', '!=', key.exceptUserId)
    .where('created_at', '>=', key.since)
    .where('expires_at', '>', key.now)
    .execute();
}
