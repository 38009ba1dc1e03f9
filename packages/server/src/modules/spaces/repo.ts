import { sql } from 'kysely';
import { chunks } from '../../db/chunks.ts';
import { hotQuery } from '../../db/hot.ts';
import type { DbOrTrx } from '../../db/index.ts';
import type { GroupRow } from '../../db/schema.ts';
import type { QuotaRow, QuotaScope } from './quota.ts';

const activeGroup = hotQuery((db, id: number) =>
  db.selectFrom('groups').selectAll().where('id', '=', id).where('status', '=', 'active'),
);

export function findGroup(db: DbOrTrx, id: number): Promise<GroupRow | undefined> {
  return activeGroup.first(db, id);
}

export function findPersonalGroup(db: DbOrTrx, ownerId: number, type: 'special' | 'tmp') {
  return db
    .selectFrom('groups')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('type', '=', type)
    .executeTakeFirst();
}

export interface NewGroup {
  type: GroupRow['type'];
  team_type: number;
  owner_id: number;
  company_id: number;
  dept_id: number | null;
  name: string;
  avatar?: string;
  notice?: string;
  auto_convert_state?: number;
  created_at: number;
}

export async function insertGroup(db: DbOrTrx, group: NewGroup): Promise<number> {
  const row = await db.insertInto('groups').values(group).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMember(
  db: DbOrTrx,
  groupId: number,
  userId: number,
  teamRole: number,
  now: number,
) {
  await db
    .insertInto('group_members')
    .values({ group_id: groupId, user_id: userId, team_role: teamRole, joined_at: now })
    .execute();
}

export async function insertDeptEntry(db: DbOrTrx, groupId: number, deptId: number, now: number) {
  await db.insertInto('group_depts').values({ group_id: groupId, dept_id: deptId, joined_at: now }).execute();
}

export function findMembership(db: DbOrTrx, groupId: number, userId: number) {
  return db
    .selectFrom('group_members')
    .select(['team_role', 'is_top'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The teams a user belongs to by a user entry of their own (group_members), any order. */
export function listMemberTeams(db: DbOrTrx, userId: number, opts: { includeChats: boolean }) {
  let q = db
    .selectFrom('group_members as m')
    .innerJoin('groups as g', 'g.id', 'm.group_id')
    .selectAll('g')
    .select(['m.team_role', 'm.is_top'])
    .where('m.user_id', '=', userId)
    .where('g.type', '=', 'team')
    .where('g.status', '=', 'active');
  if (!opts.includeChats) q = q.where('g.team_type', '<>', 1);
  return q.execute();
}

/**
 * The (group, user, department entry) triples of the people that department entries bring into
 * teams: the members of each entry's department and of its sub-departments (by materialised path),
 * active departments and active accounts only (a disabled account is no member: see
 * activeMemberEntries). Resolved on every read, so a team follows its departments.
 */
function covered(db: DbOrTrx) {
  return db
    .selectFrom('group_depts as gd')
    .innerJoin('departments as d', 'd.id', 'gd.dept_id')
    .innerJoin('departments as sub', (join) =>
      join.on(sql<boolean>`${sql.ref('sub.path')} like (${sql.ref('d.path')} || '%')`),
    )
    .innerJoin('dept_members as dm', 'dm.dept_id', 'sub.id')
    .innerJoin('users as du', 'du.id', 'dm.user_id')
    .where('d.status', '=', 'active')
    .where('sub.status', '=', 'active')
    .where('du.status', '=', 'active');
}

/**
 * The user entries (group_members) of people whose account is active. An administrator's disabling
 * a person (users.status) takes them out of every team's list and count, as a department entry's
 * people are: they cannot sign in, so they are no one to share with, mention or count against
 * max_group_members. Their entries stay, so enabling them again brings them back with their role;
 * the owner's entry too (the team keeps its owner, whom the details still name).
 */
function activeMemberEntries(db: DbOrTrx) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('users as mu', 'mu.id', 'gm.user_id')
    .where('mu.status', '=', 'active');
}

/** The user entries of the team's active people: user, role, joining time and pin. */
export function findActiveMembers(db: DbOrTrx, groupId: number) {
  return activeMemberEntries(db)
    .select(['gm.user_id', 'gm.team_role', 'gm.joined_at', 'gm.is_top'])
    .where('gm.group_id', '=', groupId)
    .execute();
}

/** The people department entries bring into a team, with the entry each comes through. */
export function findCoveredUsers(db: DbOrTrx, groupId: number) {
  return covered(db)
    .select(['dm.user_id', 'gd.dept_id'])
    .where('gd.group_id', '=', groupId)
    .orderBy('dm.user_id')
    .execute();
}

/**
 * The (team, person) pairs of these people's active teams and chats, each pair once: by a user
 * entry of an active account, or by a department entry. What a console change moves people into
 * or out of (teams.followDepartments): their departments, or their account disabled or enabled.
 */
export async function findTeamsOf(db: DbOrTrx, userIds: readonly number[]) {
  const pairs: { group_id: number; user_id: number }[] = [];
  for (const part of chunks(userIds)) {
    const rows = await activeMemberEntries(db)
      .innerJoin('groups as g', 'g.id', 'gm.group_id')
      .select(['gm.group_id', 'gm.user_id'])
      .where('gm.user_id', 'in', part)
      .where('g.status', '=', 'active')
      .union(
        covered(db)
          .innerJoin('groups as g', 'g.id', 'gd.group_id')
          .select(['gd.group_id', 'dm.user_id'])
          .where('dm.user_id', 'in', part)
          .where('g.status', '=', 'active'),
      )
      .execute();
    pairs.push(...rows);
  }
  return pairs;
}

/** The team's own member entries of active people: user and role. */
export function findMemberEntries(db: DbOrTrx, groupId: number) {
  return activeMemberEntries(db)
    .select(['gm.user_id', 'gm.team_role'])
    .where('gm.group_id', '=', groupId)
    .execute();
}

/** Whether a department entry of the team brings the user in; with their pin if so. */
export async function findDeptMembership(db: DbOrTrx, groupId: number, userId: number) {
  const row = await covered(db)
    .select('gd.dept_id')
    .where('gd.group_id', '=', groupId)
    .where('dm.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const pin = await db
    .selectFrom('group_pins')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { deptId: row.dept_id, isTop: pin !== undefined };
}

/** Teams a user belongs to only through department entries, with their pins. */
export async function listDeptTeams(db: DbOrTrx, userId: number, opts: { includeChats: boolean }) {
  let q = covered(db)
    .innerJoin('groups as g', 'g.id', 'gd.group_id')
    .leftJoin('group_members as m', (join) =>
      join.onRef('m.group_id', '=', 'gd.group_id').on('m.user_id', '=', userId),
    )
    .leftJoin('group_pins as p', (join) =>
      join.onRef('p.group_id', '=', 'gd.group_id').on('p.user_id', '=', userId),
    )
    .selectAll('g')
    .select((eb) => eb.fn.max(eb.fn.coalesce('p.user_id', eb.lit(0))).as('pinned'))
    .where('dm.user_id', '=', userId)
    .where('m.user_id', 'is', null)
    .where('g.type', '=', 'team')
    .where('g.status', '=', 'active')
    .groupBy('g.id');
  if (!opts.includeChats) q = q.where('g.team_type', '<>', 1);
  return q.execute();
}

/** People per team: active user entries and the people department entries bring, each person once. */
export async function countMembers(db: DbOrTrx, groupIds: number[]): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const people = activeMemberEntries(db)
    .select(['gm.group_id', 'gm.user_id'])
    .where('gm.group_id', 'in', groupIds)
    .union(covered(db).select(['gd.group_id', 'dm.user_id']).where('gd.group_id', 'in', groupIds));
  const rows = await db
    .selectFrom(people.as('p'))
    .select(['p.group_id', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('p.group_id')
    .execute();
  return new Map(rows.map((r) => [r.group_id, Number(r.n)]));
}

export async function findRoleMasks(db: DbOrTrx, groupId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('group_role_masks')
    .select(['team_role', 'mask'])
    .where('group_id', '=', groupId)
    .execute();
  return new Map(rows.map((r) => [r.team_role, r.mask]));
}

export async function upsertRoleMask(db: DbOrTrx, groupId: number, teamRole: number, mask: number) {
  await db
    .insertInto('group_role_masks')
    .values({ group_id: groupId, team_role: teamRole, mask })
    .onConflict((oc) => oc.columns(['group_id', 'team_role']).doUpdateSet({ mask }))
    .execute();
}

const companyMembership = hotQuery((db, userId: number) =>
  db.selectFrom('company_members').select(['company_id', 'main_dept_id']).where('user_id', '=', userId),
);

/** The user's company membership: which company and main department their personal space counts against. */
export function findCompanyMembership(db: DbOrTrx, userId: number) {
  return companyMembership.first(db, userId);
}

/**
 * The same, read with a shared row lock (PostgreSQL): a charge of the person's personal space
 * waits for a move of their main department under way, and a move waits for the charge.
 */
export function findCompanyMembershipShared(db: DbOrTrx, userId: number) {
  return db
    .selectFrom('company_members')
    .select(['company_id', 'main_dept_id'])
    .where('user_id', '=', userId)
    .forShare()
    .executeTakeFirst();
}

/**
 * Sets a company member's main department and answers the one it replaces. The row is locked by
 * the update before its old value is read, so two moves of one person follow each other.
 */
export async function replaceMainDept(
  db: DbOrTrx,
  companyId: number,
  userId: number,
  to: number | null,
): Promise<{ before: number | null } | undefined> {
  const locked = await db
    .updateTable('company_members')
    .set((eb) => ({ main_dept_id: eb.ref('main_dept_id') }))
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .returning('main_dept_id')
    .executeTakeFirst();
  if (!locked) return undefined;
  await db
    .updateTable('company_members')
    .set({ main_dept_id: to })
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .execute();
  return { before: locked.main_dept_id };
}

/** Materialised paths ("/1/4/9/") of the active departments the user belongs to. */
export async function findDeptPaths(db: DbOrTrx, userId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('dept_members')
    .innerJoin('departments', 'departments.id', 'dept_members.dept_id')
    .select('departments.path')
    .where('dept_members.user_id', '=', userId)
    .where('departments.status', '=', 'active')
    .execute();
  return rows.map((r) => r.path);
}

export function findDepartment(db: DbOrTrx, id: number) {
  return db
    .selectFrom('departments')
    .select(['id', 'company_id', 'name', 'display_path_name'])
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

// --- quotas ---------------------------------------------------------------------------------

const quotaOf = hotQuery((db, scope: QuotaScope, id: number) =>
  db
    .selectFrom('space_quotas')
    .select(['total', 'expand_self', 'used', 'max_files', 'file_count'])
    .where('scope', '=', scope)
    .where('scope_id', '=', id),
);

export function findQuota(db: DbOrTrx, scope: QuotaScope, id: number): Promise<QuotaRow | undefined> {
  return quotaOf.first(db, scope, id);
}

const usageAdd = hotQuery((db, scope: QuotaScope, id: number, bytes: number, files: number) =>
  db
    .insertInto('space_quotas')
    .values({ scope, scope_id: id, total: null, max_files: null, used: bytes, file_count: files })
    .onConflict((oc) =>
      oc.columns(['scope', 'scope_id']).doUpdateSet({
        used: sql<number>`space_quotas.used + ${bytes}`,
        file_count: sql<number>`space_quotas.file_count + ${files}`,
      }),
    )
    .returning(['total', 'expand_self', 'used', 'max_files', 'file_count']),
);

/** Adds to a scope's usage atomically and answers the row after the change. */
export async function addUsage(
  db: DbOrTrx,
  scope: QuotaScope,
  id: number,
  bytes: number,
  files: number,
): Promise<QuotaRow> {
  const row = await usageAdd.first(db, scope, id, bytes, files);
  if (!row) throw new Error('the quota upsert answered no row');
  return row;
}

const defaultQuotas = hotQuery((db) =>
  db
    .selectFrom('space_quotas')
    .select(['scope', 'total'])
    .where('scope_id', '=', 0)
    .where('scope', 'in', ['user', 'group', 'dept']),
);

/** Deployment-wide defaults the console set: rows with scope_id 0 (real ids start at 1). */
export function findDefaultQuotas(db: DbOrTrx) {
  return defaultQuotas.all(db);
}

export interface QuotaSettings {
  total?: number | null;
  expand_self?: number;
  max_files?: number | null;
}

export async function upsertQuota(db: DbOrTrx, scope: QuotaScope, id: number, settings: QuotaSettings) {
  await db
    .insertInto('space_quotas')
    .values({
      scope,
      scope_id: id,
      total: settings.total ?? null,
      expand_self: settings.expand_self ?? 0,
      max_files: settings.max_files ?? null,
    })
    .onConflict((oc) => oc.columns(['scope', 'scope_id']).doUpdateSet(settings))
    .execute();
}
