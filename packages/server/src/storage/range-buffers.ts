/**
 * Buffers for small Range answers, used again once an answer has been handed to the socket.
 *
 * A fresh 64 KiB buffer for every Range read cost more than the read itself: its pages come from
 * the allocator untouched, and the read faulted each of them in (about 20 us of a 64 KiB Range
 * request's 150 on the bench's virtual machine, issue 11 W2). A buffer taken here has been read
 * into before, so its pages are already there.
 *
 * A buffer may be given back only when nothing holds it any more: for an HTTP answer, at the
 * response's 'finish' (Node has then handed every byte to the kernel). An answer that never
 * finishes (the client went away) simply never gives its buffer back; the collector frees it.
 */
export interface RangeBuffers {
  /** A buffer of exactly `length` bytes, from the pool when `length` fits a pooled slab. */
  take(length: number): Buffer;
  /** Returns a buffer that `take` answered; anything else, or the same buffer twice, is ignored. */
  giveBack(buffer: Buffer): void;
}

/** Slabs as large as the largest range read into one buffer (downloads/routes.ts). */
export const RANGE_SLAB_BYTES = 256 * 1024;
/** Free slabs kept: as many Range answers as are usually in flight at once; more are made and dropped. */
const KEEP = 8;

export function createRangeBuffers({
  slabBytes = RANGE_SLAB_BYTES,
  keep = KEEP,
}: {
  slabBytes?: number;
  keep?: number;
} = {}): RangeBuffers {
  const free: ArrayBuffer[] = [];
  const lent = new WeakSet<ArrayBuffer>();
  return {
    take(length) {
      if (length > slabBytes) return Buffer.allocUnsafe(length);
      const slab = free.pop() ?? new ArrayBuffer(slabBytes);
      lent.add(slab);
      return Buffer.from(slab, 0, length);
    },
    giveBack(buffer) {
      const slab = buffer.buffer;
      if (!(slab instanceof ArrayBuffer) || !lent.has(slab)) return;
      lent.delete(slab);
      if (free.length < keep) free.push(slab);
    },
  };
}
