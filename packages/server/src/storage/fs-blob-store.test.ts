import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { COLLECT_EVERY_BYTES_MANY } from '../lib/heap.ts';
import { createFsBlobStore, INLINE_READ_MAX_BYTES } from './fs-blob-store.ts';
import { digestFile } from './hash.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-blobs-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const blobFile = (sha256: string) => path.join(dataDir, 'blobs', sha256.slice(0, 2), sha256);

describe('fs blob store', () => {
  const store = createFsBlobStore(dataDir);

  test('stores content under blobs/ab/<sha256>, once for identical content', async () => {
    const data = Buffer.from('hello blob');
    const digest = await store.putBuffer(data);
    expect(digest).toEqual({
      sha256: crypto.createHash('sha256').update(data).digest('hex'),
      sha1: crypto.createHash('sha1').update(data).digest('hex'),
      size: data.length,
    });
    const file = blobFile(digest.sha256);
    expect(fs.readFileSync(file, 'utf8')).toBe('hello blob');

    // A temp file of the same content is dropped instead of stored twice.
    const temp = store.tempPath();
    fs.writeFileSync(temp, data);
    await store.putFile(temp, digest.sha256);
    expect(fs.existsSync(temp)).toBe(false);
    expect(fs.readdirSync(path.dirname(file))).toEqual([digest.sha256]);
    expect(await store.has(digest.sha256)).toBe(true);
  });

  test('a file put to keep stays where it was, and the blob is there too', async () => {
    const data = Buffer.from('a part that is kept');
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    for (let i = 0; i < 2; i++) {
      const temp = store.tempPath();
      fs.writeFileSync(temp, data);
      await store.putFile(temp, sha256, { keep: true });
      expect(fs.readFileSync(temp)).toEqual(data);
      fs.rmSync(temp);
    }
    expect(fs.readFileSync(blobFile(sha256))).toEqual(data);
  });

  test('on a file system without hard links, a file put to keep is copied', async () => {
    const data = Buffer.from('kept where links fail');
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    const link = vi
      .spyOn(fsp, 'link')
      .mockRejectedValue(Object.assign(new Error('no links'), { code: 'EPERM' }));
    try {
      const temp = store.tempPath();
      fs.writeFileSync(temp, data);
      await store.putFile(temp, sha256, { keep: true });
      expect(fs.readFileSync(temp)).toEqual(data);
      expect(fs.readFileSync(blobFile(sha256))).toEqual(data);
      fs.rmSync(temp);
    } finally {
      link.mockRestore();
    }
  });

  test('the same small content put again stays one blob, with its time refreshed', async () => {
    const data = Buffer.from('put twice');
    const first = await store.putBuffer(data);
    const file = blobFile(first.sha256);
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, old, old);
    expect(await store.putBuffer(data)).toEqual(first);
    expect(fs.readdirSync(path.dirname(file))).toEqual([first.sha256]);
    expect(fs.readFileSync(file, 'utf8')).toBe('put twice');
    expect(fs.statSync(file).mtimeMs).toBeGreaterThan(old.getTime() + 1000);
    expect(fs.readdirSync(path.join(dataDir, 'tmp')).filter((f) => f.endsWith('.part'))).toEqual([]);
  });

  test('a small blob that cannot be put leaves no temp file and no blob', async () => {
    const data = Buffer.from('a blob whose folder is taken');
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    // A plain file where the blob's folder must go: making the folder fails.
    const shard = path.join(dataDir, 'blobs', sha256.slice(0, 2));
    fs.mkdirSync(path.dirname(shard), { recursive: true });
    fs.rmSync(shard, { recursive: true, force: true });
    fs.writeFileSync(shard, 'in the way');
    const temps = () => fs.readdirSync(path.join(dataDir, 'tmp'));
    const before = temps();
    await expect(store.putBuffer(data)).rejects.toThrow();
    expect(temps()).toEqual(before);
    expect(await store.has(sha256)).toBe(false);
    fs.rmSync(shard);
  });

  test('a temp file is hashed as a stream and renamed into place', async () => {
    const temp = store.tempPath();
    fs.writeFileSync(temp, crypto.randomBytes(300_000));
    const digest = await digestFile(temp);
    expect(digest.size).toBe(300_000);
    await store.putFile(temp, digest.sha256);
    expect(fs.existsSync(temp)).toBe(false);
    const back = await buffer(store.createReadStream(digest.sha256));
    expect(crypto.createHash('sha256').update(back).digest('hex')).toBe(digest.sha256);
    const slice = await buffer(store.createReadStream(digest.sha256, { start: 10, end: 19 }));
    expect(Buffer.compare(slice, back.subarray(10, 20))).toBe(0);
  });

  test('a range is read whole into a buffer; a range past the end or a missing blob fails', async () => {
    const data = crypto.randomBytes(70_000);
    const { sha256 } = await store.putBuffer(data);
    const slice = await store.readRange(sha256, { start: 5, end: 65_540 });
    expect(Buffer.compare(slice, data.subarray(5, 65_541))).toBe(0);
    expect((await store.readRange(sha256, { start: 69_999, end: 69_999 }))[0]).toBe(data[69_999]);
    await expect(store.readRange(sha256, { start: 69_000, end: 70_000 })).rejects.toThrow(/shorter/);
    await expect(store.readRange('0'.repeat(64), { start: 0, end: 1 })).rejects.toThrow(/ENOENT/);
  });

  test('small ranges are read on the thread while reads are fast, else on libuv threads, alike', async () => {
    const data = crypto.randomBytes(INLINE_READ_MAX_BYTES + 10);
    const timed: number[] = [];
    let allowed = true;
    const own = createFsBlobStore(dataDir, {
      inlineReads: { allowed: () => allowed, took: (ms) => timed.push(ms) },
    });
    const { sha256 } = await own.putBuffer(data);
    const range = { start: 3, end: 65_538 };
    const expected = data.subarray(3, 65_539);
    expect(Buffer.compare(await own.readRange(sha256, range), expected)).toBe(0);
    expect(timed).toHaveLength(1);
    // A range larger than INLINE_READ_MAX_BYTES always goes to libuv's threads.
    const whole = await own.readRange(sha256, { start: 0, end: data.length - 1 });
    expect(Buffer.compare(whole, data)).toBe(0);
    expect(timed).toHaveLength(1);
    // Paused (a read was slow): the same bytes, the same errors, none of them on the thread.
    allowed = false;
    expect(Buffer.compare(await own.readRange(sha256, range), expected)).toBe(0);
    await expect(own.readRange(sha256, { start: data.length - 2, end: data.length })).rejects.toThrow(
      /shorter/,
    );
    expect(timed).toHaveLength(1);
    // On the thread, a range past the end fails the same way, and is timed.
    allowed = true;
    await expect(own.readRange(sha256, { start: data.length - 2, end: data.length })).rejects.toThrow(
      /shorter/,
    );
    expect(timed).toHaveLength(2);
    own.close();
  });

  test('a range no buffer can hold fails, and the store lets go of its descriptors on close', async () => {
    const own = createFsBlobStore(dataDir);
    const { sha256 } = await own.putBuffer(Buffer.from('a blob read twice'));
    const open = () => fs.readdirSync('/proc/self/fd').length;
    const before = open();
    expect((await own.readRange(sha256, { start: 2, end: 5 })).toString()).toBe('blob');
    await expect(own.readRange(sha256, { start: 0, end: 2 ** 40 })).rejects.toThrow();
    own.close();
    // Descriptors close in the background.
    await new Promise((r) => setTimeout(r, 50));
    expect(open()).toBe(before);
  });

  test('a blob read as a stream, whole or a range, counts its bytes towards a scavenge (lib/heap.ts)', async () => {
    const data = crypto.randomBytes(COLLECT_EVERY_BYTES_MANY + 1024 * 1024);
    const { sha256 } = await store.putBuffer(data);
    const global = globalThis as { gc?: unknown };
    const before = global.gc;
    const gc = vi.fn();
    global.gc = gc;
    try {
      expect((await buffer(store.createReadStream(sha256))).equals(data)).toBe(true);
      expect(gc).toHaveBeenCalledWith({ type: 'minor' });
      const calls = gc.mock.calls.length;
      const range = { start: 1000, end: COLLECT_EVERY_BYTES_MANY + 999 };
      const part = await buffer(store.createReadStream(sha256, range));
      expect(part.equals(data.subarray(range.start, range.end + 1))).toBe(true);
      expect(gc.mock.calls.length).toBe(calls + 1);
    } finally {
      global.gc = before;
    }
  });

  test('only well-formed keys become paths', () => {
    expect(() => store.createReadStream('../../etc/passwd')).toThrow();
  });

  test('a folder removed since the start is made again for the next blob', async () => {
    const data = Buffer.from('in a folder made again');
    const sha256 = crypto.createHash('sha256').update(data).digest('hex');
    fs.rmSync(path.dirname(blobFile(sha256)), { recursive: true });
    await store.putBuffer(data);
    expect(fs.readFileSync(blobFile(sha256), 'utf8')).toBe('in a folder made again');
  });
});

describe('fs blob store layout', () => {
  test('a store of the earlier layout (blobs/ab/cd/<sha256>) has its blobs moved up at start', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-layout-'));
    try {
      const data = Buffer.from('kept from the earlier layout');
      const sha256 = crypto.createHash('sha256').update(data).digest('hex');
      const old = path.join(dir, 'blobs', sha256.slice(0, 2), sha256.slice(2, 4));
      fs.mkdirSync(old, { recursive: true });
      fs.writeFileSync(path.join(old, sha256), data);

      const store = createFsBlobStore(dir);
      expect(fs.existsSync(old)).toBe(false);
      expect(fs.readFileSync(path.join(dir, 'blobs', sha256.slice(0, 2), sha256), 'utf8')).toBe(
        'kept from the earlier layout',
      );
      expect((await store.readRange(sha256, { start: 0, end: 3 })).toString()).toBe('kept');
      // All 256 folders are there, so that putting a blob makes none.
      expect(fs.readdirSync(path.join(dir, 'blobs')).filter((n) => /^[0-9a-f]{2}$/.test(n))).toHaveLength(
        256,
      );
      // Once prepared, a start does not look again.
      fs.mkdirSync(old);
      createFsBlobStore(dir);
      expect(fs.existsSync(old)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
