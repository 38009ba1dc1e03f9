import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Worker } from 'node:worker_threads';
import type { BlobDigest } from './blob-store.ts';

/** sha256, sha1 and size of bytes fed in order: an upload is hashed as it arrives. */
export interface RunningDigest {
  /** Feeds the next bytes; when it answers a promise, wait for it before feeding more. */
  update(chunk: Buffer): void | Promise<void>;
  readonly size: number;
  /** The result; the digest is spent after it. */
  digest(): Promise<BlobDigest>;
  /** Forgets the bytes fed so far (a dropped upload that resumes from its file). */
  dispose(): void;
}

/** At and above this declared size an upload is hashed on the hashing thread (below, inline). */
export const HASH_THREAD_MIN_SIZE = 1024 * 1024;
/** Bytes handed to the hashing thread and not yet hashed, per digest, before update() waits. */
const IN_FLIGHT_BYTES = 1024 * 1024;
/**
 * Bytes go to the thread in buffers of this size, which it hands back once hashed: they are kept
 * for the next chunks (at most SPARE_BUFFERS of them), so that a large upload does not leave a
 * trail of transferred buffers for two garbage collectors to find (W7's memory).
 */
const BUFFER_BYTES = 64 * 1024;
const SPARE_BUFFERS = 64;

function inlineDigest(): RunningDigest {
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
    async digest() {
      return { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), size };
    },
    dispose() {},
  };
}

// The hashing thread: plain JavaScript (no loader needed), one for the process, many digests by id.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const running = new Map();
const start = () => [crypto.createHash('sha256'), crypto.createHash('sha1')];
parentPort.on('message', (m) => {
  if (m.op === 'update') {
    let h = running.get(m.id);
    if (!h) running.set(m.id, (h = start()));
    const bytes = new Uint8Array(m.buf, 0, m.length);
    h[0].update(bytes);
    h[1].update(bytes);
    parentPort.postMessage({ op: 'ack', id: m.id, bytes: m.length, buf: m.buf }, [m.buf]);
  } else if (m.op === 'digest') {
    const h = running.get(m.id) ?? start();
    running.delete(m.id);
    parentPort.postMessage({ op: 'digest', id: m.id, sha256: h[0].digest('hex'), sha1: h[1].digest('hex') });
  } else if (m.op === 'drop') {
    running.delete(m.id);
  }
});
`;

interface Pending {
  inFlight: number;
  /** update() waiting for room. */
  room?: () => void;
  done?: { resolve: (d: { sha256: string; sha1: string }) => void; reject: (err: Error) => void };
}

let hasher: { worker: Worker; pending: Map<number, Pending>; spare: ArrayBuffer[] } | undefined;
let nextId = 1;

/** The hashing thread, started on first use; it does not keep the process alive. */
function hashingThread() {
  if (hasher) return hasher;
  const worker = new Worker(WORKER_SOURCE, { eval: true });
  worker.unref();
  const pending = new Map<number, Pending>();
  const current = { worker, pending, spare: [] as ArrayBuffer[] };
  worker.on(
    'message',
    (m: { op: string; id: number; bytes: number; buf?: ArrayBuffer; sha256: string; sha1: string }) => {
      if (m.buf && current.spare.length < SPARE_BUFFERS) current.spare.push(m.buf);
      const p = pending.get(m.id);
      if (!p) return;
      if (m.op === 'ack') {
        p.inFlight -= m.bytes;
        if (p.room && p.inFlight < IN_FLIGHT_BYTES) {
          const wake = p.room;
          p.room = undefined;
          wake();
        }
      } else if (m.op === 'digest') {
        pending.delete(m.id);
        p.done?.resolve({ sha256: m.sha256, sha1: m.sha1 });
      }
    },
  );
  // Should it ever fail, every digest on it fails (the upload then hashes its file instead), and
  // the next digest starts a new thread.
  const fail = (err: Error) => {
    if (hasher === current) hasher = undefined;
    for (const p of pending.values()) {
      p.room?.();
      p.done?.reject(err);
    }
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the hashing thread exited (${code})`)));
  hasher = current;
  return current;
}

/** A digest hashed on the hashing thread, so that a large upload does not hold the event loop. */
function threadDigest(): RunningDigest {
  const thread = hashingThread();
  const id = nextId++;
  const state: Pending = { inFlight: 0 };
  thread.pending.set(id, state);
  let size = 0;
  let broken: Error | undefined;
  return {
    update(chunk) {
      if (!thread.pending.has(id)) broken ??= new Error('the hashing thread failed');
      if (broken) return;
      // Copied into buffers of the thread's (the chunk goes on to the file), handed over whole.
      for (let at = 0; at < chunk.length; at += BUFFER_BYTES) {
        const part = chunk.subarray(at, at + BUFFER_BYTES);
        const buf = thread.spare.pop() ?? new ArrayBuffer(BUFFER_BYTES);
        new Uint8Array(buf).set(part);
        thread.worker.postMessage({ op: 'update', id, buf, length: part.length }, [buf]);
        state.inFlight += part.length;
      }
      size += chunk.length;
      if (state.inFlight < IN_FLIGHT_BYTES) return;
      return new Promise<void>((resolve) => {
        state.room = resolve;
      });
    },
    get size() {
      return size;
    },
    digest() {
      if (broken || !thread.pending.has(id))
        return Promise.reject(broken ?? new Error('the hashing thread failed'));
      return new Promise<BlobDigest>((resolve, reject) => {
        state.done = { resolve: (d) => resolve({ ...d, size }), reject };
        thread.worker.postMessage({ op: 'digest', id });
      });
    },
    dispose() {
      if (thread.pending.delete(id)) thread.worker.postMessage({ op: 'drop', id });
    },
  };
}

/**
 * A running digest for an upload of `expectedSize` bytes: large ones are hashed on the hashing
 * thread (issue 11 W1/W7: sha256 and sha1 of 1 GiB take about 1.2 s of CPU), small ones inline,
 * where handing bytes to a thread would cost more than hashing them.
 */
export function createDigest(expectedSize = 0): RunningDigest {
  return expectedSize >= HASH_THREAD_MIN_SIZE ? threadDigest() : inlineDigest();
}

/** sha256, sha1 and size of a file, read as a stream (never whole into memory). */
export async function digestFile(file: string): Promise<BlobDigest> {
  const digest = inlineDigest();
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) await digest.update(chunk);
  });
  return digest.digest();
}

export function digestBuffer(data: Buffer): BlobDigest {
  return {
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
    sha1: crypto.createHash('sha1').update(data).digest('hex'),
    size: data.length,
  };
}
