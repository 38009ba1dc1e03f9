/**
 * Whether a small read of a blob may run on the JavaScript thread itself (fs.readSync) rather than
 * on one of libuv's threads. A read served from the page cache takes a few microseconds (64 KiB:
 * 5 us, 256 KiB: 16 us here), but the trip to a libuv thread and back, waking it and then the event
 * loop, cost about 30-50 us on the bench's virtual machine, a tenth of a 64 KiB Range request
 * (issue 11 W2, bench/RESULTS.md). nginx, the reference, reads on its worker's own thread too.
 *
 * A read that has to wait for the disk (170 us for 64 KiB, 320 us for 256 KiB here, far more on a
 * slow disk) would hold up every other request meanwhile. So each read on the thread is timed,
 * and SLOW_IN_A_ROW reads in a row slower than `slowMs` (no read from memory takes that long;
 * every read from this disk does) send the reads back to libuv's threads for `pauseMs`: at most
 * that many reads a pause wait for the disk on the JavaScript thread, however cold the files are.
 * One slow read alone does not: on a busy virtual machine a read from memory now and then takes
 * that long when the thread is descheduled (4 in 7,000 reads in a probe), and a pause for each
 * kept the reads off the thread for much of the time.
 */
export interface InlineReads {
  /** Whether the next small read may run on the JavaScript thread. */
  allowed(): boolean;
  /** Reports how long a read on the JavaScript thread took, in milliseconds. */
  took(ms: number): void;
}

export const INLINE_READ_SLOW_MS = 0.1;
export const INLINE_READ_PAUSE_MS = 1000;
const SLOW_IN_A_ROW = 2;

export function createInlineReads({
  slowMs = INLINE_READ_SLOW_MS,
  pauseMs = INLINE_READ_PAUSE_MS,
  now = () => performance.now(),
}: {
  slowMs?: number;
  pauseMs?: number;
  now?: () => number;
} = {}): InlineReads {
  let pausedUntil = Number.NEGATIVE_INFINITY;
  let slowInARow = 0;
  return {
    allowed: () => now() >= pausedUntil,
    took(ms) {
      slowInARow = ms > slowMs ? slowInARow + 1 : 0;
      if (slowInARow < SLOW_IN_A_ROW) return;
      slowInARow = 0;
      pausedUntil = now() + pauseMs;
    },
  };
}
