import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { BlobDigest } from './blob-store.ts';
import { type StagingSlot, stagingMemory } from './staging.ts';

/** sha256, sha1 and size of bytes fed in order: a small upload is hashed as it arrives. */
export interface RunningDigest {
  update(chunk: Buffer): void;
  readonly size: number;
  /** The result; the digest is spent after it. */
  digest(): BlobDigest;
}

/** From this size on an upload goes to a file, which the hashing thread reads behind the writer. */
export const HASH_THREAD_MIN_SIZE = 1024 * 1024;

export function createDigest(): RunningDigest {
  const sha256 = crypto.createHash('sha256');
  const sha1 = crypto.createHash('sha1');
  let size = 0;
  return {
    update(chunk) {
      sha256.update(chunk);
      sha1.update(chunk);
      size += chunk.length;
    },
    get size() {
      return size;
    },
    digest() {
      return { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), size };
    },
  };
}

export function digestBuffer(data: Buffer): BlobDigest {
  const digest = createDigest();
  digest.update(data);
  return digest.digest();
}

/**
 * A file being appended to, hashed on the hashing thread as it grows (issue 11 W1/W7: sha256 and
 * sha1 of 1 GiB take about 1.1 s of CPU). The thread reads what the writer has put into the file,
 * a moment behind it, from the page cache: the upload's bytes are neither copied nor held for it,
 * and a slow hash never holds the socket back; a commit waits for the hash to catch up.
 */
export interface FileDigest {
  /**
   * The file has grown by `bytes` (or is about to): the thread reads on after every mebibyte.
   * `end`, where known, is the file's size now: a thread that has hashed that far already (from
   * staged slots) does not look at the file, which would only tell it that nothing more is there
   * (an open, a read and a close each mebibyte of a direct upload, issue 11 W1/W7).
   */
  grew(bytes: number, end?: number): void;
  /**
   * Bytes `position` to `position + length` of the file are in `slot` of the staging memory (a
   * direct write, which leaves nothing in the page cache to read behind): the thread hashes them
   * there. Resolves when the slot may be used again (also when the thread failed: the digest then
   * fails, and the caller hashes the file itself).
   */
  hashStaged(slot: StagingSlot, position: number, length: number): Promise<void>;
  /** sha256 and sha1 of the file's first `size` bytes, once read; the follower is spent after. */
  digest(size: number): Promise<BlobDigest>;
  /** Stops following (a cancelled or discarded upload). */
  dispose(): void;
  /** Whether it answers no digest any more: taken, disposed, or its thread failed. */
  readonly spent: boolean;
}

// A hashing thread: plain JavaScript (no loader needed), up to HASHING_THREADS of them. Each
// follows many files at once and reads them a block at a time in turn, so that one long file does
// not keep the others waiting; it reads up to the end of a file as it is at that moment, then
// waits to hear that it grew. A file is opened for each read, so that one left unfinished holds no
// descriptor.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const fs = require('node:fs');
const BLOCK = 1024 * 1024;
const block = Buffer.allocUnsafe(BLOCK);
const files = new Map();
let pumping = false;
// The staging memory of direct writes (storage/staging.ts), shared with the main thread.
let staging;

function fail(id, err) {
  files.delete(id);
  parentPort.postMessage({ op: 'failed', id, message: String((err && err.message) || err) });
}
function read(f, want) {
  const fd = fs.openSync(f.path, 'r');
  try {
    return fs.readSync(fd, block, 0, want, f.pos);
  } finally {
    fs.closeSync(fd);
  }
}
// Reads one block of the file; answers whether it is worth reading more now.
function step(id, f) {
  const want = f.target >= 0 ? Math.min(BLOCK, f.target - f.pos) : BLOCK;
  const n = want > 0 ? read(f, want) : 0;
  if (n > 0) {
    const bytes = block.subarray(0, n);
    f.sha256.update(bytes);
    f.sha1.update(bytes);
    f.pos += n;
  }
  if (f.target >= 0 && f.pos === f.target) {
    files.delete(id);
    parentPort.postMessage({ op: 'digest', id, sha256: f.sha256.digest('hex'), sha1: f.sha1.digest('hex') });
    return false;
  }
  if (n === 0) {
    if (f.target >= 0) fail(id, 'the file is shorter than its size');
    else f.more = false;
    return false;
  }
  return true;
}
// Hashes a staged slot: what of it the hash has not read from the file already. Where the hash
// has not reached the slot yet (bytes of an earlier request, written through the page cache, or
// a part file left by an earlier process), the slot is left alone: the pump reads all of those
// from the file, a block at a time, the slot's bytes too once they are written.
function hashStaged(f, m) {
  if (f.pos < m.position) {
    f.more = true;
    return wake();
  }
  const skip = f.pos - m.position;
  if (skip >= m.length) return;
  const bytes = staging.subarray(m.at + skip, m.at + m.length);
  f.sha256.update(bytes);
  f.sha1.update(bytes);
  f.pos = m.position + m.length;
}
function pump() {
  pumping = false;
  let busy = false;
  for (const [id, f] of files) {
    if (!f.more) continue;
    try {
      f.more = step(id, f);
    } catch (err) {
      fail(id, err);
      continue;
    }
    busy = busy || f.more;
  }
  if (busy) wake();
}
function wake() {
  if (!pumping) {
    pumping = true;
    setImmediate(pump);
  }
}
parentPort.on('message', (m) => {
  const f = files.get(m.id);
  if (m.op === 'staging') {
    staging = Buffer.from(m.memory);
    return;
  }
  if (m.op === 'staged') {
    if (f) {
      try {
        hashStaged(f, m);
      } catch (err) {
        fail(m.id, err);
      }
    }
    // The slot is free again, hashed or not.
    return parentPort.postMessage({ op: 'slot', ticket: m.ticket });
  }
  if (m.op === 'follow') {
    files.set(m.id, { path: m.path, pos: 0, target: -1, more: true,
      sha256: crypto.createHash('sha256'), sha1: crypto.createHash('sha1') });
  } else if (m.op === 'grew' && f) {
    if (m.end !== undefined && f.pos >= m.end) return;
    f.more = true;
  } else if (m.op === 'digest' && f) {
    f.target = m.size;
    f.more = true;
    if (f.pos > m.size) return fail(m.id, 'the file is longer than its size');
  } else if (m.op === 'drop' && f) {
    return files.delete(m.id);
  } else {
    return;
  }
  wake();
});
`;

interface Follower {
  resolve?: (d: { sha256: string; sha1: string }) => void;
  reject?: (err: Error) => void;
  failed?: Error;
}

interface HashingThread {
  worker: Worker;
  followers: Map<number, Follower>;
  /** Staged slots being hashed, by ticket: each is told when its slot is free again. */
  slots: Map<number, () => void>;
  /** Whether the thread has been given the staging memory. */
  staging: boolean;
}

/** The thread is told the file grew once per this many bytes (the rest it reads at the digest). */
const NOTICE_BYTES = 1024 * 1024;

/**
 * Hashing threads at most. One thread hashes both digests at about 600 MiB/s here (sha256 and
 * sha1 each about 1,200 on their own), and through sixteen uploads at once it was the slowest
 * part, busy nearly all the time (issue 11, W7). A second one is started only when a file is to
 * be followed while the first already follows one, so that a lone upload costs no more memory.
 */
export const HASHING_THREADS = 2;

const hashers: HashingThread[] = [];
let nextId = 1;
let nextTicket = 1;

/** How many hashing threads run now. */
export function hashingThreadCount(): number {
  return hashers.length;
}

/**
 * The thread a new file is followed on: one following nothing, else a new one while there may be
 * more, else the one following the fewest files. Threads do not keep the process alive.
 */
function hashingThread(): HashingThread {
  const idle = hashers.find((t) => t.followers.size === 0);
  if (idle) return idle;
  if (hashers.length < HASHING_THREADS) return startHashingThread();
  return hashers.reduce((least, t) => (t.followers.size < least.followers.size ? t : least));
}

function startHashingThread(): HashingThread {
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  const followers = new Map<number, Follower>();
  const slots = new Map<number, () => void>();
  const current: HashingThread = { worker, followers, slots, staging: false };
  worker.on(
    'message',
    (m: { op: string; id: number; ticket: number; sha256: string; sha1: string; message: string }) => {
      if (m.op === 'slot') {
        slots.get(m.ticket)?.();
        slots.delete(m.ticket);
        return;
      }
      const f = followers.get(m.id);
      if (!f) return;
      if (m.op === 'digest') {
        followers.delete(m.id);
        f.resolve?.({ sha256: m.sha256, sha1: m.sha1 });
      } else if (m.op === 'failed') {
        followers.delete(m.id);
        f.failed = new Error(`hashing failed: ${m.message}`);
        f.reject?.(f.failed);
      }
    },
  );
  // Should the thread itself fail, every digest on it fails (the caller then hashes the file on
  // this thread), and later files go to the other threads or a new one.
  const fail = (err: Error) => {
    const at = hashers.indexOf(current);
    if (at >= 0) hashers.splice(at, 1);
    for (const f of followers.values()) {
      f.failed = err;
      f.reject?.(err);
    }
    followers.clear();
    for (const freed of slots.values()) freed();
    slots.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the hashing thread exited (${code})`)));
  hashers.push(current);
  return current;
}

/** Follows the file at `file` (which must exist) from its first byte on the hashing thread. */
export function followFile(file: string): FileDigest {
  const thread = hashingThread();
  const id = nextId++;
  const state: Follower = {};
  thread.followers.set(id, state);
  thread.worker.postMessage({ op: 'follow', id, path: file });
  let spent = false;
  let unread = 0;
  return {
    grew(bytes, end) {
      unread += bytes;
      if (unread < NOTICE_BYTES || spent || !thread.followers.has(id)) return;
      unread = 0;
      thread.worker.postMessage({ op: 'grew', id, end });
    },
    hashStaged(slot, position, length) {
      if (spent || !thread.followers.has(id)) return Promise.resolve();
      if (!thread.staging) {
        thread.worker.postMessage({ op: 'staging', memory: stagingMemory() });
        thread.staging = true;
      }
      const ticket = nextTicket++;
      return new Promise<void>((resolve) => {
        thread.slots.set(ticket, resolve);
        thread.worker.postMessage({ op: 'staged', id, ticket, at: slot.at, position, length });
      });
    },
    digest(size) {
      if (spent) return Promise.reject(new Error('the digest was already taken'));
      spent = true;
      if (state.failed || !thread.followers.has(id))
        return Promise.reject(state.failed ?? new Error('the hashing thread failed'));
      return new Promise<BlobDigest>((resolve, reject) => {
        state.resolve = (d) => resolve({ ...d, size });
        state.reject = reject;
        thread.worker.postMessage({ op: 'digest', id, size });
      });
    },
    dispose() {
      spent = true;
      if (thread.followers.delete(id)) thread.worker.postMessage({ op: 'drop', id });
    },
    get spent() {
      return spent || !thread.followers.has(id);
    },
  };
}

/** sha256, sha1 and size of a file, read as a stream on this thread (never whole into memory). */
async function digestFileHere(file: string): Promise<BlobDigest> {
  const digest = createDigest();
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) digest.update(chunk);
  });
  return digest.digest();
}

/**
 * sha256, sha1 and size of a complete file: on the hashing thread from HASH_THREAD_MIN_SIZE on
 * (here if that thread fails), so that hashing a large file does not hold the event loop.
 */
export async function digestFile(file: string): Promise<BlobDigest> {
  const { size } = await fsp.stat(file);
  if (size < HASH_THREAD_MIN_SIZE) return digestFileHere(file);
  return followFile(file)
    .digest(size)
    .catch(() => digestFileHere(file));
}
