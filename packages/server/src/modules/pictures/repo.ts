import type { Insertable, Selectable } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { PicturesTable, UploadKeysTable } from '../../db/schema.ts';

export type PictureRow = Selectable<PicturesTable>;

export async function insertUploadKey(db: DbOrTrx, row: Insertable<UploadKeysTable>): Promise<void> {
  await db.insertInto('upload_keys').values(row).execute();
}

/**
 * Uses up a key: it must exist, belong to the user, be unused and unexpired. Answers its kind,
 * or undefined when any of that fails (one answer for all, so keys cannot be probed).
 */
export async function claimUploadKey(
  db: DbOrTrx,
  keyHash: string,
  userId: number,
  now: number,
): Promise<'avatar' | 'image' | undefined> {
  const row = await db
    .updateTable('upload_keys')
    .set({ used_at: now })
    .where('key_hash', '=', keyHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('kind')
    .executeTakeFirst();
  return row?.kind;
}

export async function insertPicture(db: DbOrTrx, row: Insertable<PicturesTable>): Promise<number> {
  const inserted = await db.insertInto('pictures').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setUserAvatar(db: DbOrTrx, userId: number, url: string): Promise<void> {
  await db.updateTable('users').set({ avatar: url }).where('id', '=', userId).execute();
}

export function latestAvatar(db: DbOrTrx, userId: number): Promise<PictureRow | undefined> {
  return db
    .selectFrom('pictures')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'avatar')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function findImage(db: DbOrTrx, id: number): Promise<PictureRow | undefined> {
  return db
    .selectFrom('pictures')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'image')
    .executeTakeFirst();
}
