import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { createJobQueue } from './queue.ts';
import { createScheduler } from './scheduler.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const queueOf = () => createJobQueue({ db: t.database.db, now: () => t.clock.now });
const unique = (name: string) => `${name}.${Math.random().toString(36).slice(2)}`;

/** A queue with a batch kind whose jobs carry a number `n`: each call's numbers are kept in `calls`. */
function batchKind(name: string, batch: number, failOn?: number) {
  const queue = queueOf();
  const kind = unique(name);
  const calls: number[][] = [];
  queue.registerBatch(
    kind,
    async (payloads) => {
      calls.push(payloads.map((p) => p.n as number));
      if (payloads.some((p) => p.n === failOn)) throw new Error(`${failOn} cannot run`);
    },
    batch,
  );
  const enqueue = async (...ns: number[]) => {
    for (const n of ns) await queue.enqueue(t.database.db, kind, { n });
  };
  return { queue, kind, calls, enqueue };
}

describe('the durable job queue', () => {
  test('runs a job once and deletes it; payloads arrive as queued', async () => {
    const queue = queueOf();
    const kind = unique('test.once');
    const seen: unknown[] = [];
    queue.register(kind, async (payload) => {
      seen.push(payload);
    });
    expect(await queue.enqueue(t.database.db, kind, { groupId: 7 })).toBe(true);
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ groupId: 7 }]);
    expect(await queue.pending(kind)).toEqual([]);
    expect(await queue.runDue()).toBe(0);
  });

  test('a job for later waits until its time', async () => {
    const queue = queueOf();
    const kind = unique('test.later');
    let runs = 0;
    queue.register(kind, async () => {
      runs++;
    });
    await queue.enqueue(t.database.db, kind, {}, { runAt: t.clock.now + 60 });
    await queue.runDue();
    expect(runs).toBe(0);
    t.clock.advance(60);
    await queue.runDue();
    expect(runs).toBe(1);
  });

  test('a failure is retried with a growing delay, then kept as failed with its error', async () => {
    const queue = queueOf();
    const kind = unique('test.fails');
    let runs = 0;
    queue.register(kind, async () => {
      runs++;
      throw new Error(`attempt ${runs} failed`);
    });
    await queue.enqueue(t.database.db, kind, {}, { maxAttempts: 3 });
    await queue.runDue();
    expect(runs).toBe(1);
    const [waiting] = await queue.pending(kind);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1, last_error: 'attempt 1 failed' });
    expect(waiting.run_at).toBe(t.clock.now + 30);
    await queue.runDue();
    expect(runs).toBe(1);
    t.clock.advance(30);
    await queue.runDue();
    expect(runs).toBe(2);
    t.clock.advance(60);
    await queue.runDue();
    expect(runs).toBe(3);
    t.clock.advance(3600);
    await queue.runDue();
    expect(runs).toBe(3);
    const failed = (await queue.failed()).filter((j) => j.kind === kind);
    expect(failed).toMatchObject([{ status: 'failed', attempts: 3, last_error: 'attempt 3 failed' }]);
  });

  test('one waiting job per dedupe key', async () => {
    const queue = queueOf();
    const kind = unique('test.dedupe');
    queue.register(kind, async () => {});
    expect(await queue.enqueue(t.database.db, kind, {}, { dedupeKey: kind })).toBe(true);
    expect(await queue.enqueue(t.database.db, kind, {}, { dedupeKey: kind })).toBe(false);
    expect(await queue.pending(kind)).toHaveLength(1);
    await queue.runDue();
    expect(await queue.enqueue(t.database.db, kind, {}, { dedupeKey: kind })).toBe(true);
    await queue.runDue();
  });

  test('a job queued in a transaction that rolls back never exists', async () => {
    const queue = queueOf();
    const kind = unique('test.rollback');
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await queue.enqueue(trx, kind, {});
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await queue.pending(kind)).toEqual([]);
  });

  test('a job whose worker died is taken over when its lease runs out', async () => {
    const db = t.database.db;
    const dead = queueOf();
    const alive = queueOf();
    const kind = unique('test.lease');
    let runs = 0;
    alive.register(kind, async () => {
      runs++;
    });
    await dead.enqueue(db, kind, {});
    // The dead worker leased it (attempt 1) and vanished without an answer.
    await db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'dead', locked_until: t.clock.now + 600, attempts: 1 })
      .where('kind', '=', kind)
      .execute();
    await alive.runDue();
    expect(runs).toBe(0);
    t.clock.advance(601);
    await alive.runDue();
    expect(runs).toBe(1);
    expect(await alive.pending(kind)).toEqual([]);
  });

  test('a batch kind runs its due jobs together, at most its batch at a time, one kind only', async () => {
    const { queue, kind, calls, enqueue } = batchKind('test.batch', 3);
    const other = unique('test.other');
    let others = 0;
    queue.register(other, async () => {
      others++;
    });
    await enqueue(1, 2, 3, 4);
    await queue.enqueue(t.database.db, other, {});
    // A job due later is not taken with the batch.
    await queue.enqueue(t.database.db, kind, { n: 9 }, { runAt: t.clock.now + 60 });
    expect(await queue.runDue()).toBe(5);
    expect(calls).toEqual([[1, 2, 3], [4]]);
    expect(others).toBe(1);
    expect((await queue.pending(kind)).map((j) => JSON.parse(j.payload).n)).toEqual([9]);
    t.clock.advance(60);
    expect(await queue.runDue()).toBe(1);
    expect(calls).toEqual([[1, 2, 3], [4], [9]]);
    expect(await queue.pending(kind)).toEqual([]);
  });

  test('a failed batch runs again a job at a time: the others finish, the failing one is retried alone', async () => {
    const { queue, kind, calls, enqueue } = batchKind('test.batchfail', 5, 2);
    await enqueue(1, 2, 3);
    expect(await queue.runDue()).toBe(3);
    expect(calls).toEqual([[1, 2, 3], [1], [2], [3]]);
    const [left] = await queue.pending(kind);
    expect(JSON.parse(left.payload)).toEqual({ n: 2 });
    expect(left).toMatchObject({ status: 'queued', attempts: 1, last_error: '2 cannot run' });
    expect(left.run_at).toBe(t.clock.now + 30);
    t.clock.advance(30);
    await queue.runDue();
    expect(calls.at(-1)).toEqual([2]);
    expect((await queue.pending(kind))[0]).toMatchObject({ attempts: 2 });
  });

  test('a batch leaves jobs another worker holds', async () => {
    const db = t.database.db;
    const { queue, kind, calls, enqueue } = batchKind('test.batchlease', 5);
    await enqueue(1, 2, 3);
    const second = await db
      .selectFrom('jobs')
      .select('id')
      .where('kind', '=', kind)
      .orderBy('id')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'elsewhere', locked_until: t.clock.now + 600, attempts: 1 })
      .where('id', '=', second.id)
      .execute();
    expect(await queue.runDue()).toBe(2);
    expect(calls).toEqual([[1, 3]]);
    expect((await queue.pending(kind)).map((j) => [JSON.parse(j.payload).n, j.locked_by])).toEqual([
      [2, 'elsewhere'],
    ]);
  });

  test('a job whose workers died with it again and again is given up, its handler not called', async () => {
    const db = t.database.db;
    const queue = queueOf();
    const kind = unique('test.deadly');
    const seen: unknown[] = [];
    queue.register(kind, async (payload) => {
      seen.push(payload);
    });
    await queue.enqueue(db, kind, {}, { maxAttempts: 2 });
    // Its second worker leased it and vanished too; the lease has run out.
    await db
      .updateTable('jobs')
      .set({ status: 'running', locked_by: 'dead', locked_until: t.clock.now - 1, attempts: 2 })
      .where('kind', '=', kind)
      .execute();
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([]);
    expect((await queue.failed()).filter((j) => j.kind === kind)).toMatchObject([
      { status: 'failed', attempts: 3, last_error: 'lease expired' },
    ]);
  });

  test('a job without a handler fails at once', async () => {
    const queue = queueOf();
    const kind = unique('test.nohandler');
    await queue.enqueue(t.database.db, kind, {});
    await queue.runDue();
    expect((await queue.failed()).filter((j) => j.kind === kind)).toMatchObject([
      { last_error: `no handler for job kind ${kind}` },
    ]);
  });
});

describe('the scheduler', () => {
  test('queues a periodic job once per period, even with two server processes', async () => {
    const kind = unique('test.periodic');
    let runs = 0;
    const make = () => {
      const queue = queueOf();
      queue.register(kind, async () => {
        runs++;
      });
      return createScheduler({
        db: t.database.db,
        queue,
        now: () => t.clock.now,
        periodic: [{ kind, everySeconds: 3600 }],
        tickMs: 60_000,
      });
    };
    const a = make();
    const b = make();
    await a.tick();
    await b.tick();
    expect(runs).toBe(1);
    t.clock.advance(1800);
    await a.tick();
    await b.tick();
    expect(runs).toBe(1);
    t.clock.advance(1800);
    await b.tick();
    await a.tick();
    expect(runs).toBe(2);
  });

  test('start ticks at once and on its interval; stop waits for the tick in progress', async () => {
    const kind = unique('test.timer');
    let runs = 0;
    const queue = queueOf();
    queue.register(kind, async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs++;
    });
    const scheduler = createScheduler({
      db: t.database.db,
      queue,
      now: () => t.clock.now,
      periodic: [{ kind, everySeconds: 1 }],
      tickMs: 20,
    });
    scheduler.start();
    expect(scheduler.started).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await scheduler.stop();
    expect(scheduler.started).toBe(false);
    // The first tick finished before stop answered.
    expect(runs).toBe(1);
  });

  test('stop lets a job started outside the scheduler finish, and starts no other', async () => {
    const kind = unique('test.woken');
    const finished: number[] = [];
    const queue = queueOf();
    queue.register(kind, async (payload) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished.push(payload.n as number);
    });
    await queue.enqueue(t.database.db, kind, { n: 1 });
    await queue.enqueue(t.database.db, kind, { n: 2 });
    const woken = queue.runDue();
    await new Promise((resolve) => setTimeout(resolve, 10));
    await queue.stop();
    // The running job ended before stop answered, its row gone; the other still waits.
    expect(finished).toEqual([1]);
    expect(await woken).toBe(1);
    const left = await queue.pending(kind);
    expect(left.map((j) => [JSON.parse(j.payload).n, j.status])).toEqual([[2, 'queued']]);
    expect(await queue.runDue()).toBe(0);
  });

  test('the app stops its scheduler on close', async () => {
    const app = await makeTestApp();
    app.services.scheduler.start();
    expect(app.services.scheduler.started).toBe(true);
    await app.close();
    expect(app.services.scheduler.started).toBe(false);
  });
});
