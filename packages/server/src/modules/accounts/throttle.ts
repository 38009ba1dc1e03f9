import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import { countThrottleAttempt, deleteThrottle, findThrottle, lockFullThrottle } from './repo.ts';

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
 * A failure is counted in one statement that also refuses it once the window is full, so that
 * failures arriving at once are counted one after the other; an attempt that turns out right is
 * let through only while the key is neither locked nor full. Guesses sent at once therefore get no
 * more answers than the window allows (give or take those being checked at that very moment),
 * while right attempts at once, which are never counted, do not hold each other up.
 */
export function createThrottle(db: Db, now: () => number) {
  function limits(policy: ThrottlePolicy) {
    const t = now();
    return { t, staleBefore: t - policy.windowSeconds, max: policy.maxFailures };
  }

  function refuse(until: number, t: number): never {
    const retryAfter = Math.max(1, until - t);
    throw new DomainError('apiRateLimitExceede', { seconds: retryAfter }, { retry_after: retryAfter });
  }

  const throttle = {
    /** Refuses with apiRateLimitExceede (and when to retry) while the key is locked or its window full. */
    async check(key: string, policy: ThrottlePolicy): Promise<void> {
      const row = await findThrottle(db, key);
      const { t, staleBefore, max } = limits(policy);
      if (!row) return;
      if (row.locked_until > t) refuse(row.locked_until, t);
      // full, not yet locked: the failures that filled it are being counted and will lock it
      if (row.window_start > staleBefore && row.failures >= max) refuse(t + policy.lockSeconds, t);
    },
    /**
     * Counts a failure (or a lookup, a message sent: whatever is limited); refuses it with
     * apiRateLimitExceede while the key is locked or full. The one that fills the window locks it.
     */
    async count(key: string, policy: ThrottlePolicy): Promise<void> {
      const { t, staleBefore, max } = limits(policy);
      if (!(await countThrottleAttempt(db, key, { t, staleBefore, max }))) {
        const row = await findThrottle(db, key);
        refuse(row && row.locked_until > t ? row.locked_until : t + policy.lockSeconds, t);
      }
      await lockFullThrottle(db, key, { t, staleBefore, max, until: t + policy.lockSeconds });
    },
    /** Forgets the key's failures (the account's owner proved who they are). */
    async clear(key: string): Promise<void> {
      await deleteThrottle(db, key);
    },
  };
  return throttle;
}

export type Throttle = ReturnType<typeof createThrottle>;
