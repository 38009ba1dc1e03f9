import { sql } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { FileRow } from '../../db/schema.ts';
import type { FileWithNames } from '../files/repo.ts';
import { below } from '../files/subtree.ts';

/** A bin item: an item a user deleted (its subtree went with it), with who deleted it. */
export interface BinRow extends FileWithNames {
  deleter_name: string | null;
}

function binQuery(db: DbOrTrx, groupIds: number[]) {
  return db
    .selectFrom('files as f')
    .where('f.group_id', 'in', groupIds)
    .where('f.status', '=', sql.lit('deleted'))
    .whereRef('f.delete_root', '=', 'f.id');
}

/** One page of the bins of these spaces, last deleted first. */
export function listBin(db: DbOrTrx, groupIds: number[], offset: number, count: number): Promise<BinRow[]> {
  return binQuery(db, groupIds)
    .leftJoin('users as c', 'c.id', 'f.creator_id')
    .leftJoin('users as m', 'm.id', 'f.modifier_id')
    .leftJoin('users as d', 'd.id', 'f.deleted_by')
    .selectAll('f')
    .select(['c.nick_name as creator_name', 'm.nick_name as modifier_name', 'd.nick_name as deleter_name'])
    .orderBy('f.deleted_at', 'desc')
    .orderBy('f.id', 'desc')
    .offset(offset)
    .limit(count)
    .execute();
}

export async function countBin(db: DbOrTrx, groupIds: number[]): Promise<number> {
  const row = await binQuery(db, groupIds)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Ids of the items in these bins, oldest deletion first (emptying a bin). */
export async function binRootIds(db: DbOrTrx, groupIds: number[], limit: number): Promise<number[]> {
  const rows = await binQuery(db, groupIds)
    .select('f.id')
    .orderBy('f.deleted_at')
    .orderBy('f.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** A bin item by id (the item a user deleted, not something that went with it). */
export function findBinRoot(db: DbOrTrx, id: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', sql.lit('deleted'))
    .whereRef('delete_root', '=', 'id')
    .executeTakeFirst();
}

/** A live folder by id, in the caller's transaction. */
export function findLiveFolder(db: DbOrTrx, id: number): Promise<FileRow | undefined> {
  return db
    .selectFrom('files')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', sql.lit('live'))
    .where('is_folder', '=', 1)
    .executeTakeFirst();
}

/** Whether a live item of that name key lies in a folder. */
export async function nameTaken(db: DbOrTrx, groupId: number, parentId: number, nameKey: string) {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('group_id', '=', groupId)
    .where('parent_id', '=', parentId)
    .where('name_key', '=', nameKey)
    .where('status', '=', sql.lit('live'))
    .executeTakeFirst();
  return row !== undefined;
}

/** Brings back everything that went to the bin with `root` (the root included). */
export async function markLive(db: DbOrTrx, root: FileRow): Promise<void> {
  await db
    .updateTable('files')
    .set({ status: 'live', deleted_at: null, deleted_by: null, delete_root: null })
    .where('delete_root', '=', root.id)
    .where('status', '=', sql.lit('deleted'))
    .execute();
}

/** Bin items of a space deleted at or before `cutoff` (the retention purge), oldest first. */
export function expiredRoots(db: DbOrTrx, companyId: number, cutoff: number, limit: number) {
  return db
    .selectFrom('files as f')
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .select(['f.id', 'f.group_id'])
    .where('g.company_id', '=', companyId)
    .where('f.status', '=', sql.lit('deleted'))
    .whereRef('f.delete_root', '=', 'f.id')
    .where('f.deleted_at', '<=', cutoff)
    .orderBy('f.deleted_at')
    .orderBy('f.id')
    .limit(limit)
    .execute();
}

/** Companies (0: none) whose spaces hold bin items. */
export async function companiesWithBins(db: DbOrTrx): Promise<number[]> {
  const rows = await db
    .selectFrom('files as f')
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .select('g.company_id')
    .where('f.status', '=', sql.lit('deleted'))
    .whereRef('f.delete_root', '=', 'f.id')
    .distinct()
    .execute();
  return rows.map((r) => r.company_id);
}

/** Deleted teams whose spaces still hold files (live or in the bin). */
export async function deletedTeamsWithFiles(db: DbOrTrx): Promise<number[]> {
  const rows = await db
    .selectFrom('files as f')
    .innerJoin('groups as g', 'g.id', 'f.group_id')
    .select('g.id')
    .where('g.type', '=', 'team')
    .where('g.status', '=', sql.lit('deleted'))
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Takes every live item of a space to its bin, each top-level item as a bin root with its
 * subtree (as a delete of it would), so that the purge can take them.
 */
export async function binEverything(db: DbOrTrx, groupId: number, at: number): Promise<void> {
  const tops = await db
    .selectFrom('files')
    .select('id')
    .where('group_id', '=', groupId)
    .where('status', '=', sql.lit('live'))
    .where('path', '=', '/')
    .execute();
  for (const { id } of tops) {
    await db
      .updateTable('files')
      .set({ status: 'deleted', deleted_at: at, deleted_by: 0, delete_root: id })
      .where('group_id', '=', groupId)
      .where('status', '=', sql.lit('live'))
      .where((eb) =>
        eb.or([
          eb('id', '=', id),
          eb.and([
            eb('path', '>=', below({ path: '/', id }).from),
            eb('path', '<', below({ path: '/', id }).to),
          ]),
        ]),
      )
      .execute();
  }
}

/** The bin roots of one space, oldest first. */
export function binRootsOf(db: DbOrTrx, groupId: number, limit: number) {
  return db
    .selectFrom('files')
    .select('id')
    .where('group_id', '=', groupId)
    .where('status', '=', sql.lit('deleted'))
    .whereRef('delete_root', '=', 'id')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** What purging a bin item removes: the item and everything below it (all in the bin). */
export function purgeRows(db: DbOrTrx, root: FileRow) {
  let q = db
    .selectFrom('files')
    .select(['id', 'is_folder', 'size', 'sha256'])
    .where('status', '=', sql.lit('deleted'));
  q = root.is_folder
    ? q.where((eb) =>
        eb.or([
          eb('id', '=', root.id),
          eb.and([
            eb('group_id', '=', root.group_id),
            eb('path', '>=', below(root).from),
            eb('path', '<', below(root).to),
          ]),
        ]),
      )
    : q.where('id', '=', root.id);
  return q.execute();
}

/** The content keys of every version of these files. */
export async function versionKeys(db: DbOrTrx, fileIds: number[]): Promise<string[]> {
  const keys: string[] = [];
  for (const part of chunks(fileIds)) {
    const rows = await db
      .selectFrom('file_versions')
      .select('sha256')
      .where('file_id', 'in', part)
      .distinct()
      .execute();
    keys.push(...rows.map((r) => r.sha256));
  }
  return keys;
}

/** Deletes files for good with their versions and permission entries. */
export async function deleteFiles(db: DbOrTrx, fileIds: number[]): Promise<void> {
  for (const part of chunks(fileIds)) {
    await db.deleteFrom('file_versions').where('file_id', 'in', part).execute();
    await db.deleteFrom('file_acl').where('file_id', 'in', part).execute();
    await db.deleteFrom('secdoc_rights').where('file_id', 'in', part).execute();
    await db.deleteFrom('files').where('id', 'in', part).execute();
  }
}

/** A space row (the purge charges its quota). */
export function findSpace(db: DbOrTrx, id: number) {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rename(db: DbOrTrx, id: number, name: string, nameKey: string): Promise<void> {
  await db.updateTable('files').set({ name, name_key: nameKey }).where('id', '=', id).execute();
}
