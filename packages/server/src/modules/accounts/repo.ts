import { type Insertable, sql } from 'kysely';
import type { DbOrTrx } from '../../db/index.ts';
import type { SessionRow, UserRow, UsersTable } from '../../db/schema.ts';

/** Sessions, login throttles and the credential lookup. */
export function findUserByAccount(db: DbOrTrx, account: string): Promise<UserRow | undefined> {
  const lower = account.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('unique_name', '=', lower), eb('email', '=', lower), eb('phone', '=', account)]))
    .executeTakeFirst();
}

export async function insertSession(db: DbOrTrx, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute();
}

export function findSessionWithUser(
  db: DbOrTrx,
  id: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as s_id',
      'sessions.user_id as s_user_id',
      'sessions.csrf_token as s_csrf_token',
      'sessions.ip as s_ip',
      'sessions.user_agent as s_user_agent',
      'sessions.created_at as s_created_at',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.expires_at as s_expires_at',
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst()
    .then((r) => {
      if (!r) return undefined;
      const {
        s_id,
        s_user_id,
        s_csrf_token,
        s_ip,
        s_user_agent,
        s_created_at,
        s_last_seen_at,
        s_expires_at,
        ...user
      } = r;
      return {
        session: {
          id: s_id,
          user_id: s_user_id,
          csrf_token: s_csrf_token,
          ip: s_ip,
          user_agent: s_user_agent,
          created_at: s_created_at,
          last_seen_at: s_last_seen_at,
          expires_at: s_expires_at,
        },
        user,
      };
    });
}

export async function touchSession(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function deleteSession(db: DbOrTrx, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute();
}

export async function deleteUserSessions(db: DbOrTrx, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: DbOrTrx, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<', now).execute();
}

export interface ThrottleRow {
  key: string;
  failures: number;
  window_start: number;
  locked_until: number;
}

export function findThrottle(db: DbOrTrx, key: string): Promise<ThrottleRow | undefined> {
  return db.selectFrom('throttles').selectAll().where('key', '=', key).executeTakeFirst();
}

/**
 * Counts one attempt against a key in one statement, so that attempts made at once are counted
 * one after the other: a window that began at or before `staleBefore` starts again at `t`. The
 * attempt is refused (false, nothing changes) while the key is locked or `max` attempts are
 * already counted in the window.
 */
export async function countThrottleAttempt(
  db: DbOrTrx,
  key: string,
  { t, staleBefore, max }: { t: number; staleBefore: number; max: number },
): Promise<boolean> {
  const stale = sql<boolean>`throttles.window_start <= ${staleBefore}`;
  const counted = await db
    .insertInto('throttles')
    .values({ key, failures: 1, window_start: t, locked_until: 0 })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({
          failures: sql`CASE WHEN ${stale} THEN 1 ELSE throttles.failures + 1 END`,
          window_start: sql`CASE WHEN ${stale} THEN ${t} ELSE throttles.window_start END`,
          locked_until: 0,
        })
        .where(sql<boolean>`throttles.locked_until <= ${t} AND (${stale} OR throttles.failures < ${max})`),
    )
    .returning('key')
    .executeTakeFirst();
  return counted !== undefined;
}

/** Locks the key until `until` when its window holds `max` attempts or more. */
export async function lockFullThrottle(
  db: DbOrTrx,
  key: string,
  { t, staleBefore, max, until }: { t: number; staleBefore: number; max: number; until: number },
): Promise<void> {
  await db
    .updateTable('throttles')
    .set({ failures: 0, window_start: t, locked_until: until })
    .where('key', '=', key)
    .where('locked_until', '<=', t)
    .where('window_start', '>', staleBefore)
    .where('failures', '>=', max)
    .execute();
}

export async function deleteThrottle(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('throttles').where('key', '=', key).execute();
}

/** Ends every session of a user but one (a password change keeps the session that made it). */
export async function deleteOtherSessions(db: DbOrTrx, userId: number, keepId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '!=', keepId).execute();
}

export function findUserById(db: DbOrTrx, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmailOrName(db: DbOrTrx, account: string): Promise<UserRow | undefined> {
  const lower = account.toLowerCase();
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('unique_name', '=', lower), eb('email', '=', lower)]))
    .executeTakeFirst();
}

export function findUserByPhone(db: DbOrTrx, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export async function setPassword(
  db: DbOrTrx,
  userId: number,
  passwordHash: string,
  changedAt: number,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, password_changed_at: changedAt, must_change_password: 0 })
    .where('id', '=', userId)
    .execute();
}

export interface PasswordTokenRow {
  token_hash: string;
  user_id: number;
  purpose: 'change' | 'reset';
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export async function insertPasswordToken(db: DbOrTrx, row: PasswordTokenRow): Promise<void> {
  await db.insertInto('password_tokens').values(row).execute();
}

export function findLivePasswordToken(
  db: DbOrTrx,
  tokenHash: string,
  purpose: 'change' | 'reset',
  now: number,
): Promise<PasswordTokenRow | undefined> {
  return db
    .selectFrom('password_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Uses up a token if no one did first; answers whether this call did. */
export async function usePasswordToken(db: DbOrTrx, tokenHash: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('password_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new password makes every other outstanding token of the user worthless. */
export async function usePasswordTokensOf(db: DbOrTrx, userId: number, now: number): Promise<void> {
  await db
    .updateTable('password_tokens')
    .set({ used_at: now })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}

export async function insertUserRow(db: DbOrTrx, row: Insertable<UsersTable>): Promise<number> {
  const inserted = await db.insertInto('users').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}
