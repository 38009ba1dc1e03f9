// Deterministic test data: the same seed gives the same bytes, names and times on every machine.
import crypto from 'node:crypto';

/** Pseudo-random bytes from a seed (AES-128-CTR over zeros: fast and reproducible). */
export function seededBytes(seed, length) {
  const key = crypto.createHash('sha256').update(`cirrus-bench:${seed}`).digest();
  const cipher = crypto.createCipheriv('aes-128-ctr', key.subarray(0, 16), key.subarray(16, 32));
  return Buffer.concat([cipher.update(Buffer.alloc(length)), cipher.final()]);
}

/** A small seeded PRNG (mulberry32) for offsets, names and times. */
export function prng(seed) {
  let a =
    typeof seed === 'number'
      ? seed
      : crypto.createHash('sha256').update(String(seed)).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BLOCK = 8 * 1024 * 1024;
let block;

/**
 * The body of a large file as a list of buffers without copying: one shared seeded 8 MiB block
 * repeated, with a first block of its own per `tag`, so that every upload is new content (the
 * blob store keeps identical content once, which would make a second upload of it free).
 */
export function largeBody(tag, size) {
  block ??= seededBytes('large-block', BLOCK);
  const head = Buffer.from(block.subarray(0, Math.min(BLOCK, size)));
  head.write(`${tag}:`.padEnd(64, '.'), 0, 'latin1');
  const parts = [head];
  for (let left = size - head.length; left > 0; left -= BLOCK)
    parts.push(block.subarray(0, Math.min(BLOCK, left)));
  return { size, parts };
}

/** A small file's body: a seeded 4 KiB block with its own tag in front. */
let small;
export function smallBody(tag, size = 4096) {
  small ??= seededBytes('small-block', 64 * 1024);
  const buf = Buffer.from(small.subarray(0, size));
  buf.write(`${tag}:`.padEnd(32, '.'), 0, 'latin1');
  return { size, parts: [buf] };
}
