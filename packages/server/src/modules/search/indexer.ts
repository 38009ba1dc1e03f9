import { splitExt } from '@cirrus/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTrx, Dialect } from '../../db/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { collectAfterBulkWork } from '../../lib/heap.ts';
import { type BlobStore, isStoreError } from '../../storage/index.ts';
import type { FileEvent } from '../events/service.ts';
import { type Bytes, extractKindOf, extractText } from './extract.ts';
import * as repo from './repo.ts';

/** Reads a content's text into the index (payload: sha256). */
export const EXTRACT_JOB = 'search.extract';
/**
 * Extraction jobs run together at most: the queue takes and clears them with a statement each, and
 * their texts are saved in one transaction, instead of three commits a document (issue 11: 1,000
 * text files uploaded 8 at a time took a sixth to a fifth less of the server's CPU). At most 8, so
 * that a batch of PDFs each read up to its time limit (a minute, extract.ts) ends within the
 * queue's ten-minute lease, and a batch's texts held in memory stay modest.
 */
export const EXTRACT_BATCH = 8;
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
/** A maintenance run that indexed at least this many files ends with a full collection (lib/heap.ts). */
const BULK_FILES = 5_000;
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
  return { size, stream: (range) => blobs.createReadStream(sha256, range, size) };
}

/** What a queued file needs (search_queue.work): its own row, the rows below it, its content text. */
const QUEUED_ITEM = 1;
const QUEUED_SUBTREE = 2;
const QUEUED_CONTENT = 4;
/** Queued files indexed per transaction. */
const QUEUE_BATCH = 500;
/** How long a change waits for others to be indexed with it. */
const QUEUE_DELAY_MS = 100;

/**
 * Keeps the search index in step with the files, from the file events (modules/events observers):
 * a new item, a copied folder with everything below it, a rename, a new version and a recovered
 * item (whose name may have changed) are (re)indexed; a new content gets a durable extraction job,
 * so an upload never waits for its text. Deleting, recovering and moving need nothing more:
 * searches read state, space and place from the files table. Purged items leave through
 * forgetFiles (the recycle service's hook), and the maintenance job catches whatever slipped past
 * both (files written before this index existed, or by hand).
 *
 * A change only queues its file, in its own transaction (search_queue); the queue is indexed a
 * moment later, many files in one transaction, and before every search (upToDate), so a search
 * still finds what was uploaded before it. Indexing each upload in its own transaction wrote a
 * new segment of both name indexes every time: a third of the pages of an upload's commit
 * (issue 11 W3). The queue is durable: what a stop or a crash left in it is indexed at the next start.
 */
export function createSearchIndexer({ db, dialect, blobs, jobs, now, wake, log }: Deps) {
  let wakeTimer: NodeJS.Timeout | undefined;
  let queueTimer: NodeJS.Timeout | undefined;
  /** The batches run one after another; each indexes everything queued when it starts. */
  let batches: Promise<void> = Promise.resolve();
  let closed = false;

  function indexSoon(): void {
    if (queueTimer || closed) return;
    queueTimer = setTimeout(() => {
      queueTimer = undefined;
      upToDate().catch((err: unknown) => log?.error({ err }, 'search: indexing the queue failed'));
    }, QUEUE_DELAY_MS);
    queueTimer.unref();
  }

  /**
   * Indexes a batch of the queue in one transaction: its files are read in it, together, and their
   * rows written together. A change that commits after that read has queued its file again (a new
   * rev), so its row stays for the next batch. Rows of files that are gone (the maintenance job
   * finds them) are dropped.
   */
  async function indexQueued(trx: DbOrTrx, rows: repo.QueuedFile[]): Promise<void> {
    const read = await repo.filesToIndex(
      trx,
      rows.map((row) => row.file_id),
    );
    const found = new Map(read.map((file) => [file.id, file]));
    const gone = rows.filter((row) => !found.has(row.file_id)).map((row) => row.file_id);
    if (gone.length) await repo.removeFiles(trx, gone);
    const files = new Map(found);
    const withContent = new Map<number, repo.FileToIndex>();
    for (const { file_id, work } of rows) {
      const file = found.get(file_id);
      if (!file) continue;
      const below = work & QUEUED_SUBTREE && file.is_folder ? await repo.filesBelow(trx, file_id) : [];
      for (const one of below) files.set(one.id, one);
      if (work & QUEUED_CONTENT) for (const one of [file, ...below]) withContent.set(one.id, one);
    }
    await repo.indexFiles(trx, dialect, [...files.values()]);
    for (const file of withContent.values()) await ensureContent(trx, file);
    for (const { file_id, rev } of rows) await repo.dequeueFile.run(trx, file_id, rev);
  }

  /** Indexes what is queued, a batch a transaction. */
  async function drain(): Promise<void> {
    for (;;) {
      const rows = await repo.queuedFiles.all(db, QUEUE_BATCH);
      if (rows.length === 0) return;
      try {
        await db.transaction().execute((trx) => indexQueued(trx, rows));
      } catch (err) {
        // One file at a time, so that one that cannot be indexed holds up no other; it leaves the
        // queue (the maintenance job tries it again).
        log?.warn({ err }, 'search: a batch of the queue failed; indexing it file by file');
        for (const row of rows) {
          await db
            .transaction()
            .execute((trx) => indexQueued(trx, [row]))
            .catch(async (one: unknown) => {
              log?.error({ err: one, fileId: row.file_id }, 'search: a queued file could not be indexed');
              await repo.dequeueFile.run(db, row.file_id, row.rev);
            });
        }
      }
      if (rows.length < QUEUE_BATCH) return;
    }
  }

  /** Indexes everything queued before this call (a search first calls it). */
  function upToDate(): Promise<void> {
    batches = batches.then(drain, drain);
    return batches;
  }

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
  async function ensureContent(trx: DbOrTrx, file: repo.FileToIndex): Promise<void> {
    if (file.is_folder || !file.sha256) return;
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

  /** A content's text as the extraction job saves it, or nothing to save. */
  async function textOf(sha256: string): Promise<repo.SavedContent | undefined> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
    const known = await repo.contentState(db, sha256);
    if (known && known.state !== 'none') return undefined;
    const file = await repo.fileWithContent(db, sha256, EXTRACTABLE_EXTS);
    // Gone meanwhile (purged), or only held by files of a type that has no text.
    if (!file) return undefined;
    const kind = extractKindOf(file.ext);
    const saved = (content: Omit<repo.ContentText, 'ext'>) => ({
      sha256,
      content: { ...content, ext: file.ext },
    });
    if (!kind) return known ? undefined : saved({ state: 'none', body: '', truncated: false, error: '' });
    try {
      const { text, truncated } = await extractText(blobBytes(blobs, sha256, Number(file.size)), kind);
      return saved({ state: 'done', body: text, truncated, error: '' });
    } catch (err) {
      // Trouble reading the store (a system error) is tried again by the queue; a file that is
      // not what its name says (a broken zip, an encrypted PDF) is noted once and not retried.
      if (isStoreError(err)) throw err;
      const message = err instanceof Error ? err.message : String(err);
      log?.warn({ sha256, ext: file.ext, err: message }, 'search: content text could not be read');
      return saved({ state: 'failed', body: '', truncated: false, error: message });
    }
  }

  /** The queue's work for an event, or 0 when it changes nothing the index holds. */
  function workOf(event: FileEvent): number {
    switch (event.type) {
      case 'file_create':
        // A copied folder is one event for the whole copy.
        return QUEUED_ITEM | QUEUED_CONTENT | (event.isFolder ? QUEUED_SUBTREE : 0);
      case 'update':
        return QUEUED_ITEM | QUEUED_CONTENT;
      case 'rename':
      case 'recover':
        return QUEUED_ITEM;
      default:
        return 0;
    }
  }

  return {
    /** The events observer (app.ts hands it to the event log): queues the files to index. */
    async fromEvents(trx: DbOrTrx, events: FileEvent[]): Promise<void> {
      let queuedAny = false;
      for (const event of events) {
        const work = event.fileId === 0 ? 0 : workOf(event);
        if (work === 0) continue;
        await repo.queueFile.run(trx, { file_id: event.fileId, work });
        queuedAny = true;
      }
      // After the transaction that queued them has committed (it is still open now).
      if (queuedAny) indexSoon();
    },

    upToDate,

    /** What a stop or a crash left queued: indexed soon after the start. */
    resume: indexSoon,

    /** Waits for the batch under way; nothing starts after (the app closes). */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(queueTimer);
      queueTimer = undefined;
      clearTimeout(wakeTimer);
      wakeTimer = undefined;
      await batches.catch(() => {});
    },

    /** Purged items leave the index with them (recycle's forget hook, same transaction). */
    forgetFiles: (trx: DbOrTrx, fileIds: number[]) => repo.removeFiles(trx, fileIds),

    /**
     * The EXTRACT_JOB handler, for up to EXTRACT_BATCH jobs at once: reads each content's text,
     * then saves them together (repo.saveContents). Idempotent: a content whose text is
     * known is left alone. Trouble reading the store fails the batch (the queue then runs its
     * jobs one by one, and retries the one that failed).
     */
    async extract(payloads: Record<string, unknown>[]): Promise<void> {
      let read: repo.SavedContent[] = [];
      let length = 0;
      for (const payload of payloads) {
        const text = await textOf(String(payload.sha256 ?? ''));
        if (!text) continue;
        read.push(text);
        length += text.content.body.length;
        // Saved as soon as they fill a transaction: a batch of large texts is not all held at once.
        if (length >= repo.TEXT_PER_TRANSACTION) {
          await repo.saveContents(db, dialect, read, now());
          read = [];
          length = 0;
        }
      }
      if (read.length) await repo.saveContents(db, dialect, read, now());
    },

    /**
     * The MAINTAIN_JOB handler: walks the files by id ranges and queues for indexing those whose
     * index row is missing or out of date, and the rows of files that are gone; queues the texts
     * that are missing and drops texts no file holds. In ranges, so that a big drive never holds the
     * database (or, on SQLite, the event loop) for long. Answers whether work is left for another run.
     */
    async maintain(): Promise<boolean> {
      await upToDate();
      const last = await repo.maxFileId(db);
      let indexed = 0;
      for (let from = 1; from <= last; from += ID_RANGE) {
        const drifted = await repo.driftIn(db, from, from + ID_RANGE);
        // Through the queue, whose batches read each file in the transaction that writes its row:
        // a rename that commits after this read is then not overwritten with the old name. A
        // batch at a time, since a search first waits for what is queued (upToDate).
        for (let i = 0; i < drifted.length; i += QUEUE_BATCH) {
          await db.transaction().execute(async (trx) => {
            for (const fileId of drifted.slice(i, i + QUEUE_BATCH))
              await repo.queueFile.run(trx, { file_id: fileId, work: QUEUED_ITEM });
          });
          await upToDate();
        }
        indexed += drifted.length;
        if (indexed >= MAX_PER_RUN) {
          collectAfterBulkWork();
          return true;
        }
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
      if (indexed >= BULK_FILES) collectAfterBulkWork();
      return false;
    },
  };
}

export type SearchIndexer = ReturnType<typeof createSearchIndexer>;
