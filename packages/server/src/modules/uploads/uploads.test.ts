import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  listNames,
  makeTeam,
  mkdir,
  myDrive,
  myUploads,
  sha1Of,
  tusPatch,
  txUrl,
  upload,
} from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { SMALL_BLOB_MAX } from '../../storage/small-blobs.ts';

/** Uploads are limited to 1000 bytes in this app, and a user's space to 3000. */
const MAX = 1000;
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ MAX_FILE_SIZE: String(MAX), PERSONAL_SPACE_QUOTA: '3000' });
});
afterAll(async () => {
  await t.close();
});

const bytes = (n: number, seed = 1) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 256));

async function me(): Promise<{ c: Client; gid: number }> {
  const c = await (await t.makeUser()).client();
  return { c, gid: await myDrive(c) };
}

async function begin(c: Client, gid: number, parent: number, body: Record<string, unknown>) {
  return c.post(txUrl(gid, parent), body);
}

/** A tus PATCH of `length` bytes from offset 0 over a real connection, its body left to the caller. */
async function startPatch(c: Client, uploadUrl: string, length: number): Promise<http.ClientRequest> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  const cookie = Object.entries(c.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return http.request({
    host: '127.0.0.1',
    port,
    method: 'PATCH',
    path: uploadUrl,
    headers: {
      cookie,
      'x-csrf-token': c.csrf,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(length),
    },
  });
}

/** Blobs in the store (files, and small ones in the database), and partial uploads left over. */
async function storeContents() {
  const walk = (dir: string): string[] =>
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [e.name]))
      : [];
  const small = await t.database.db.selectFrom('small_blobs').select('sha256').orderBy('sha256').execute();
  return {
    blobs: [...walk(path.join(t.config.dataDir, 'blobs')), ...small.map((r) => r.sha256)],
    parts: walk(path.join(t.config.dataDir, 'uploads')),
    temps: walk(path.join(t.config.dataDir, 'tmp')),
  };
}

describe('POST .../upload-transactions', () => {
  test('walks 401, 400, 404, 403, 409 and answers the transaction', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const rc = await reader.client();
    await mkdir(oc, team, 0, 'Folder');

    expect((await t.anonymous().post(txUrl(team, 0), { name: 'a.txt', size: 1 })).statusCode).toBe(401);
    const bad = await begin(oc, team, 0, { name: 'a.txt' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toBe('bad_request');
    expect((await begin(oc, team, 0, { name: 'a.txt', size: -1 })).statusCode).toBe(400);
    expect((await begin(oc, team, 0, { name: 'a.txt', size: 1, sha1: 'nope' })).statusCode).toBe(400);
    const illegal = await begin(oc, team, 0, { name: 'a:b.txt', size: 1 });
    expect(illegal.json()).toMatchObject({ result: 'invalid_argument', debug: { reason: 'illegalFname' } });

    const stranger = await me();
    expect((await begin(stranger.c, team, 0, { name: 'a.txt', size: 1 })).json()).toMatchObject({
      result: 'volume_not_found',
      code: 40010002,
    });
    expect((await begin(oc, team, 999999, { name: 'a.txt', size: 1 })).json()).toMatchObject({
      result: 'file_not_found',
    });
    const denied = await begin(rc, team, 0, { name: 'a.txt', size: 1 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toBe('no_upload_permission');
    const folder = await begin(oc, team, 0, { name: 'folder', size: 1 });
    expect(folder.statusCode).toBe(409);
    expect(folder.json().result).toBe('file_name_already_exists');

    const ok = await begin(oc, team, 0, { name: 'a.txt', size: 10 });
    expect(ok.statusCode).toBe(200);
    const { transaction } = ok.json();
    expect(transaction).toMatchObject({ offset: 0, upload_url: `/xfi/v1/me/uploads/${transaction.id}` });
    expect(transaction.id.length).toBeGreaterThanOrEqual(20);
  });

  test('a file of exactly the maximum size is allowed, one byte more is fileTooLarge', async () => {
    const { c, gid } = await me();
    expect((await begin(c, gid, 0, { name: 'max.bin', size: MAX })).statusCode).toBe(200);
    const over = await begin(c, gid, 0, { name: 'over.bin', size: MAX + 1 });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ result: 'fileTooLarge', debug: { limit: MAX } });
    const file = await upload(c, gid, 0, 'max.bin', bytes(MAX));
    expect(file.fsize).toBe(MAX);
  });

  test('uploading a name that exists adds a version and needs the update permission', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const first = await upload(oc, team, 0, 'Report.txt', Buffer.from('version one'));
    const second = await upload(mc, team, 0, 'report.TXT', Buffer.from('version two!'));
    expect(second).toMatchObject({
      fileid: first.fileid,
      fname: 'Report.txt',
      fver: 2,
      fsize: 12,
      modifier: { id: member.id },
    });
    const versions = await t.database.db
      .selectFrom('file_versions')
      .select(['ver', 'size', 'modifier_id'])
      .where('file_id', '=', first.fileid)
      .orderBy('ver')
      .execute();
    expect(versions).toEqual([
      { ver: 1, size: 11, modifier_id: owner.id },
      { ver: 2, size: 12, modifier_id: member.id },
    ]);
    const events = await t.database.db
      .selectFrom('file_events')
      .select('type')
      .where('file_id', '=', first.fileid)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['file_create', 'update']);
    // Without update on the file (its own entry), the same name is refused up front.
    await oc.put(`/api/v3/groups/${team}/files/${first.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: 1 }],
    });
    const refused = await begin(mc, team, 0, { name: 'Report.txt', size: 3 });
    expect(refused.json().result).toBe('no_update_permission');
  });

  test('the uploaded-files area takes uploads and new versions too', async () => {
    const { c } = await me();
    const tmp = await myUploads(c);
    await upload(c, tmp, 0, 'scan.pdf', Buffer.from('%PDF-1'));
    const again = await upload(c, tmp, 0, 'scan.pdf', Buffer.from('%PDF-2'));
    expect(again).toMatchObject({ fver: 2, file_src_type: 'tmp' });
    expect(await listNames(c, tmp)).toEqual(['scan.pdf']);
  });
});

describe('tus: HEAD and PATCH on the upload_url', () => {
  test('an interrupted upload resumes from the offset the server has', async () => {
    const { c, gid } = await me();
    const data = bytes(900);
    const { transaction } = (
      await begin(c, gid, 0, { name: 'resume.bin', size: data.length, sha1: sha1Of(data) })
    ).json();
    const url = transaction.upload_url;

    const head0 = await c.request({ method: 'HEAD', url });
    expect(head0.statusCode).toBe(200);
    expect(head0.headers).toMatchObject({
      'upload-offset': '0',
      'upload-length': '900',
      'tus-resumable': '1.0.0',
    });

    const part = await tusPatch(c, url, 0, data.subarray(0, 400));
    expect(part.statusCode).toBe(204);
    expect(part.headers['upload-offset']).toBe('400');
    const head = await c.request({ method: 'HEAD', url });
    expect(head.headers['upload-offset']).toBe('400');

    const wrong = await tusPatch(c, url, 100, data.subarray(100));
    expect(wrong.statusCode).toBe(409);
    const notTus = await c.request({
      method: 'PATCH',
      url,
      headers: { 'content-type': 'application/json', 'upload-offset': '400' },
      payload: '{}',
    });
    expect(notTus.statusCode).toBe(415);
    expect(notTus.json().result).toBe('unsupportedMediaType');
    const otherVersion = await c.request({
      method: 'PATCH',
      url,
      headers: {
        'tus-resumable': '0.2.2',
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '400',
      },
      payload: Buffer.alloc(10),
    });
    expect(otherVersion.statusCode).toBe(412);
    expect(otherVersion.headers['tus-version']).toBe('1.0.0');
    expect(otherVersion.json().result).toBe('tusVersionUnsupported');

    // Announcing the same content again (a page reload) finds the same transaction and offset.
    const again = (
      await begin(c, gid, 0, { name: 'resume.bin', size: data.length, sha1: sha1Of(data) })
    ).json();
    expect(again.transaction).toEqual({ ...transaction, offset: 400 });

    const rest = await tusPatch(c, url, 400, data.subarray(400));
    expect(rest.headers['upload-offset']).toBe('900');
    const commit = await c.patch(txUrl(gid, 0, transaction.id), {});
    expect(commit.statusCode).toBe(200);
    expect(commit.json()).toMatchObject({ fname: 'resume.bin', fsize: 900, fsha: sha1Of(data) });
    const content = await c.get(`/xfi/v1/me/volumes/${gid}/files/${commit.json().fileid}/content`);
    expect(Buffer.compare(content.rawPayload, data)).toBe(0);
    // Committed: the transaction is gone.
    expect((await c.request({ method: 'HEAD', url })).statusCode).toBe(404);
  });

  test('a connection dropped in the middle of a PATCH keeps what arrived', async () => {
    const { c, gid } = await me();
    const data = bytes(800, 3);
    const { transaction } = (await begin(c, gid, 0, { name: 'dropped.bin', size: data.length })).json();
    const req = await startPatch(c, transaction.upload_url, data.length);
    await new Promise<void>((resolve) => {
      req.on('error', () => resolve());
      req.write(data.subarray(0, 300), () => setTimeout(() => req.destroy(), 100));
    });
    // The server notices the drop on its own time.
    let offset = 0;
    for (let i = 0; i < 50 && offset < 300; i++) {
      await new Promise((r) => setTimeout(r, 20));
      offset = Number(
        (await c.request({ method: 'HEAD', url: transaction.upload_url })).headers['upload-offset'],
      );
    }
    expect(offset).toBe(300);
    // The bytes may be on disk a moment before the server has let go of the dropped request: till
    // then a resume is a conflict, and a client tries again (tus).
    let resumed = 409;
    for (let i = 0; i < 50 && resumed === 409; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 20));
      resumed = (await tusPatch(c, transaction.upload_url, offset, data.subarray(offset))).statusCode;
    }
    expect(resumed).toBe(204);
    const commit = await c.patch(txUrl(gid, 0, transaction.id), { sha1: sha1Of(data) });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(commit.json().fsha).toBe(sha1Of(data));
  });

  test('DELETE while a PATCH is still being received stops it and keeps nothing', async () => {
    const { c, gid } = await me();
    const data = bytes(800, 5);
    const { transaction } = (await begin(c, gid, 0, { name: 'cancelled.bin', size: data.length })).json();
    // A browser's cancel: the PATCH is under way (its connection still open) when the DELETE comes.
    const req = await startPatch(c, transaction.upload_url, data.length);
    req.on('error', () => {});
    req.write(data.subarray(0, 300));
    // Receiving: another PATCH meanwhile is a conflict (tus).
    let second = 0;
    for (let i = 0; i < 50 && second !== 409; i++) {
      await new Promise((r) => setTimeout(r, 20));
      second = (await tusPatch(c, transaction.upload_url, 0, bytes(1))).statusCode;
    }
    expect(second).toBe(409);

    const cancel = await c.delete(transaction.upload_url);
    req.destroy();
    expect(cancel.statusCode, cancel.body).toBe(204);
    expect((await c.request({ method: 'HEAD', url: transaction.upload_url })).statusCode).toBe(404);
    expect((await storeContents()).parts).not.toContain(transaction.id);
    const left = await t.database.db
      .selectFrom('upload_transactions')
      .select('id')
      .where('id', '=', transaction.id)
      .execute();
    expect(left).toEqual([]);
  });

  test('more bytes than announced are refused; another user cannot touch the transaction; DELETE cancels', async () => {
    const { c, gid } = await me();
    const { transaction } = (await begin(c, gid, 0, { name: 'x.bin', size: 10 })).json();
    const too = await tusPatch(c, transaction.upload_url, 0, bytes(11));
    expect(too.statusCode).toBe(413);
    const other = await me();
    expect((await other.c.request({ method: 'HEAD', url: transaction.upload_url })).statusCode).toBe(404);
    expect((await tusPatch(other.c, transaction.upload_url, 0, bytes(1))).statusCode).toBe(404);
    expect((await other.c.patch(txUrl(gid, 0, transaction.id), {})).statusCode).toBe(404);
    expect((await t.anonymous().request({ method: 'HEAD', url: transaction.upload_url })).statusCode).toBe(
      401,
    );
    const cancel = await c.delete(transaction.upload_url);
    expect(cancel.statusCode).toBe(204);
    expect((await c.request({ method: 'HEAD', url: transaction.upload_url })).statusCode).toBe(404);
  });
});

describe('PATCH .../upload-transactions/{id} (commit)', () => {
  test('a size mismatch is refused and nothing is kept', async () => {
    const { c, gid } = await me();
    const before = await storeContents();
    const { transaction } = (await begin(c, gid, 0, { name: 'short.bin', size: 100 })).json();
    await tusPatch(c, transaction.upload_url, 0, bytes(60));
    const res = await c.patch(txUrl(gid, 0, transaction.id), {});
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('sizeMismatch');
    expect(await listNames(c, gid)).toEqual([]);
    expect((await c.request({ method: 'HEAD', url: transaction.upload_url })).statusCode).toBe(404);
    expect(await storeContents()).toEqual(before);
  });

  test('a sha1 mismatch is refused and nothing is kept', async () => {
    const { c, gid } = await me();
    const before = await storeContents();
    const data = bytes(50, 9);
    const { transaction } = (
      await begin(c, gid, 0, { name: 'bad.bin', size: 50, sha1: sha1Of(Buffer.from('other')) })
    ).json();
    await tusPatch(c, transaction.upload_url, 0, data);
    const res = await c.patch(txUrl(gid, 0, transaction.id), {});
    expect(res.json().result).toBe('sha1Mismatch');
    expect(await listNames(c, gid)).toEqual([]);
    expect(await storeContents()).toEqual(before);
  });

  test('the quota is checked up front and again at commit; a refused write leaves nothing behind', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Full');
    await upload(c, gid, folder.fileid, 'a.bin', bytes(1000, 1));
    await upload(c, gid, folder.fileid, 'b.bin', bytes(1000, 2));
    const upFront = await begin(c, gid, folder.fileid, { name: 'c.bin', size: 1000 });
    expect(upFront.statusCode).toBe(200);
    // Two uploads race for the last 1000 bytes: the second to commit is refused.
    const first = (await begin(c, gid, folder.fileid, { name: 'd.bin', size: 1000 })).json().transaction;
    const second = upFront.json().transaction;
    await tusPatch(c, first.upload_url, 0, bytes(1000, 4));
    await tusPatch(c, second.upload_url, 0, bytes(1000, 3));
    expect((await c.patch(txUrl(gid, folder.fileid, first.id), {})).statusCode).toBe(200);
    const before = await storeContents();
    const refused = await c.patch(txUrl(gid, folder.fileid, second.id), {});
    expect(refused.statusCode).toBe(403);
    expect(refused.json().result).toBe('MySpaceFull');
    expect(await listNames(c, gid, folder.fileid)).toEqual(['a.bin', 'b.bin', 'd.bin']);
    expect((await storeContents()).blobs).toEqual(before.blobs);
    expect((await storeContents()).parts.length).toBe(before.parts.length - 1);
    const full = await begin(c, gid, folder.fileid, { name: 'e.bin', size: 1 });
    expect(full.json().result).toBe('MySpaceFull');
    expect((await c.get('/api/v3/spaces')).json()).toMatchObject({ total: 3000, used: 3000 });
  });

  test('a team space answers groupSpaceFull', async () => {
    const owner = await t.makeUser();
    const team = await makeTeam(t, owner);
    await t.services.quota.set('group', team, { total: 10 });
    const c = await owner.client();
    await upload(c, team, 0, 'a.txt', bytes(10));
    const res = await begin(c, team, 0, { name: 'b.txt', size: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('groupSpaceFull');
    // Replacing the content with a smaller version frees space instead of taking it.
    expect((await upload(c, team, 0, 'a.txt', bytes(4))).fver).toBe(2);
  });

  test('identical content is stored once', async () => {
    const { c, gid } = await me();
    const data = Buffer.from(crypto.randomBytes(64));
    const before = (await storeContents()).blobs.length;
    await upload(c, gid, 0, 'one.bin', data);
    await upload(c, gid, 0, 'two.bin', data);
    expect((await storeContents()).blobs.length).toBe(before + 1);
  });
});

describe('a refused commit', () => {
  test('leaves no blob behind: the one stored for it is noted, and collected when nothing refers to it', async () => {
    const app = await makeTestApp({ BLOB_GC_GRACE_SECONDS: '0' });
    try {
      const c = await (await app.makeUser()).client();
      const gid = await myDrive(c);
      const folder = await mkdir(c, gid, 0, 'Going');
      const data = bytes(SMALL_BLOB_MAX + 1, 21);
      const begin = await c.post(txUrl(gid, folder.fileid), { name: 'big.bin', size: data.length });
      const { transaction } = begin.json();
      expect((await tusPatch(c, transaction.upload_url, 0, data)).statusCode).toBe(204);
      // The blob is stored and the commit waits for its transaction; the folder goes meanwhile.
      const gate = holdNextTransaction(app, 'shared-transactions.ts');
      const committing = c.patch(txUrl(gid, folder.fileid, transaction.id), {});
      await gate.reached;
      expect(await app.stored(data)).toBe(true);
      expect((await c.delete(`/api/v3/groups/${gid}/files/${folder.fileid}`)).statusCode).toBeLessThan(300);
      gate.release();
      expect((await committing).json().result).toBe('file_not_found');
      await app.services.blobCollector.collect();
      expect(await app.stored(data)).toBe(false);
    } finally {
      await app.close();
    }
  });
});

describe('a commit cut short after its blob was put (the process killed, the database gone)', () => {
  test('keeps the part: the client commits again without sending the bytes again', async () => {
    const app = await makeTestApp();
    try {
      const c = await (await app.makeUser()).client();
      const gid = await myDrive(c);
      const data = bytes(SMALL_BLOB_MAX + 5000, 33);
      const { transaction } = (await c.post(txUrl(gid, 0), { name: 'again.bin', size: data.length })).json();
      expect((await tusPatch(c, transaction.upload_url, 0, data)).statusCode).toBe(204);
      const { files } = app.services;
      const save = files.saveUploadTo;
      files.saveUploadTo = async () => {
        throw new Error('the process is killed here');
      };
      try {
        expect((await c.patch(txUrl(gid, 0, transaction.id), {})).statusCode).toBe(500);
      } finally {
        files.saveUploadTo = save;
      }
      expect(await app.stored(data)).toBe(true);
      const head = await c.request({ method: 'HEAD', url: transaction.upload_url });
      expect(head.headers['upload-offset']).toBe(String(data.length));
      const committed = await c.patch(txUrl(gid, 0, transaction.id), {});
      expect(committed.statusCode).toBe(200);
      const file = committed.json();
      expect(
        (await c.get(`/api/v3/groups/${gid}/files/${file.fileid}/download`)).rawPayload.equals(data),
      ).toBe(true);
      expect(fs.readdirSync(path.join(app.config.dataDir, 'uploads'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('the periodic sweep (uploads.sweep)', () => {
  test('removes transactions given up and part files no transaction owns, once they are old', async () => {
    const { c, gid } = await me();
    const partsDir = path.join(t.config.dataDir, 'uploads');
    const open = (await begin(c, gid, 0, { name: 'kept.bin', size: 10 })).json().transaction;
    t.clock.advance(3600);
    const given = (await begin(c, gid, 0, { name: 'given-up.bin', size: 10 })).json().transaction;
    await tusPatch(c, given.upload_url, 0, bytes(5));
    // Strays: a part file left by a stop an hour ago, and one a process may be beginning now.
    const oldStray = path.join(partsDir, 'stray-old');
    const newStray = path.join(partsDir, 'stray-new');
    fs.writeFileSync(oldStray, 'x');
    fs.writeFileSync(newStray, 'x');
    const hourAgo = new Date(Date.now() - 3601 * 1000);
    fs.utimesSync(oldStray, hourAgo, hourAgo);
    // And the blob store's temp files of a body that was arriving when the process stopped.
    const tmpDir = path.join(t.config.dataDir, 'tmp');
    const oldTemp = path.join(tmpDir, 'left-old.part');
    const newTemp = path.join(tmpDir, 'left-new.part');
    fs.writeFileSync(oldTemp, 'x');
    fs.writeFileSync(newTemp, 'x');
    const dayAgo = new Date(Date.now() - 24 * 3600 * 1000 - 1000);
    fs.utimesSync(oldTemp, dayAgo, dayAgo);
    // An hour old, a temp file may still be on its way to S3: it stays.
    fs.utimesSync(newTemp, hourAgo, hourAgo);
    // The first transaction is past its week; the second is not yet.
    t.clock.advance(7 * 24 * 3600 - 1800);
    expect(await t.services.uploads.sweepAbandoned()).toBeGreaterThanOrEqual(3);
    expect(fs.existsSync(oldTemp)).toBe(false);
    expect(fs.existsSync(newTemp)).toBe(true);
    const parts = fs.readdirSync(partsDir);
    expect(parts).not.toContain(open.id);
    expect(parts).not.toContain('stray-old');
    expect(parts).toContain(given.id);
    expect(parts).toContain('stray-new');
    const rows = await t.database.db
      .selectFrom('upload_transactions')
      .select('id')
      .where('id', 'in', [open.id, given.id])
      .execute();
    expect(rows.map((r) => r.id)).toEqual([given.id]);
    expect(
      (await c.request({ method: 'HEAD', url: given.upload_url, headers: { 'tus-resumable': '1.0.0' } }))
        .headers['upload-offset'],
    ).toBe('5');
    fs.rmSync(newStray);
  });
});

describe('large uploads (hashed on the hashing thread)', () => {
  test('a 5 MiB upload in three PATCHes, direct and through the page cache, keeps its sha1 and content; a wrong sha1 is refused', async () => {
    const big = await makeTestApp();
    try {
      const c = await (await big.makeUser()).client();
      const gid = await myDrive(c);
      const data = crypto.randomBytes(5 * 1024 * 1024 + 17);
      const { transaction } = (
        await c.post(txUrl(gid, 0), { name: 'large.bin', size: data.length, sha1: sha1Of(data) })
      ).json();
      // The first PATCH begins at an aligned offset and is written past the page cache, the
      // second at an unaligned one through it, the third at 2 MiB past it again (the hashing
      // thread reads the second's bytes from the file before it takes the third's from memory).
      const cuts = [0, 1_000_000, 2 * 1024 * 1024, data.length];
      for (let i = 0; i < 3; i++) {
        const res = await tusPatch(c, transaction.upload_url, cuts[i], data.subarray(cuts[i], cuts[i + 1]));
        expect(res.statusCode, res.body).toBe(204);
      }
      const commit = await c.patch(txUrl(gid, 0, transaction.id), {});
      expect(commit.statusCode, commit.body).toBe(200);
      expect(commit.json()).toMatchObject({ fname: 'large.bin', fsize: data.length, fsha: sha1Of(data) });
      const content = await c.get(`/xfi/v1/me/volumes/${gid}/files/${commit.json().fileid}/content`);
      expect(Buffer.compare(content.rawPayload, data)).toBe(0);

      const other = crypto.randomBytes(2 * 1024 * 1024);
      const tx2 = (await c.post(txUrl(gid, 0), { name: 'wrong.bin', size: other.length })).json().transaction;
      expect((await tusPatch(c, tx2.upload_url, 0, other)).statusCode).toBe(204);
      const refused = await c.patch(txUrl(gid, 0, tx2.id), { sha1: sha1Of(data) });
      expect(refused.statusCode).toBe(400);
      expect(await listNames(c, gid, 0)).toEqual(['large.bin']);
    } finally {
      await big.close();
    }
  });
});

describe('one request: the bytes as the body of POST .../upload-transactions', () => {
  const whole = (c: Client, gid: number, parent: number, query: string, data: Buffer) =>
    c.request({
      method: 'POST',
      url: `${txUrl(gid, parent)}?${query}`,
      headers: { 'content-type': 'application/offset+octet-stream' },
      payload: data,
    });

  test('commits at once and answers the file record; a second upload of the name adds a version', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Inbox');
    const parts = (await storeContents()).parts;
    const data = bytes(700, 3);
    const res = await whole(c, gid, folder.fileid, `name=${encodeURIComponent('Notes 1.txt')}`, data);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fname: 'Notes 1.txt', fsize: 700, fsha: sha1Of(data), fver: 1 });
    // The answer is made from the row as inserted (not read again): the same record a GET answers.
    const got = await c.get(`/api/v3/groups/${gid}/files/${res.json().fileid}`);
    expect(res.json()).toEqual(got.json());
    expect(res.json()).toMatchObject({ path: '/Inbox/Notes 1.txt', creator: { name: expect.any(String) } });
    const content = await c.get(`/xfi/v1/me/volumes/${gid}/files/${res.json().fileid}/content`);
    expect(Buffer.compare(content.rawPayload, data)).toBe(0);
    const again = await whole(c, gid, folder.fileid, `name=notes%201.TXT&sha1=${sha1Of(bytes(5))}`, bytes(5));
    expect(again.json()).toMatchObject({ fileid: res.json().fileid, fver: 2, fsize: 5 });
    expect(await listNames(c, gid, folder.fileid)).toEqual(['Notes 1.txt']);
    expect((await storeContents()).parts).toEqual(parts);
  });

  test("a small file's bytes go into the database with it, a larger one's into a blob file", async () => {
    // The maximum file size of this file's app is below the small blobs' limit; the blob files
    // are counted on the local disk.
    const app = await makeTestApp({ BLOB_STORE: 'fs' });
    try {
      const c = await (await app.makeUser()).client();
      const gid = await myDrive(c);
      const fileBlobs = () =>
        fs.readdirSync(path.join(app.config.dataDir, 'blobs'), { recursive: true }).length;
      const inDb = async (data: Buffer) =>
        (
          await app.database.db
            .selectFrom('small_blobs')
            .select('data')
            .where('sha256', '=', crypto.createHash('sha256').update(data).digest('hex'))
            .executeTakeFirst()
        )?.data;
      const before = fileBlobs();
      const small = bytes(SMALL_BLOB_MAX, 11);
      const large = bytes(SMALL_BLOB_MAX + 1, 12);
      for (const [name, data] of [
        ['small.bin', small],
        ['large.bin', large],
      ] as const) {
        const res = await whole(c, gid, 0, `name=${name}`, data);
        expect(res.statusCode, res.body).toBe(200);
        const content = await c.get(`/xfi/v1/me/volumes/${gid}/files/${res.json().fileid}/content`);
        expect(content.rawPayload.equals(data)).toBe(true);
      }
      expect((await inDb(small))?.equals(small)).toBe(true);
      expect(await inDb(large)).toBeUndefined();
      expect(fileBlobs()).toBe(before + 1);
      // Through a transaction (tus), the same: the part file's bytes commit with the file.
      const viaTus = bytes(300, 13);
      await upload(c, gid, 0, 'tus.bin', viaTus);
      expect((await inDb(viaTus))?.equals(viaTus)).toBe(true);
      expect(fileBlobs()).toBe(before + 1);
    } finally {
      await app.close();
    }
  });

  test('bad input is refused with the same errors as the transaction, and nothing is kept', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    await mkdir(oc, team, 0, 'Folder');
    const before = await storeContents();

    const noName = await whole(oc, team, 0, '', bytes(3));
    expect(noName.json().result).toBe('bad_request');
    const illegal = await whole(oc, team, 0, 'name=a%3Ab.txt', bytes(3));
    expect(illegal.json()).toMatchObject({ result: 'invalid_argument', debug: { reason: 'illegalFname' } });
    expect((await whole(oc, team, 0, 'name=big.bin', bytes(MAX + 1))).json().result).toBe('fileTooLarge');
    const wrongSha = await whole(oc, team, 0, `name=a.bin&sha1=${sha1Of(bytes(9))}`, bytes(10));
    expect(wrongSha.statusCode).toBe(400);
    expect(wrongSha.json().result).toBe('sha1Mismatch');
    const denied = await whole(await reader.client(), team, 0, 'name=a.txt', bytes(3));
    expect(denied.json().result).toBe('no_upload_permission');
    expect((await whole(oc, team, 0, 'name=folder', bytes(3))).json().result).toBe(
      'file_name_already_exists',
    );
    expect((await whole(t.anonymous(), team, 0, 'name=a.txt', bytes(3))).statusCode).toBe(401);

    expect(await listNames(oc, team)).toEqual(['Folder']);
    expect(await storeContents()).toEqual(before);
  });

  test('the quota is checked before the bytes are taken', async () => {
    const { c, gid } = await me();
    for (const n of [1, 2, 3])
      expect((await whole(c, gid, 0, `name=${n}.bin`, bytes(1000, n))).statusCode).toBe(200);
    const before = await storeContents();
    const full = await whole(c, gid, 0, 'name=4.bin', bytes(1));
    expect(full.statusCode).toBe(403);
    expect(full.json().result).toBe('MySpaceFull');
    expect(await storeContents()).toEqual(before);
  });

  test('uploads at once commit together; of those racing for the last bytes, the ones that fit are kept', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Race');
    expect((await whole(c, gid, folder.fileid, 'name=first.bin', bytes(1000, 20))).statusCode).toBe(200);
    const before = await storeContents();
    // 2000 bytes are left: each passes the check up front, and the quota is charged again in the
    // transaction they share (db/shared-transactions.ts), where the third and fourth overflow.
    const racing = [21, 22, 23, 24].map((seed) => bytes(700, seed));
    const answers = await Promise.all(
      racing.map((data, i) => whole(c, gid, folder.fileid, `name=r${i}.bin`, data)),
    );
    // Which two fit depends on the order they commit in (on PostgreSQL each has a transaction of
    // its own, and they run at once).
    const kept = answers.flatMap((a, i) => (a.statusCode === 200 ? [i] : []));
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(kept).toHaveLength(2);
    expect(refused.map((a) => [a.statusCode, a.json().result])).toEqual([
      [403, 'MySpaceFull'],
      [403, 'MySpaceFull'],
    ]);
    expect(await listNames(c, gid, folder.fileid)).toEqual(['first.bin', ...kept.map((i) => `r${i}.bin`)]);
    expect((await c.get('/api/v3/spaces')).json()).toMatchObject({ used: 2400 });
    // The refused ones left no bytes behind; the kept ones read back as sent.
    expect((await storeContents()).blobs.length).toBe(before.blobs.length + 2);
    for (const i of kept) {
      const content = await c.get(`/xfi/v1/me/volumes/${gid}/files/${answers[i].json().fileid}/content`);
      expect(content.rawPayload.equals(racing[i])).toBe(true);
    }
  });

  test('a body over 1 MiB is streamed through a temp file and hashed on the hashing thread', async () => {
    const big = await makeTestApp();
    try {
      const c = await (await big.makeUser()).client();
      const gid = await myDrive(c);
      const data = crypto.randomBytes(3 * 1024 * 1024 + 5);
      const res = await c.request({
        method: 'POST',
        url: `${txUrl(gid, 0)}?name=large.bin&sha1=${sha1Of(data)}`,
        headers: { 'content-type': 'application/offset+octet-stream' },
        payload: data,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ fname: 'large.bin', fsize: data.length, fsha: sha1Of(data) });
      const content = await c.get(`/xfi/v1/me/volumes/${gid}/files/${res.json().fileid}/content`);
      expect(Buffer.compare(content.rawPayload, data)).toBe(0);
      expect(fs.readdirSync(path.join(big.config.dataDir, 'tmp'))).toEqual([]);
    } finally {
      await big.close();
    }
  });
});
