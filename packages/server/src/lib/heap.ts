import v8 from 'node:v8';

/**
 * A request body arrives in buffers Node allocates for each read of the socket (64 KiB), outside
 * V8's heap. They die as soon as their bytes are staged or written, but V8 frees them only at a
 * collection of its young generation, and starts one on their account only once about 32 MB of
 * them have piled up: during a large upload those dead buffers were a quarter of the server's
 * memory (issue 11, W1: a peak of 207 MB during a 1 GiB upload here, 169 MB with this, at the
 * same speed). So the bytes of every body are counted across the process, and a collection of the
 * young generation (a scavenge, about a millisecond) is asked for after every few mebibytes.
 *
 * With many bodies at once the dead buffers pile up faster than V8's own scavenges free them, and
 * V8 then answers the external memory with full collections, one every 70-90 ms through sixteen
 * uploads of 100 MiB (W7), which take the main thread and the second core from the uploads and
 * their hashing. A scavenge every COLLECT_EVERY_BYTES_MANY of them kept those away: W7 in a probe,
 * six rounds each, 516-620 MiB/s without, 603-691 with a scavenge every 16 MiB (every 8 MiB or
 * every 24 MiB measured in between). Before the arriving bytes were copied into a buffer of each
 * upload's own (storage/direct-append.ts), these scavenges promoted the socket's buffers that the
 * uploads still held, and were slower; now nothing the uploads hold is a socket's buffer.
 *
 * Node exposes the collector with --expose-gc, which the serve script gives it; without it (the
 * tests, the dev server) nothing is asked.
 */
export const COLLECT_EVERY_BYTES = 8 * 1024 * 1024;
/** Beyond FEW_BODIES bodies at once, the scavenges are spaced by this many bytes instead. */
export const COLLECT_EVERY_BYTES_MANY = 16 * 1024 * 1024;
export const FEW_BODIES = 2;

/**
 * V8 sets the old generation's next full collection only a little above what the last one left
 * when that generation grows slowly, as it does under uploads and downloads (what the scavenges
 * above promote): through sixteen uploads of 100 MiB at once (W7) a full collection ran every
 * 60-100 ms, its marking started again as soon as the one before ended, with the old generation
 * at 37 MB before and after, and its helper threads took a fifth of a core from the hashing
 * threads. With V8's growth factor set (the next full collection at twice what the last one
 * left) the same probe rounds had 10 full collections instead of 41, and 712 MiB/s instead of 616.
 * The flag was first taken only while more than two bodies arrived at once, and V8's default
 * given back after; but once the server held the search index of a 100,000-file folder (a full
 * bench run) the default let a lone 1 GiB download or upload (W1, W2) draw the same storm: a
 * Mark-Compact every 40 ms freeing nothing (39.1 -> 39.0 MB, 237 in a run of W1 and W2), the
 * download at 573-769 MiB/s against nginx's 2,453-2,877; with the flag from the start, 7 full
 * collections, 3,279 MiB/s and the upload 888 instead of 634, the server's peak RSS 196 MB
 * against 194 (bench/RESULTS.md, thirty-sixth pass). So it is set once, at start (main.ts).
 */
export const HEAP_GROWTH_FLAG = '--heap-growing-percent=100';

export function steadyHeapGrowth(): void {
  v8.setFlagsFromString(HEAP_GROWTH_FLAG);
}

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

type Collect = (options: { type: 'minor' }) => void;

/** Counts bytes of short-lived buffers; past `every` since the last one, asks for a scavenge. */
function countTowardsScavenge(bytes: number, every: number): void {
  since += bytes;
  if (since < every) return;
  since = 0;
  (globalThis as { gc?: Collect }).gc?.({ type: 'minor' });
}

export function bodyBytesReceived(bytes: number): void {
  countTowardsScavenge(bytes, bodies > FEW_BODIES ? COLLECT_EVERY_BYTES_MANY : COLLECT_EVERY_BYTES);
}

/**
 * A download reads its file in buffers of its own (storage/fs-blob-store.ts, 512 KiB each), which
 * die once the socket has taken their bytes: the same dead memory outside V8's heap as a body's,
 * from the other side. While little else is allocated, V8's young generation fills slowly and its
 * scavenges are rare, so the dead buffers pile up to V8's external-memory limit (64 MB above what
 * the last full collection left) and V8 answers with a full collection each time: in a full bench
 * run (issue 11 W2), a Mark-Compact every 55-60 ms through every 1 GiB download, each marking the
 * whole 36 MB old generation, the JavaScript thread at 100 % and the download at 211-502 MiB/s.
 * So the bytes read for downloads count with the bodies' bytes towards the next scavenge, which
 * frees those buffers first.
 */
export function downloadBytesRead(bytes: number): void {
  countTowardsScavenge(bytes, COLLECT_EVERY_BYTES_MANY);
}

/**
 * Bulk work done at once (the search maintenance job indexing thousands of files after a start or
 * an import) leaves what it allocated in V8's old generation until the next full collection, which
 * a server that then waits for requests may not run for hours. After the job indexed 100,000 files
 * at a start, the heap stayed at 79 MB used of 96 MB and the server's RSS at 177-184 MB; with a
 * full collection at the job's end (31 ms), 38 MB of 73 and 156-158 MB (issue 11: W1 counts the
 * server's peak memory from there; bench/RESULTS.md, twenty-seventh pass).
 */
export function collectAfterBulkWork(): void {
  // Called without options: a full collection (with {type: 'major'} Node 20's gc() ran a scavenge).
  (globalThis as { gc?: () => void }).gc?.();
}
