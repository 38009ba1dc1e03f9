import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { myDrive, upload } from '../../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { saveRendition } from '../preview/repo.ts';

let t: TestApp;
beforeAll(async () => {
  // Unreferenced blobs are collected at once here; in production an hour's grace protects uploads.
  t = await makeTestApp({ BLOB_GC_GRACE_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

const unique = (label: string) => Buffer.from(`${label} ${crypto.randomUUID()}`);
const stored = (sha256: string) => t.services.blobs.has(sha256);
const shaOf = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** A rendition as modules/preview writes it once a conversion is done. */
async function rendition(source: string, name: 'pdf' | 'thumb', result: Buffer): Promise<string> {
  const digest = await t.services.blobs.putBuffer(result);
  await saveRendition(t.database.db, {
    source_sha256: source,
    name,
    state: 'done',
    result_sha256: digest.sha256,
    result_size: digest.size,
    content_type: name === 'pdf' ? 'application/pdf' : 'image/png',
    at: t.clock.now,
  });
  return digest.sha256;
}

async function orphan(keys: string[]): Promise<void> {
  const { db } = t.database;
  await db.transaction().execute((trx) => t.services.blobCollector.orphaned(trx, keys));
}

const renditionsOf = (source: string) =>
  t.database.db.selectFrom('preview_renditions').select('name').where('source_sha256', '=', source).execute();

describe('blob collection (job blobs.collect)', () => {
  test('every reference keeps a blob: files, history versions, profile pictures, preview renditions', async () => {
    const c = await (await t.makeUser()).client();
    const gid = await myDrive(c);
    const [v1, v2] = [unique('version 1'), unique('version 2')];
    await upload(c, gid, 0, 'kept.docx', v1);
    await upload(c, gid, 0, 'kept.docx', v2);
    const user = await t.makeUser();
    const picture = await t.services.blobs.putBuffer(unique('avatar'));
    // A profile picture as modules/pictures stores it.
    await t.database.db
      .insertInto('pictures')
      .values({
        user_id: user.id,
        kind: 'avatar',
        sha256: picture.sha256,
        size: picture.size,
        created_at: t.clock.now,
      })
      .execute();
    const pdf = await rendition(shaOf(v2), 'pdf', unique('converted pdf'));
    const stray = (await t.services.blobs.putBuffer(unique('nobody'))).sha256;

    const keys = [shaOf(v1), shaOf(v2), picture.sha256, pdf, stray];
    await orphan(keys);
    await t.services.jobs.runDue();
    for (const key of keys.slice(0, 4)) expect(await stored(key), key).toBe(true);
    expect(await stored(stray)).toBe(false);
    expect(await renditionsOf(shaOf(v2))).toEqual([{ name: 'pdf' }]);
    expect(await t.database.db.selectFrom('blob_orphans').selectAll().execute()).toEqual([]);
    expect(await t.services.jobs.failed()).toEqual([]);
  });

  test('the renditions of a collected blob are dropped and their results collected, a thumbnail of a PDF too', async () => {
    const c = await (await t.makeUser()).client();
    const gid = await myDrive(c);
    const gone = unique('purged document');
    const live = unique('live document');
    const file = await upload(c, gid, 0, 'purged.docx', gone);
    await upload(c, gid, 0, 'live.docx', live);
    const pdf = await rendition(shaOf(gone), 'pdf', unique('pdf of the purged'));
    const thumb = await rendition(pdf, 'thumb', unique('thumbnail of that pdf'));
    const livePdf = await rendition(shaOf(live), 'pdf', unique('pdf of the live'));

    // Delete, then purge from the bin: the content becomes an orphan, collected by the job.
    expect((await c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);
    const purge = await c.post('/api/v3/recycles/batch/destory', { fileids: [file.fileid] });
    expect(purge.json()).toEqual({ failList: [] });
    await t.services.jobs.runDue();

    expect(await stored(shaOf(gone))).toBe(false);
    expect(await renditionsOf(shaOf(gone))).toEqual([]);
    expect(await stored(pdf)).toBe(false);
    expect(await renditionsOf(pdf)).toEqual([]);
    expect(await stored(thumb)).toBe(false);
    // Another content's renditions stay.
    expect(await stored(shaOf(live))).toBe(true);
    expect(await stored(livePdf)).toBe(true);
    expect(await renditionsOf(shaOf(live))).toEqual([{ name: 'pdf' }]);
    expect(await t.database.db.selectFrom('blob_orphans').selectAll().execute()).toEqual([]);
    expect(await t.services.jobs.failed()).toEqual([]);
  });
});

describe('a blob is known to the collector from before it is put (stored)', () => {
  const noted = async (sha256: string) =>
    (await t.database.db.selectFrom('blob_orphans').select('sha256').where('sha256', '=', sha256).execute())
      .length === 1;

  test('a write that never commits (the process stopped after the put) leaves nothing behind', async () => {
    const data = unique('a body whose process stopped');
    const sha256 = shaOf(data);
    let notedWhenSaving = false;
    const stopped = new Error('the process stopped');
    await expect(
      t.services.blobCollector.stored(
        sha256,
        () => t.services.blobs.putBuffer(data),
        async () => {
          // What a restart would find: the blob, and the note the collector goes by.
          notedWhenSaving = (await noted(sha256)) && (await stored(sha256));
          throw stopped;
        },
      ),
    ).rejects.toBe(stopped);
    expect(notedWhenSaving).toBe(true);
    await t.services.blobCollector.collect();
    expect(await stored(sha256)).toBe(false);
    expect(await noted(sha256)).toBe(false);
  });

  test('a write that commits keeps its blob; the collector only forgets the note', async () => {
    const c = await (await t.makeUser()).client();
    const gid = await myDrive(c);
    // Above 16 KiB, so that the content is a blob of the store and not a row of the file's.
    const data = Buffer.concat([unique('kept'), Buffer.alloc(64 * 1024, 7)]);
    await upload(c, gid, 0, 'big.bin', data);
    expect(await noted(shaOf(data))).toBe(true);
    await t.services.blobCollector.collect();
    expect(await stored(shaOf(data))).toBe(true);
    expect(await noted(shaOf(data))).toBe(false);
  });
});

describe('a note of a blob on its way', () => {
  test('a collection while the blob is being put keeps its note (the put may finish after it)', async () => {
    const app = await makeTestApp({ BLOB_GC_GRACE_SECONDS: '3600' });
    try {
      const data = unique('slow put');
      const sha256 = shaOf(data);
      const noted = async () =>
        (
          await app.database.db
            .selectFrom('blob_orphans')
            .select('since')
            .where('sha256', '=', sha256)
            .execute()
        ).length === 1;
      let keptDuringPut = false;
      const stopped = new Error('the process stopped');
      await expect(
        app.services.blobCollector.stored(
          sha256,
          async () => {
            await app.services.blobCollector.collect();
            keptDuringPut = await noted();
            await app.services.blobs.putBuffer(data);
          },
          async () => {
            throw stopped;
          },
        ),
      ).rejects.toBe(stopped);
      expect(keptDuringPut).toBe(true);
      // Put within the grace time and named by nothing, it stays noted for a later collection.
      await app.services.blobCollector.collect();
      expect(await noted()).toBe(true);
    } finally {
      await app.close();
    }
  });
});
