/**
 * Staging memory for large uploads written with direct I/O (storage/direct-append.ts): a few
 * slots of page-aligned memory, shared with the hashing thread, which hashes a slot where it lies
 * while the slot is written to disk. Direct I/O needs a buffer whose address is aligned to the
 * disk's blocks, and JavaScript cannot ask for one; a WebAssembly memory starts on a page boundary,
 * and a shared one is a SharedArrayBuffer that a worker sees without a copy.
 */

/** Bytes of one slot: what one direct write and one message to the hashing thread carry. */
export const STAGING_SLOT_BYTES = 1024 * 1024;
/**
 * Slots for the whole process, whatever the number of uploads: at most this much memory, and an
 * upload that finds none free waits (its socket is then not read) until a write and its hash end.
 */
const STAGING_SLOTS = 8;
const WASM_PAGE_BYTES = 64 * 1024;

export interface StagingSlot {
  /** Where the slot begins in the staging memory. */
  readonly at: number;
  /** The slot's bytes (a view of the staging memory). */
  readonly bytes: Buffer;
}

/** The one part of the WebAssembly API used here (the ES lib of our TypeScript does not declare it). */
declare const WebAssembly: {
  Memory: new <Shared extends boolean>(descriptor: {
    initial: number;
    maximum: number;
    shared: Shared;
  }) => { buffer: Shared extends true ? SharedArrayBuffer : ArrayBuffer };
};

let memory: SharedArrayBuffer | undefined;
const free: StagingSlot[] = [];
const waiting: ((slot: StagingSlot) => void)[] = [];

/** The staging memory, made on first use (8 MiB of address space; pages are taken as written). */
export function stagingMemory(): SharedArrayBuffer {
  if (!memory) {
    const pages = (STAGING_SLOTS * STAGING_SLOT_BYTES) / WASM_PAGE_BYTES;
    memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true }).buffer;
    for (let i = 0; i < STAGING_SLOTS; i++) {
      const at = i * STAGING_SLOT_BYTES;
      free.push({ at, bytes: Buffer.from(memory, at, STAGING_SLOT_BYTES) });
    }
  }
  return memory;
}

/**
 * Copies `source`, a buffer of its own (from Buffer.allocUnsafeSlow, which malloc aligns to 16
 * bytes), into `slot` from its start. V8 copies into shared memory with relaxed atomic stores, a
 * word at a time where the source and the target lie alike against word boundaries and a byte at
 * a time elsewhere: a request's bytes, which lie anywhere after its headers, took 0.37 s a GiB to
 * copy straight in, so they are gathered into such a buffer first (storage/direct-append.ts).
 */
export function stage(slot: StagingSlot, source: Buffer): void {
  source.copy(slot.bytes, 0);
}

/** A free slot, once there is one (first come, first served). */
export function acquireSlot(): Promise<StagingSlot> {
  stagingMemory();
  const slot = free.pop();
  if (slot) return Promise.resolve(slot);
  return new Promise((resolve) => waiting.push(resolve));
}

/** Gives a slot back: to the upload that has waited longest, else to the free list. */
export function releaseSlot(slot: StagingSlot): void {
  const next = waiting.shift();
  if (next) next(slot);
  else free.push(slot);
}
