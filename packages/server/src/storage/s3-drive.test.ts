import crypto from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdir, myDrive, upload } from '../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { startTestS3, type TestS3 } from '../../test/s3.ts';

// The drive on BLOB_STORE=s3, through the API: what a user does with a file's contents, and the
// collector deleting the objects once nothing refers to them. (TEST_BLOB_STORE=s3 runs every API
// test this way; this file keeps the round trip in `npm test`.)
let s3: TestS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startTestS3();
  t = await makeTestApp({ ...s3.env, BLOB_GC_GRACE_SECONDS: '0' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const sha256Of = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const contentOf = (label: string, size: number) =>
  Buffer.concat([Buffer.from(`${label} ${crypto.randomUUID()} `), crypto.randomBytes(size)]);
/** Whether the bucket holds the object of these bytes, and they are its bytes. */
function inBucket(data: Buffer): boolean {
  const file = `${s3.objectDir(`blobs/${sha256Of(data)}`)}._S3rver_object`;
  if (!fs.existsSync(file)) return false;
  expect(fs.readFileSync(file).equals(data)).toBe(true);
  return true;
}

describe('the drive on an S3-compatible store', () => {
  test('upload, download, ranges, history, copy, then purge and collection', async () => {
    const c = await (await t.makeUser()).client();
    const gid = await myDrive(c);
    const [v1, v2] = [contentOf('version 1', 300_000), contentOf('version 2', 200_000)];
    const note = Buffer.from(`a small note ${crypto.randomUUID()}`);

    await upload(c, gid, 0, 'report.bin', v1);
    const file = await upload(c, gid, 0, 'report.bin', v2);
    const small = await upload(c, gid, 0, 'note.txt', note);
    expect(file.fver).toBe(2);
    expect(inBucket(v1)).toBe(true);
    expect(inBucket(v2)).toBe(true);
    // Contents of at most 16 KiB stay in the database, as on the local disk.
    expect(inBucket(note)).toBe(false);
    expect(await t.stored(note)).toBe(true);

    const url = `/api/v3/groups/${gid}/files/${file.fileid}/download?action=download`;
    const whole = await c.get(url);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(v2)).toBe(true);
    const slice = await c.get(url, { headers: { range: 'bytes=70000-70099' } });
    expect(slice.statusCode).toBe(206);
    expect(slice.headers['content-range']).toBe(`bytes 70000-70099/${v2.length}`);
    expect(slice.rawPayload.equals(v2.subarray(70_000, 70_100))).toBe(true);
    const tail = await c.get(url, { headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(v2.subarray(-10))).toBe(true);

    const histories = (await c.get(`/api/v3/files/${file.fileid}/histories`)).json().histories;
    const first = histories.find((h: { ver: number }) => h.ver === 1);
    const old = await c.get(`/xfi/v1/me/volumes/${gid}/files/${file.fileid}/content?history=${first.id}`);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(v1)).toBe(true);

    const folder = await mkdir(c, gid, 0, 'Copies');
    const copied = await c.post(`/api/v3/groups/${gid}/files/batch/copy`, {
      fileids: [file.fileid],
      groupid: gid,
      parentid: 0,
      target_groupid: gid,
      target_parentid: folder.fileid,
    });
    expect(copied.json()).toEqual({ failList: [] });
    const copy = (await c.get(`/api/v3/groups/${gid}/files?parentid=${folder.fileid}`)).json().files[0];
    expect(copy).toMatchObject({ fname: 'report.bin', fsha: file.fsha });

    // The original and its history go; the copy keeps version 2, and version 1 is collected.
    const gone = await c.post(`/api/v3/groups/${gid}/files/batch/delete`, {
      fileids: [file.fileid, small.fileid],
    });
    expect(gone.json().failList).toEqual([]);
    expect((await c.delete('/api/v3/recycles')).statusCode).toBe(204);
    await t.services.jobs.runDue();
    expect(await t.services.jobs.failed()).toEqual([]);
    expect(inBucket(v1)).toBe(false);
    expect(inBucket(v2)).toBe(true);
    expect(await t.stored(note)).toBe(false);
    const copyBytes = await c.get(`/api/v3/groups/${gid}/files/${copy.fileid}/download?action=download`);
    expect(copyBytes.rawPayload.equals(v2)).toBe(true);

    // Then the copy: nothing is left in the bucket.
    await c.post(`/api/v3/groups/${gid}/files/batch/delete`, { fileids: [copy.fileid] });
    await c.delete('/api/v3/recycles');
    await t.services.jobs.runDue();
    expect(inBucket(v2)).toBe(false);
  });

  test('a thumbnail is made from a picture in the bucket, and kept there too', async () => {
    const c = await (await t.makeUser()).client();
    const gid = await myDrive(c);
    const sharp = (await import('sharp')).default;
    const png = await sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: { r: 200, g: 40, b: crypto.randomInt(255) },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(png.length).toBeGreaterThan(16 * 1024);
    const file = await upload(c, gid, 0, 'picture.png', png);
    expect(inBucket(png)).toBe(true);
    const thumb = await c.get(`/v1/preview/files/${file.fileid}/image?size=thumb`);
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toMatch(/^image\//);
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([256, 192]);
    // The rendition is a blob too: in the database when small, else in the bucket.
    const kept = await t.database.db
      .selectFrom('preview_renditions')
      .select(['result_sha256', 'result_size'])
      .where('source_sha256', '=', sha256Of(png))
      .executeTakeFirstOrThrow();
    expect(await t.services.blobs.has(kept.result_sha256)).toBe(true);
  });
});
