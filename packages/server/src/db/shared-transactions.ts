import { CompiledQuery } from 'kysely';
import { executeQuery } from './hot.ts';
import type { Db, Trx } from './index.ts';

/**
 * Runs `fn` in a database transaction, one it may share with other such calls (sharing=true).
 * Whatever `fn` writes commits or fails as one, as in a transaction of its own: `fn` runs inside a
 * savepoint, and a failure rolls back to it and fails only this call. The promise settles only
 * once the shared transaction has committed (and, on SQLite, its flush reached the disk).
 */
export type SharedTransactions = <T>(fn: (trx: Trx) => Promise<T>) => Promise<T>;

interface Waiting {
  fn: (trx: Trx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; err: unknown };

/**
 * Shared transactions (issue 11 W3): the calls made in one turn of the event loop run together, at
 * its end, in one transaction; while the WAL is being flushed (`flushing`), the calls that come
 * until that flush ends join them. On SQLite a commit writes every page the transaction changed to the
 * WAL, and small uploads into one folder change mostly the same pages (the folder's entries in the
 * list indexes, the end of the versions, events and search queue, the quota rows): one commit for
 * several uploads writes those once, and the commit was the largest single cost of a small upload
 * (W3 probe: 225 us of about 750). Nothing else sees the shared transaction while it is open: it
 * runs from start to commit as one piece of work, like any transaction here, holding SQLite's one
 * connection meanwhile, so a read of another request waits for the commit as it would for any
 * transaction.
 *
 * The savepoints need their undo pages in memory (temp_store=MEMORY, db/index.ts): in a temporary
 * file they cost more than the commit saved.
 *
 * `sharing` false (PostgreSQL, where commits flush in the database server): each call has a
 * transaction of its own.
 */
export function sharedTransactions(
  db: Db,
  { sharing, flushing }: { sharing: boolean; flushing?: () => Promise<void> | undefined },
): SharedTransactions {
  let waiting: Waiting[] = [];
  const savepoint = CompiledQuery.raw('savepoint shared_item');
  const rollback = CompiledQuery.raw('rollback to shared_item');
  const release = CompiledQuery.raw('release shared_item');

  async function runTogether(batch: Waiting[]): Promise<void> {
    const outcomes: Outcome[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const { fn } of batch) {
          await executeQuery(trx, savepoint);
          try {
            outcomes.push({ ok: true, value: await fn(trx) });
          } catch (err) {
            try {
              await executeQuery(trx, rollback);
            } catch {
              // The failure ended the whole transaction (SQLite rolls back on a full disk, say):
              // no savepoint is left to return to, and every call of the batch fails with it.
              throw err;
            }
            outcomes.push({ ok: false, err });
          }
          await executeQuery(trx, release);
        }
      });
    } catch (err) {
      for (const { reject } of batch) reject(err);
      return;
    }
    batch.forEach(({ resolve, reject }, i) => {
      const outcome = outcomes[i];
      if (outcome.ok) resolve(outcome.value);
      else reject(outcome.err);
    });
  }

  return <T>(fn: (trx: Trx) => Promise<T>): Promise<T> => {
    if (!sharing) return db.transaction().execute(fn);
    return new Promise<T>((resolve, reject) => {
      if (waiting.length === 0) {
        const start = () =>
          setImmediate(() => {
            const batch = waiting;
            waiting = [];
            void runTogether(batch);
          });
        // A commit made while the WAL is being flushed waits for the next flush anyway: the calls
        // that come meanwhile wait for this one to end and then commit together.
        const running = flushing?.();
        if (running) running.then(start, start);
        else start();
      }
      waiting.push({ fn, resolve: resolve as (value: unknown) => void, reject });
    });
  };
}
