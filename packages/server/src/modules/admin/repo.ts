import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import { containsPattern } from '../../db/like.ts';
import { lockRow } from '../../db/locks.ts';
import type { DepartmentRow, NewUser, UserUpdate } from '../../db/schema.ts';
import * as contactsRepo from '../contacts/repo.ts';

// --- People ------------------------------------------------------------------------------------

export interface PeopleQuery {
  /** The company whose members are listed; 0 lists general users (no company). */
  companyId: number;
  q?: string;
  /** Materialised path of a department: its members and those of its sub-departments. */
  deptPath?: string;
  status?: 'active' | 'disabled';
  offset: number;
  limit: number;
}

function peopleBase(db: DbOrTrx, query: PeopleQuery) {
  let q = db
    .selectFrom('users')
    .leftJoin('company_members as cm', 'cm.user_id', 'users.id')
    .where((eb) =>
      query.companyId ? eb('cm.company_id', '=', query.companyId) : eb('cm.user_id', 'is', null),
    );
  if (query.status) q = q.where('users.status', '=', query.status);
  if (query.q) {
    const lower = query.q.trim().toLowerCase();
    const like = containsPattern(lower);
    const compact = containsPattern(lower.replace(/\s+/g, ''));
    // By name, pinyin (full or initials), account, email or phone.
    q = q.where(
      sql<boolean>`(lower(users.nick_name) like ${like} escape '\\'
        or users.pinyin like ${compact} escape '\\'
        or users.pinyin_initials like ${compact} escape '\\'
        or users.unique_name like ${like} escape '\\'
        or lower(coalesce(users.email, '')) like ${like} escape '\\'
        or coalesce(users.phone, '') like ${like} escape '\\')`,
    );
  }
  if (query.deptPath) {
    const path = query.deptPath;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('dept_members as dm')
          .innerJoin('departments as d', 'd.id', 'dm.dept_id')
          .select('dm.user_id')
          .whereRef('dm.user_id', '=', 'users.id')
          .where('d.path', 'like', `${path}%`),
      ),
    );
  }
  return q;
}

export async function searchPeople(db: DbOrTrx, query: PeopleQuery) {
  const [rows, count] = await Promise.all([
    peopleBase(db, query)
      .selectAll('users')
      .select(['cm.company_id', 'cm.title', 'cm.employee_id', 'cm.main_dept_id'])
      .orderBy('users.id')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    peopleBase(db, query)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export function findPerson(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('users')
    .leftJoin('company_members as cm', 'cm.user_id', 'users.id')
    .selectAll('users')
    .select(['cm.company_id', 'cm.title', 'cm.employee_id', 'cm.main_dept_id'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

export function findUserByUniqueName(db: DbOrTrx, uniqueName: string) {
  return db.selectFrom('users').select(['id']).where('unique_name', '=', uniqueName).executeTakeFirst();
}

export function findUserIdWith(db: DbOrTrx, field: 'email' | 'phone', value: string) {
  return db.selectFrom('users').select(['id']).where(field, '=', value).executeTakeFirst();
}

/** Each person's departments, removed ones too, in the directory's order, as the console's tree lists them. */
export const deptsOfUsers = (db: DbOrTrx, userIds: number[]) => contactsRepo.deptsOfUsers(db, userIds, 'all');

export async function insertUser(db: DbOrTrx, row: NewUser): Promise<number> {
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateUser(db: DbOrTrx, id: number, patch: UserUpdate): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

export async function insertMember(
  db: DbOrTrx,
  row: {
    company_id: number;
    user_id: number;
    title: string;
    employee_id: string;
    main_dept_id: number | null;
    created_at: number;
  },
): Promise<void> {
  await db.insertInto('company_members').values(row).execute();
}

export async function updateMember(
  db: DbOrTrx,
  companyId: number,
  userId: number,
  patch: { title?: string; employee_id?: string; main_dept_id?: number | null },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db
    .updateTable('company_members')
    .set(patch)
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
}

/** Puts the user in exactly these departments. */
export async function replaceDeptMemberships(db: DbOrTrx, userId: number, deptIds: number[]): Promise<void> {
  await lockRow(db, 'users', userId);
  await db.deleteFrom('dept_members').where('user_id', '=', userId).execute();
  if (deptIds.length > 0)
    await db
      .insertInto('dept_members')
      .values(deptIds.map((dept_id) => ({ dept_id, user_id: userId })))
      .execute();
}

// --- Departments -------------------------------------------------------------------------------

export function listDepts(db: DbOrTrx, companyId: number) {
  return db
    .selectFrom('departments')
    .selectAll()
    .where('company_id', '=', companyId)
    .$call(contactsRepo.inDirectoryOrder)
    .execute();
}

export function findDept(db: DbOrTrx, id: number): Promise<DepartmentRow | undefined> {
  return db.selectFrom('departments').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findDeptsByIds(db: DbOrTrx, companyId: number, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as DepartmentRow[]);
  return db
    .selectFrom('departments')
    .selectAll()
    .where('company_id', '=', companyId)
    .where('id', 'in', ids)
    .execute();
}

export function findSibling(db: DbOrTrx, companyId: number, parentId: number | null, name: string) {
  return db
    .selectFrom('departments')
    .select(['id'])
    .where('company_id', '=', companyId)
    .where((eb) => (parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId)))
    .where('name', '=', name)
    .executeTakeFirst();
}

export async function insertDept(
  db: DbOrTrx,
  row: { company_id: number; parent: DepartmentRow | null; name: string; now: number },
): Promise<number> {
  const max = await db
    .selectFrom('departments')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .where('company_id', '=', row.company_id)
    .executeTakeFirst();
  const inserted = await db
    .insertInto('departments')
    .values({
      company_id: row.company_id,
      parent_id: row.parent?.id ?? null,
      name: row.name,
      status: 'active',
      path: '',
      display_path_name: row.parent ? `${row.parent.display_path_name}/${row.name}` : row.name,
      sort: Number(max?.sort ?? 0) + 1,
      created_at: row.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('departments')
    .set({ path: `${row.parent?.path ?? '/'}${inserted.id}/` })
    .where('id', '=', inserted.id)
    .execute();
  return inserted.id;
}

/**
 * Rewrites the path and display path of a department and its whole subtree after a rename or a
 * move: every row under the old path gets the new prefixes.
 */
export async function rewriteSubtree(
  db: DbOrTrx,
  dept: DepartmentRow,
  next: { parentId: number | null; name: string; path: string; display: string },
): Promise<void> {
  const rows = await db
    .selectFrom('departments')
    .select(['id', 'path', 'display_path_name'])
    .where('company_id', '=', dept.company_id)
    .where('path', 'like', `${dept.path}%`)
    .execute();
  for (const row of rows) {
    const patch =
      row.id === dept.id
        ? { parent_id: next.parentId, name: next.name, path: next.path, display_path_name: next.display }
        : {
            path: next.path + row.path.slice(dept.path.length),
            display_path_name: next.display + row.display_path_name.slice(dept.display_path_name.length),
          };
    await db.updateTable('departments').set(patch).where('id', '=', row.id).execute();
  }
}

export async function setSubtreeStatus(db: DbOrTrx, dept: DepartmentRow, status: 'active' | 'disabled') {
  await db
    .updateTable('departments')
    .set({ status })
    .where('company_id', '=', dept.company_id)
    .where('path', 'like', `${dept.path}%`)
    .execute();
}

/** The people of a department and of every department below it (by materialised path). */
export async function subtreeMemberIds(db: DbOrTrx, dept: DepartmentRow): Promise<number[]> {
  const rows = await db
    .selectFrom('dept_members as dm')
    .innerJoin('departments as d', 'd.id', 'dm.dept_id')
    .select('dm.user_id')
    .distinct()
    .where('d.company_id', '=', dept.company_id)
    .where('d.path', 'like', `${dept.path}%`)
    .execute();
  return rows.map((r) => r.user_id);
}

export function deptTeams(db: DbOrTrx, companyId: number) {
  return db
    .selectFrom('groups')
    .select(['id', 'dept_id'])
    .where('company_id', '=', companyId)
    .where('type', '=', 'team')
    .where('status', '=', 'active')
    .where('dept_id', 'is not', null)
    .execute();
}

export function deptQuotaRows(db: DbOrTrx, deptIds: number[]) {
  if (deptIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('space_quotas')
    .select(['scope_id', 'total', 'expand_self', 'used'])
    .where('scope', '=', 'dept')
    .where('scope_id', 'in', deptIds)
    .execute();
}

// --- Usage overview ----------------------------------------------------------------------------

export function usageOfPeople(db: DbOrTrx, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('company_members as cm')
    .innerJoin('users as u', 'u.id', 'cm.user_id')
    .leftJoin('space_quotas as q', (join) => join.onRef('q.scope_id', '=', 'u.id').on('q.scope', '=', 'user'))
    .select([
      'u.id',
      'u.nick_name as name',
      'u.unique_name as detail',
      'q.total',
      'q.expand_self',
      'q.used',
      'q.file_count',
    ])
    .where('cm.company_id', '=', companyId)
    .orderBy(sql`coalesce(q.used, 0)`, 'desc')
    .orderBy('u.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export function usageOfTeams(db: DbOrTrx, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('groups as g')
    .leftJoin('space_quotas as q', (join) =>
      join.onRef('q.scope_id', '=', 'g.id').on('q.scope', '=', 'group'),
    )
    .select(['g.id', 'g.name', 'g.team_type', 'q.total', 'q.expand_self', 'q.used', 'q.file_count'])
    .where('g.company_id', '=', companyId)
    .where('g.type', '=', 'team')
    .where('g.status', '=', 'active')
    .orderBy(sql`coalesce(q.used, 0)`, 'desc')
    .orderBy('g.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Departments by what they store, largest first; those that store as much, in the directory's order. */
export function usageOfDepts(db: DbOrTrx, companyId: number, offset: number, limit: number) {
  return db
    .selectFrom('departments')
    .leftJoin('space_quotas', (join) =>
      join.onRef('space_quotas.scope_id', '=', 'departments.id').on('space_quotas.scope', '=', 'dept'),
    )
    .select([
      'departments.id',
      'departments.name',
      'departments.display_path_name as detail',
      'space_quotas.total',
      'space_quotas.expand_self',
      'space_quotas.used',
      'space_quotas.file_count',
    ])
    .where('departments.company_id', '=', companyId)
    .where('departments.status', '=', 'active')
    .orderBy(sql`coalesce(space_quotas.used, 0)`, 'desc')
    .$call(contactsRepo.inDirectoryOrder)
    .offset(offset)
    .limit(limit)
    .execute();
}

export function findTeam(db: DbOrTrx, id: number) {
  return db
    .selectFrom('groups')
    .select(['id', 'name', 'company_id', 'type', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// --- Inboxes -----------------------------------------------------------------------------------

export function listFeedback(
  db: DbOrTrx,
  q: { companyIds: number[]; status: 'open' | 'handled' | 'all'; offset: number; limit: number },
) {
  let query = db
    .selectFrom('feedback as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('company_members as cm', 'cm.user_id', 'f.user_id')
    .select([
      'f.id',
      'f.content',
      'f.created_at',
      'f.handled_at',
      'u.id as user_id',
      'u.nick_name',
      'u.unique_name',
    ])
    .where(sql<number>`coalesce(cm.company_id, 0)`, 'in', q.companyIds)
    .orderBy('f.id', 'desc')
    .offset(q.offset)
    .limit(q.limit + 1);
  if (q.status === 'open') query = query.where('f.handled_at', 'is', null);
  if (q.status === 'handled') query = query.where('f.handled_at', 'is not', null);
  return query.execute();
}

export function findFeedback(db: DbOrTrx, id: number) {
  return db
    .selectFrom('feedback as f')
    .leftJoin('company_members as cm', 'cm.user_id', 'f.user_id')
    .select(['f.id', 'f.content', 'f.handled_at', sql<number>`coalesce(cm.company_id, 0)`.as('company_id')])
    .where('f.id', '=', id)
    .executeTakeFirst();
}

export function listOutbox(
  db: DbOrTrx,
  q: { recipient?: string; state?: string; kind?: string; offset: number; limit: number },
) {
  let query = db
    .selectFrom('outbox')
    .selectAll()
    .orderBy('id', 'desc')
    .offset(q.offset)
    .limit(q.limit + 1);
  if (q.recipient)
    query = query.where(
      sql<boolean>`lower(recipient) like ${containsPattern(q.recipient.toLowerCase())} escape '\\'`,
    );
  if (q.state) query = query.where('state', '=', q.state as 'stored');
  if (q.kind) query = query.where('kind', '=', q.kind);
  return query.execute();
}
