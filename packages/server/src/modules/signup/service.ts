import {
  type BindType,
  type CodeSent,
  validateEmail,
  validateNickname,
  validatePassword,
  validatePhone,
} from '@cirrus/shared';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import { pinyinOf } from '../../lib/pinyin.ts';
import { hashPassword } from '../accounts/passwords.ts';
import type { AccountService } from '../accounts/service.ts';
import type { Throttle, ThrottlePolicy } from '../accounts/throttle.ts';
import type { SettingsService } from '../settings/service.ts';
import type { VerificationService } from '../verification/service.ts';
import * as repo from './repo.ts';
import type { SignupBody } from './schema.ts';

const IN_USE = { email: 'EmailAlreadyInUsed', phone: 'PhoneAlreadyInUsed' } as const;

/** Sign-up codes asked for from one address: 20 an hour (each address also has the code limits). */
export const SIGNUP_CODE_THROTTLE: ThrottlePolicy = {
  maxFailures: 20,
  windowSeconds: 3600,
  lockSeconds: 3600,
};

/**
 * Sign-up of general users (no company), when the deployment allows it (allow_signup): an email or
 * a phone number proven by a code, a password by the standard rules, the vip level from the
 * setting signup_vip_level. A new account opens a session at once.
 */
export function createSignupService({
  db,
  settings,
  codes,
  accounts,
  throttle,
  now,
}: {
  db: Db;
  settings: SettingsService;
  codes: VerificationService;
  accounts: AccountService;
  throttle: Throttle;
  now: () => number;
}) {
  /** The deployment's settings (company 0): a general user belongs to no company. */
  async function openSettings() {
    const s = await settings.get(0);
    if (!s.allow_signup) throw new DomainError('signupDisabled');
    return s;
  }

  async function checkedAddress(type: BindType, value: string, privatization: boolean): Promise<string> {
    const trimmed = value.trim();
    if (type === 'email') {
      if (validateEmail(trimmed)) throw new DomainError('InvalidEmail');
    } else if (validatePhone(trimmed, { privatization })) {
      throw new DomainError('InvalidPhone');
    }
    const address = type === 'email' ? trimmed.toLowerCase() : trimmed;
    if (await repo.findUserWith(db, type, address)) throw new DomainError(IN_USE[type]);
    return address;
  }

  return {
    async requestCode(type: BindType, value: string, ip: string): Promise<CodeSent> {
      const s = await openSettings();
      const address = await checkedAddress(type, value, s.IS_PRIVATIZATION);
      const key = `signup:address:${ip}`;
      await throttle.count(key, SIGNUP_CODE_THROTTLE);
      return codes.issue({ purpose: 'signup', userId: 0, type, address });
    },

    async signup(body: SignupBody, client: { ip: string; userAgent: string }) {
      const s = await openSettings();
      const address = await checkedAddress(body.type, body.value, s.IS_PRIVATIZATION);
      const password = body.password.trim();
      // spec: general users sign up under the standard password rules.
      if (validatePassword(password)) throw new DomainError('PasswordWeak');
      const fallbackName = body.type === 'email' ? address.split('@')[0] : `User ${address.slice(-4)}`;
      const nickName = (body.nick_name ?? '').trim() || fallbackName;
      if (validateNickname(nickName)) throw new DomainError('InvalidNickname');

      await codes.consume({ purpose: 'signup', userId: 0, address, code: body.code });
      const passwordHash = await hashPassword(password);
      const py = pinyinOf(nickName);
      const t = now();
      let id: number;
      try {
        id = await repo.insertUser(db, {
          unique_name: await repo.freeUniqueName(db, body.type === 'email' ? address.split('@')[0] : 'user'),
          nick_name: nickName,
          pinyin: py.full,
          pinyin_initials: py.initials,
          email: body.type === 'email' ? address : null,
          phone: body.type === 'phone' ? address : null,
          password_hash: passwordHash,
          vip_level: s.signup_vip_level,
          password_changed_at: t,
          created_at: t,
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DomainError(IN_USE[body.type]);
        throw err;
      }
      const user = await accounts.userById(id);
      return accounts.openSession(user, client.ip, client.userAgent);
    },
  };
}

export type SignupService = ReturnType<typeof createSignupService>;
