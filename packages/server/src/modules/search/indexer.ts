import { splitExt } from '@cirrus/shared';
import type { FastifyBaseLogger } from 'fastify';
import { hotQuery } from '../../db/hot.ts';
import type { Db, DbOrTrx, Dialect } from '../../db/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/index.ts';
import type { FileEvent } from '../events/service.ts';
import { type Bytes, extractKindOf, extractText } from './extract.ts';
import * as repo from './repo.ts';

/** Reads a content's text into the index (payload: sha256). */
export const EXTRACT_JOB = 'search.extract';
/** Periodic: indexes what is missing (after an upgrade), queues missing texts, drops orphans. */
export const MAINTAIN_JOB = 'search.maintain';

/** Every extension whose text is read (for the backfill's SQL). */
// biome-ignore format: a compact list
const EXTRACTABLE_EXTS = [
  'txt', 'md', 'markdown', 'log', 'csv', 'tsv', 'rst', 'tex', 'srt', 'json', 'xml', 'yaml', 'yml', 'toml',
  'ini', 'js', 'mjs', 'cjs', 'ts', 'jsx', 'tsx', 'css', 'scss', 'less', 'vue', 'java', 'kt', 'scala', 'c',
  'h', 'cpp', 'cc', 'hpp', 'cs', 'go', 'rs', 'py', 'rb', 'php', 'swift', 'dart', 'lua', 'pl', 'r', 'sh',
  'bash', 'sql', 'html', 'htm', 'xhtml', 'pdf', 'docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'xltx', 'pptx',
  'pptm', 'ppsx', 'potx',
].filter((ext) => extractKindOf(ext) !== undefined);

/** File ids the maintenance job looks at per step, rows it (re)indexes at most per run, texts per query. */
const ID_RANGE = 5000;
const MAX_PER_RUN = 200_000;
const BATCH = 1000;
/** Time the maintenance job spends merging index segments per run (SQLite). */
const MERGE_BUDGET_MS = 20_000;

interface Deps {
  db: Db;
  dialect: Dialect;
  blobs: BlobStore;
  jobs: JobQueue;
  now: () => number;
  /** Runs due jobs soon (the scheduler's worker), so a new upload is searchable by content in moments. */
  wake?: () => void;
  log?: FastifyBaseLogger;
}

function blobBytes(blobs: BlobStore, sha256: string, size: number): Bytes {
  return { size, stream: (range) => blobs.createReadStream(sha256, range) };
}

/** Kept compiled: every upload asks it (issue 11 W3). */
const contentOf = hotQuery((db, fileId: number) =>
  db.selectFrom('files').select(['sha256', 'name', 'is_folder']).where('id', '=', fileId),
);

/**
 * Keeps the search index in step with the files, from the file events in their own transaction
 * (modules/events observers): a new item, a copied folder with everything below it, a rename, a
 * new version and a recovered item (whose name may have changed) are (re)indexed; a new content
 * gets a durable extraction job, so an upload never waits for its text. Deleting, recovering and
 * moving need nothing more: searches read state, space and place from the files table. Purged
 * items leave through forgetFiles (the recycle service's hook), and the maintenance job catches
 * whatever slipped past both (files written before this index existed, or by hand).
 */
export function createSearchIndexer({ db, dialect, blobs, jobs, now, wake, log }: Deps) {
  let wakeTimer: NodeJS.Timeout | undefined;

  function wakeSoon(): void {
    if (!wake || wakeTimer) return;
    // After the transaction that queued the job has committed (it is still open now).
    wakeTimer = setTimeout(() => {
      wakeTimer = undefined;
      wake();
    }, 200);
    wakeTimer.unref();
  }

  /** Queues the extraction of a file's content unless its text is known (or cannot be read). */
  async function ensureContent(trx: DbOrTrx, fileId: number): Promise<void> {
    const file = await contentOf.first(trx, fileId);
    if (!file || file.is_folder || !file.sha256) return;
    if (!extractKindOf(splitExt(file.name).ext.toLowerCase())) return;
    const known = await repo.contentState(trx, file.sha256);
    // Known text stays; content first seen under a name we could not read is read now as this type.
    if (known && known.state !== 'none') return;
    await jobs.enqueue(
      trx,
      EXTRACT_JOB,
      { sha256: file.sha256 },
      { dedupeKey: `${EXTRACT_JOB}:${file.sha256}` },
    );
    wakeSoon();
  }

  async function index(trx: DbOrTrx, fileId: number, withSubtree: boolean, content: boolean): Promise<void> {
    const files = await repo.filesToIndex(trx, fileId, withSubtree);
    await repo.indexFiles(trx, files);
    if (!content) return;
    for (const file of files) if (!file.is_folder) await ensureContent(trx, file.id);
  }

  return {
    /** The events observer (app.ts hands it to the event log). */
    async fromEvents(trx: DbOrTrx, events: FileEvent[]): Promise<void> {
      for (const event of events) {
        if (event.fileId === 0) continue;
        switch (event.type) {
          case 'file_create':
            // A copied folder is one event for the whole copy.
            await index(trx, event.fileId, event.isFolder, true);
            break;
          case 'update':
            await index(trx, event.fileId, false, true);
            break;
          case 'rename':
          case 'recover':
            await index(trx, event.fileId, false, false);
            break;
          default:
            break;
        }
      }
    },

    /** Purged items leave the index with them (recycle's forget hook, same transaction). */
    forgetFiles: (trx: DbOrTrx, fileIds: number[]) => repo.removeFiles(trx, fileIds),

    /** The EXTRACT_JOB handler. Idempotent: a content whose text is known is left alone. */
    async extract(payload: Record<string, unknown>): Promise<void> {
      const sha256 = String(payload.sha256 ?? '');
      if (!/^[0-9a-f]{64}$/.test(sha256)) return;
      const known = await repo.contentState(db, sha256);
      if (known && known.state !== 'none') return;
      const file = await repo.fileWithContent(db, sha256, EXTRACTABLE_EXTS);
      // Gone meanwhile (purged), or only held by files of a type that has no text.
      if (!file) return;
      const kind = extractKindOf(file.ext);
      if (!kind) {
        if (!known)
          await repo.saveContent(
            db,
            dialect,
            sha256,
            { state: 'none', ext: file.ext, body: '', truncated: false, error: '' },
            now(),
          );
        return;
      }
      try {
        const { text, truncated } = await extractText(blobBytes(blobs, sha256, Number(file.size)), kind);
        await repo.saveContent(
          db,
          dialect,
          sha256,
          { state: 'done', ext: file.ext, body: text, truncated, error: '' },
          now(),
        );
      } catch (err) {
        // Trouble reading the store (a system error) is tried again by the queue; a file that is
        // not what its name says (a broken zip, an encrypted PDF) is noted once and not retried.
        if (typeof (err as { code?: unknown }).code === 'string' && (err as { syscall?: unknown }).syscall)
          throw err;
        const message = err instanceof Error ? err.message : String(err);
        log?.warn({ sha256, ext: file.ext, err: message }, 'search: content text could not be read');
        await repo.saveContent(
          db,
          dialect,
          sha256,
          { state: 'failed', ext: file.ext, body: '', truncated: false, error: message },
          now(),
        );
      }
    },

    /**
     * The MAINTAIN_JOB handler: walks the files by id ranges and (re)indexes those whose index row
     * is missing or out of date, drops rows of files that are gone, queues the texts that are
     * missing and drops texts no file holds. In ranges, so that a big drive never holds the
     * database (or, on SQLite, the event loop) for long. Answers whether work is left for another run.
     */
    async maintain(): Promise<boolean> {
      const last = await repo.maxFileId(db);
      let indexed = 0;
      for (let from = 1; from <= last; from += ID_RANGE) {
        const drift = await repo.driftIn(db, from, from + ID_RANGE);
        if (drift.files.length || drift.orphans.length) {
          await db.transaction().execute(async (trx) => {
            await repo.indexFiles(trx, drift.files);
            await repo.removeFiles(trx, drift.orphans);
          });
        }
        indexed += drift.files.length;
        if (indexed >= MAX_PER_RUN) return true;
        // Let requests in between.
        await new Promise((resolve) => setImmediate(resolve));
      }
      let queued = 0;
      for (const { sha256 } of await repo.contentsToExtract(db, EXTRACTABLE_EXTS, BATCH)) {
        if (await jobs.enqueue(db, EXTRACT_JOB, { sha256 }, { dedupeKey: `${EXTRACT_JOB}:${sha256}` }))
          queued++;
      }
      let removed: number;
      do removed = await repo.removeOrphanContents(db, BATCH);
      while (removed === BATCH);
      if (queued) wakeSoon();
      if (dialect === 'sqlite') await repo.mergeSegments(db, Date.now() + MERGE_BUDGET_MS);
      return false;
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
