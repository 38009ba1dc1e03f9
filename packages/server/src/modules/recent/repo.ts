import { sql } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { FileWithNames } from '../files/repo.ts';

export interface RecentEntry {
  user_id: number;
  file_id: number;
  group_id: number;
  action: string;
  at: number;
}

function upsertRecent(db: DbOrTrx, entries: RecentEntry | RecentEntry[]) {
  return db
    .insertInto('roaming')
    .values(entries)
    .onConflict((oc) =>
      oc.columns(['user_id', 'file_id']).doUpdateSet({
        group_id: (eb) => eb.ref('excluded.group_id'),
        action: (eb) => eb.ref('excluded.action'),
        at: (eb) => eb.ref('excluded.at'),
      }),
    );
}

/** One entry, the usual case (every upload writes one): kept compiled. */
const touchOne = hotQuery((db, entry: RecentEntry) => upsertRecent(db, entry));

/** Moves a file to the top of the user's recent files. */
export async function touch(db: DbOrTrx, entries: RecentEntry[]): Promise<void> {
  if (entries.length === 1) await touchOne.run(db, entries[0]);
  else if (entries.length > 1) await upsertRecent(db, entries).execute();
}

export type RecentRow = FileWithNames & { rtime: number; raction: string; group_name: string };

/** The user's recent live files, last used first; `before` reads on from a time (max_mtime). */
export function listRecent(
  db: DbOrTrx,
  userId: number,
  opts: { offset: number; count: number; before?: number },
): Promise<RecentRow[]> {
  let q = db
    .selectFrom('roaming as r')
    .innerJoin('files as f', 'f.id', 'r.file_id')
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .leftJoin('users as c', 'c.id', 'f.creator_id')
    .leftJoin('users as m', 'm.id', 'f.modifier_id')
    .selectAll('f')
    .select([
      'c.nick_name as creator_name',
      'm.nick_name as modifier_name',
      'r.at as rtime',
      'r.action as raction',
      'g.name as group_name',
    ])
    .where('r.user_id', '=', userId)
    .where('f.status', '=', sql.lit('live'));
  if (opts.before !== undefined) q = q.where('r.at', '<', opts.before);
  return q
    .orderBy('r.at', 'desc')
    .orderBy('r.file_id', 'desc')
    .offset(opts.offset)
    .limit(opts.count)
    .execute();
}

export async function remove(db: DbOrTrx, userId: number, fileIds: number[]): Promise<void> {
  if (fileIds.length === 0) return;
  await db.deleteFrom('roaming').where('user_id', '=', userId).where('file_id', 'in', fileIds).execute();
}

/** Entries of files purged for good, for every user. */
export async function removeOfFiles(db: DbOrTrx, fileIds: number[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += 500) {
    await db
      .deleteFrom('roaming')
      .where('file_id', 'in', fileIds.slice(i, i + 500))
      .execute();
  }
}
