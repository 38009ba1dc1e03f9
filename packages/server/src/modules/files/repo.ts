import { sql } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import { lockRow } from '../../db/locks.ts';
import type { FileRow, NewFile } from '../../db/schema.ts';
import { below } from './subtree.ts';

/** A file row with the names of its creator and last modifier, as the presenters need it. */
export interface FileWithNames extends FileRow {
  creator_name: string | null;
  modifier_name: string | null;
}

function withNames(db: DbOrTrx) {
  return db
    .selectFrom('files as f')
    .leftJoin('users as c', 'c.id', 'f.creator_id')
    .leftJoin('users as m', 'm.id', 'f.modifier_id')
    .selectAll('f')
    .select(['c.nick_name as creator_name', 'm.nick_name as modifier_name']);
}

const fileById = hotQuery((db, id: number) => withNames(db).where('f.id', '=', id));
const filesById = hotQuery((db, ids: number[]) => withNames(db).where('f.id', 'in', ids));

export function findFile(db: DbOrTrx, id: number): Promise<FileWithNames | undefined> {
  return fileById.first(db, id);
}

const rowById = hotQuery((db, id: number) => db.selectFrom('files').selectAll().where('id', '=', id));

/** A file's row alone, without its people's names (a folder to write into). */
export function findFileRow(db: DbOrTrx, id: number): Promise<FileRow | undefined> {
  return rowById.first(db, id);
}

/** The columns of files a folder page shows (presenter.ts): not the path, keys or bin columns. */
const LISTED_COLUMNS = [
  'id',
  'group_id',
  'parent_id',
  'name',
  'is_folder',
  'size',
  'sha1',
  'ver',
  'ctime',
  'mtime',
  'creator_id',
  'modifier_id',
  'status',
  'secret_label',
  'secure_guid',
] as const;

export type ListedFile = Pick<
  FileWithNames,
  (typeof LISTED_COLUMNS)[number] | 'creator_name' | 'modifier_name'
>;

/**
 * The rows of a folder page with only what the page shows: reading a column costs, and the page's
 * rows were half of a folder list's time in SQLite (issue 11 W6). Its people's names are read
 * apart (userNames): joining users twice per row cost as much as reading the rows.
 */
const listedById = hotQuery((db, ids: number[]) =>
  db
    .selectFrom('files as f')
    .select(LISTED_COLUMNS.map((column) => `f.${column}` as const))
    .where('f.id', 'in', ids),
);

const userNames = hotQuery((db, ids: number[]) =>
  db.selectFrom('users').select(['id', 'nick_name']).where('id', 'in', ids),
);

export function findFiles(db: DbOrTrx, ids: number[]): Promise<FileWithNames[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return filesById.all(db, ids);
}

const liveByName = hotQuery((db, groupId: number, parentId: number, nameKey: string) =>
  db
    .selectFrom('files')
    .selectAll()
    .where('group_id', '=', groupId)
    .where('parent_id', '=', parentId)
    .where('name_key', '=', nameKey)
    .where('status', '=', sql.lit('live')),
);

/** The live item of that name (any case) in a folder. */
export function findLiveByName(db: DbOrTrx, groupId: number, parentId: number, nameKey: string) {
  return liveByName.first(db, groupId, parentId, nameKey);
}

export type OrderBy = 'name' | 'mtime' | 'size';

export interface ListQuery {
  groupId: number;
  parentId: number;
  foldersOnly: boolean;
  orderby: OrderBy;
  order: 'asc' | 'desc';
  offset: number;
  count: number;
  secretLabel?: number;
  /** Children the actor may not read (their own entries say so). */
  hiddenIds: number[];
}

/*
 * A file's status is compared with a literal ('live'), never a bound value, here and wherever the
 * files table is read: the column is in the condition of a partial index (files_live_name), and
 * SQLite prepares a statement again on every run when a bound value could change which index
 * applies (about 30 us each time, more than most of these queries take; issue 11 W6).
 */

/** The children a list asks for, without their creators' names (those are joined per page). */
function childrenQuery(db: DbOrTrx, q: ListQuery) {
  let query = db
    .selectFrom('files as f')
    .where('f.group_id', '=', q.groupId)
    .where('f.parent_id', '=', q.parentId)
    .where('f.status', '=', sql.lit('live'));
  if (q.foldersOnly) query = query.where('f.is_folder', '=', 1);
  if (q.secretLabel !== undefined) query = query.where('f.secret_label', '=', q.secretLabel);
  if (q.hiddenIds.length > 0) query = query.where('f.id', 'not in', q.hiddenIds);
  return query;
}

const ORDER_COLUMN = { name: 'f.name_key', mtime: 'f.mtime', size: 'f.size' } as const;

/** The ids of a page in the list's order: folders first, then the column, then the id. */
function pageQuery(db: DbOrTrx, q: ListQuery) {
  return childrenQuery(db, q)
    .select('f.id')
    .orderBy('f.is_folder', 'desc')
    .orderBy(ORDER_COLUMN[q.orderby], q.order)
    .orderBy('f.id', q.order)
    .offset(q.offset)
    .limit(q.count);
}

/** A list without filters: what almost every folder page asks (its queries are kept compiled). */
function plainList(q: ListQuery): boolean {
  return !q.foldersOnly && q.secretLabel === undefined && q.hiddenIds.length === 0;
}

function plainPage(orderby: OrderBy, order: 'asc' | 'desc') {
  return hotQuery((db, groupId: number, parentId: number, offset: number, count: number) =>
    pageQuery(db, { groupId, parentId, orderby, order, offset, count, foldersOnly: false, hiddenIds: [] }),
  );
}

const pageIds = Object.fromEntries(
  (['name', 'mtime', 'size'] as const).map((by) => [
    by,
    { asc: plainPage(by, 'asc'), desc: plainPage(by, 'desc') },
  ]),
) as Record<OrderBy, Record<'asc' | 'desc', ReturnType<typeof plainPage>>>;

const keptCount = hotQuery((db, groupId: number, parentId: number) =>
  db
    .selectFrom('folder_counts')
    .select('live')
    .where('group_id', '=', groupId)
    .where('parent_id', '=', parentId),
);

/**
 * One page of a folder: folders first, then by the chosen column, then by id so pages never overlap.
 * The page's ids come from the list-order index alone (migration 0010), and only those rows are
 * then read and joined, put in the ids' order here: an offset deep in a large folder steps over
 * index entries, not over rows with their joins, and no second sort runs over whole rows
 * (issue 11 W4 and W6, bench/RESULTS.md).
 */
export async function listChildren(db: DbOrTrx, q: ListQuery): Promise<ListedFile[]> {
  const page = plainList(q)
    ? await pageIds[q.orderby][q.order].all(db, q.groupId, q.parentId, q.offset, q.count)
    : await pageQuery(db, q).execute();
  if (page.length === 0) return [];
  const position = new Map(page.map((row, i) => [row.id, i]));
  const rows = await listedById.all(
    db,
    page.map((row) => row.id),
  );
  const people = new Set<number>();
  for (const row of rows) people.add(row.creator_id).add(row.modifier_id);
  const found = people.size > 0 ? await userNames.all(db, [...people]) : [];
  const names = new Map(found.map((u) => [u.id, u.nick_name]));
  const listed: ListedFile[] = rows.map((row) =>
    Object.assign(row, {
      creator_name: names.get(row.creator_id) ?? null,
      modifier_name: names.get(row.modifier_id) ?? null,
    }),
  );
  return listed.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
}

/**
 * How many children a list has in all. Without filters that is the folder's live count, kept by
 * triggers (migration 0012) so that a page of a large folder does not count it again (issue 11 W4).
 */
export async function countChildren(db: DbOrTrx, q: ListQuery): Promise<number> {
  if (plainList(q)) {
    const kept = await keptCount.first(db, q.groupId, q.parentId);
    return Number(kept?.live ?? 0);
  }
  const row = await childrenQuery(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const namesById = hotQuery((db, ids: number[]) =>
  db.selectFrom('files').select(['id', 'name']).where('id', 'in', ids),
);

/** Names of folders by id (for paths). */
export async function namesOf(db: DbOrTrx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await namesById.all(db, ids);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every item below a folder (`live` only, or also those in the bin), shallowest first. */
export function findSubtree(
  db: DbOrTrx,
  folder: Pick<FileRow, 'group_id' | 'path' | 'id'>,
  opts: { liveOnly: boolean },
) {
  let q = db
    .selectFrom('files')
    .selectAll()
    .where('group_id', '=', folder.group_id)
    .where('path', '>=', below(folder).from)
    .where('path', '<', below(folder).to);
  if (opts.liveOnly) q = q.where('status', '=', sql.lit('live'));
  return q.orderBy(sql`length(path)`).orderBy('id').execute();
}

/** Whether an item is, or a folder holds, a live security document. */
export async function holdsSecdoc(db: DbOrTrx, item: FileRow): Promise<boolean> {
  if (!item.is_folder) return item.secure_guid !== '';
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('group_id', '=', item.group_id)
    .where('path', '>=', below(item).from)
    .where('path', '<', below(item).to)
    .where('status', '=', sql.lit('live'))
    .where('secure_guid', '<>', '')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Bytes of content and number of items of an item with everything below it, the bin included. */
export async function subtreeUsage(db: DbOrTrx, item: FileRow): Promise<{ bytes: number; files: number }> {
  if (!item.is_folder) return { bytes: item.size, files: 1 };
  const row = await db
    .selectFrom('files')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes'),
      eb.fn.countAll<number>().as('n'),
    ])
    .where('group_id', '=', item.group_id)
    .where('path', '>=', below(item).from)
    .where('path', '<', below(item).to)
    .executeTakeFirstOrThrow();
  return { bytes: Number(row.bytes), files: Number(row.n) + 1 };
}

const liveFolder = hotQuery((db, id: number) =>
  db
    .selectFrom('files')
    .select(['id', 'path', 'group_id'])
    .where('id', '=', id)
    .where('status', '=', sql.lit('live'))
    .where('is_folder', '=', 1),
);

/** A live folder's id, path and space as they are now (the upload's hot path reads it). */
export function findLiveFolderNow(db: DbOrTrx, id: number) {
  return liveFolder.first(db, id);
}

const fileInsert = hotQuery((db, file: NewFile) => db.insertInto('files').values(file).returningAll());

/** Inserts a file and answers its row as stored (its id, the columns' defaults). */
export async function insertFile(db: DbOrTrx, file: NewFile): Promise<FileRow> {
  const row = await fileInsert.first(db, file);
  if (!row) throw new Error('insert into files answered no row');
  return row;
}

export interface NewVersion {
  file_id: number;
  ver: number;
  size: number;
  sha256: string;
  sha1: string;
  modifier_id: number;
  created_at: number;
}

const versionInsert = hotQuery((db, version: NewVersion) => db.insertInto('file_versions').values(version));

export async function insertVersion(db: DbOrTrx, version: NewVersion): Promise<void> {
  await versionInsert.run(db, version);
}

export async function updateFile(
  db: DbOrTrx,
  id: number,
  patch: Partial<
    Pick<
      FileRow,
      'name' | 'name_key' | 'size' | 'sha256' | 'sha1' | 'ver' | 'mtime' | 'modifier_id' | 'secret_label'
    >
  >,
) {
  await db.updateTable('files').set(patch).where('id', '=', id).execute();
}

/** Takes a live item and its live subtree to the recycle bin. */
export async function markDeleted(db: DbOrTrx, item: FileRow, actorId: number, at: number): Promise<void> {
  const binned = { status: 'deleted' as const, deleted_at: at, deleted_by: actorId, delete_root: item.id };
  await db
    .updateTable('files')
    .set(binned)
    .where('id', '=', item.id)
    .where('status', '=', sql.lit('live'))
    .execute();
  if (!item.is_folder) return;
  const { from, to } = below(item);
  await db
    .updateTable('files')
    .set(binned)
    .where('group_id', '=', item.group_id)
    .where('path', '>=', from)
    .where('path', '<', to)
    .where('status', '=', sql.lit('live'))
    .execute();
}

/** Moves an item (and its whole subtree) under a new parent, possibly in another space. */
export async function moveItem(
  db: DbOrTrx,
  item: FileRow,
  target: { groupId: number; parentId: number; path: string },
): Promise<void> {
  await db
    .updateTable('files')
    .set({ group_id: target.groupId, parent_id: target.parentId, path: target.path })
    .where('id', '=', item.id)
    .execute();
  if (!item.is_folder) return;
  const oldPrefix = below(item);
  const newPrefix = `${target.path}${item.id}/`;
  await db
    .updateTable('files')
    .set({
      group_id: target.groupId,
      path: sql<string>`${newPrefix} || substr(path, ${oldPrefix.from.length + 1})`,
    })
    .where('group_id', '=', item.group_id)
    .where('path', '>=', oldPrefix.from)
    .where('path', '<', oldPrefix.to)
    .execute();
}

/**
 * Moves an item to the root of its own space, with the paths below it: a recovered item whose
 * folder is gone, or a bin item left behind when its folder moves to another space.
 */
export async function moveToRoot(db: DbOrTrx, item: FileRow): Promise<void> {
  await db.updateTable('files').set({ parent_id: 0, path: '/' }).where('id', '=', item.id).execute();
  if (!item.is_folder) return;
  const oldPrefix = below(item);
  const newPrefix = `/${item.id}/`;
  await db
    .updateTable('files')
    .set({ path: sql<string>`${newPrefix} || substr(path, ${oldPrefix.from.length + 1})` })
    .where('group_id', '=', item.group_id)
    .where('path', '>=', oldPrefix.from)
    .where('path', '<', oldPrefix.to)
    .execute();
}

/**
 * The bin items below a folder that hang off its live part: deleted rows whose own folder is
 * live. Everything else in the folder's bin lies below one of them.
 */
export function findBinRootsBelow(db: DbOrTrx, folder: Pick<FileRow, 'group_id' | 'path' | 'id'>) {
  return db
    .selectFrom('files as f')
    .innerJoin('files as p', 'p.id', 'f.parent_id')
    .selectAll('f')
    .where('f.group_id', '=', folder.group_id)
    .where('f.path', '>=', below(folder).from)
    .where('f.path', '<', below(folder).to)
    .where('f.status', '=', sql.lit('deleted'))
    .where('p.status', '=', sql.lit('live'))
    .execute();
}

// --- permission entries ---------------------------------------------------------------------

export function findAcl(db: DbOrTrx, groupId: number) {
  return db
    .selectFrom('file_acl')
    .select(['file_id', 'principal_type', 'principal_id', 'mask'])
    .where('group_id', '=', groupId)
    .execute();
}

export function findAclOfFile(db: DbOrTrx, fileId: number) {
  return db
    .selectFrom('file_acl as a')
    .leftJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'a.principal_id').on('a.principal_type', '=', 'user'),
    )
    .leftJoin('departments as d', (join) =>
      join.onRef('d.id', '=', 'a.principal_id').on('a.principal_type', '=', 'dept'),
    )
    .select(['a.principal_type', 'a.principal_id', 'a.mask', 'u.nick_name', 'd.name as dept_name'])
    .where('a.file_id', '=', fileId)
    .orderBy('a.principal_type', 'desc')
    .orderBy('a.principal_id')
    .execute();
}

export interface AclEntry {
  principal_type: 'user' | 'dept';
  principal_id: number;
  mask: number;
}

export async function replaceAcl(
  db: DbOrTrx,
  fileId: number,
  groupId: number,
  entries: AclEntry[],
): Promise<void> {
  await lockRow(db, 'files', fileId);
  await db.deleteFrom('file_acl').where('file_id', '=', fileId).execute();
  if (entries.length === 0) return;
  await db
    .insertInto('file_acl')
    .values(entries.map((e) => ({ ...e, file_id: fileId, group_id: groupId })))
    .execute();
}

/** Entries of an item and everything below it (they do not travel to another space). */
export async function deleteAclOfSubtree(db: DbOrTrx, item: FileRow): Promise<void> {
  await db
    .deleteFrom('file_acl')
    .where('group_id', '=', item.group_id)
    .where((eb) =>
      eb.or([
        eb('file_id', '=', item.id),
        eb(
          'file_id',
          'in',
          eb
            .selectFrom('files')
            .select('id')
            .where('group_id', '=', item.group_id)
            .where('path', '>=', below(item).from)
            .where('path', '<', below(item).to),
        ),
      ]),
    )
    .execute();
}

/** Which of these ids name existing users, and which active departments of a company. */
export async function existingPrincipals(
  db: DbOrTrx,
  userIds: number[],
  deptIds: number[],
  companyId: number,
) {
  const users = userIds.length
    ? await db.selectFrom('users').select('id').where('id', 'in', userIds).execute()
    : [];
  const depts = deptIds.length
    ? await db
        .selectFrom('departments')
        .select('id')
        .where('id', 'in', deptIds)
        .where('company_id', '=', companyId)
        .where('status', '=', 'active')
        .execute()
    : [];
  return { users: new Set(users.map((u) => u.id)), depts: new Set(depts.map((d) => d.id)) };
}

// --- previous and next file (the viewer pages through a folder, modules/preview) --------------

export interface SiblingQuery {
  orderby: OrderBy;
  order: 'asc' | 'desc';
  /** Files the actor may not read (their own entries say so). */
  hiddenIds: number[];
  /** Leave out security documents (a shared folder's list: links do not share them). */
  withoutSecdocs?: boolean;
}

function siblingFiles(db: DbOrTrx, file: FileRow, q: SiblingQuery) {
  let query = db
    .selectFrom('files as f')
    .where('f.group_id', '=', file.group_id)
    .where('f.parent_id', '=', file.parent_id)
    .where('f.status', '=', sql.lit('live'))
    .where('f.is_folder', '=', 0);
  if (q.hiddenIds.length > 0) query = query.where('f.id', 'not in', q.hiddenIds);
  if (q.withoutSecdocs) query = query.where('f.secure_guid', '=', '');
  return query;
}

/**
 * The files just before and after `file` among its folder's files, in the list's order (the
 * order of listChildren without the folders), its 1-based position and how many there are.
 */
export async function neighbors(db: DbOrTrx, file: FileRow, q: SiblingQuery) {
  const column = ORDER_COLUMN[q.orderby];
  const value = q.orderby === 'name' ? file.name_key : q.orderby === 'mtime' ? file.mtime : file.size;
  const asc = q.order === 'asc';
  const side = (before: boolean) => {
    // Before in ascending order means smaller; in descending order, larger.
    const op = before === asc ? '<' : '>';
    return siblingFiles(db, file, q).where((eb) =>
      eb.or([eb(column, op, value), eb.and([eb(column, '=', value), eb('f.id', op, file.id)])]),
    );
  };
  const direction = (before: boolean) => (before === asc ? 'desc' : 'asc');
  const [prev, next, before, total] = await Promise.all([
    side(true)
      .select(['f.id', 'f.name'])
      .orderBy(column, direction(true))
      .orderBy('f.id', direction(true))
      .limit(1)
      .executeTakeFirst(),
    side(false)
      .select(['f.id', 'f.name'])
      .orderBy(column, direction(false))
      .orderBy('f.id', direction(false))
      .limit(1)
      .executeTakeFirst(),
    side(true)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    siblingFiles(db, file, q)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { prev, next, index: Number(before.n) + 1, total: Number(total.n) };
}
