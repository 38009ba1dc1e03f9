import { STAR_LABEL_ID } from '@cirrus/shared';
import { sql } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { FileWithNames } from '../files/repo.ts';

/** Which of `fileIds` the user has starred. */
const starsAmong = hotQuery((db, userId: number, fileIds: number[]) =>
  db
    .selectFrom('file_labels')
    .select('file_id')
    .where('user_id', '=', userId)
    .where('label_id', '=', STAR_LABEL_ID)
    .where('file_id', 'in', fileIds),
);

export async function starredAmong(db: DbOrTrx, userId: number, fileIds: number[]): Promise<Set<number>> {
  if (fileIds.length === 0) return new Set();
  const rows = await starsAmong.all(db, userId, fileIds);
  return new Set(rows.map((r) => r.file_id));
}

export async function addStar(
  db: DbOrTrx,
  row: { user_id: number; file_id: number; group_id: number; created_at: number },
): Promise<void> {
  await db
    .insertInto('file_labels')
    .values({ ...row, label_id: STAR_LABEL_ID })
    .onConflict((oc) => oc.columns(['user_id', 'label_id', 'file_id']).doNothing())
    .execute();
}

export async function removeStars(db: DbOrTrx, userId: number, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db
    .deleteFrom('file_labels')
    .where('user_id', '=', userId)
    .where('label_id', '=', STAR_LABEL_ID)
    .where('file_id', 'in', fileIds)
    .execute();
}

/** Labels of files that are purged for good, for every user. */
export async function removeLabelsOfFiles(db: DbOrTrx, fileIds: number[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += 500) {
    await db
      .deleteFrom('file_labels')
      .where('file_id', 'in', fileIds.slice(i, i + 500))
      .execute();
  }
}

function starredQuery(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('file_labels as l')
    .innerJoin('files as f', 'f.id', 'l.file_id')
    .where('l.user_id', '=', userId)
    .where('l.label_id', '=', STAR_LABEL_ID)
    .where('f.status', '=', sql.lit('live'));
}

/** The user's starred live files, newest star first. */
export function listStarred(
  db: DbOrTrx,
  userId: number,
  offset: number,
  count: number,
): Promise<(FileWithNames & { starred_at: number })[]> {
  return starredQuery(db, userId)
    .leftJoin('users as c', 'c.id', 'f.creator_id')
    .leftJoin('users as m', 'm.id', 'f.modifier_id')
    .selectAll('f')
    .select(['c.nick_name as creator_name', 'm.nick_name as modifier_name', 'l.created_at as starred_at'])
    .orderBy('l.created_at', 'desc')
    .orderBy('l.file_id', 'desc')
    .offset(offset)
    .limit(count)
    .execute();
}

export async function countStarred(db: DbOrTrx, userId: number): Promise<number> {
  const row = await starredQuery(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
