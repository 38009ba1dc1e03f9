import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import {
  countThrottleAttempt,
  deleteThrottle,
  findThrottle,
  lockFullThrottle,
  uncountThrottleAttempt,
} from './repo.ts';

export interface ThrottlePolicy {
  /** Failures allowed within the window before the key is locked. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * A failure counter per key (an account, an address, a link) kept in the database so that every
 * server process sees the same count. Used against password and access-code guessing.
 *
 * An attempt is counted before it is made (`take`) and given back when it succeeds, so that
 * attempts sent at once cannot pass a count that is read before any of them has failed: at most
 * `maxFailures` are under way or failed in one window, and the one that fails last locks the key.
 */
export function createThrottle(db: Db, now: () => number) {
  function limits(policy: ThrottlePolicy) {
    const t = now();
    return { t, staleBefore: t - policy.windowSeconds, max: policy.maxFailures };
  }

  async function refuse(key: string, policy: ThrottlePolicy): Promise<never> {
    const row = await findThrottle(db, key);
    const t = now();
    // locked, or the window's attempts are all under way: they end when the window does.
    const until = row
      ? row.locked_until > t
        ? row.locked_until
        : row.window_start + policy.windowSeconds
      : t;
    const retryAfter = Math.max(1, until - t);
    throw new DomainError('apiRateLimitExceede', { seconds: retryAfter }, { retry_after: retryAfter });
  }

  const throttle = {
    /** Counts an attempt; refuses with apiRateLimitExceede (and when to retry) while the key is locked or full. */
    async take(key: string, policy: ThrottlePolicy): Promise<void> {
      if (!(await countThrottleAttempt(db, key, limits(policy)))) await refuse(key, policy);
    },
    /** Counts attempts against several keys, all or none: a refusal gives back what was taken. */
    async takeAll(keys: ReadonlyArray<readonly [string, ThrottlePolicy]>): Promise<void> {
      const taken: string[] = [];
      try {
        for (const [key, policy] of keys) {
          await throttle.take(key, policy);
          taken.push(key);
        }
      } catch (err) {
        for (const key of taken) await throttle.succeeded(key);
        throw err;
      }
    },
    /** A taken attempt failed: the key locks once its window is full. */
    async failed(key: string, policy: ThrottlePolicy): Promise<void> {
      const { t, staleBefore, max } = limits(policy);
      await lockFullThrottle(db, key, { t, staleBefore, max, until: t + policy.lockSeconds });
    },
    /** A taken attempt succeeded: it does not count. */
    async succeeded(key: string): Promise<void> {
      await uncountThrottleAttempt(db, key, now());
    },
    /** Every call counts (lookups, messages sent): take and fail at once. */
    async count(key: string, policy: ThrottlePolicy): Promise<void> {
      await throttle.take(key, policy);
      await throttle.failed(key, policy);
    },
    /** Forgets the key's attempts (the account's owner proved who they are). */
    async clear(key: string): Promise<void> {
      await deleteThrottle(db, key);
    },
  };
  return throttle;
}

export type Throttle = ReturnType<typeof createThrottle>;
