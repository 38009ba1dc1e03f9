import { sql } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import { below } from '../files/subtree.ts';

/** A live lock with its holder's name. */
export interface LockRow {
  file_id: number;
  user_id: number;
  locked_at: number;
  expires_at: number;
  nick_name: string | null;
}

function live(db: DbOrTrx, now: number) {
  return db
    .selectFrom('file_locks as l')
    .leftJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.file_id', 'l.user_id', 'l.locked_at', 'l.expires_at', 'u.nick_name'])
    .where('l.expires_at', '>', now);
}

/** The file's lock unless it has expired. */
export function findLock(db: DbOrTrx, fileId: number, now: number): Promise<LockRow | undefined> {
  return live(db, now).where('l.file_id', '=', fileId).executeTakeFirst();
}

const locksOfFiles = hotQuery((db, fileIds: number[], now: number) =>
  live(db, now).where('l.file_id', 'in', fileIds),
);

/** The live locks of these files (asked by every folder page). */
export function findLocks(db: DbOrTrx, fileIds: number[], now: number): Promise<LockRow[]> {
  if (fileIds.length === 0) return Promise.resolve([]);
  return locksOfFiles.all(db, fileIds, now);
}

/** A live lock of someone other than `userId` on a live file below a folder. */
export function findLockBelow(
  db: DbOrTrx,
  folder: Pick<FileRow, 'group_id' | 'path' | 'id'>,
  userId: number,
  now: number,
): Promise<LockRow | undefined> {
  return live(db, now)
    .innerJoin('files as f', 'f.id', 'l.file_id')
    .where('f.group_id', '=', folder.group_id)
    .where('f.path', '>=', below(folder).from)
    .where('f.path', '<', below(folder).to)
    .where('f.status', '=', sql.lit('live'))
    .where('l.user_id', '!=', userId)
    .limit(1)
    .executeTakeFirst();
}

/**
 * Takes the lock for `userId`, or refreshes theirs; a live lock of someone else stays as it is
 * (one statement, so two acquirers cannot both win). The caller reads the lock back to see who holds it.
 */
export async function acquire(
  db: DbOrTrx,
  lock: { file_id: number; user_id: number; locked_at: number; expires_at: number },
): Promise<void> {
  await db
    .insertInto('file_locks')
    .values(lock)
    .onConflict((oc) =>
      oc
        .column('file_id')
        .doUpdateSet({
          user_id: lock.user_id,
          // A refresh keeps the time the holder took it.
          locked_at: sql<number>`case when file_locks.user_id = ${lock.user_id} and file_locks.expires_at > ${lock.locked_at} then file_locks.locked_at else ${lock.locked_at} end`,
          expires_at: lock.expires_at,
        })
        .where((eb) =>
          eb.or([
            eb('file_locks.user_id', '=', lock.user_id),
            eb('file_locks.expires_at', '<=', lock.locked_at),
          ]),
        ),
    )
    .execute();
}

export async function release(db: DbOrTrx, fileId: number): Promise<number> {
  const result = await db.deleteFrom('file_locks').where('file_id', '=', fileId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
