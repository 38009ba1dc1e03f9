import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { createDigest, HASH_THREAD_MIN_SIZE } from './hash.ts';

const reference = (data: Buffer) => ({
  sha256: crypto.createHash('sha256').update(data).digest('hex'),
  sha1: crypto.createHash('sha1').update(data).digest('hex'),
  size: data.length,
});

/** Feeds `data` in chunks as the upload does: waiting whenever update() asks to. */
async function feed(data: Buffer, chunk = 64 * 1024, size = data.length) {
  const digest = createDigest(size);
  for (let at = 0; at < data.length; at += chunk) await digest.update(data.subarray(at, at + chunk));
  expect(digest.size).toBe(data.length);
  return digest.digest();
}

describe('running digests', () => {
  test('a large upload hashed on the hashing thread gives the same sha256 and sha1', async () => {
    // More than the bytes allowed in flight, so that update() has to wait for the thread.
    const data = crypto.randomBytes(24 * 1024 * 1024);
    expect(await feed(data)).toEqual(reference(data));
  });

  test('several digests on the thread at once do not mix', async () => {
    const inputs = [1, 2, 3, 4].map((n) => crypto.randomBytes(HASH_THREAD_MIN_SIZE + n * 100_003));
    const results = await Promise.all(inputs.map((data, i) => feed(data, 10_000 + i * 7919)));
    expect(results).toEqual(inputs.map(reference));
  });

  test('small uploads are hashed inline; empty input has the empty digests', async () => {
    const small = crypto.randomBytes(5000);
    expect(await feed(small, 999)).toEqual(reference(small));
    expect(await feed(Buffer.alloc(0), 1, HASH_THREAD_MIN_SIZE)).toEqual(reference(Buffer.alloc(0)));
  });

  test('a disposed digest can be dropped and a fresh one started', async () => {
    const data = crypto.randomBytes(HASH_THREAD_MIN_SIZE * 2);
    const first = createDigest(data.length);
    await first.update(data.subarray(0, 1000));
    first.dispose();
    await expect(first.digest()).rejects.toThrow();
    expect(await feed(data)).toEqual(reference(data));
  });
});
