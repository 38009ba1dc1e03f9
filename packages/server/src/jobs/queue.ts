import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Selectable, sql } from 'kysely';
import type { Db, DbOrTrx } from '../db/index.ts';
import type { JobsTable } from '../db/schema.ts';

/**
 * A small durable job queue in the metadata database (ARCHITECTURE "job queue"): a job is a row;
 * a worker leases it (locked_by, locked_until), runs its handler and deletes it. A failure is
 * retried with a growing delay until max_attempts, then kept as `failed` with its last error for an
 * operator to read. A worker that dies mid-job loses its lease when locked_until passes, and the
 * job runs again, so every handler must be idempotent. Several server processes may share the
 * table: the lease is taken by one conditional UPDATE, which only one of them can win.
 */
export interface JobOptions {
  /** Unix seconds; now by default. */
  runAt?: number;
  /** At most one queued or running job per key; a second enqueue is dropped. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
/** Runs several due jobs of one kind at once (registerBatch); all of them succeed or none does. */
export type BatchJobHandler = (payloads: Record<string, unknown>[]) => Promise<void>;

interface Registered {
  run: BatchJobHandler;
  /** Jobs of the kind taken together at most. */
  batch: number;
}

type JobRow = Selectable<JobsTable>;

/** How long a leased job may run before another worker may take it over. */
const LEASE_SECONDS = 10 * 60;
const DEFAULT_MAX_ATTEMPTS = 5;
/** Retry delays: 30 s, 1 min, 2 min ... at most an hour. */
const backoff = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

interface Deps {
  db: Db;
  now: () => number;
  log?: FastifyBaseLogger;
}

export function createJobQueue({ db, now, log }: Deps) {
  const handlers = new Map<string, Registered>();
  const workerId = `${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  /** Runs of runDue in progress, and whether stop() was called. */
  const inFlight = new Set<Promise<number>>();
  let stopped = false;

  const due = (t: number) =>
    sql<boolean>`((status = 'queued' and run_at <= ${t}) or (status = 'running' and locked_until < ${t}))`;

  const lease = (t: number) => ({
    status: 'running' as const,
    locked_by: workerId,
    locked_until: t + LEASE_SECONDS,
    attempts: sql<number>`attempts + 1`,
  });

  /** Takes the next due job, or none. */
  async function claim(): Promise<JobRow | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const t = now();
      const next = await db
        .selectFrom('jobs')
        .select('id')
        .where(due(t))
        .orderBy('run_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!next) return undefined;
      // The same condition again: of two workers that picked this row, one updates it.
      const job = await db
        .updateTable('jobs')
        .set(lease(t))
        .where('id', '=', next.id)
        .where(due(t))
        .returningAll()
        .executeTakeFirst();
      if (job) return job;
    }
    return undefined;
  }

  /** Takes up to `limit` more due jobs of `kind` (those another worker took meanwhile are left). */
  async function claimMore(kind: string, limit: number): Promise<JobRow[]> {
    const t = now();
    const ids = await db
      .selectFrom('jobs')
      .select('id')
      .where(due(t))
      .where('kind', '=', kind)
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    if (ids.length === 0) return [];
    return db
      .updateTable('jobs')
      .set(lease(t))
      .where(
        'id',
        'in',
        ids.map(({ id }) => id),
      )
      .where(due(t))
      .returningAll()
      .execute();
  }

  /** The jobs ran: they go, unless their lease went to another worker meanwhile. */
  async function finish(jobs: JobRow[]): Promise<void> {
    await db
      .deleteFrom('jobs')
      .where(
        'id',
        'in',
        jobs.map(({ id }) => id),
      )
      .where('locked_by', '=', workerId)
      .execute();
  }

  /** Retried later with a growing delay, or kept as failed once out of attempts. */
  async function fail(job: JobRow, err: unknown, gaveUp: boolean): Promise<void> {
    const message = err instanceof Error ? err.message : String(err);
    const failed = gaveUp || job.attempts >= job.max_attempts;
    log?.error({ err, job: { id: job.id, kind: job.kind, attempts: job.attempts } }, 'job failed');
    await db
      .updateTable('jobs')
      .set({
        status: failed ? 'failed' : 'queued',
        run_at: now() + backoff(job.attempts),
        locked_by: null,
        locked_until: null,
        last_error: message.slice(0, 2000),
      })
      .where('id', '=', job.id)
      .where('locked_by', '=', workerId)
      .execute();
  }

  const payloadOf = (job: JobRow) => JSON.parse(job.payload) as Record<string, unknown>;

  /**
   * Runs the next due job, with more due jobs of its kind when the kind runs in batches; answers
   * how many jobs it took (0: none was due). A batch that fails is run again a job at a time, so
   * that one job that cannot run holds up none of the others, and each is retried on its own.
   */
  async function runNext(): Promise<number> {
    const first = await claim();
    if (!first) return 0;
    const registered = handlers.get(first.kind);
    const taken = [first];
    if (registered && registered.batch > 1)
      taken.push(...(await claimMore(first.kind, registered.batch - 1)));
    const jobs: JobRow[] = [];
    for (const job of taken) {
      // A job whose worker died again and again (its lease ran out each time) is given up.
      if (job.attempts > job.max_attempts) {
        await db
          .updateTable('jobs')
          .set({ status: 'failed', locked_by: null, locked_until: null, last_error: 'lease expired' })
          .where('id', '=', job.id)
          .execute();
      } else jobs.push(job);
    }
    if (jobs.length === 0) return taken.length;
    if (!registered) {
      for (const job of jobs) await fail(job, new Error(`no handler for job kind ${job.kind}`), true);
      return taken.length;
    }
    try {
      await registered.run(jobs.map(payloadOf));
      await finish(jobs);
    } catch (err) {
      if (jobs.length === 1) await fail(jobs[0], err, false);
      else {
        log?.warn(
          { err, kind: first.kind, jobs: jobs.length },
          'a batch of jobs failed; running them one by one',
        );
        for (const job of jobs) {
          try {
            await registered.run([payloadOf(job)]);
            await finish([job]);
          } catch (one) {
            await fail(job, one, false);
          }
        }
      }
    }
    return taken.length;
  }

  const runOne = async (): Promise<boolean> => (await runNext()) > 0;

  return {
    /** Registers what runs a kind of job (app.ts wires them). */
    register(kind: string, handler: JobHandler): void {
      handlers.set(kind, { run: (payloads) => handler(payloads[0]), batch: 1 });
    },

    /**
     * Registers a kind whose due jobs run up to `batch` at a time in one call (search's text
     * extraction writes the texts of a batch in one transaction).
     */
    registerBatch(kind: string, handler: BatchJobHandler, batch: number): void {
      handlers.set(kind, { run: handler, batch });
    },

    /**
     * Adds a job; inside the caller's transaction when `dbx` is one, so the job exists exactly
     * when the change that needs it commits. Answers false when a job of the same dedupe key waits.
     */
    async enqueue(
      dbx: DbOrTrx,
      kind: string,
      payload: Record<string, unknown> = {},
      opts: JobOptions = {},
    ): Promise<boolean> {
      const t = now();
      const result = await dbx
        .insertInto('jobs')
        .values({
          kind,
          payload: JSON.stringify(payload),
          dedupe_key: opts.dedupeKey ?? null,
          status: 'queued',
          run_at: opts.runAt ?? t,
          max_attempts: opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
          created_at: t,
        })
        // The partial unique index on dedupe_key (waiting and running jobs) drops a duplicate.
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    runOne,

    /**
     * Runs due jobs one after another until none is due (or `max` ran, or the queue is stopped);
     * answers how many ran.
     */
    async runDue(max = 1000): Promise<number> {
      const run = (async () => {
        let ran = 0;
        while (!stopped && ran < max) {
          const took = await runNext();
          if (took === 0) break;
          ran += took;
        }
        return ran;
      })();
      inFlight.add(run);
      try {
        return await run;
      } finally {
        inFlight.delete(run);
      }
    },

    /**
     * No further job starts in this process; answers once the ones running have ended, so that
     * the database closes after them (app close). Not only the scheduler runs jobs: a service may
     * wake the queue after a change (search, previews), and a job claimed then must not be left
     * leased to a process that is gone.
     */
    async stop(): Promise<void> {
      stopped = true;
      await Promise.allSettled([...inFlight]);
    },

    /** Jobs that gave up (for the administrator's console and the tests). */
    failed() {
      return db.selectFrom('jobs').selectAll().where('status', '=', 'failed').orderBy('id').execute();
    },

    /** Waiting jobs of a kind (tests, diagnostics). */
    pending(kind: string) {
      return db
        .selectFrom('jobs')
        .selectAll()
        .where('kind', '=', kind)
        .where('status', 'in', ['queued', 'running'])
        .execute();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
