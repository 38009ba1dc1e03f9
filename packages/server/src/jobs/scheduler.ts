import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.ts';
import type { JobQueue } from './queue.ts';

export interface PeriodicJob {
  kind: string;
  /** How often the job is queued. */
  everySeconds: number;
}

interface Deps {
  db: Db;
  queue: JobQueue;
  now: () => number;
  periodic: PeriodicJob[];
  /** How often the scheduler looks for due work (real time). */
  tickMs: number;
  log?: FastifyBaseLogger;
}

/**
 * The in-process worker loop: on every tick it queues the periodic jobs that are due and runs the
 * due jobs. When a periodic job is next due is kept in the database (job_schedules), and taken by
 * a conditional UPDATE, so several server processes queue each periodic job once between them.
 * main.ts starts it; the app stops it on close; tests call tick() or the queue themselves.
 */
export function createScheduler({ db, queue, now, periodic, tickMs, log }: Deps) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  async function queueDuePeriodic(): Promise<void> {
    const t = now();
    for (const job of periodic) {
      await db
        .insertInto('job_schedules')
        .values({ kind: job.kind, next_run_at: t })
        .onConflict((oc) => oc.column('kind').doNothing())
        .execute();
      const taken = await db
        .updateTable('job_schedules')
        .set({ next_run_at: t + job.everySeconds })
        .where('kind', '=', job.kind)
        .where('next_run_at', '<=', t)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) > 0) await queue.enqueue(db, job.kind, {}, { dedupeKey: job.kind });
    }
  }

  async function tick(): Promise<void> {
    await queueDuePeriodic();
    await queue.runDue();
  }

  function safeTick(): void {
    if (running) return;
    running = tick()
      .catch((err: unknown) => log?.error({ err }, 'job scheduler tick failed'))
      .finally(() => {
        running = undefined;
      });
  }

  return {
    tick,

    start(): void {
      if (timer) return;
      safeTick();
      timer = setInterval(safeTick, tickMs);
      // The scheduler alone never keeps the process alive.
      timer.unref();
    },

    /** Stops ticking and waits for a tick in progress, so the database can close after it. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },

    get started(): boolean {
      return timer !== undefined;
    },
  };
}

export type Scheduler = ReturnType<typeof createScheduler>;
