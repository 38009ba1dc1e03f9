import type { DbOrTrx } from '../../db/index.ts';

export interface CommentRow {
  id: number;
  file_id: number;
  group_id: number;
  user_id: number;
  content: string;
  created_at: number;
  user_name: string | null;
  user_avatar: string | null;
}

function withAuthor(db: DbOrTrx) {
  return db
    .selectFrom('file_comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .selectAll('c')
    .select(['u.nick_name as user_name', 'u.avatar as user_avatar']);
}

export async function insertComment(
  db: DbOrTrx,
  row: { file_id: number; group_id: number; user_id: number; content: string; created_at: number },
): Promise<number> {
  const { id } = await db.insertInto('file_comments').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export function findComment(db: DbOrTrx, id: number): Promise<CommentRow | undefined> {
  return withAuthor(db).where('c.id', '=', id).executeTakeFirst();
}

/** A file's comments, newest first. */
export function listComments(
  db: DbOrTrx,
  fileId: number,
  offset: number,
  count: number,
): Promise<CommentRow[]> {
  return withAuthor(db)
    .where('c.file_id', '=', fileId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(offset)
    .limit(count)
    .execute();
}

export async function countComments(db: DbOrTrx, fileId: number): Promise<number> {
  const row = await db
    .selectFrom('file_comments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('file_id', '=', fileId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteComment(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('file_comments').where('id', '=', id).execute();
}

/** Comments of files purged for good. */
export async function removeOfFiles(db: DbOrTrx, fileIds: number[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += 500) {
    await db
      .deleteFrom('file_comments')
      .where('file_id', 'in', fileIds.slice(i, i + 500))
      .execute();
  }
}
