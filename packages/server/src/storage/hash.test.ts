import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { referenceDigest, tempDirForTests } from '../../test/digests.ts';
import {
  createDigest,
  digestFile,
  followFile,
  HASH_THREAD_MIN_SIZE,
  HASHING_THREADS,
  hashingThreadCount,
} from './hash.ts';
import { acquireSlot, releaseSlot, STAGING_SLOT_BYTES, stage } from './staging.ts';

const tempDir = tempDirForTests('cirrus-hash-');

/** Appends `data` to a new file in chunks as an upload does, telling the follower as it goes. */
async function writeFollowed(name: string, data: Buffer, chunk: number) {
  const file = path.join(tempDir(), name);
  await fsp.writeFile(file, '');
  const follower = followFile(file);
  const handle = await fsp.open(file, 'a');
  try {
    for (let at = 0; at < data.length; at += chunk) {
      const part = data.subarray(at, at + chunk);
      follower.grew(part.length);
      await handle.write(part);
      // Now and then let the thread catch up with the writer, so that it reads to the end of the
      // file as it is and waits to hear of more, as it does under a real upload.
      if (at % (chunk * 8) === 0) await new Promise((r) => setTimeout(r, 1));
    }
  } finally {
    await handle.close();
  }
  return { file, follower };
}

describe('files followed by the hashing thread', () => {
  test('a file hashed as it is written gives the sha256 and sha1 of its bytes', async () => {
    // Several of the thread's blocks, in chunks that do not line up with them.
    const data = crypto.randomBytes(5 * 1024 * 1024 + 12_345);
    const { follower } = await writeFollowed('one', data, 64 * 1024 + 7);
    expect(await follower.digest(data.length)).toEqual(referenceDigest(data));
  });

  test('several files followed at once do not mix', async () => {
    const inputs = [1, 2, 3, 4].map((n) => crypto.randomBytes(HASH_THREAD_MIN_SIZE + n * 100_003));
    const followed = await Promise.all(
      inputs.map((data, i) => writeFollowed(`many-${i}`, data, 10_000 + i * 7919)),
    );
    const results = await Promise.all(followed.map(({ follower }, i) => follower.digest(inputs[i].length)));
    expect(results).toEqual(inputs.map(referenceDigest));
  });

  test('files followed at once are spread over the hashing threads', async () => {
    const inputs = [1, 2, 3].map((n) => crypto.randomBytes(2 * HASH_THREAD_MIN_SIZE + n * 4_099));
    const files = await Promise.all(
      inputs.map(async (data, i) => {
        const file = path.join(tempDir(), `spread-${i}`);
        await fsp.writeFile(file, data);
        return file;
      }),
    );
    // Followed one after another, each while the ones before are still being read.
    const followers = files.map((file) => followFile(file));
    expect(hashingThreadCount()).toBe(HASHING_THREADS);
    const results = await Promise.all(followers.map((f, i) => f.digest(inputs[i].length)));
    expect(results).toEqual(inputs.map(referenceDigest));
    expect(hashingThreadCount()).toBe(HASHING_THREADS);
  });

  test('a file followed from the start after it was written (a resumed upload) is read whole', async () => {
    const data = crypto.randomBytes(3 * 1024 * 1024);
    const file = path.join(tempDir(), 'resumed');
    await fsp.writeFile(file, data);
    expect(await followFile(file).digest(data.length)).toEqual(referenceDigest(data));
  });

  test('a size other than the file’s fails, and a spent or dropped follower answers no digest', async () => {
    const data = crypto.randomBytes(HASH_THREAD_MIN_SIZE);
    const file = path.join(tempDir(), 'sized');
    await fsp.writeFile(file, data);
    await expect(followFile(file).digest(data.length + 1)).rejects.toThrow(/shorter/);
    const dropped = followFile(file);
    dropped.dispose();
    await expect(dropped.digest(data.length)).rejects.toThrow();
    const spent = followFile(file);
    expect(await spent.digest(data.length)).toEqual(referenceDigest(data));
    await expect(spent.digest(data.length)).rejects.toThrow(/already/);
  });

  test('bytes hashed from staged slots are not looked for in the file again when it grows', async () => {
    const data = crypto.randomBytes(2 * STAGING_SLOT_BYTES);
    const file = path.join(tempDir(), 'staged');
    await fsp.writeFile(file, '');
    const follower = followFile(file);
    // The thread's first look at the file, still empty, before it goes.
    await new Promise((r) => setTimeout(r, 50));
    for (let at = 0; at < data.length; at += STAGING_SLOT_BYTES) {
      const slot = await acquireSlot();
      try {
        stage(slot, data.subarray(at, at + STAGING_SLOT_BYTES));
        await follower.hashStaged(slot, at, STAGING_SLOT_BYTES);
      } finally {
        releaseSlot(slot);
      }
      // The file is gone: a thread that looked at it would fail the digest.
      if (at === 0) await fsp.rm(file);
      follower.grew(STAGING_SLOT_BYTES, at + STAGING_SLOT_BYTES);
    }
    expect(await follower.digest(data.length)).toEqual(referenceDigest(data));
  });

  test('a file that is gone fails its digest instead of hanging', async () => {
    await expect(followFile(path.join(tempDir(), 'missing')).digest(1)).rejects.toThrow(/hashing failed/);
  });
});

describe('digests of whole files and small uploads', () => {
  test('digestFile hashes small files here and large ones on the thread, with the same result', async () => {
    for (const size of [0, 1000, HASH_THREAD_MIN_SIZE, 2 * HASH_THREAD_MIN_SIZE + 3]) {
      const data = crypto.randomBytes(size);
      const file = path.join(tempDir(), `whole-${size}`);
      await fsp.writeFile(file, data);
      expect(await digestFile(file)).toEqual(referenceDigest(data));
    }
  });

  test('a small upload is hashed inline as it arrives; empty input has the empty digests', () => {
    const small = crypto.randomBytes(5000);
    const digest = createDigest();
    for (let at = 0; at < small.length; at += 999) digest.update(small.subarray(at, at + 999));
    expect(digest.size).toBe(small.length);
    expect(digest.digest()).toEqual(referenceDigest(small));
    expect(createDigest().digest()).toEqual(referenceDigest(Buffer.alloc(0)));
  });
});
