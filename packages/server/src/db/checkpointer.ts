import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints on a thread of their own while writes come fast (issue 11 W3).
 *
 * SQLite checkpoints inside the commit that takes the WAL past 1,000 pages, on the JavaScript
 * thread: it syncs the WAL, copies its pages into the database and syncs that, 3 to 8 ms here,
 * about every 60 small uploads, during which no request moves. Once commits come faster than
 * `startAt` a second, a thread with a connection of its own takes the checkpoints over (PASSIVE:
 * it never holds up the writer or a reader), a moment after commits; the writer's connection then
 * checkpoints only past a backstop, should the thread fall far behind. After `idleMs` without a
 * commit the thread hands the checkpoints back and ends: a server that writes little does not keep
 * the thread's memory (about 10 MB).
 *
 * A checkpoint from another connection is as safe as one inside a commit: it syncs the WAL before
 * it copies from it, and the database file before the WAL may be reused.
 */
export interface Checkpointer {
  /** Says that a commit happened. Cheap: no message once the thread runs. */
  committed(): void;
  /** Whether the thread has the checkpoints (for tests). */
  readonly offThread: boolean;
  /** Hands the checkpoints back and ends the thread, if it runs (before the writer closes). */
  close(): Promise<void>;
}

export interface CheckpointerOptions {
  /** Commits within one second that start the thread. */
  startAt?: number;
  /** How long after a commit the thread checkpoints, so that one checkpoint covers many. */
  delayMs?: number;
  /** How long without a commit before the thread ends. */
  idleMs?: number;
}

/** SQLite's own default: the writer checkpoints when the WAL passes this many pages. */
export const WRITER_CHECKPOINT_PAGES = 1000;
/**
 * The writer's checkpoint while the thread has them: about 16 MB of WAL. Under steady writes the
 * thread's checkpoints never quite finish (commits keep adding frames), and only a writer may
 * start the WAL over from its beginning; this bounds the file. What is left to copy then is what
 * came in since the thread's last checkpoint. (20,000 pages measured the same in a W3 probe.)
 */
export const BACKSTOP_PAGES = 4_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
// NORMAL: a checkpoint syncs the WAL before copying and the database after (SQLite's WAL docs).
db.pragma('synchronous = NORMAL');
// A checkpoint copies pages without keeping them; this connection reads nothing else.
db.pragma('cache_size = 16');
const flag = new Int32Array(workerData.flag);
let closing = false;
function checkpoint() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // Busy: another checkpoint is running (the writer's backstop); the next commit tries again.
    if (!err || err.code !== 'SQLITE_BUSY') parentPort.postMessage({ error: String((err && err.message) || err) });
  }
}
parentPort.on('message', (m) => {
  if (m !== 'close') return;
  closing = true;
  checkpoint();
  db.close();
  parentPort.postMessage('closed');
});
function loop() {
  if (closing) return;
  // Sleeps until a commit sets the flag, then a little longer, so that one checkpoint covers many.
  const woken = Atomics.waitAsync(flag, 0, 0, workerData.idleMs);
  Promise.resolve(woken.value).then((how) => {
    if (closing) return;
    if (how === 'timed-out') return parentPort.postMessage('idle');
    setTimeout(() => {
      if (closing) return;
      Atomics.store(flag, 0, 0);
      checkpoint();
      loop();
    }, workerData.delayMs);
  });
}
parentPort.postMessage('ready');
loop();
`;

interface Thread {
  worker: Worker;
  flag: Int32Array;
  closed: Promise<void>;
}

/** `setWriterCheckpoint(pages)` sets the writing connection's wal_autocheckpoint. */
export function checkpointer(
  file: string,
  setWriterCheckpoint: (pages: number) => void,
  { startAt = 100, delayMs = 50, idleMs = 30_000 }: CheckpointerOptions = {},
): Checkpointer {
  let thread: Thread | undefined;
  let ready = false;
  let second = 0;
  let commits = 0;

  const stop = async (current: Thread) => {
    if (thread === current) {
      thread = undefined;
      if (ready) setWriterCheckpoint(WRITER_CHECKPOINT_PAGES);
      ready = false;
    }
    current.worker.postMessage('close');
    await current.closed;
    await current.worker.terminate();
  };

  const start = () => {
    const flag = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        file,
        flag: flag.buffer,
        delayMs,
        idleMs,
        driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      },
      // Its JavaScript is a loop and a pragma.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
    });
    worker.unref();
    let ended!: () => void;
    const current: Thread = { worker, flag, closed: new Promise((resolve) => (ended = resolve)) };
    worker.on('message', (m: unknown) => {
      if (m === 'ready' && thread === current) {
        ready = true;
        setWriterCheckpoint(BACKSTOP_PAGES);
      } else if (m === 'idle') {
        void stop(current);
      } else if (m === 'closed') {
        ended();
      } else if (typeof m === 'object' && m && 'error' in m) {
        // Tried again after the next commit; the backstop bounds the WAL meanwhile.
        process.emitWarning(`WAL checkpoint failed: ${m.error}`);
      }
    });
    const gone = () => {
      ended();
      if (thread === current) {
        thread = undefined;
        if (ready) setWriterCheckpoint(WRITER_CHECKPOINT_PAGES);
        ready = false;
      }
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    thread = current;
  };

  return {
    committed() {
      if (thread) {
        if (Atomics.load(thread.flag, 0) === 0) {
          Atomics.store(thread.flag, 0, 1);
          Atomics.notify(thread.flag, 0);
        }
        return;
      }
      const now = Math.floor(performance.now() / 1000);
      if (now !== second) {
        second = now;
        commits = 0;
      }
      if (++commits >= startAt) start();
    },
    get offThread() {
      return ready;
    },
    async close() {
      if (thread) await stop(thread);
    },
  };
}
