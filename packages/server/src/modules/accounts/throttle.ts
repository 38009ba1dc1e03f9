import type { Db } from '../../db/index.ts';
import { DomainError } from '../../http/errors.ts';
import { deleteThrottle, findThrottle, saveThrottle } from './repo.ts';

export interface ThrottlePolicy {
  /** Failures allowed within the window before the key is locked. */
  maxFailures: number;
  windowSeconds: number;
  lockSeconds: number;
}

/**
 * A failure counter per key (an account, an address, a link) kept in the database so that every
 * server process sees the same count. Used against password and access-code guessing.
 */
export function createThrottle(db: Db, now: () => number) {
  return {
    /** Refuses with apiRateLimitExceede (and when to retry) while the key is locked. */
    async check(key: string): Promise<void> {
      const row = await findThrottle(db, key);
      const t = now();
      if (row && row.locked_until > t) {
        const retryAfter = row.locked_until - t;
        throw new DomainError('apiRateLimitExceede', { seconds: retryAfter }, { retry_after: retryAfter });
      }
    },
    async fail(key: string, policy: ThrottlePolicy): Promise<void> {
      const t = now();
      const row = await findThrottle(db, key);
      const fresh = !row || t - row.window_start >= policy.windowSeconds;
      const failures = fresh ? 1 : row.failures + 1;
      const windowStart = fresh ? t : row.window_start;
      const lockedUntil = failures >= policy.maxFailures ? t + policy.lockSeconds : 0;
      await saveThrottle(db, {
        key,
        failures: lockedUntil ? 0 : failures,
        window_start: lockedUntil ? t : windowStart,
        locked_until: lockedUntil,
      });
    },
    async clear(key: string): Promise<void> {
      await deleteThrottle(db, key);
    },
  };
}

export type Throttle = ReturnType<typeof createThrottle>;
