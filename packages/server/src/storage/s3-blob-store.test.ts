import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestS3, type TestS3 } from '../../test/s3.ts';
import { loadConfig } from '../config.ts';
import { createBlobStore, isStoreError } from './index.ts';
import { checkBucket, createS3BlobStore, S3Error } from './s3-blob-store.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-s3-store-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const sha256Of = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const unique = (label: string, size = 0) =>
  Buffer.concat([Buffer.from(`${label} ${crypto.randomUUID()} `), crypto.randomBytes(size)]);
/** The file s3rver keeps an object's bytes in (its time is the object's Last-Modified). */
const objectFile = (sha256: string) => `${s3.objectDir(`blobs/${sha256}`)}._S3rver_object`;
/** A moment that lies strictly between what was put before it and what is put after. */
async function between(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 5));
  const at = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return at;
}
function tempWith(store: { tempPath(): string }, data: Buffer): string {
  const temp = store.tempPath();
  fs.writeFileSync(temp, data);
  return temp;
}

describe('S3 blob store', () => {
  const store = () => createS3BlobStore(dataDir, s3.where);

  test('a buffer is stored under blobs/<sha256> and read back whole, by range and as a stream', async () => {
    const s = store();
    const data = unique('hello S3', 100_000);
    const digest = await s.putBuffer(data);
    expect(digest).toEqual({
      sha256: sha256Of(data),
      sha1: crypto.createHash('sha1').update(data).digest('hex'),
      size: data.length,
    });
    expect(fs.readFileSync(objectFile(digest.sha256))).toEqual(data);
    expect(await s.has(digest.sha256)).toBe(true);
    expect(await s.readRange(digest.sha256, { start: 10, end: 65_545 })).toEqual(data.subarray(10, 65_546));
    // One byte, which s3rver answers with the whole object: cut to what was asked.
    expect(await s.readRange(digest.sha256, { start: 0, end: 0 })).toEqual(data.subarray(0, 1));
    expect(await buffer(s.createReadStream(digest.sha256, { start: 0, end: 0 }))).toEqual(
      data.subarray(0, 1),
    );
    expect(await buffer(s.createReadStream(digest.sha256))).toEqual(data);
    expect(await buffer(s.createReadStream(digest.sha256, { start: 99_000, end: data.length - 1 }))).toEqual(
      data.subarray(99_000),
    );
  });

  test('a temp file is sent and removed; the same content again is stored once and its time renewed', async () => {
    const s = store();
    const data = unique('a file', 50_000);
    const sha256 = sha256Of(data);
    const temp = tempWith(s, data);
    expect(path.dirname(temp)).toBe(path.join(dataDir, 'tmp'));
    await s.putFile(temp, sha256);
    expect(fs.existsSync(temp)).toBe(false);
    expect(await buffer(s.createReadStream(sha256))).toEqual(data);

    expect(await s.remove(sha256, { unusedSinceMs: await between() })).toBe('removed');
    expect(await s.has(sha256)).toBe(false);

    // Put, then put again: the collector must see it as just put.
    await s.putFile(tempWith(s, data), sha256);
    const since = await between();
    const again = tempWith(s, data);
    await s.putFile(again, sha256);
    expect(fs.existsSync(again)).toBe(false);
    expect(await s.remove(sha256, { unusedSinceMs: since })).toBe('recent');
    expect(await buffer(s.createReadStream(sha256))).toEqual(data);

    // kept: the file stays (a resumable upload's part, removed once its commit is done)
    const kept = unique('a kept file', 20_000);
    const keptTemp = tempWith(s, kept);
    await s.putFile(keptTemp, sha256Of(kept), { keep: true });
    expect(fs.readFileSync(keptTemp)).toEqual(kept);
    expect(await buffer(s.createReadStream(sha256Of(kept)))).toEqual(kept);
  });

  test('a large file goes up in parts and comes back the same', async () => {
    const mib = 1024 * 1024;
    const s = createS3BlobStore(dataDir, s3.where, {
      multipartAbove: 6 * mib,
      partSize: 5 * mib,
      partsAtOnce: 2,
    });
    const data = unique('in parts', 12 * mib + 123);
    const sha256 = sha256Of(data);
    await s.putFile(tempWith(s, data), sha256);
    expect(fs.statSync(objectFile(sha256)).size).toBe(data.length);
    expect(sha256Of(await buffer(s.createReadStream(sha256)))).toBe(sha256);
    const from = 5 * mib - 10;
    expect(await s.readRange(sha256, { start: from, end: from + 19 })).toEqual(
      data.subarray(from, from + 20),
    );
  });

  test('the collector removes only what was put before its time, and says what was missing', async () => {
    const s = store();
    const old = await s.putBuffer(unique('old'));
    const since = await between();
    const fresh = await s.putBuffer(unique('fresh'));
    expect(await s.remove(old.sha256, { unusedSinceMs: since })).toBe('removed');
    expect(await s.remove(fresh.sha256, { unusedSinceMs: since })).toBe('recent');
    expect(await s.remove(old.sha256, { unusedSinceMs: since })).toBe('missing');
    expect(await s.has(old.sha256)).toBe(false);
    expect(await s.has(fresh.sha256)).toBe(true);
  });

  test('an object put by another tool (no put time of ours) is judged by its Last-Modified', async () => {
    const s = store();
    const data = unique('copied in by hand');
    const sha256 = sha256Of(data);
    const client = new AwsClient({ ...s3.where, service: 's3' });
    const res = await client.fetch(`${s3.where.endpoint}/${s3.where.bucket}/blobs/${sha256}`, {
      method: 'PUT',
      body: data,
    });
    expect(res.status).toBe(200);
    // Last-Modified counts whole seconds: within its second the object is recent.
    expect(await s.remove(sha256, { unusedSinceMs: Date.now() - 60_000 })).toBe('recent');
    expect(await s.remove(sha256, { unusedSinceMs: Date.now() + 2000 })).toBe('removed');
  });

  test('a missing blob fails its reads as a missing file does; a key that is not a sha256 is refused', async () => {
    const s = store();
    const missing = sha256Of(unique('never stored'));
    await expect(s.readRange(missing, { start: 0, end: 9 })).rejects.toMatchObject({
      status: 404,
      code: 'ENOENT',
    });
    await expect(buffer(s.createReadStream(missing))).rejects.toBeInstanceOf(S3Error);
    expect(() => s.createReadStream('../../etc/passwd')).toThrow(/not a sha256 key/);
    await expect(s.has('ABC')).rejects.toThrow(/not a sha256 key/);
  });

  test('a server error is tried again, with the body sent again; one that lasts is an error', async () => {
    // A proxy in front of s3rver that answers 503 to every other request.
    let requests = 0;
    let failEvery = 2;
    const proxy = http.createServer((req, res) => {
      requests++;
      if (requests % failEvery !== 0) {
        req.resume();
        res.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      const target = new URL(req.url ?? '/', s3.where.endpoint);
      const forward = http.request(target, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const { port } = proxy.address() as { port: number };
    try {
      const s = createS3BlobStore(dataDir, { ...s3.where, endpoint: `http://127.0.0.1:${port}` });
      const data = unique('through a flaky proxy', 20_000);
      await s.putFile(tempWith(s, data), sha256Of(data));
      expect(fs.readFileSync(objectFile(sha256Of(data)))).toEqual(data);

      failEvery = Number.POSITIVE_INFINITY;
      requests = 0;
      const err = await s.putBuffer(unique('never')).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(S3Error);
      expect(err).toMatchObject({ status: 503, s3Code: 'SlowDown' });
      expect(requests).toBe(4);
    } finally {
      proxy.close();
    }
  });

  test('a store that does not answer fails as a store error, which the search indexer tries again', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as { port: number };
    await new Promise((resolve) => closed.close(resolve));
    const s = createS3BlobStore(
      dataDir,
      { ...s3.where, endpoint: `http://127.0.0.1:${port}` },
      { attempts: 2 },
    );
    const err = await s.has(sha256Of(Buffer.from('x'))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(S3Error);
    expect(err).toMatchObject({ status: 0, message: expect.stringMatching(/^S3 HEAD .* no answer$/) });
    expect(isStoreError(err)).toBe(true);
    // And the errors of the local disk's calls; not an error of the content itself.
    expect(isStoreError(Object.assign(new Error('gone'), { code: 'ENOENT', syscall: 'open' }))).toBe(true);
    expect(isStoreError(new Error('end of central directory record signature not found'))).toBe(false);
  });

  test('an empty file is stored; a range beyond a blob is its shortness, not the store failing', async () => {
    const s = store();
    const empty = Buffer.alloc(0);
    await s.putFile(tempWith(s, empty), sha256Of(empty));
    expect(await s.has(sha256Of(empty))).toBe(true);
    expect((await buffer(s.createReadStream(sha256Of(empty)))).length).toBe(0);
    const data = await s.putBuffer(unique('short'));
    const err = await s.readRange(data.sha256, { start: 10_000, end: 10_009 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(S3Error);
    expect(isStoreError(err)).toBe(false);
  });

  test('the check at start says whether the bucket is there', async () => {
    await expect(checkBucket(s3.where)).resolves.toBeUndefined();
    await expect(checkBucket({ ...s3.where, bucket: 'no-such-bucket' })).rejects.toThrow(
      `S3 bucket no-such-bucket at ${s3.where.endpoint}/no-such-bucket/: does not exist`,
    );
    await expect(checkBucket({ ...s3.where, endpoint: 'http://127.0.0.1:1' })).rejects.toThrow(
      'S3 bucket cirrus-test: no answer from http://127.0.0.1:1/cirrus-test/',
    );
  });

  test('BLOB_STORE=s3 names the settings it lacks', () => {
    const config = loadConfig({ DATA_DIR: dataDir, BLOB_STORE: 's3', S3_ACCESS_KEY_ID: 'k' });
    expect(() => createBlobStore(config, undefined as never)).toThrow(
      'BLOB_STORE=s3 needs S3_BUCKET, S3_SECRET_ACCESS_KEY',
    );
  });
});
