import type { DbOrTrx } from '../../db/index.ts';

export async function addFavorite(
  db: DbOrTrx,
  row: { user_id: number; type: number; entity_id: number; created_at: number },
): Promise<void> {
  await db
    .insertInto('favorites')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'type', 'entity_id']).doNothing())
    .execute();
}

export async function removeFavorite(
  db: DbOrTrx,
  userId: number,
  type: number,
  entityId: number,
): Promise<void> {
  await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('entity_id', '=', entityId)
    .execute();
}

export function findFavorite(db: DbOrTrx, userId: number, type: number, entityId: number) {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .where('entity_id', '=', entityId)
    .executeTakeFirst();
}

/** Starred users, newest first, with what the list shows of them. */
export function listUserFavorites(db: DbOrTrx, userId: number, offset: number, limit: number) {
  return db
    .selectFrom('favorites')
    .innerJoin('users', 'users.id', 'favorites.entity_id')
    .select([
      'favorites.type',
      'favorites.entity_id',
      'favorites.created_at',
      'users.nick_name',
      'users.unique_name',
      'users.email',
      'users.avatar',
    ])
    .where('favorites.user_id', '=', userId)
    .where('favorites.type', '=', 4)
    .orderBy('favorites.created_at', 'desc')
    .orderBy('favorites.entity_id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Favourites of one type, or of both (teams 3 and users 4), newest first. */
export function listFavorites(
  db: DbOrTrx,
  userId: number,
  type: number | undefined,
  offset: number,
  limit: number,
) {
  let q = db
    .selectFrom('favorites')
    .select(['type', 'entity_id', 'created_at'])
    .where('user_id', '=', userId);
  if (type !== undefined) q = q.where('type', '=', type);
  return q.orderBy('created_at', 'desc').orderBy('entity_id', 'desc').offset(offset).limit(limit).execute();
}

export function findUsers(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'nick_name', 'unique_name', 'email', 'avatar'])
    .where('id', 'in', ids)
    .execute();
}
