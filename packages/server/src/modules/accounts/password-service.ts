import crypto from 'node:crypto';
import {
  accountKind,
  type ForgotPasswordResult,
  PASSWORD_TOKEN_TTL_SECONDS,
  type Settings,
  validatePassword,
  validatePrivatePassword,
} from '@cirrus/shared';
import type { Db, Trx } from '../../db/index.ts';
import type { UserRow } from '../../db/schema.ts';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import { sha256Hex } from '../../lib/sha256.ts';
import type { OutboxService } from '../outbox/service.ts';
import type { SettingsService } from '../settings/service.ts';
import type { UserService } from '../users/service.ts';
import type { VerificationService } from '../verification/service.ts';
import { hashPassword, passwordMatches, verifyPassword } from './passwords.ts';
import * as repo from './repo.ts';
import type { Throttle, ThrottlePolicy } from './throttle.ts';

/** Wrong current passwords in the change dialogs: 5 in 15 minutes, then 15 minutes' wait. */
export const OLD_PASSWORD_THROTTLE: ThrottlePolicy = { maxFailures: 5, windowSeconds: 900, lockSeconds: 900 };
/** Forgot-password requests: 5 an hour for one account, 20 an hour from one address. */
export const FORGOT_ACCOUNT_THROTTLE: ThrottlePolicy = {
  maxFailures: 5,
  windowSeconds: 3600,
  lockSeconds: 3600,
};
export const FORGOT_ADDRESS_THROTTLE: ThrottlePolicy = {
  maxFailures: 20,
  windowSeconds: 3600,
  lockSeconds: 3600,
};

const DAY = 86400;

const randomToken = () => crypto.randomBytes(32).toString('base64url');

export type MustChangeReason = 'temporary' | 'expired';

export interface PasswordServiceDeps {
  db: Db;
  settings: SettingsService;
  users: UserService;
  outbox: OutboxService;
  codes: VerificationService;
  throttle: Throttle;
  /** The product's public address, for the reset link (config PUBLIC_URL). */
  publicUrl: string;
  now: () => number;
}

/** The new-password rule in force (spec 000 §5, spec 002 §5): the private deployment's, or the standard one. */
export function newPasswordError(password: string, settings: Settings) {
  return settings.IS_PRIVATIZATION
    ? validatePrivatePassword(password, settings.private_password_rule)
    : validatePassword(password);
}

/**
 * Passwords: the change dialog (PUT /p/user/me/password), the forced change with a token issued
 * at login (PUT /p/user/password), and the forgotten-password reset by mail link or text code.
 * New passwords are trimmed before they are checked and hashed (packages/shared password.ts).
 */
export function createPasswordService(deps: PasswordServiceDeps) {
  const { db, settings, users, outbox, codes, throttle, publicUrl, now } = deps;

  async function settingsOf(userId: number): Promise<Settings> {
    return settings.get(await users.companyIdOf(userId));
  }

  /** Checks the new password against the rule and the current one; answers the trimmed value. */
  async function acceptableNewPassword(user: UserRow, newPassword: string): Promise<string> {
    const trimmed = newPassword.trim();
    if (newPasswordError(trimmed, await settingsOf(user.id))) throw new DomainError('PasswordWeak');
    if (await verifyPassword(user.password_hash, trimmed)) throw new DomainError('passwordUnchanged');
    return trimmed;
  }

  /** The current password must be right; wrong ones are counted against guessing. */
  async function checkOldPassword(user: UserRow, oldPassword: string): Promise<void> {
    const key = `password:user:${user.id}`;
    await throttle.check(key, OLD_PASSWORD_THROTTLE);
    if (!(await passwordMatches(user.password_hash, oldPassword))) {
      await throttle.count(key, OLD_PASSWORD_THROTTLE);
      throw new DomainError('wrongPassword');
    }
    await throttle.check(key, OLD_PASSWORD_THROTTLE);
    await throttle.clear(key);
  }

  /** Stores the new password; every session of the user but `keepSession` ends, every token is spent. */
  async function replacePassword(userId: number, password: string, keepSession?: string): Promise<void> {
    const passwordHash = await hashPassword(password);
    const t = now();
    await db.transaction().execute(async (trx) => {
      await repo.setPassword(trx, userId, passwordHash, t);
      await repo.usePasswordTokensOf(trx, userId, t);
      if (keepSession) await repo.deleteOtherSessions(trx, userId, keepSession);
      else await repo.deleteUserSessions(trx, userId);
    });
  }

  async function issueToken(userId: number, purpose: 'change' | 'reset'): Promise<string> {
    const token = randomToken();
    const t = now();
    await repo.insertPasswordToken(db, {
      token_hash: sha256Hex(token),
      user_id: userId,
      purpose,
      created_at: t,
      expires_at: t + PASSWORD_TOKEN_TTL_SECONDS,
      used_at: null,
    });
    return token;
  }

  async function liveToken(token: string, purpose: 'change' | 'reset') {
    const row = await repo.findLivePasswordToken(db, sha256Hex(token), purpose, now());
    const user = row && (await repo.findUserById(db, row.user_id));
    if (!row || !user || user.status !== 'active') throw new DomainError('InvalidToken');
    return { row, user };
  }

  const service = {
    /**
     * Whether the user must change the password before going on: an administrator set a temporary
     * one, or (private deployment) the replacement cycle has passed since the last change.
     */
    async mustChangeReason(user: UserRow): Promise<MustChangeReason | null> {
      if (user.must_change_password === 1) return 'temporary';
      const s = await settingsOf(user.id);
      const days = s.password_replace_cycle_days;
      if (s.IS_PRIVATIZATION && days > 0 && now() - user.password_changed_at >= days * DAY) return 'expired';
      return null;
    },

    /**
     * The console's reset and new accounts: a temporary password that must be changed at the next
     * login (login then answers a change token, no session). Every session ends, every token is spent.
     */
    async setTemporary(userId: number, password: string): Promise<void> {
      const passwordHash = await hashPassword(password);
      await db.transaction().execute((trx) => service.setTemporaryIn(trx, userId, passwordHash));
    },

    /** setTemporary in the caller's transaction, the password already hashed (admin setup). */
    async setTemporaryIn(trx: Trx, userId: number, passwordHash: string): Promise<void> {
      const t = now();
      await repo.setPassword(trx, userId, passwordHash, t);
      await trx.updateTable('users').set({ must_change_password: 1 }).where('id', '=', userId).execute();
      await repo.usePasswordTokensOf(trx, userId, t);
      await repo.deleteUserSessions(trx, userId);
    },

    /** The token that login answers instead of a session (for PUT /p/user/password). */
    issueChangeToken(userId: number): Promise<string> {
      return issueToken(userId, 'change');
    },

    /**
     * PUT /p/user/me/password. Not for synced accounts (their directory owns the password) nor when
     * an external logout address is configured (spec 000 §6). Other sessions end; this one stays
     * until the client logs out (spec 000 §4: after 1 second).
     */
    async changeOwn(actor: Actor, oldPassword: string, newPassword: string): Promise<void> {
      const user = (await repo.findUserById(db, actor.userId)) ?? actor.user;
      const s = await settings.get(actor.companyId);
      if (user.source === 'sync' || s.logout_url) throw new DomainError('permissionDenied');
      await checkOldPassword(user, oldPassword);
      const password = await acceptableNewPassword(user, newPassword);
      await replacePassword(user.id, password, actor.sessionId);
    },

    /** PUT /p/user/password: the forced change with the token from login. */
    async changeWithToken(token: string, oldPassword: string, newPassword: string): Promise<void> {
      const { row, user } = await liveToken(token, 'change');
      await checkOldPassword(user, oldPassword);
      const password = await acceptableNewPassword(user, newPassword);
      if (!(await repo.usePasswordToken(db, row.token_hash, now()))) throw new DomainError('InvalidToken');
      await replacePassword(user.id, password);
    },

    /**
     * POST /p/password/forgot. A phone number gets a code by text message, an email or unique
     * name a link to the bound email. The answer depends only on the shape of what was typed, so it
     * never tells whether the account exists; the sending limits apply silently for the same reason.
     */
    async forgot(account: string, ip: string): Promise<ForgotPasswordResult> {
      const value = account.trim();
      const kind = accountKind(value);
      const accountKey = `forgot:account:${value.toLowerCase()}`;
      const addressKey = `forgot:address:${ip}`;
      await throttle.count(accountKey, FORGOT_ACCOUNT_THROTTLE);
      await throttle.count(addressKey, FORGOT_ADDRESS_THROTTLE);

      if (kind === 'phone') {
        const user = await repo.findUserByPhone(db, value);
        if (user && user.status === 'active' && user.source !== 'sync') {
          await codes
            .issue({
              purpose: 'reset',
              userId: user.id,
              type: 'phone',
              address: value,
              ttlSeconds: PASSWORD_TOKEN_TTL_SECONDS,
            })
            .catch((err: unknown) => {
              if (!(err instanceof DomainError)) throw err;
            });
        }
        return { channel: 'sms' };
      }
      const user = await repo.findUserByEmailOrName(db, value);
      if (user?.email && user.status === 'active' && user.source !== 'sync') {
        const token = await issueToken(user.id, 'reset');
        const link = `${publicUrl}/cts/reset?token=${encodeURIComponent(token)}`;
        const minutes = PASSWORD_TOKEN_TTL_SECONDS / 60;
        await outbox.send({
          channel: 'mail',
          to: user.email,
          subject: 'Reset your Cirrus password / 重置 Cirrus 密码',
          body:
            `Someone asked to reset the password of your Cirrus account ${user.unique_name}. Open this link within ${minutes} minutes to choose a new one:\n${link}\n` +
            'If it was not you, ignore this message; your password stays as it is.\n\n' +
            `有人申请重置您的 Cirrus 账号 ${user.unique_name} 的密码。请在 ${minutes} 分钟内打开上面的链接设置新密码；如非本人操作，请忽略本邮件。`,
          kind: 'password_reset',
        });
      }
      return { channel: 'mail' };
    },

    /**
     * GET /p/password/reset?token=: whether the link would still reset the password (InvalidToken
     * once used or expired), asked by the reset page as it opens; the token stays unused.
     */
    async checkResetToken(token: string): Promise<void> {
      await liveToken(token, 'reset');
    },

    /** POST /p/password/reset with the link's token, or with the phone number and its code. */
    async reset(input: {
      token?: string;
      phone?: string;
      code?: string;
      newPassword: string;
    }): Promise<void> {
      if (input.token) {
        const { row, user } = await liveToken(input.token, 'reset');
        const password = await acceptableNewPassword(user, input.newPassword);
        if (!(await repo.usePasswordToken(db, row.token_hash, now()))) throw new DomainError('InvalidToken');
        await replacePassword(user.id, password);
        return;
      }
      if (!input.phone || !input.code) throw new DomainError('badRequest');
      const phone = input.phone.trim();
      const user = await repo.findUserByPhone(db, phone);
      if (user?.status !== 'active') throw new DomainError('InvalidBindCode');
      // The rule first, so a weak password does not spend the code.
      const password = await acceptableNewPassword(user, input.newPassword);
      await codes.consume({ purpose: 'reset', userId: user.id, address: phone, code: input.code });
      await replacePassword(user.id, password);
    },
  };
  return service;
}

export type PasswordService = ReturnType<typeof createPasswordService>;
