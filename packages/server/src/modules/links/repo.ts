import { type Insertable, type Selectable, sql } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import { containsPattern } from '../../db/like.ts';
import type { LinkMembersTable, LinksTable } from '../../db/schema.ts';
import type { FileWithNames } from '../files/repo.ts';
import { below } from '../files/subtree.ts';

export type LinkRow = Selectable<LinksTable>;
export type MemberRow = Selectable<LinkMembersTable>;

// --- links ---------------------------------------------------------------------------------------

export async function insertLink(db: DbOrTrx, link: Insertable<LinksTable>): Promise<number> {
  const row = await db.insertInto('links').values(link).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export function findBySid(db: DbOrTrx, sid: string): Promise<LinkRow | undefined> {
  return db.selectFrom('links').selectAll().where('sid', '=', sid).executeTakeFirst();
}

export function findById(db: DbOrTrx, id: number): Promise<LinkRow | undefined> {
  return db.selectFrom('links').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The file's link: the open one, else the newest closed one (the panel shows "cancelled"). */
export function findByFile(db: DbOrTrx, fileId: number): Promise<LinkRow | undefined> {
  return db
    .selectFrom('links')
    .selectAll()
    .where('file_id', '=', fileId)
    .orderBy(sql`case when status = 'open' then 0 else 1 end`)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Open links of some files (their records carry link{sid}). */
const openOfFiles = hotQuery((db, fileIds: number[]) =>
  db
    .selectFrom('links')
    .select(['id', 'sid', 'file_id'])
    .where('file_id', 'in', fileIds)
    .where('status', '=', sql.lit('open')),
);

/** The open links of these files (asked by every folder page). */
export function findOpenByFiles(db: DbOrTrx, fileIds: number[]) {
  if (fileIds.length === 0) return Promise.resolve([]);
  return openOfFiles.all(db, fileIds);
}

/**
 * Changes a link if nobody changed it since `version` was read (spec 002: linkUpdateConcurrency);
 * answers whether it did. The version moves on with every change.
 */
export async function updateLink(
  db: DbOrTrx,
  id: number,
  version: number,
  patch: Partial<
    Pick<
      LinkRow,
      | 'sid'
      | 'ranges'
      | 'permission'
      | 'status'
      | 'expire_time'
      | 'expire_period'
      | 'download_limits'
      | 'download_count'
      | 'chkcode'
      | 'updated_at'
      | 'closed_at'
    >
  >,
): Promise<boolean> {
  const result = await db
    .updateTable('links')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes one download from the link's limit in a single statement, so concurrent downloads can
 * never take more than the limit: answers false when none is left.
 */
export async function takeDownload(
  db: DbOrTrx,
  link: Pick<LinkRow, 'id' | 'sid' | 'version'>,
): Promise<boolean> {
  const result = await db
    .updateTable('links')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', link.id)
    // The link as it was checked: not closed, reset or changed since (its settings bump version).
    .where('sid', '=', link.sid)
    .where('version', '=', link.version)
    .where('status', '=', sql.lit('open'))
    .where((eb) =>
      eb.or([eb('download_limits', '=', -1), eb('download_count', '<', eb.ref('download_limits'))]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A download taken for something that then did not happen (a save that copied nothing). */
export async function giveBackDownload(db: DbOrTrx, link: Pick<LinkRow, 'id' | 'sid'>): Promise<void> {
  await db
    .updateTable('links')
    .set((eb) => ({ download_count: eb('download_count', '-', 1) }))
    .where('id', '=', link.id)
    // Not to a link reset meanwhile: its count started again.
    .where('sid', '=', link.sid)
    .where('download_count', '>', 0)
    .execute();
}

/** Takes back one entry of the access log (a download given back). */
export async function forgetAccess(db: DbOrTrx, id: number): Promise<void> {
  await db.deleteFrom('link_access_log').where('id', '=', id).execute();
}

// --- what a link shares: the file, its space and the space's owner ------------------------------

export function findFile(db: DbOrTrx, id: number): Promise<FileWithNames | undefined> {
  return db
    .selectFrom('files as f')
    .leftJoin('users as c', 'c.id', 'f.creator_id')
    .leftJoin('users as m', 'm.id', 'f.modifier_id')
    .selectAll('f')
    .select(['c.nick_name as creator_name', 'm.nick_name as modifier_name'])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** A folder's live children, folders first, then by name (the shared-folder view). */
export function listChildren(
  db: DbOrTrx,
  folder: { group_id: number; id: number },
  offset: number,
  count: number,
) {
  return (
    db
      .selectFrom('files')
      .selectAll()
      .where('group_id', '=', folder.group_id)
      .where('parent_id', '=', folder.id)
      .where('status', '=', sql.lit('live'))
      // Security documents are not shared by links (shared/secdoc.ts).
      .where('secure_guid', '=', '')
      .orderBy('is_folder', 'desc')
      .orderBy('name_key')
      .orderBy('id')
      .offset(offset)
      .limit(count)
      .execute()
  );
}

export async function countChildren(db: DbOrTrx, folder: { group_id: number; id: number }): Promise<number> {
  const row = await db
    .selectFrom('files')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', folder.group_id)
    .where('parent_id', '=', folder.id)
    .where('status', '=', sql.lit('live'))
    // Security documents are not shared by links (shared/secdoc.ts).
    .where('secure_guid', '=', '')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function namesOf(db: DbOrTrx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('files').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every live item below a folder, shallowest first (a zip through a link). */
export function liveSubtree(db: DbOrTrx, folder: { group_id: number; path: string; id: number }) {
  return (
    db
      .selectFrom('files')
      .selectAll()
      .where('group_id', '=', folder.group_id)
      .where('path', '>=', below(folder).from)
      .where('path', '<', below(folder).to)
      .where('status', '=', sql.lit('live'))
      // Security documents are not shared by links (shared/secdoc.ts).
      .where('secure_guid', '=', '')
      .orderBy(sql`length(path)`)
      .orderBy('id')
      .execute()
  );
}

/** A space with what the link rules need of its owner: vip level, company, main department. */
export function findSpace(db: DbOrTrx, groupId: number) {
  return db
    .selectFrom('groups as g')
    .innerJoin('users as o', 'o.id', 'g.owner_id')
    .leftJoin('company_members as cm', 'cm.user_id', 'g.owner_id')
    .selectAll('g')
    .select([
      'o.vip_level as owner_vip_level',
      'cm.company_id as owner_company_id',
      'cm.main_dept_id as owner_main_dept_id',
    ])
    .where('g.id', '=', groupId)
    .executeTakeFirst();
}

export type SpaceRow = NonNullable<Awaited<ReturnType<typeof findSpace>>>;

export function findUser(db: DbOrTrx, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'nick_name', 'avatar', 'email', 'phone', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export function findUsers(db: DbOrTrx, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('users')
    .select(['id', 'nick_name', 'avatar', 'email', 'phone', 'status'])
    .where('id', 'in', ids)
    .execute();
}

/** The user holding this email (stored lower-case) or phone. */
export function findUserByAddress(db: DbOrTrx, kind: 'email' | 'phone', address: string) {
  return db
    .selectFrom('users')
    .select(['id', 'nick_name', 'avatar', 'email', 'phone', 'status'])
    .where(kind, '=', address)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export function findDepts(db: DbOrTrx, ids: number[], companyId: number) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('departments')
    .select(['id', 'name', 'display_path_name'])
    .where('id', 'in', ids)
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .execute();
}

// --- members -------------------------------------------------------------------------------------

export function memberKey(type: MemberRow['principal_type'], id: number, address = ''): string {
  return type === 'user' ? `u:${id}` : type === 'dept' ? `d:${id}` : `a:${address}`;
}

export async function insertMember(db: DbOrTrx, row: Insertable<LinkMembersTable>): Promise<number> {
  const inserted = await db.insertInto('link_members').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Adds a row unless the principal is already on the link (someone added them a moment ago):
 * answers the new id, or undefined. Unlike a unique violation this leaves a PostgreSQL
 * transaction usable, so a change of many rows goes on or fails as one.
 */
export async function insertMemberIfAbsent(
  db: DbOrTrx,
  row: Insertable<LinkMembersTable>,
): Promise<number | undefined> {
  const inserted = await db
    .insertInto('link_members')
    .values(row)
    .onConflict((oc) => oc.columns(['link_id', 'principal_key']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export function findMember(db: DbOrTrx, linkId: number, memberId: number) {
  return db
    .selectFrom('link_members')
    .selectAll()
    .where('link_id', '=', linkId)
    .where('id', '=', memberId)
    .executeTakeFirst();
}

export function findMemberByKey(db: DbOrTrx, linkId: number, key: string) {
  return db
    .selectFrom('link_members')
    .selectAll()
    .where('link_id', '=', linkId)
    .where('principal_key', '=', key)
    .executeTakeFirst();
}

export async function updateMemberPermission(db: DbOrTrx, id: number, permission: string, at: number) {
  await db.updateTable('link_members').set({ permission, updated_at: at }).where('id', '=', id).execute();
}

export async function deleteMember(db: DbOrTrx, id: number) {
  await db.deleteFrom('link_members').where('id', '=', id).execute();
}

/** Members in the order they were added; `withOwner` false leaves the owner rows out. */
function membersQuery(db: DbOrTrx, linkId: number, withOwner: boolean) {
  let q = db.selectFrom('link_members').where('link_id', '=', linkId);
  if (!withOwner) q = q.where('permission', '!=', 'owner');
  return q;
}

export function listMembers(
  db: DbOrTrx,
  linkId: number,
  opts: { withOwner: boolean; offset: number; count: number },
) {
  return membersQuery(db, linkId, opts.withOwner)
    .selectAll()
    .orderBy(sql`case when permission = 'owner' then 0 else 1 end`)
    .orderBy('id')
    .offset(opts.offset)
    .limit(opts.count)
    .execute();
}

export async function countMembers(db: DbOrTrx, linkId: number, withOwner: boolean): Promise<number> {
  const row = await membersQuery(db, linkId, withOwner)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Departments and people (not the owner rows) per link, and the first people for the chips. */
export async function memberSummaries(db: DbOrTrx, linkIds: number[], chips: number) {
  const summaries = new Map<number, { department: number; user: number; userIds: number[] }>();
  if (linkIds.length === 0) return summaries;
  const rows = await db
    .selectFrom('link_members')
    .select(['link_id', 'principal_type', 'principal_id', 'status'])
    .where('link_id', 'in', linkIds)
    .where('permission', '!=', 'owner')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const s = summaries.get(row.link_id) ?? { department: 0, user: 0, userIds: [] };
    if (row.principal_type === 'dept') s.department++;
    else s.user++;
    if (row.principal_type === 'user' && s.userIds.length < chips) s.userIds.push(row.principal_id);
    summaries.set(row.link_id, s);
  }
  return summaries;
}

/** The actor's own row on a link, if they are named as a person. */
export function findUserMember(db: DbOrTrx, linkId: number, userId: number) {
  return findMemberByKey(db, linkId, memberKey('user', userId));
}

/** The department rows of a link. */
export function deptMembers(db: DbOrTrx, linkId: number) {
  return db
    .selectFrom('link_members')
    .selectAll()
    .where('link_id', '=', linkId)
    .where('principal_type', '=', 'dept')
    .execute();
}

/** Invitations to this email or phone that have not become a member yet. */
export function pendingInvites(db: DbOrTrx, addresses: string[]) {
  if (addresses.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('link_members')
    .selectAll()
    .where('status', '=', 'unregister')
    .where('address', 'in', addresses)
    .execute();
}

/** Invitations on a link whose address now has an account. */
export function claimableOnLink(db: DbOrTrx, linkId: number) {
  return db
    .selectFrom('link_members as m')
    .innerJoin('users as u', (join) =>
      join.on((eb) =>
        eb.or([eb('u.email', '=', eb.ref('m.address')), eb('u.phone', '=', eb.ref('m.address'))]),
      ),
    )
    .select(['m.id', 'm.link_id', 'm.permission', 'm.address', 'u.id as user_id'])
    .where('m.link_id', '=', linkId)
    .where('m.status', '=', 'unregister')
    .where('u.status', '=', 'active')
    .execute();
}

// --- received ------------------------------------------------------------------------------------

/** The link reaches the user's shared-with-me list again (named on it, or they opened it). */
export async function receive(db: DbOrTrx, linkId: number, userId: number, at: number): Promise<void> {
  await db
    .insertInto('link_received')
    .values({ link_id: linkId, user_id: userId, received_at: at, exited_at: null })
    .onConflict((oc) => oc.columns(['link_id', 'user_id']).doUpdateSet({ exited_at: null }))
    .execute();
}

/** The user left the share (DELETE /api/v3/links/{sid}). */
export async function exit(db: DbOrTrx, linkId: number, userId: number, at: number): Promise<void> {
  await db
    .insertInto('link_received')
    .values({ link_id: linkId, user_id: userId, received_at: at, exited_at: at })
    .onConflict((oc) => oc.columns(['link_id', 'user_id']).doUpdateSet({ exited_at: at }))
    .execute();
}

export async function forgetReceived(db: DbOrTrx, linkId: number, userId: number): Promise<void> {
  await db.deleteFrom('link_received').where('link_id', '=', linkId).where('user_id', '=', userId).execute();
}

/**
 * After a link's range narrowed: those who have it in their shared-with-me list only because they
 * opened it lose it (they get it back by opening it again, if the new range lets them); the
 * people it names keep it, and so do the marks of those who left it.
 */
export async function forgetUnnamedReceivers(db: DbOrTrx, linkId: number): Promise<void> {
  await db
    .deleteFrom('link_received')
    .where('link_id', '=', linkId)
    .where('exited_at', 'is', null)
    .where('user_id', 'not in', (eb) =>
      eb
        .selectFrom('link_members')
        .select('principal_id')
        .where('link_id', '=', linkId)
        .where('principal_type', '=', 'user')
        .where('status', '=', 'active'),
    )
    .execute();
}

/** Whether the link is in the user's shared-with-me list (named on it or opened it, and not left). */
export async function hasReceived(db: DbOrTrx, linkId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('link_received')
    .select('exited_at')
    .where('link_id', '=', linkId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined && row.exited_at === null;
}

export async function hasExited(db: DbOrTrx, linkId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('link_received')
    .select('exited_at')
    .where('link_id', '=', linkId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.exited_at != null;
}

export type ListOrder = { orderby: 'mtime' | 'name' | 'size'; order: 'asc' | 'desc' };
/**
 * The shared lists' sort columns. Their time (mtime, the default, newest first) is when the item
 * was shared with the user or by them, the time their Shared column shows: an old file shared
 * today comes first.
 */
const ORDER_COLUMN = { name: 'f.name_key', mtime: 'shared_at', size: 'f.size' } as const;

/** Open links on live files, with the file and the link's creator. */
function sharedBase(db: DbOrTrx) {
  return db
    .selectFrom('links as l')
    .innerJoin('files as f', 'f.id', 'l.file_id')
    .leftJoin('users as u', 'u.id', 'l.creator_id')
    .where('l.status', '=', sql.lit('open'))
    .where('f.status', '=', sql.lit('live'));
}

/**
 * Links shared with the user: named on them or opened by them (link_received), or naming one of
 * their departments, unless they left; never their own.
 */
function receivedQuery(db: DbOrTrx, userId: number, deptIds: number[]) {
  return sharedBase(db)
    .leftJoin('link_received as r', (join) =>
      join.onRef('r.link_id', '=', 'l.id').on('r.user_id', '=', userId),
    )
    .where('l.creator_id', '!=', userId)
    .where('r.exited_at', 'is', null)
    .where((eb) => {
      const ors = [eb('r.user_id', '=', userId)];
      if (deptIds.length > 0) {
        ors.push(
          eb(
            'l.id',
            'in',
            eb
              .selectFrom('link_members as m')
              .select('m.link_id')
              .where('m.principal_type', '=', 'dept')
              .where('m.principal_id', 'in', deptIds),
          ),
        );
      }
      return eb.or(ors);
    });
}

function sentQuery(db: DbOrTrx, userId: number) {
  return sharedBase(db).where('l.creator_id', '=', userId);
}

export type SharedRow = Awaited<ReturnType<typeof listReceived>>[number];

export function listReceived(
  db: DbOrTrx,
  q: { userId: number; deptIds: number[]; offset: number; count: number } & ListOrder,
) {
  return receivedQuery(db, q.userId, q.deptIds)
    .selectAll('l')
    .select([
      'f.name as fname',
      'f.is_folder',
      'f.size as fsize',
      'f.mtime as fmtime',
      'f.group_id as fgroup_id',
      'u.nick_name as creator_name',
      sql<number>`coalesce(r.received_at, l.created_at)`.as('shared_at'),
    ])
    .orderBy(ORDER_COLUMN[q.orderby], q.order)
    .orderBy('l.id', q.order)
    .offset(q.offset)
    .limit(q.count)
    .execute();
}

export async function countReceived(db: DbOrTrx, userId: number, deptIds: number[]): Promise<number> {
  const row = await receivedQuery(db, userId, deptIds)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listSent(db: DbOrTrx, q: { userId: number; offset: number; count: number } & ListOrder) {
  return sentQuery(db, q.userId)
    .selectAll('l')
    .select([
      'f.name as fname',
      'f.is_folder',
      'f.size as fsize',
      'f.mtime as fmtime',
      'f.group_id as fgroup_id',
      'u.nick_name as creator_name',
      'l.created_at as shared_at',
    ])
    .orderBy(ORDER_COLUMN[q.orderby], q.order)
    .orderBy('l.id', q.order)
    .offset(q.offset)
    .limit(q.count)
    .execute();
}

export async function countSent(db: DbOrTrx, userId: number): Promise<number> {
  const row = await sentQuery(db, userId)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- the invite box: people the user shared with lately -------------------------------------------

export function recentMembers(db: DbOrTrx, userId: number, q: string, offset: number, size: number) {
  let query = db
    .selectFrom('link_members as m')
    .innerJoin('links as l', 'l.id', 'm.link_id')
    .innerJoin('users as u', 'u.id', 'm.principal_id')
    .select([
      'u.id',
      'u.nick_name',
      'u.avatar',
      'u.email',
      'u.phone',
      sql<number>`max(m.updated_at)`.as('last'),
    ])
    .where('m.added_by', '=', userId)
    .where('m.principal_type', '=', 'user')
    .where('m.permission', '!=', 'owner')
    .where('u.status', '=', 'active');
  if (q) {
    const like = containsPattern(q.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        sql<boolean>`lower(u.nick_name) like ${like} escape '\\'`,
        sql<boolean>`lower(u.email) like ${like} escape '\\'`,
        sql<boolean>`u.phone like ${like} escape '\\'`,
        sql<boolean>`lower(u.pinyin) like ${like} escape '\\'`,
      ]),
    );
  }
  return query
    .groupBy(['u.id', 'u.nick_name', 'u.avatar', 'u.email', 'u.phone'])
    .orderBy('last', 'desc')
    .orderBy('u.id')
    .offset(offset)
    .limit(size)
    .execute();
}

// --- access log and reports ------------------------------------------------------------------------

export async function logAccess(
  db: DbOrTrx,
  entry: {
    linkId: number;
    action: 'open' | 'download';
    userId: number | null;
    ip: string;
    fileId: number;
    at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('link_access_log')
    .values({
      link_id: entry.linkId,
      action: entry.action,
      user_id: entry.userId,
      ip: entry.ip,
      file_id: entry.fileId,
      at: entry.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Whether the visitor (the user, else the address) opened or downloaded the file through the link since `since`. */
export async function loggedLately(
  db: DbOrTrx,
  entry: {
    linkId: number;
    userId: number | null;
    ip: string;
    fileId: number;
    action: 'open' | 'download';
    since: number;
  },
): Promise<boolean> {
  let q = db
    .selectFrom('link_access_log')
    .select('id')
    .where('link_id', '=', entry.linkId)
    .where('action', '=', entry.action)
    .where('file_id', '=', entry.fileId)
    .where('at', '>=', entry.since);
  q =
    entry.userId === null
      ? q.where('user_id', 'is', null).where('ip', '=', entry.ip)
      : q.where('user_id', '=', entry.userId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

export function listAccess(db: DbOrTrx, linkId: number, offset: number, count: number) {
  return db
    .selectFrom('link_access_log as a')
    .leftJoin('users as u', 'u.id', 'a.user_id')
    .leftJoin('files as f', 'f.id', 'a.file_id')
    .select(['a.id', 'a.action', 'a.user_id', 'a.ip', 'a.file_id', 'a.at', 'u.nick_name', 'f.name as fname'])
    .where('a.link_id', '=', linkId)
    .orderBy('a.at', 'desc')
    .orderBy('a.id', 'desc')
    .offset(offset)
    .limit(count)
    .execute();
}

export async function insertReport(
  db: DbOrTrx,
  report: {
    kind: 'file' | 'link';
    fileId: number;
    linkId: number | null;
    reporterId: number | null;
    ip: string;
    reason: string;
    detail: string;
    at: number;
  },
): Promise<number> {
  const row = await db
    .insertInto('reports')
    .values({
      kind: report.kind,
      file_id: report.fileId,
      link_id: report.linkId,
      reporter_id: report.reporterId,
      reporter_ip: report.ip,
      reason: report.reason,
      reason_detail: report.detail,
      status: 'pending',
      created_at: report.at,
      handled_by: null,
      handled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The links of purged files (the recycle service's forget hook), with their members and the
 * shared-with-me entries: nothing can open them any more. Their access log and reports stay, as
 * the record of what happened.
 */
export async function removeOfFiles(db: DbOrTrx, fileIds: number[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += 500) {
    const links = await db
      .selectFrom('links')
      .select('id')
      .where('file_id', 'in', fileIds.slice(i, i + 500))
      .execute();
    if (links.length === 0) continue;
    const ids = links.map((l) => l.id);
    await db.deleteFrom('link_members').where('link_id', 'in', ids).execute();
    await db.deleteFrom('link_received').where('link_id', 'in', ids).execute();
    await db.deleteFrom('links').where('id', 'in', ids).execute();
  }
}
