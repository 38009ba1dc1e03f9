import type { Updateable } from 'kysely';
import type { DbOrTrx, Trx } from '../../db/index.ts';
import type { GroupsTable } from '../../db/schema.ts';

/**
 * Row locks (SELECT ... FOR UPDATE) are PostgreSQL's, where concurrent transactions interleave:
 * `lock` is true there. SQLite has no such syntax and needs none, its writes going one at a time.
 */
type RowLock = boolean;

/**
 * The active team's row, locked until the transaction ends: the transactions that change a team's
 * members or roles take it first, so that they take turns and each sees what the one before did.
 */
export function lockGroup(trx: Trx, id: number, lock: RowLock) {
  return trx
    .selectFrom('groups')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'active')
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** Locks a user's row: the teams one user creates are counted (groupNumLimit) one creation at a time. */
export async function lockUser(trx: Trx, id: number, lock: RowLock): Promise<void> {
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

/** The user entries of a team (group_members), with their roles and pins. */
export function findDirectMembers(db: DbOrTrx, groupId: number) {
  return db
    .selectFrom('group_members')
    .select(['user_id', 'team_role', 'joined_at', 'is_top'])
    .where('group_id', '=', groupId)
    .execute();
}

/** One user entry; `lock` keeps it (on PostgreSQL) until the transaction ends. */
export function findDirectMember(db: DbOrTrx, groupId: number, userId: number, lock: RowLock = false) {
  return db
    .selectFrom('group_members')
    .select(['user_id', 'team_role', 'joined_at', 'is_top'])
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .$if(lock, (q) => q.forUpdate())
    .executeTakeFirst();
}

export async function insertMembers(
  db: DbOrTrx,
  groupId: number,
  userIds: number[],
  teamRole: number,
  now: number,
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('group_members')
    .values(userIds.map((id) => ({ group_id: groupId, user_id: id, team_role: teamRole, joined_at: now })))
    .execute();
}

/** Takes user entries (and their pins) out; answers how many entries went. */
export async function deleteMembers(db: DbOrTrx, groupId: number, userIds: number[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const result = await db
    .deleteFrom('group_members')
    .where('group_id', '=', groupId)
    .where('user_id', 'in', userIds)
    .executeTakeFirst();
  await db.deleteFrom('group_pins').where('group_id', '=', groupId).where('user_id', 'in', userIds).execute();
  return Number(result.numDeletedRows);
}

/** Answers how many entries changed (0 when the user has no entry). */
export async function setRole(
  db: DbOrTrx,
  groupId: number,
  userId: number,
  teamRole: number,
): Promise<number> {
  const result = await db
    .updateTable('group_members')
    .set({ team_role: teamRole })
    .where('group_id', '=', groupId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The current owner (team_role 1). */
export function findOwner(db: DbOrTrx, groupId: number) {
  return db
    .selectFrom('group_members')
    .select('user_id')
    .where('group_id', '=', groupId)
    .where('team_role', '=', 1)
    .executeTakeFirst();
}

/** The newest user entries, for recent_members and the chat strip. */
export function findRecentMembers(db: DbOrTrx, groupId: number, limit: number) {
  // Active people only, as in the member list (spaces/repo activeMemberEntries).
  return db
    .selectFrom('group_members')
    .innerJoin('users', 'users.id', 'group_members.user_id')
    .select('group_members.user_id')
    .where('group_members.group_id', '=', groupId)
    .where('users.status', '=', 'active')
    .orderBy('group_members.joined_at', 'desc')
    .orderBy('group_members.user_id', 'desc')
    .limit(limit)
    .execute();
}

export function findDeptEntries(db: DbOrTrx, groupId: number) {
  return db
    .selectFrom('group_depts')
    .select(['dept_id', 'joined_at'])
    .where('group_id', '=', groupId)
    .orderBy('joined_at')
    .orderBy('dept_id')
    .execute();
}

export async function countDeptEntries(db: DbOrTrx, groupId: number): Promise<number> {
  const row = await db
    .selectFrom('group_depts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('group_id', '=', groupId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertDeptEntries(db: DbOrTrx, groupId: number, deptIds: number[], now: number) {
  if (deptIds.length === 0) return;
  await db
    .insertInto('group_depts')
    .values(deptIds.map((id) => ({ group_id: groupId, dept_id: id, joined_at: now })))
    .execute();
}

/** Answers how many entries went. */
export async function deleteDeptEntries(db: DbOrTrx, groupId: number, deptIds: number[]): Promise<number> {
  if (deptIds.length === 0) return 0;
  const result = await db
    .deleteFrom('group_depts')
    .where('group_id', '=', groupId)
    .where('dept_id', 'in', deptIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Pins a team for a user entry (is_top) or, for someone a department brings in, in group_pins. */
export async function setPin(db: DbOrTrx, groupId: number, userId: number, direct: boolean, pinned: boolean) {
  if (direct) {
    await db
      .updateTable('group_members')
      .set({ is_top: pinned ? 1 : 0 })
      .where('group_id', '=', groupId)
      .where('user_id', '=', userId)
      .execute();
    return;
  }
  // One statement each way, so that pins asked at once settle without a key clash.
  if (pinned)
    await db
      .insertInto('group_pins')
      .values({ group_id: groupId, user_id: userId })
      .onConflict((oc) => oc.columns(['group_id', 'user_id']).doNothing())
      .execute();
  else
    await db.deleteFrom('group_pins').where('group_id', '=', groupId).where('user_id', '=', userId).execute();
}

/**
 * Gives the team an invitation code: a new one (`reset`), or one only when it has none yet, so
 * that two first asks at once agree. Answers the code the team has afterwards.
 */
export async function ensureInviteCode(
  db: DbOrTrx,
  groupId: number,
  fresh: string,
  reset: boolean,
): Promise<string | undefined> {
  let q = db.updateTable('groups').set({ invite_code: fresh }).where('id', '=', groupId);
  if (!reset) q = q.where('invite_code', 'is', null);
  await q.execute();
  const row = await db
    .selectFrom('groups')
    .select('invite_code')
    .where('id', '=', groupId)
    .executeTakeFirst();
  return row?.invite_code ?? undefined;
}

export type GroupPatch = Pick<
  Updateable<GroupsTable>,
  | 'name'
  | 'notice'
  | 'avatar'
  | 'auto_convert_state'
  | 'im_push'
  | 'history_limit'
  | 'invite_code'
  | 'status'
  | 'team_type'
>;

export async function updateGroup(db: DbOrTrx, id: number, patch: GroupPatch): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('groups').set(patch).where('id', '=', id).execute();
}

/** Active general teams a user created (the groupNumLimit count). */
export async function countCreatedTeams(db: DbOrTrx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('groups')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', userId)
    .where('type', '=', 'team')
    .where('team_type', '=', 3)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findByInviteCode(db: DbOrTrx, code: string) {
  return db
    .selectFrom('groups')
    .selectAll()
    .where('invite_code', '=', code)
    .where('status', '=', 'active')
    .where('type', '=', 'team')
    .executeTakeFirst();
}
