import { type SelectQueryBuilder, sql } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

const PERSON_COLUMNS = [
  'users.id',
  'users.nick_name',
  'users.unique_name',
  'users.avatar',
  'users.email',
  'users.phone',
  'users.pinyin',
  'users.pinyin_initials',
] as const;

export type PersonRow = {
  id: number;
  nick_name: string;
  unique_name: string;
  avatar: string;
  email: string | null;
  phone: string | null;
  pinyin: string;
  pinyin_initials: string;
};

export function findCompany(db: DbOrTrx, id: number) {
  return db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function countCompanyMembers(db: DbOrTrx, companyId: number): Promise<number> {
  const row = await db
    .selectFrom('company_members')
    .innerJoin('users', 'users.id', 'company_members.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_members.company_id', '=', companyId)
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findCompanyMember(db: DbOrTrx, userId: number) {
  return db.selectFrom('company_members').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

const DEPT_COLUMNS = [
  'departments.id',
  'departments.company_id',
  'departments.parent_id',
  'departments.name',
  'departments.path',
  'departments.display_path_name',
  'departments.sort',
] as const;

export type DeptRow = {
  id: number;
  company_id: number;
  parent_id: number | null;
  name: string;
  path: string;
  display_path_name: string;
  sort: number;
};

/**
 * The directory's department order, the tree's and a person's list of departments alike, here and
 * in the console: by sort, then id. By their paths' text, '/1/10/' came before '/1/2/'. The columns
 * by sql.ref: Kysely cannot check a column name against a query's tables left generic.
 */
export function inDirectoryOrder<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>) {
  return query.orderBy(sql.ref('departments.sort')).orderBy(sql.ref('departments.id'));
}

/** A company's active departments, in tree order (inDirectoryOrder). */
export function listDepts(db: DbOrTrx, companyId: number): Promise<DeptRow[]> {
  return db
    .selectFrom('departments')
    .select(DEPT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .$call(inDirectoryOrder)
    .execute();
}

export function findDepts(db: DbOrTrx, ids: number[]): Promise<DeptRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('departments')
    .select(DEPT_COLUMNS)
    .where('id', 'in', ids)
    .where('status', '=', 'active')
    .$call(inDirectoryOrder)
    .execute();
}

/** Active departments below any of `paths` (the departments themselves included). */
export function findSubtrees(db: DbOrTrx, companyId: number, paths: string[]): Promise<DeptRow[]> {
  if (paths.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('departments')
    .select(DEPT_COLUMNS)
    .where('company_id', '=', companyId)
    .where('status', '=', 'active')
    .where((eb) => eb.or(paths.map((p) => eb('path', 'like', `${p}%`))))
    .$call(inDirectoryOrder)
    .execute();
}

/**
 * The one rule for a department's member count, in the directory and the console alike: the
 * active people in the department and in its sub-departments, each person once (a department entry
 * in a team brings the same people). An active department counts its active sub-departments; a
 * disabled one, whose whole subtree is disabled with it, still counts the people placed there.
 */
export async function deptMemberCounts(db: DbOrTrx, deptIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  for (const part of chunks(deptIds)) {
    const rows = await db
      .selectFrom('departments as d')
      .innerJoin('departments as sub', (join) =>
        join
          .on(sql<boolean>`${sql.ref('sub.path')} like (${sql.ref('d.path')} || '%')`)
          .onRef('sub.status', '=', 'd.status'),
      )
      .innerJoin('dept_members as dm', 'dm.dept_id', 'sub.id')
      .innerJoin('users as u', 'u.id', 'dm.user_id')
      .select(['d.id', (eb) => eb.fn.count<number>('dm.user_id').distinct().as('n')])
      .where('d.id', 'in', part)
      .where('u.status', '=', 'active')
      .groupBy('d.id')
      .execute();
    for (const r of rows) counts.set(r.id, Number(r.n));
  }
  return counts;
}

/** The people placed directly in a department, by name, paged. */
export function listDeptMembers(db: DbOrTrx, deptId: number, offset: number, limit: number) {
  return db
    .selectFrom('dept_members')
    .innerJoin('users', 'users.id', 'dept_members.user_id')
    .select(PERSON_COLUMNS)
    .where('dept_members.dept_id', '=', deptId)
    .where('users.status', '=', 'active')
    .orderBy('users.pinyin')
    .orderBy('users.id')
    .offset(offset)
    .limit(limit)
    .execute();
}

export async function countDeptMembers(db: DbOrTrx, deptId: number): Promise<number> {
  const row = await db
    .selectFrom('dept_members')
    .innerJoin('users', 'users.id', 'dept_members.user_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('dept_members.dept_id', '=', deptId)
    .where('users.status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findPersons(db: DbOrTrx, ids: number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(PERSON_COLUMNS).where('users.id', 'in', ids).execute();
}

/** Which of `ids` belong to the company. */
export async function companyMemberIds(db: DbOrTrx, companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('company_members')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Each person's departments (name and display path), in the directory's order (inDirectoryOrder),
 * for lists, search results and favourites; the console asks for removed departments too.
 */
export function deptsOfUsers(db: DbOrTrx, userIds: number[], which: 'active' | 'all' = 'active') {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('dept_members')
    .innerJoin('departments', 'departments.id', 'dept_members.dept_id')
    .select(['dept_members.user_id', 'departments.id', 'departments.name', 'departments.display_path_name'])
    .where('dept_members.user_id', 'in', userIds)
    .$if(which === 'active', (q) => q.where('departments.status', '=', 'active'))
    .$call(inDirectoryOrder)
    .execute();
}

export async function touchRecent(
  db: DbOrTrx,
  userId: number,
  items: { type: number; entityId: number }[],
  now: number,
): Promise<void> {
  for (const item of items) {
    await db
      .insertInto('recent_contacts')
      .values({ user_id: userId, type: item.type, entity_id: item.entityId, used_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'type', 'entity_id']).doUpdateSet({ used_at: now }))
      .execute();
  }
}

export function listRecent(db: DbOrTrx, userId: number, limit: number) {
  return db
    .selectFrom('recent_contacts')
    .select(['type', 'entity_id', 'used_at'])
    .where('user_id', '=', userId)
    .orderBy('used_at', 'desc')
    .orderBy('entity_id', 'desc')
    .limit(limit)
    .execute();
}
