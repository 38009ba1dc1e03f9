import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread looks for new commits to copy into the database file. */
const EVERY_MS = 200;

/**
 * The WAL length (in pages) at which the server's own connection still checkpoints after a commit,
 * as SQLite does at 1,000 by default. With the thread copying the WAL meanwhile, this checkpoint
 * finds little left to copy; it is what lets the next write start the WAL over from its beginning
 * while writes never pause (SQLite restarts the WAL only when a write begins with all of it
 * copied), so the WAL stays under about 16 MB.
 */
export const INLINE_CHECKPOINT_PAGES = 4000;

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
  /** Runs a checkpoint now if anything was committed since the last (tests); answers how many ran. */
  pass(): Promise<number>;
  /** Stops the thread and closes its connection; the database's own connection closes after. */
  close(): Promise<void>;
}

/**
 * Checkpoints of a SQLite database's WAL on a thread of their own (issue 11 W3). A checkpoint
 * copies the pages committed to the WAL into the database file and syncs both files: on the
 * JavaScript thread that was about a twelfth of the time of a small upload, and every few hundred
 * uploads a pause of several milliseconds for every request. The thread looks every
 * EVERY_MS for commits of any connection (PRAGMA data_version) and checkpoints when there were
 * some. The server's connection keeps SQLite's own checkpoint at INLINE_CHECKPOINT_PAGES.
 */
export function startCheckpointer(
  databaseFile: string,
  { everyMs = EVERY_MS, onError }: { everyMs?: number; onError?: (err: Error) => void } = {},
): Checkpointer {
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
      // SQLITE_BUSY and the like: the next pass tries again; the inline checkpoint still runs.
      onError?.(new Error(`checkpoint failed: ${m.message}`));
      return;
    }
    const i = waiting.findIndex((w) => w.op === m.op);
    if (i >= 0) waiting.splice(i, 1)[0].done(m);
  });
  const fail = (err: Error) => {
    if (exited) return;
    exited = true;
    if (!closing) onError?.(err);
    for (const w of waiting.splice(0)) w.done({ message: err.message });
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the checkpoint thread exited')));
  const ask = (op: string) =>
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
