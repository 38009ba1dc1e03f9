import crypto from 'node:crypto';
import { SESSION_MAX_AGE_SECONDS, sameOriginPath } from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import type { SessionRow, UserRow } from '../../db/schema.ts';
import { createReadCache, type WriteClock } from '../../db/write-clock.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { UserService } from '../users/service.ts';
import type { MustChangeReason, PasswordService } from './password-service.ts';
import { dummyPasswordHash, passwordMatches } from './passwords.ts';
import * as repo from './repo.ts';
import type { Throttle, ThrottlePolicy } from './throttle.ts';

/** After 5 wrong passwords for one account in 15 minutes, that account waits 15 minutes. */
export const ACCOUNT_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 900, lockSeconds: 900 };
/** One address may fail 20 times in 15 minutes across accounts (password spraying). */
export const ADDRESS_THROTTLE: ThrottlePolicy = { maxFailures: 20, windowSeconds: 900, lockSeconds: 900 };

const randomToken = () => crypto.randomBytes(32).toString('base64url');

export interface LoginInput {
  account: string;
  password: string;
  ip: string;
  userAgent: string;
}

export interface AccountServiceDeps {
  db: Db;
  /** Sessions are looked up on every request: kept in a read cache until a write to their tables. */
  writes: WriteClock;
  throttle: Throttle;
  users: UserService;
  passwords: PasswordService;
  now: () => number;
}

export interface OpenedSession {
  token: string;
  csrfToken: string;
  actor: Actor;
  maxAgeSeconds: number;
}

/** Login answers a session, or, when the password must be changed first, a token for that. */
export type LoginOutcome =
  | ({ kind: 'session' } & OpenedSession)
  | { kind: 'mustChangePassword'; token: string; reason: MustChangeReason };

export function createAccountService({ db, writes, throttle, users, passwords, now }: AccountServiceDeps) {
  /** A session (by its token's hash) with its user and their company membership. */
  const sessions = createReadCache<
    string,
    | {
        user: UserRow;
        session: SessionRow;
        membership: { companyId: number; isAdminById: boolean };
      }
    | undefined
    // What findSessionWithUser and membershipOf read.
  >(writes, { tables: ['sessions', 'users', 'company_members', 'companies'] });

  function toActor(
    user: UserRow,
    session: SessionRow,
    { companyId, isAdminById }: { companyId: number; isAdminById: boolean },
  ): Actor {
    const roles = user.roles ? user.roles.split(',') : [];
    return {
      userId: user.id,
      companyId,
      // spec 000 §6: the company administrator is role admin or the company's admin_id.
      isCompanyAdmin: roles.includes('admin') || isAdminById,
      roles,
      user,
      sessionId: session.id,
      csrfToken: session.csrf_token,
    };
  }

  /** A new session for the user (login, sign-up); its token goes into the cookie. */
  async function openSession(user: UserRow, ip: string, userAgent: string): Promise<OpenedSession> {
    const token = randomToken();
    const t = now();
    const session: SessionRow = {
      id: sha256Hex(token),
      user_id: user.id,
      csrf_token: randomToken(),
      ip,
      user_agent: userAgent.slice(0, 300),
      created_at: t,
      last_seen_at: t,
      expires_at: t + SESSION_MAX_AGE_SECONDS,
    };
    await repo.insertSession(db, session);
    const actor = toActor(user, session, await users.membershipOf(user.id));
    return { token, csrfToken: session.csrf_token, actor, maxAgeSeconds: SESSION_MAX_AGE_SECONDS };
  }

  return {
    /**
     * Checks the account and password and opens a session, unless the password must be changed
     * first: then a token for PUT /p/user/password instead.
     */
    async login(input: LoginInput): Promise<LoginOutcome> {
      const account = input.account.trim();
      const user = await repo.findUserByAccount(db, account);
      // One count a person, whichever of their names, email or phone is typed.
      const accountKey = user ? `login:user:${user.id}` : `login:account:${account.toLowerCase()}`;
      const addressKey = `login:address:${input.ip}`;
      const checkKeys = async () => {
        await throttle.check(accountKey, ACCOUNT_THROTTLE);
        await throttle.check(addressKey, ADDRESS_THROTTLE);
      };
      await checkKeys();

      const ok = await passwordMatches(user?.password_hash ?? (await dummyPasswordHash()), input.password);
      if (!user || !ok) {
        await throttle.count(accountKey, ACCOUNT_THROTTLE);
        await throttle.count(addressKey, ADDRESS_THROTTLE);
        throw new DomainError('loginFailed');
      }
      // Wrong guesses sent with it may have locked the keys while it was checked.
      await checkKeys();
      if (user.status !== 'active') throw new DomainError('InvalidAccount');
      await throttle.clear(accountKey);

      const reason = await passwords.mustChangeReason(user);
      if (reason)
        return { kind: 'mustChangePassword', token: await passwords.issueChangeToken(user.id), reason };
      return { kind: 'session', ...(await openSession(user, input.ip, input.userAgent)) };
    },

    openSession,

    async userById(id: number): Promise<UserRow> {
      const user = await repo.findUserById(db, id);
      if (!user) throw new DomainError('userNotExist');
      return user;
    },

    /** The actor behind a session cookie, or null when it is unknown, expired or the user is disabled. */
    async authenticate(token: string): Promise<Actor | null> {
      const id = sha256Hex(token);
      const found = await sessions.get(id, async () => {
        const row = await repo.findSessionWithUser(db, id);
        return row && { ...row, membership: await users.membershipOf(row.user.id) };
      });
      if (!found) return null;
      const t = now();
      if (found.session.expires_at <= t || found.user.status !== 'active') {
        await repo.deleteSession(db, found.session.id);
        return null;
      }
      // Write last_seen_at at most once a minute per session (the write ends the cached copy).
      if (t - found.session.last_seen_at >= 60) await repo.touchSession(db, found.session.id, t);
      return toActor(found.user, found.session, found.membership);
    },

    csrfMatches(actor: Actor, sent: string): boolean {
      const a = Buffer.from(actor.csrfToken);
      const b = Buffer.from(sent);
      return a.length === b.length && crypto.timingSafeEqual(a, b);
    },

    async logout(actor: Actor | null): Promise<void> {
      if (actor) await repo.deleteSession(db, actor.sessionId);
    },

    /** Ends every session of a user (disabled account, password reset). */
    async endAllSessions(userId: number): Promise<void> {
      await repo.deleteUserSessions(db, userId);
    },

    async purgeExpiredSessions(): Promise<void> {
      await repo.deleteExpiredSessions(db, now());
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;

/**
 * POST /api/users/redirect: only a path on this site, or a URL of this same origin, is followed;
 * anything else is refused so the login page cannot be used as an open redirect.
 */
export function sameOriginRedirect(cb: string, origin: string): string {
  const trimmed = cb.trim();
  // "//host" and "/\\host" name another host, though they start with a slash.
  if (/^[/\\]{2}/.test(trimmed)) throw new DomainError('badRequest');
  const path = sameOriginPath(trimmed, origin);
  if (path === undefined) throw new DomainError('badRequest');
  return path;
}
