/**
 * A request body arrives in buffers Node allocates for each read of the socket (64 KiB), outside
 * V8's heap. They die as soon as their bytes are staged or written, but V8 frees them only at a
 * collection of its young generation, and starts one on their account only once about 32 MB of
 * them have piled up: during a large upload those dead buffers were a quarter of the server's
 * memory (issue 11, W1: a peak of 207 MB during a 1 GiB upload here, 169 MB with this, at the
 * same speed). So the bytes of every body are counted across the process, and a collection of the
 * young generation (a scavenge, about a millisecond) is asked for after every few mebibytes.
 *
 * Only while at most MAX_BODIES bodies arrive at once. An upload keeps up to a mebibyte that has
 * arrived and is not written yet (storage/direct-append.ts), and a buffer alive at two collections
 * in a row moves to the old generation, which only a full collection frees. With sixteen uploads at
 * once (W7), collections asked for every 32 MiB, between V8's own, did that to more of them: 115
 * full collections instead of 65 in three runs, the peak no lower, and the uploads 15-20 % slower.
 *
 * Node exposes the collector with --expose-gc, which the serve script gives it; without it (the
 * tests, the dev server) nothing is asked.
 */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;
export const MAX_BODIES = 2;

type Collect = (options: { type: 'minor' }) => void;

let since = 0;
let bodies = 0;

/** A body begins to arrive; call what this answers once it has ended, however it ended. */
export function receivingBody(): () => void {
  bodies++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    bodies--;
  };
}

export function bodyBytesReceived(bytes: number): void {
  since += bytes;
  if (since < COLLECT_EVERY_BYTES || bodies > MAX_BODIES) return;
  since = 0;
  (globalThis as { gc?: Collect }).gc?.({ type: 'minor' });
}
