import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { referenceDigest, tempDirForTests } from '../../test/digests.ts';
import { appendDirect, DIRECT_ALIGN, openDirect } from './direct-append.ts';
import { followFile } from './hash.ts';
import { STAGING_SLOT_BYTES } from './staging.ts';

const tempDir = tempDirForTests('cirrus-direct-');

/** `data` in chunks of `size` bytes, as a request body arrives; fails after `failAfter` bytes. */
async function* chunks(data: Buffer, size: number, failAfter = Number.POSITIVE_INFINITY) {
  for (let at = 0; at < data.length; at += size) {
    if (at >= failAfter) throw new Error('the connection dropped');
    yield data.subarray(at, at + size);
  }
}

/** A new file holding `head`, followed by the hashing thread from its first byte. */
async function prepared(name: string, head = Buffer.alloc(0)) {
  const file = path.join(tempDir(), name);
  await fsp.writeFile(file, head);
  const handle = await openDirect(file);
  if (!handle) throw new Error(`${tempDir()} takes no direct writes`);
  return { file, handle, follower: followFile(file) };
}

describe('direct appends', () => {
  test('a body in odd chunks over several slots, with an unaligned end, is written and hashed whole', async () => {
    const data = crypto.randomBytes(3 * STAGING_SLOT_BYTES + 12_345);
    const { file, handle, follower } = await prepared('odd');
    await appendDirect(handle, file, 0, chunks(data, 65_536 - 333), follower);
    expect((await fsp.readFile(file)).equals(data)).toBe(true);
    expect(await follower.digest(data.length)).toEqual(referenceDigest(data));
  });

  test('bytes appended after earlier ones (a resumed upload) are hashed after them', async () => {
    const head = crypto.randomBytes(2 * DIRECT_ALIGN);
    const rest = crypto.randomBytes(STAGING_SLOT_BYTES + 5000);
    const { file, handle, follower } = await prepared('resumed', head);
    await appendDirect(handle, file, head.length, chunks(rest, 40_000), follower);
    const whole = Buffer.concat([head, rest]);
    expect((await fsp.readFile(file)).equals(whole)).toBe(true);
    expect(await follower.digest(whole.length)).toEqual(referenceDigest(whole));
  });

  test('bytes the hashing thread already read from the file are not hashed again from memory', async () => {
    const data = crypto.randomBytes(3 * STAGING_SLOT_BYTES);
    // The file already holds the first slot and a half (the same bytes), and the thread has read
    // them before the slots arrive: it takes only the rest of each slot.
    const { file, handle, follower } = await prepared('ahead', data.subarray(0, 1.5 * STAGING_SLOT_BYTES));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await appendDirect(handle, file, 0, chunks(data, 65_536), follower);
    expect((await fsp.readFile(file)).equals(data)).toBe(true);
    expect(await follower.digest(data.length)).toEqual(referenceDigest(data));
  });

  test('a client that stops sending holds no slot: the other uploads go on', async () => {
    // Twelve uploads (more than the process's slots) send 100 KiB and stop.
    let resume = () => {};
    const resumed = new Promise<void>((resolve) => {
      resume = resolve;
    });
    const head = crypto.randomBytes(100 * 1024);
    const tail = crypto.randomBytes(STAGING_SLOT_BYTES);
    async function* stalled() {
      yield head;
      await resumed;
      yield tail;
    }
    const stalledRuns = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const { file, handle, follower } = await prepared(`stalled-${i}`);
        return { file, follower, done: appendDirect(handle, file, 0, stalled(), follower) };
      }),
    );
    // Meanwhile another upload of several slots finishes.
    const data = crypto.randomBytes(3 * STAGING_SLOT_BYTES + 99);
    const { file, handle, follower } = await prepared('moving');
    await appendDirect(handle, file, 0, chunks(data, 65_536), follower);
    expect(await follower.digest(data.length)).toEqual(referenceDigest(data));

    resume();
    const whole = Buffer.concat([head, tail]);
    for (const run of stalledRuns) {
      await run.done;
      expect((await fsp.readFile(run.file)).equals(whole)).toBe(true);
      expect(await run.follower.digest(whole.length)).toEqual(referenceDigest(whole));
    }
  });

  test('what arrived before the body failed is kept and hashed, for the client to resume', async () => {
    const data = crypto.randomBytes(2 * STAGING_SLOT_BYTES + 100_000);
    const { file, handle, follower } = await prepared('dropped');
    const failAfter = STAGING_SLOT_BYTES + 3 * 65_536;
    await expect(appendDirect(handle, file, 0, chunks(data, 65_536, failAfter), follower)).rejects.toThrow(
      /dropped/,
    );
    const kept = data.subarray(0, failAfter);
    expect((await fsp.readFile(file)).equals(kept)).toBe(true);
    expect(await follower.digest(kept.length)).toEqual(referenceDigest(kept));
  });

  test('more uploads at once than there are slots wait for one and do not mix', async () => {
    const inputs = [1, 2, 3, 4, 5].map((n) => crypto.randomBytes(2 * STAGING_SLOT_BYTES + n * 7919));
    const runs = await Promise.all(
      inputs.map(async (data, i) => {
        const { file, handle, follower } = await prepared(`many-${i}`);
        await appendDirect(handle, file, 0, chunks(data, 30_000 + i * 1000), follower);
        return { file, digest: await follower.digest(data.length) };
      }),
    );
    for (const [i, run] of runs.entries()) {
      expect((await fsp.readFile(run.file)).equals(inputs[i])).toBe(true);
      expect(run.digest).toEqual(referenceDigest(inputs[i]));
    }
  });

  /** `handle`, whose writes from the `from`th on fail with `code`. */
  function failingFrom(handle: fsp.FileHandle, from: number, code: string) {
    let writes = 0;
    return new Proxy(handle, {
      get(target, key) {
        if (key === 'write')
          return (...args: Parameters<fsp.FileHandle['write']>) =>
            ++writes >= from
              ? Promise.reject(Object.assign(new Error(`write failed: ${code}`), { code }))
              : target.write(...args);
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  }

  test('a failed write leaves the file at the last whole write, and gives the hash up', async () => {
    const data = crypto.randomBytes(4 * STAGING_SLOT_BYTES);
    const { file, handle, follower } = await prepared('failing');
    // The disk fills up at the third write.
    await expect(
      appendDirect(failingFrom(handle, 3, 'ENOSPC'), file, 0, chunks(data, 65_536), follower),
    ).rejects.toThrow(/ENOSPC/);
    expect((await fsp.readFile(file)).equals(data.subarray(0, 2 * STAGING_SLOT_BYTES))).toBe(true);
    await expect(follower.digest(2 * STAGING_SLOT_BYTES)).rejects.toThrow();
  });

  test('where the file system refuses direct writes, the bytes go through the page cache', async () => {
    const data = crypto.randomBytes(3 * STAGING_SLOT_BYTES + 777);
    const { file, handle, follower } = await prepared('refused');
    await appendDirect(failingFrom(handle, 2, 'EINVAL'), file, 0, chunks(data, 50_000), follower);
    expect((await fsp.readFile(file)).equals(data)).toBe(true);
    expect(await follower.digest(data.length)).toEqual(referenceDigest(data));
  });

  test('a missing file is an error, not a file system without direct writes', async () => {
    await expect(openDirect(path.join(tempDir(), 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
