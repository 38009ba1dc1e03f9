import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx } from '../../db/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/index.ts';

/**
 * Every column that holds a blob key. A blob is collected only when none of them names it, so a
 * module that starts keeping blob keys in a new table must add it here.
 */
const BLOB_REFERENCES = [
  { table: 'files', column: 'sha256' },
  { table: 'file_versions', column: 'sha256' },
  { table: 'pictures', column: 'sha256' },
  // What previews made of a content: a converted PDF, a picture for the viewer (modules/preview).
  { table: 'preview_renditions', column: 'result_sha256' },
] as const;

const BATCH = 500;
/** Renditions of renditions (a thumbnail of a converted PDF) go one pass after their source. */
const MAX_PASSES = 4;

/** The job that runs collect(). */
export const COLLECT_JOB = 'blobs.collect';

interface Deps {
  db: Db;
  blobs: BlobStore;
  now: () => number;
  /**
   * A blob written or put again within this many seconds is kept even when nothing refers to it
   * yet: an upload stores its blob first and commits the metadata that refers to it a moment later
   * (ARCHITECTURE "Data, durability and safety").
   */
  graceSeconds: number;
  /** Noting orphans queues a collection (job blobs.collect), which app.ts registers. */
  jobs: Pick<JobQueue, 'enqueue'>;
  log?: FastifyBaseLogger;
}

/**
 * Collection of unreferenced blobs (the job `blobs.collect`). Nothing deletes a blob inline: a
 * change that drops a reference (a purge, a dropped history version) notes the key as an orphan in
 * its own transaction; the collector later checks each orphan against every reference and deletes
 * the blob only when none is left and the grace time has passed. What previews made of a content
 * (preview_renditions, keyed by the source's sha256) goes with it, and the renditions' own blobs
 * are collected in turn.
 */
export function createBlobCollector({ db, blobs, now, graceSeconds, jobs, log }: Deps) {
  async function referenced(keys: string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const { table, column } of BLOB_REFERENCES) {
      const rows = await db
        .selectFrom(table)
        .select(`${column} as sha256`)
        .where(column, 'in', keys)
        .distinct()
        .execute();
      for (const row of rows) found.add(row.sha256);
    }
    return found;
  }

  /** Notes keys as orphans (no job: the caller is the collector or queues one itself). */
  async function note(trx: DbOrTrx, keys: string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += BATCH) {
      await trx
        .insertInto('blob_orphans')
        .values(keys.slice(i, i + BATCH).map((sha256) => ({ sha256, since: now() })))
        .onConflict((oc) => oc.column('sha256').doNothing())
        .execute();
    }
  }

  /**
   * What previews made of contents that are gone (modules/preview keeps renditions by their
   * source's sha256): the rows go, and their results become orphans in turn. Answers how many
   * result keys were noted.
   */
  async function dropRenditionsOf(sources: string[]): Promise<number> {
    if (sources.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('preview_renditions')
        .select('result_sha256')
        .where('source_sha256', 'in', sources)
        .execute();
      if (rows.length === 0) return 0;
      await trx.deleteFrom('preview_renditions').where('source_sha256', 'in', sources).execute();
      const results = [...new Set(rows.map((r) => r.result_sha256))].filter((key) => key !== '');
      await note(trx, results);
      return results.length;
    });
  }

  /** One pass over the orphans; answers the blobs removed and the rendition results newly noted. */
  async function collectPass(): Promise<{ removed: number; noted: number }> {
    let removed = 0;
    let noted = 0;
    let after = '';
    for (;;) {
      const rows = await db
        .selectFrom('blob_orphans')
        .select(['sha256', 'since'])
        .where('sha256', '>', after)
        .orderBy('sha256')
        .limit(BATCH)
        .execute();
      if (rows.length === 0) break;
      after = rows[rows.length - 1].sha256;
      const keys = rows.map((r) => r.sha256);
      const notedAt = new Map(rows.map((r) => [r.sha256, Number(r.since)]));
      const inUse = await referenced(keys);
      const done: string[] = [...inUse];
      const gone: string[] = [];
      const unusedSinceMs = Date.now() - graceSeconds * 1000;
      for (const key of keys) {
        if (inUse.has(key)) continue;
        const outcome = await blobs.remove(key, { unusedSinceMs });
        if (outcome === 'removed') removed++;
        // Noted within the grace time and not there yet: its put may still be on its way (stored).
        if (outcome === 'missing' && (notedAt.get(key) ?? 0) > now() - graceSeconds) continue;
        // A blob put again within the grace time stays an orphan until the next run.
        if (outcome !== 'recent') {
          done.push(key);
          gone.push(key);
        }
      }
      noted += await dropRenditionsOf(gone);
      if (done.length > 0) await db.deleteFrom('blob_orphans').where('sha256', 'in', done).execute();
    }
    return { removed, noted };
  }

  /**
   * Notes keys whose last reference may have gone, in the caller's transaction, and queues a
   * collection that runs once it has committed (one waiting collection at a time).
   */
  async function orphaned(trx: DbOrTrx, keys: Iterable<string>): Promise<void> {
    const unique = [...new Set(keys)].filter((key) => key !== '');
    if (unique.length === 0) return;
    await jobs.enqueue(trx, COLLECT_JOB, {}, { dedupeKey: COLLECT_JOB });
    await note(trx, unique);
  }

  return {
    /**
     * Puts a blob, then commits what refers to it (`save`), so that no blob is left that nothing
     * names and the collector does not know of: the key is noted as an orphan, committed, before the
     * put, for a process that dies between the put and the save (the collector, finding the save's
     * reference, only forgets the note); a refused save notes it again and queues a collection.
     */
    async stored<T>(sha256: string, put: () => Promise<unknown>, save: () => Promise<T>): Promise<T> {
      // Its time is now, noted before or not: the collector keeps a fresh note of a blob not there yet.
      await db
        .insertInto('blob_orphans')
        .values({ sha256, since: now() })
        .onConflict((oc) => oc.column('sha256').doUpdateSet({ since: now() }))
        .execute();
      await put();
      try {
        return await save();
      } catch (err) {
        await db
          .transaction()
          .execute((trx) => orphaned(trx, [sha256]))
          .catch(() => undefined);
        throw err;
      }
    },

    orphaned,

    /**
     * Deletes the orphans nothing refers to any more, and the preview renditions made of them;
     * answers how many blobs went. A rendition's result noted on the way is collected in a further
     * pass (a PDF's own renditions after the PDF), a few at most.
     */
    async collect(): Promise<number> {
      let removed = 0;
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        const outcome = await collectPass();
        removed += outcome.removed;
        if (outcome.noted === 0) break;
      }
      if (removed > 0) log?.info({ removed }, 'collected unreferenced blobs');
      return removed;
    },
  };
}

export type BlobCollector = ReturnType<typeof createBlobCollector>;
