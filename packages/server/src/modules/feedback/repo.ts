import type { DbOrTrx } from '../../db/index.ts';

export function insertFeedback(db: DbOrTrx, row: { user_id: number; content: string; created_at: number }) {
  return db
    .insertInto('feedback')
    .values(row)
    .returning(['id', 'content', 'created_at'])
    .executeTakeFirstOrThrow();
}
