import crypto from 'node:crypto';
import {
  type BindType,
  type CodeSent,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_RESEND_SECONDS,
  VERIFICATION_CODE_TTL_SECONDS,
} from '@cirrus/shared';
import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import type { OutboxService } from '../outbox/service.ts';
import * as repo from './repo.ts';

/** spec 000 "Binding": too many codes in a period -> SMSLimitReached. Ours: 5 an hour to one address. */
export const CODES_PER_ADDRESS_PER_HOUR = 5;
/** ... and 10 an hour asked for by one user, whatever the addresses. */
export const CODES_PER_USER_PER_HOUR = 10;
/** Wrong tries before a code stops working. */
export const MAX_CODE_ATTEMPTS = 5;

const HOUR = 3600;

function hashCode(address: string, code: string): string {
  return crypto.createHash('sha256').update(`${address}\n${code}`).digest('hex');
}

function randomCode(): string {
  return String(crypto.randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)).padStart(VERIFICATION_CODE_LENGTH, '0');
}

const TEXTS: Record<repo.CodePurpose, { subject: string; body: (code: string, minutes: number) => string }> =
  {
    bind: {
      subject: 'Cirrus verification code / 验证码',
      body: (code, minutes) =>
        `Your Cirrus verification code is ${code}. It is valid for ${minutes} minutes. If you did not ask to bind this address, ignore this message.\n` +
        `您的 Cirrus 验证码为 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略。`,
    },
    signup: {
      subject: 'Cirrus sign-up code / 注册验证码',
      body: (code, minutes) =>
        `Your Cirrus sign-up code is ${code}. It is valid for ${minutes} minutes.\n` +
        `您的 Cirrus 注册验证码为 ${code}，${minutes} 分钟内有效。`,
    },
    reset: {
      subject: 'Cirrus password reset code / 重置密码验证码',
      body: (code, minutes) =>
        `Your Cirrus password reset code is ${code}. It is valid for ${minutes} minutes. If you did not ask for it, ignore this message.\n` +
        `您的 Cirrus 重置密码验证码为 ${code}，${minutes} 分钟内有效。如非本人操作，请忽略。`,
    },
  };

export interface IssueInput {
  purpose: repo.CodePurpose;
  /** The user who asked (bind, reset), or 0 (sign-up). */
  userId: number;
  type: BindType;
  /** The normalised address (emails lower-case). */
  address: string;
  ttlSeconds?: number;
}

/**
 * Verification codes sent by mail or text message through the outbox: binding an address,
 * signing up, resetting a password by text message. Only a hash of each code is kept; a code works
 * once, for a limited time and a limited number of tries.
 */
export function createVerificationService({
  db,
  outbox,
  now,
}: {
  db: Db;
  outbox: OutboxService;
  now: () => number;
}) {
  return {
    /** Checks the sending limits, then stores and sends a new code. */
    async issue(input: IssueInput): Promise<CodeSent> {
      const t = now();
      const recent = await repo.codesToAddressSince(db, input.address, t - HOUR);
      const last = recent[0];
      if (last && t - last.created_at < VERIFICATION_CODE_RESEND_SECONDS) {
        const retryAfter = VERIFICATION_CODE_RESEND_SECONDS - (t - last.created_at);
        throw new DomainError('apiRateLimitExceede', { seconds: retryAfter }, { retry_after: retryAfter });
      }
      if (recent.length >= CODES_PER_ADDRESS_PER_HOUR) throw new DomainError('SMSLimitReached');
      if (
        input.userId &&
        (await repo.countCodesOfUserSince(db, input.userId, t - HOUR)) >= CODES_PER_USER_PER_HOUR
      )
        throw new DomainError('SMSLimitReached');

      const code = randomCode();
      const ttl = input.ttlSeconds ?? VERIFICATION_CODE_TTL_SECONDS;
      await repo.insertCode(db, {
        purpose: input.purpose,
        user_id: input.userId,
        channel: input.type,
        address: input.address,
        code_hash: hashCode(input.address, code),
        created_at: t,
        expires_at: t + ttl,
        used_at: null,
      });
      const text = TEXTS[input.purpose];
      await outbox.send({
        channel: input.type === 'email' ? 'mail' : 'sms',
        to: input.address,
        subject: text.subject,
        body: text.body(code, Math.round(ttl / 60)),
        kind: `${input.purpose}_code`,
      });
      return {
        type: input.type,
        value: input.address,
        expires_in: ttl,
        resend_in: VERIFICATION_CODE_RESEND_SECONDS,
      };
    },

    /**
     * Uses up the newest live code for the address if `code` matches; otherwise counts a wrong try
     * and answers InvalidBindCode (also when there is no live code: wrong and expired look alike).
     */
    async consume(q: {
      purpose: repo.CodePurpose;
      userId: number;
      address: string;
      code: string;
    }): Promise<void> {
      const t = now();
      const row = await repo.findLiveCode(db, { ...q, now: t });
      if (!row || row.attempts >= MAX_CODE_ATTEMPTS) throw new DomainError('InvalidBindCode');
      const expected = Buffer.from(row.code_hash);
      const given = Buffer.from(hashCode(q.address, q.code.trim()));
      if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) {
        await repo.addAttempt(db, row.id);
        throw new DomainError('InvalidBindCode');
      }
      if (!(await repo.useCode(db, row.id, t))) throw new DomainError('InvalidBindCode');
    },
  };
}

export type VerificationService = ReturnType<typeof createVerificationService>;
