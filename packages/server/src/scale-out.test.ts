import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdir, myDrive, tusPatch, txUrl, upload } from '../test/drive.ts';
import { makeTestApp, type Sibling, type TestApp } from '../test/helpers.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { failure, share } from './modules/links/test-kit.ts';

// Two server processes of one deployment (ARCHITECTURE "One picture"): one database (SQLite here,
// PostgreSQL under TEST_DATABASE_URL), one S3-compatible bucket, one secret key, a data dir each.
// What one process writes, the other reads at once; a browser may be sent to either.
let s3: TestS3;
let one: TestApp;
let two: Sibling;
beforeAll(async () => {
  s3 = await startTestS3();
  one = await makeTestApp({ ...s3.env, BLOB_GC_GRACE_SECONDS: '0' });
  two = await one.sibling();
});
afterAll(async () => {
  await one?.close();
  await s3?.close();
});

const contentOf = (label: string, size: number) =>
  Buffer.concat([Buffer.from(`${label} ${crypto.randomUUID()} `), crypto.randomBytes(size)]);
const names = async (
  c: { get(url: string): Promise<{ json(): { files: { fname: string }[] } }> },
  gid: number,
) =>
  (await c.get(`/api/v3/groups/${gid}/files?orderby=name&order=asc`))
    .json()
    .files.map((f) => f.fname)
    .sort();

describe('two processes on one database and one bucket', () => {
  test('a session, a file, a rename and a purge made on one are seen on the other', async () => {
    const atOne = await (await one.makeUser()).client();
    const atTwo = two.as(atOne);
    const gid = await myDrive(atOne);
    expect(await myDrive(atTwo)).toBe(gid);
    // Read on both first, so that a cached page would be stale after the writes below.
    expect(await names(atOne, gid)).toEqual([]);
    expect(await names(atTwo, gid)).toEqual([]);

    const data = contentOf('made on one', 100_000);
    const file = await upload(atOne, gid, 0, 'plan.bin', data);
    expect(await names(atTwo, gid)).toEqual(['plan.bin']);
    const url = `/api/v3/groups/${gid}/files/${file.fileid}/download?action=download`;
    const fetched = await atTwo.get(url);
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(data)).toBe(true);
    const slice = await atTwo.get(url, { headers: { range: 'bytes=99000-99099' } });
    expect(slice.rawPayload.equals(data.subarray(99_000, 99_100))).toBe(true);

    const renamed = await atTwo.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'plan v2.bin' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await mkdir(atTwo, gid, 0, 'Made on two');
    expect(await names(atOne, gid)).toEqual(['Made on two', 'plan v2.bin']);

    // Deleted and purged on two, collected by one's job: the object leaves the bucket.
    await atTwo.post(`/api/v3/groups/${gid}/files/batch/delete`, { fileids: [file.fileid] });
    expect((await atTwo.delete('/api/v3/recycles')).statusCode).toBe(204);
    expect(await one.stored(data)).toBe(true);
    await one.services.jobs.runDue();
    expect(await one.stored(data)).toBe(false);
    expect(await two.services.blobs.has(crypto.createHash('sha256').update(data).digest('hex'))).toBe(false);

    // Logging out on one ends the session on two.
    expect((await atOne.post('/p/logout')).statusCode).toBeLessThan(300);
    expect((await atTwo.get(`/api/v3/groups/${gid}/files`)).statusCode).toBe(401);
  });

  test("a link's access code is checked by either process, and its token holds on both", async () => {
    const owner = await (await one.makeUser()).client();
    const gid = await myDrive(owner);
    const data = contentOf('shared from one', 40_000);
    const file = await upload(owner, gid, 0, 'shared.bin', data);
    const link = await share(owner, file.fileid, { ranges: 'anyone', chkcode: 'true' });

    const visitor = two.anonymous();
    const auth = await visitor.post(`/api/v3/skiplogin/links/${link.sid}/auth`, { chkcode: link.chkcode });
    expect(auth.statusCode, auth.body).toBe(200);
    const token = encodeURIComponent(auth.json().rand_code);
    const download = `/api/v3/links/${link.sid}/download?platform=share&rand_code=${token}`;
    const fromOne = await one.anonymous().get(download);
    expect(fromOne.statusCode).toBe(200);
    expect(fromOne.rawPayload.equals(data)).toBe(true);
    expect((await visitor.get(download)).rawPayload.equals(data)).toBe(true);
  });

  test("an upload's requests belong to the process that began it; another answers not_found and changes nothing", async () => {
    const atOne = await (await one.makeUser()).client();
    const atTwo = two.as(atOne);
    const gid = await myDrive(atOne);
    const data = contentOf('sent to the wrong process', 30_000);
    const begin = await atOne.post(txUrl(gid, 0), {
      name: 'astray.bin',
      size: data.length,
      sha1: crypto.createHash('sha1').update(data).digest('hex'),
    });
    const { transaction } = begin.json();
    const head = await atTwo.request({
      method: 'HEAD',
      url: transaction.upload_url,
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);
    const commit = await atTwo.patch(txUrl(gid, 0, transaction.id), {});
    expect(failure(commit)).toEqual({ status: 404, result: 'not_found' });
    expect(await names(atOne, gid)).toEqual([]);
    // On the process that began it, the upload goes on.
    const sent = await tusPatch(atOne, transaction.upload_url, 0, data);
    expect(sent.statusCode).toBe(204);
    expect((await atOne.patch(txUrl(gid, 0, transaction.id), {})).statusCode).toBe(200);
    expect(await names(atTwo, gid)).toEqual(['astray.bin']);
  });
});
