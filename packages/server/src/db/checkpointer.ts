import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread looks for new commits to copy into the database file. */
const EVERY_MS = 200;

/**
 * The WAL length (in pages) at which the server's own connection still checkpoints after a commit
 * while the thread runs (SQLite's default, kept otherwise, is 1,000). With the thread copying the
 * WAL meanwhile, this checkpoint finds little left to copy; it is what lets the next write start
 * the WAL over from its beginning while writes never pause (SQLite restarts the WAL only when a
 * write begins with all of it copied), so the WAL stays under about 16 MB.
 */
export const THREAD_INLINE_PAGES = 4000;
export const DEFAULT_INLINE_PAGES = 1000;

/**
 * The thread starts once this many commits come within a second, and stops after QUIET_SECONDS
 * seconds each with fewer than a quarter of them. Below that rate SQLite's own checkpoints take
 * at most a few per cent of the JavaScript thread, less than a thread is worth: one costs about
 * 10 MB of memory (a second JavaScript environment), which stays with the process's allocator
 * after it stops (bench W1 keeps the server under 200 MB).
 */
const START_COMMITS_PER_SECOND = 100;
const QUIET_SECONDS = 10;

// The checkpoint thread: plain JavaScript, with a connection of its own to the database file.
// PASSIVE checkpoints never wait for a lock and never make the writer wait: what readers still use
// is copied next time.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
const version = db.prepare('PRAGMA data_version').pluck();
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');
let copied = -1;
let checkpoints = 0;
function pass() {
  const now = version.get();
  if (now === copied) return;
  checkpoint.get();
  checkpoints++;
  copied = now;
}
const timer = setInterval(() => {
  try {
    pass();
  } catch (err) {
    parentPort.postMessage({ op: 'failed', message: String((err && err.message) || err) });
  }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m.op === 'pass') {
    try {
      pass();
      parentPort.postMessage({ op: 'passed', checkpoints });
    } catch (err) {
      parentPort.postMessage({ op: 'passed', checkpoints, message: String((err && err.message) || err) });
    }
  } else if (m.op === 'close') {
    clearInterval(timer);
    db.close();
    parentPort.postMessage({ op: 'closed' });
  }
});
`;

export interface Checkpointer {
  /** Counts a commit of the server's connection; under many a second, the thread starts. */
  committed(): void;
  /** Whether the thread is running. */
  readonly running: boolean;
  /** Starts the thread if it is not running and checkpoints now if anything was committed since its last; answers how many it ran. */
  pass(): Promise<number>;
  /** Stops the thread and closes its connection; the database's own connection closes after. */
  close(): Promise<void>;
}

interface Thread {
  pass(): Promise<number>;
  close(): Promise<void>;
}

/** The thread itself, with its connection to `databaseFile`; `onExit` when it ends unasked. */
function startThread(
  databaseFile: string,
  everyMs: number,
  onError: (err: Error) => void,
  onExit: () => void,
): Thread {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      file: databaseFile,
      everyMs,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  // A checkpoint thread alone never keeps the process alive.
  worker.unref();
  let exited = false;
  let closing = false;
  const waiting: { op: string; done: (m: { checkpoints?: number; message?: string }) => void }[] = [];
  worker.on('message', (m: { op: string; checkpoints?: number; message?: string }) => {
    if (m.op === 'failed') {
      // The next pass tries again; the server's connection still checkpoints a long WAL.
      onError(new Error(`checkpoint failed: ${m.message}`));
      return;
    }
    const i = waiting.findIndex((w) => w.op === m.op);
    if (i >= 0) waiting.splice(i, 1)[0].done(m);
  });
  const fail = (err: Error) => {
    if (exited) return;
    exited = true;
    if (!closing) {
      onError(err);
      onExit();
    }
    for (const w of waiting.splice(0)) w.done({ message: err.message });
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the checkpoint thread exited')));
  const ask = (op: 'pass' | 'close') =>
    new Promise<{ checkpoints?: number; message?: string }>((resolve) => {
      if (exited) return resolve({ message: 'the checkpoint thread is not running' });
      waiting.push({ op: op === 'pass' ? 'passed' : 'closed', done: resolve });
      worker.postMessage({ op });
    });
  return {
    async pass() {
      const answer = await ask('pass');
      if (answer.message) throw new Error(`checkpoint failed: ${answer.message}`);
      return answer.checkpoints ?? 0;
    },
    async close() {
      if (exited) return;
      closing = true;
      await ask('close');
      await worker.terminate();
    },
  };
}

/**
 * Checkpoints of a SQLite database's WAL on a thread of their own (issue 11 W3), while the server
 * commits many times a second. A checkpoint copies the pages committed to the WAL into the
 * database file and syncs both files: on the JavaScript thread, under many small uploads, that
 * was about a twelfth of an upload's time, and every few hundred uploads a pause of several
 * milliseconds for every request. The thread looks every EVERY_MS for commits of any connection
 * (PRAGMA data_version) and checkpoints when there were some. `setInlinePages` sets the server
 * connection's own checkpoint (PRAGMA wal_autocheckpoint): THREAD_INLINE_PAGES while the thread
 * runs, DEFAULT_INLINE_PAGES otherwise.
 */
export function createCheckpointer(
  databaseFile: string,
  {
    setInlinePages,
    onError = () => {},
    everyMs = EVERY_MS,
    startPerSecond = START_COMMITS_PER_SECOND,
    quietSeconds = QUIET_SECONDS,
    secondMs = 1000,
  }: {
    setInlinePages: (pages: number) => void;
    onError?: (err: Error) => void;
    everyMs?: number;
    startPerSecond?: number;
    quietSeconds?: number;
    /** The length of a "second" (tests make it shorter). */
    secondMs?: number;
  },
): Checkpointer {
  let thread: Thread | undefined;
  let closed = false;
  // Commits in the current second (to start the thread), and since the watcher last looked.
  let secondStart = performance.now();
  let inSecond = 0;
  let sinceWatch = 0;
  let watcher: NodeJS.Timeout | undefined;

  function stopped(): void {
    thread = undefined;
    clearInterval(watcher);
    watcher = undefined;
    setInlinePages(DEFAULT_INLINE_PAGES);
  }

  function start(): Thread {
    const started = startThread(databaseFile, everyMs, onError, stopped);
    thread = started;
    setInlinePages(THREAD_INLINE_PAGES);
    let quiet = 0;
    sinceWatch = 0;
    watcher = setInterval(() => {
      quiet = sinceWatch * 4 < startPerSecond ? quiet + 1 : 0;
      sinceWatch = 0;
      if (quiet < quietSeconds || thread !== started) return;
      stopped();
      started.close().catch(onError);
    }, secondMs);
    watcher.unref();
    return started;
  }

  return {
    committed() {
      sinceWatch++;
      const now = performance.now();
      if (now - secondStart >= secondMs) {
        secondStart = now;
        inSecond = 0;
      }
      inSecond++;
      if (!thread && !closed && inSecond >= startPerSecond) start();
    },
    get running() {
      return thread !== undefined;
    },
    pass() {
      if (closed) return Promise.reject(new Error('the checkpointer is closed'));
      return (thread ?? start()).pass();
    },
    async close() {
      closed = true;
      const last = thread;
      if (last) stopped();
      await last?.close();
    },
  };
}
