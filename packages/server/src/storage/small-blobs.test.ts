import crypto from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import type { BlobStore } from './blob-store.ts';
import { digestBuffer } from './hash.ts';
import { SMALL_BLOB_MAX } from './small-blobs.ts';

let t: TestApp;
let store: BlobStore;
beforeAll(async () => {
  t = await makeTestApp();
  store = t.services.blobs;
});
afterAll(async () => {
  await t.close();
});

const unique = (size: number) => {
  const data = crypto.randomBytes(size);
  return { data, digest: digestBuffer(data) };
};
const smallRows = async (sha256: string) =>
  (await t.database.db.selectFrom('small_blobs').select('sha256').where('sha256', '=', sha256).execute())
    .length;
const read = (sha256: string, range?: { start: number; end: number }) =>
  buffer(store.createReadStream(sha256, range));

describe('small blobs in the database', () => {
  test('a blob of up to SMALL_BLOB_MAX bytes is a row, a larger one a file; both read back whole and in ranges', async () => {
    const small = unique(SMALL_BLOB_MAX);
    const large = unique(SMALL_BLOB_MAX + 1);
    expect(await store.putBuffer(small.data)).toEqual(small.digest);
    expect(await store.putBuffer(large.data)).toEqual(large.digest);
    expect(await smallRows(small.digest.sha256)).toBe(1);
    expect(await smallRows(large.digest.sha256)).toBe(0);
    for (const { data, digest } of [small, large]) {
      expect(await store.has(digest.sha256)).toBe(true);
      expect((await read(digest.sha256)).equals(data)).toBe(true);
      expect((await read(digest.sha256, { start: 10, end: 99 })).equals(data.subarray(10, 100))).toBe(true);
      const last = { start: data.length - 5, end: data.length - 1 };
      expect((await store.readRange(digest.sha256, last)).equals(data.subarray(-5))).toBe(true);
      await expect(store.readRange(digest.sha256, { start: 0, end: data.length })).rejects.toThrow('shorter');
    }
    const empty = digestBuffer(Buffer.alloc(0));
    await store.putBuffer(Buffer.alloc(0));
    expect((await read(empty.sha256)).length).toBe(0);
  });

  test('putSmall writes in the caller transaction: a rollback keeps nothing', async () => {
    const kept = unique(100);
    const dropped = unique(100);
    await t.database.db.transaction().execute((trx) => store.putSmall(trx, kept.data, kept.digest));
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await store.putSmall(trx, dropped.data, dropped.digest);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await store.has(kept.digest.sha256)).toBe(true);
    expect(await store.has(dropped.digest.sha256)).toBe(false);
    const large = unique(SMALL_BLOB_MAX + 1);
    await expect(
      t.database.db.transaction().execute((trx) => store.putSmall(trx, large.data, large.digest)),
    ).rejects.toThrow('not small');
  });

  test('a blob that is nowhere reads as an error, and its key is missing', async () => {
    const absent = unique(10).digest.sha256;
    expect(await store.has(absent)).toBe(false);
    await expect(read(absent)).rejects.toThrow();
    await expect(store.readRange(absent, { start: 0, end: 1 })).rejects.toThrow();
    expect(await store.remove(absent, { unusedSinceMs: Date.now() })).toBe('missing');
  });

  test('the collector removes a small blob unless it was put again within the grace time', async () => {
    const { data, digest } = unique(50);
    await store.putBuffer(data);
    const putAt = Date.now();
    expect(await store.remove(digest.sha256, { unusedSinceMs: putAt - 60_000 })).toBe('recent');
    expect(await store.has(digest.sha256)).toBe(true);
    // Put again later: its time is refreshed, so a cut-off between the two puts keeps it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.putBuffer(data);
    expect(await store.remove(digest.sha256, { unusedSinceMs: putAt + 1 })).toBe('recent');
    expect(await store.remove(digest.sha256, { unusedSinceMs: Date.now() + 1 })).toBe('removed');
    expect(await store.has(digest.sha256)).toBe(false);
  });
});
