import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type FileRecord,
  LOCK_CODES,
  maskOf,
  type PreviewView,
  TEAM_ROLE,
  TEXT_EDIT_MAX_BYTES,
} from '@cirrus/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  bombPng,
  ENCRYPTED_DOCX,
  encryptedPdf,
  legacyOfficeOf,
  odtOf,
  SCRIPTED_SVG,
  zipOf,
} from '../../../test/samples.ts';
import { samplePdf, samplePng } from '../../seed/sample-content.ts';
import { findSoffice } from './convert.ts';

let t: TestApp;
beforeAll(async () => {
  // No converter here: the office tests below start apps with one of their own.
  t = await makeTestApp({ SOFFICE_PATH: 'off' });
});
afterAll(async () => {
  await t.close();
});

async function me(app: TestApp = t): Promise<{ c: Client; gid: number }> {
  const c = await (await app.makeUser()).client();
  return { c, gid: await myDrive(c) };
}

async function view(c: Client, fid: number, extra = ''): Promise<PreviewView> {
  const res = await c.get(`/v1/legacy/view?fileid=${fid}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** User content is never served as something a browser would run in our origin. */
function expectInert(res: { headers: Record<string, unknown> }) {
  expect(String(res.headers['content-type'])).not.toMatch(/html|svg|xml|javascript/);
  expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
}

describe('GET {preview}/v1/legacy/view', () => {
  test('walks 401, 400, 404 and answers what the viewer needs', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'report.pdf', samplePdf('Report', ['line one']));
    expect((await t.anonymous().get(`/v1/legacy/view?fileid=${file.fileid}`)).json().result).toBe(
      'userNotLogin',
    );
    expect((await c.get('/v1/legacy/view')).statusCode).toBe(400);
    expect((await c.get('/v1/legacy/view?fileid=abc')).statusCode).toBe(400);
    const stranger = await me();
    const hidden = await stranger.c.get(`/v1/legacy/view?fileid=${file.fileid}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('fileNotExists');

    const info = await view(c, file.fileid);
    expect(info).toMatchObject({
      fileid: file.fileid,
      fname: 'report.pdf',
      extname: 'pdf',
      kind: 'pdf',
      folder: false,
      error: null,
      source: 'file',
      recycle: false,
      variant: 'pcview',
      // A PDF is not edited in the viewer; text is (the next tests).
      permissions: { download: true, print: true, lock: true, unlock: false, edit: false },
      filelock: null,
      secdoc: false,
      converter: false,
      urls: {
        content: `/v1/preview/files/${file.fileid}/content`,
        image: `/v1/preview/files/${file.fileid}/image?size=view`,
        download: `/api/v3/groups/${gid}/files/${file.fileid}/download?action=download`,
      },
    });
    // A security document says so: the desktop client keeps it off screenshots.
    await t.database.db
      .updateTable('files')
      .set({ secure_guid: '0b7e9a52-5f0e-4d5c-9d1e-2a3b4c5d6e7f' })
      .where('id', '=', file.fileid)
      .execute();
    expect(await view(c, file.fileid)).toMatchObject({ fileid: file.fileid, secdoc: true });
    // A folder's id says so: the web viewer opens the folder instead.
    const folder = await mkdir(c, gid, 0, 'Reports');
    expect(await view(c, folder.fileid)).toMatchObject({ fileid: folder.fileid, folder: true });
  });

  test('the viewer variant follows the private-deployment and web-office settings', async () => {
    const priv = await makeTestApp({ IS_PRIVATIZATION: '1', ALLOW_WEBOFFICE: '1', SOFFICE_PATH: 'off' });
    try {
      const { c, gid } = await me(priv);
      const file = await upload(c, gid, 0, 'a.txt', Buffer.from('a'));
      expect((await view(c, file.fileid)).variant).toBe('view');
    } finally {
      await priv.close();
    }
  });

  test('a reader without the download permission may view but not download or print', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const file = await upload(oc, gid, 0, 'notes.txt', Buffer.from('read me'));
    await oc.put(`/api/v3/groups/${gid}/files/${file.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: reader.id, user_acl: maskOf('read') }],
    });
    const rc = await reader.client();
    const info = await view(rc, file.fileid);
    expect(info.permissions).toEqual({
      download: false,
      print: false,
      lock: false,
      unlock: false,
      edit: false,
    });
    expect(info.urls.download).toBe('');
    expect((await rc.get(info.urls.content)).body).toBe('read me');
  });

  test('shows the lock and its holder', async () => {
    const owner = await t.makeUser({ name: 'Wang Fang' });
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const file = await upload(oc, gid, 0, 'plan.md', Buffer.from('# Plan'));
    const lock = await oc.post(`/editinglock/v1/volumes/${gid}/files/${file.fileid}/filelock`);
    expect(lock.json().code).toBe(LOCK_CODES.lockInfo);
    const info = await view(await member.client(), file.fileid);
    expect(info.filelock).toMatchObject({ userid: owner.id, nick_name: 'Wang Fang' });
    // The member may not take or release another's lock, nor edit the file under it; the holder
    // may refresh and release it, and edit.
    expect(info.permissions).toMatchObject({ lock: false, unlock: false, edit: false });
    expect((await view(oc, file.fileid)).permissions).toMatchObject({ lock: true, unlock: true, edit: true });
  });

  test('text of up to 1 MiB is edited in the viewer by whoever may update it; the save is a new version', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const notes = await upload(oc, gid, 0, 'notes.md', Buffer.from('# Notes\n'));
    expect((await view(oc, notes.fileid)).permissions.edit).toBe(true);
    expect((await view(await reader.client(), notes.fileid)).permissions.edit).toBe(false);
    for (const [name, bytes] of [
      ['big.txt', Buffer.alloc(TEXT_EDIT_MAX_BYTES + 1, 'a')],
      ['photo.png', samplePng(4, 4, [0, 0, 0], [255, 255, 255])],
      // The editor saves UTF-8: text in another encoding (GBK's 你好), with a BOM, or with NULs is not edited.
      ['gbk.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3])],
      ['bom.txt', Buffer.from([0xef, 0xbb, 0xbf, 0x61])],
      ['nul.txt', Buffer.from('a\0b')],
    ] as const) {
      const file = await upload(oc, gid, 0, name, bytes);
      expect((await view(oc, file.fileid)).permissions.edit, name).toBe(false);
    }
    // What the editor saves: the same name in the same folder, in one request.
    const saved = await oc.request({
      method: 'POST',
      url: `/xfi/v1/me/volumes/${gid}/files/0/upload-transactions?name=notes.md`,
      headers: { 'content-type': 'application/offset+octet-stream', 'tus-resumable': '1.0.0' },
      payload: Buffer.from('# Notes\n\nEdited.\n'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ fileid: notes.fileid, fver: 2 });
    const after = await view(oc, notes.fileid);
    expect(after.fver).toBe(2);
    expect((await oc.get(after.urls.content)).body).toBe('# Notes\n\nEdited.\n');
    // The spec's online-editor call says where it is edited, for whom it may be.
    const editorAt = (fid: number, query = '') => `/api/v3/editor/yqx/${fid}${query}`;
    for (const url of [editorAt(notes.fileid), `/api/cooper/editor/yqx/${notes.fileid}`]) {
      const res = await oc.get(url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        fileid: notes.fileid,
        openType: 'editOnline',
        url: `/p/${notes.fileid}?edit=1`,
      });
    }
    const forbidden = { status: 403, result: 'yqxForbid' };
    const answer = (res: { statusCode: number; json(): { result?: string } }) => ({
      status: res.statusCode,
      result: res.json().result,
    });
    expect(answer(await (await reader.client()).get(editorAt(notes.fileid)))).toEqual(forbidden);
    const png = await upload(oc, gid, 0, 'still.png', samplePng(4, 4, [9, 9, 9], [0, 0, 0]));
    expect(answer(await oc.get(editorAt(png.fileid)))).toEqual(forbidden);
    expect((await t.anonymous().get(editorAt(notes.fileid))).statusCode).toBe(401);
    expect(answer(await (await me()).c.get(editorAt(notes.fileid)))).toEqual({
      status: 404,
      result: 'fileNotExists',
    });

    // In the recycle bin it is read only.
    await oc.delete(`/api/v3/groups/${gid}/files/${notes.fileid}`);
    expect((await view(oc, notes.fileid, '&recycle=1')).permissions.edit).toBe(false);
    expect(answer(await oc.get(editorAt(notes.fileid, '?recycle=1')))).toEqual(forbidden);
  });

  test('a previewed file appears in recent files', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'seen.txt', Buffer.from('seen'));
    const other = await upload(c, gid, 0, 'later.txt', Buffer.from('later'));
    t.clock.advance(10);
    await view(c, file.fileid);
    const recent = await c.get('/api/v3/roaming');
    expect(recent.statusCode).toBe(200);
    const ids = (recent.json().files as FileRecord[]).map((f) => f.fileid);
    expect(ids[0]).toBe(file.fileid);
    expect(ids).toContain(other.fileid);
  });

  test('a recycled file opens with recycle=1 for whom the bin is open, with the recycle marker', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const file = await upload(oc, gid, 0, 'old.txt', Buffer.from('old words'));
    expect((await oc.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);
    expect((await oc.get(`/v1/legacy/view?fileid=${file.fileid}`)).statusCode).toBe(404);
    const info = await view(oc, file.fileid, '&recycle=1');
    expect(info).toMatchObject({ source: 'recycle', recycle: true, permissions: { download: false } });
    expect(info.urls.content).toBe(`/v1/preview/files/${file.fileid}/content?recycle=1`);
    expect((await oc.get(info.urls.content)).body).toBe('old words');
    // spec 001 §2: a team's bin is for its creator, managers and admins only.
    expect((await mc.get(`/v1/legacy/view?fileid=${file.fileid}&recycle=1`)).statusCode).toBe(404);
    expect((await mc.get(info.urls.content)).statusCode).toBe(404);
  });

  test('a history version opens with history={id}: its own bytes, read only, marked with its version', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const first = Buffer.from(`first draft ${Date.now()}`);
    await upload(oc, gid, 0, 'draft.txt', first);
    const file = await upload(oc, gid, 0, 'draft.txt', Buffer.from('second draft'));
    const versions = (await oc.get(`/api/v3/files/${file.fileid}/histories`)).json().histories;
    const old = versions.find((v: { ver: number }) => v.ver === 1);
    const current = versions.find((v: { ver: number }) => v.ver === 2);

    const at = `/v1/legacy/view?fileid=${file.fileid}&history=${old.id}`;
    expect((await t.anonymous().get(at)).json().result).toBe('userNotLogin');
    expect((await oc.get(`/v1/legacy/view?fileid=${file.fileid}&history=x`)).statusCode).toBe(400);
    // Someone outside the team, a version of another file, a version that is not there: not found.
    expect((await (await me()).c.get(at)).statusCode).toBe(404);
    const other = await upload(oc, gid, 0, 'other.txt', Buffer.from('other'));
    expect((await oc.get(`/v1/legacy/view?fileid=${other.fileid}&history=${old.id}`)).statusCode).toBe(404);
    expect((await oc.get(`/v1/legacy/view?fileid=${file.fileid}&history=999999`)).statusCode).toBe(404);
    // Not through a share link, nor of a file in the bin.
    expect((await oc.get(`${at}&recycle=1`)).statusCode).toBe(400);

    const info = await view(oc, file.fileid, `&history=${old.id}`);
    expect(info).toMatchObject({
      fileid: file.fileid,
      fname: 'draft.txt',
      kind: 'text',
      fver: 1,
      fsize: first.length,
      mtime: old.ctime,
      source: 'history',
      recycle: false,
      history: { historyid: old.id, ver: 1, ctime: old.ctime, is_current: false },
      // Read only: no editing, no lock; the version downloads and prints as the file would.
      permissions: { download: true, print: true, lock: false, unlock: false, edit: false },
      filelock: null,
      urls: {
        content: `/v1/preview/files/${file.fileid}/content?history=${old.id}`,
        download: `/xfi/v1/me/volumes/${gid}/files/${file.fileid}/content?platform=web&history=${old.id}`,
      },
    });
    expect((await oc.get(info.urls.content)).body).toBe(first.toString());
    expect((await oc.get(info.urls.download)).body).toBe(first.toString());
    // The current version through its history id says so; the file itself is unchanged.
    expect((await view(oc, file.fileid, `&history=${current.id}`)).history).toMatchObject({
      is_current: true,
    });
    expect((await view(oc, file.fileid)).history).toBeNull();
    expect((await oc.get(`/v1/preview/files/${file.fileid}/content`)).body).toBe('second draft');

    // The same permissions as reading the file's history: a reader who may read the file and its
    // history sees the version; without the history permission it is refused, as the list is.
    const rc = await reader.client();
    expect((await rc.get(info.urls.content)).body).toBe(first.toString());
    await oc.put(`/api/v3/groups/${gid}/files/0/permission`, {
      permissions: [{ team_role: TEAM_ROLE.read_member, user_acl: maskOf('read') }],
    });
    for (const url of [at, info.urls.content]) {
      const denied = await rc.get(url);
      expect(denied.statusCode).toBe(403);
      expect(denied.json().result).toBe('permissionDenied');
    }
  });

  test('history versions of pictures and archives show their own content', async () => {
    const { c, gid } = await me();
    const red = await sharp({ create: { width: 30, height: 10, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const blue = await sharp({ create: { width: 10, height: 30, channels: 3, background: '#0000ff' } })
      .png()
      .toBuffer();
    await upload(c, gid, 0, 'logo.png', red);
    const logo = await upload(c, gid, 0, 'logo.png', blue);
    const [, firstLogo] = (await c.get(`/api/v3/files/${logo.fileid}/histories`)).json().histories;
    const picture = await c.get((await view(c, logo.fileid, `&history=${firstLogo.id}`)).urls.image);
    expect(picture.statusCode).toBe(200);
    expect(await sharp(picture.rawPayload).metadata()).toMatchObject({ width: 30, height: 10 });

    await upload(c, gid, 0, 'bundle.zip', await zipOf({ 'old.txt': 'old' }));
    const bundle = await upload(c, gid, 0, 'bundle.zip', await zipOf({ 'new.txt': 'new' }));
    const [, firstBundle] = (await c.get(`/api/v3/files/${bundle.fileid}/histories`)).json().histories;
    const entries = await c.get((await view(c, bundle.fileid, `&history=${firstBundle.id}`)).urls.entries);
    expect(entries.json().entries.map((e: { name: string }) => e.name)).toEqual(['old.txt']);
  });

  test('a share link that does not exist answers lightLinkNotExist, logged in or not', async () => {
    for (const c of [t.anonymous(), (await me()).c]) {
      const res = await c.get('/v1/legacy/view?link=abcDEF123');
      expect(res.statusCode).toBe(404);
      expect(res.json().result).toBe('lightLinkNotExist');
    }
  });
});

describe('each kind gives the viewer the right bytes', () => {
  test('images: decoded, turned upright by EXIF, encoded again; thumbnails', async () => {
    const { c, gid } = await me();
    // 40x20 pixels whose EXIF says "rotate 90°": the viewer must get a 20x40 picture.
    const photo = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#ff0000' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const file = await upload(c, gid, 0, 'photo.JPG', photo);
    const info = await view(c, file.fileid);
    expect(info).toMatchObject({ kind: 'image', error: null });
    const picture = await c.get(info.urls.image);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expectInert(picture);
    const meta = await sharp(picture.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    // Made once: the second answer is the kept rendition.
    const again = await c.get(info.urls.image);
    expect(again.headers.etag).toBe(picture.headers.etag);
    expect(
      (await c.get(info.urls.image, { headers: { 'if-none-match': String(picture.headers.etag) } }))
        .statusCode,
    ).toBe(304);

    const big = await upload(c, gid, 0, 'wide.png', samplePng(600, 300, [0, 0, 0], [255, 255, 255]));
    const thumb = await c.get(`/v1/preview/files/${big.fileid}/image?size=thumb`);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([256, 128]);
  });

  test('a decompression bomb is fileTooLarge; bytes that are no picture are invalidFile', async () => {
    const { c, gid } = await me();
    const bomb = await upload(c, gid, 0, 'bomb.png', bombPng(60000, 60000));
    expect(bomb.fsize).toBeLessThan(10_000);
    const refused = await c.get(`/v1/preview/files/${bomb.fileid}/image`);
    expect(refused.statusCode).toBe(413);
    expect(refused.json().result).toBe('fileTooLarge');
    // Known from then on before anything is decoded.
    expect((await view(c, bomb.fileid)).error).toBe('fileTooLarge');

    const fake = await upload(c, gid, 0, 'fake.png', Buffer.from('this is not a picture at all'));
    const invalid = await c.get(`/v1/preview/files/${fake.fileid}/image`);
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().result).toBe('invalidFile');
  });

  test('an SVG with script is never served inline as active content', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'logo.svg', SCRIPTED_SVG);
    const info = await view(c, file.fileid);
    expect(info.kind).toBe('image');
    // The viewer gets pixels drawn by the server ...
    const picture = await c.get(info.urls.image);
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    expectInert(picture);
    expect(picture.rawPayload.includes('script')).toBe(false);
    expect((await sharp(picture.rawPayload).metadata()).width).toBeGreaterThan(0);
    // ... its source is not offered as a preview at all ...
    const raw = await c.get(info.urls.content);
    expect(raw.statusCode).toBe(415);
    expect(raw.json().result).toBe('unsupport');
    // ... and its download is an attachment of an inert type.
    const download = await c.get(info.urls.download);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    expect(download.headers['x-content-type-options']).toBe('nosniff');
  });

  test('HTML is text to the viewer, sandboxed and an attachment', async () => {
    const { c, gid } = await me();
    const page = '<html><body><script>alert(1)</script><h1>Hi</h1></body></html>';
    const file = await upload(c, gid, 0, 'page.html', Buffer.from(page));
    const info = await view(c, file.fileid);
    expect(info.kind).toBe('code');
    const res = await c.get(info.urls.content);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    expectInert(res);
    expect(res.body).toBe(page);
  });

  test('PDF: the bytes with Range', async () => {
    const { c, gid } = await me();
    const pdf = samplePdf('Quarterly report', ['Revenue grew.']);
    const file = await upload(c, gid, 0, 'q3.pdf', pdf);
    const info = await view(c, file.fileid);
    expect(info).toMatchObject({ kind: 'pdf', error: null });
    const whole = await c.get(info.urls.content);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(whole.rawPayload, pdf)).toBe(0);
    expectInert(whole);
    const part = await c.get(info.urls.content, { headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('%PDF-1.4');
  });

  test('a password-protected PDF gives passwdEncrypted; an owner password alone does not', async () => {
    const { c, gid } = await me();
    const locked = await upload(c, gid, 0, 'secret.pdf', encryptedPdf('user-pass', 'owner-pass'));
    const info = await view(c, locked.fileid);
    expect(info.error).toBe('passwdEncrypted');
    const res = await c.get(info.urls.content);
    expect(res.statusCode).toBe(422);
    expect(res.json().result).toBe('passwdEncrypted');

    const restricted = await upload(c, gid, 0, 'restricted.pdf', encryptedPdf('', 'owner-pass'));
    expect((await view(c, restricted.fileid)).error).toBeNull();
    const broken = await upload(c, gid, 0, 'broken.pdf', Buffer.from('not a pdf'));
    expect((await view(c, broken.fileid)).error).toBe('invalidFile');
  });

  test.each([
    ['notes.txt', 'text'],
    ['README.md', 'markdown'],
    ['main.ts', 'code'],
    ['table.csv', 'csv'],
  ])('%s: %s as UTF-8 text/plain', async (name, kind) => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, name, Buffer.from('a,b\n你好,2\n'));
    const info = await view(c, file.fileid);
    expect(info.kind).toBe(kind);
    const res = await c.get(info.urls.content);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe('a,b\n你好,2\n');
  });

  test('text written by Chinese Windows tools (GBK) arrives as UTF-8; binary bytes are invalidFile', async () => {
    const { c, gid } = await me();
    const gbk = Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0x0a]); // 你好 in GBK
    const file = await upload(c, gid, 0, 'gbk.txt', gbk);
    expect((await c.get(`/v1/preview/files/${file.fileid}/content`)).body).toBe('你好\n');
    const binary = await upload(c, gid, 0, 'binary.txt', Buffer.from([0, 1, 2, 3, 0, 0]));
    expect((await c.get(`/v1/preview/files/${binary.fileid}/content`)).json().result).toBe('invalidFile');
  });

  test('text beyond the limit is fileTooLarge', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'huge.log', Buffer.alloc(5 * 1024 * 1024 + 1, 'a'));
    expect((await view(c, file.fileid)).error).toBe('fileTooLarge');
    expect((await c.get(`/v1/preview/files/${file.fileid}/content`)).statusCode).toBe(413);
  });

  test.each([
    ['song.mp3', 'audio', 'audio/mpeg'],
    ['clip.mp4', 'video', 'video/mp4'],
    ['clip.webm', 'video', 'video/webm'],
  ])('%s: %s with Range', async (name, kind, type) => {
    const { c, gid } = await me();
    const bytes = Buffer.from(Array.from({ length: 4000 }, (_, i) => i % 256));
    const file = await upload(c, gid, 0, name, bytes);
    const info = await view(c, file.fileid);
    expect(info.kind).toBe(kind);
    const res = await c.get(info.urls.content, { headers: { range: 'bytes=1000-1999' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['content-range']).toBe('bytes 1000-1999/4000');
    expect(Buffer.compare(res.rawPayload, bytes.subarray(1000, 2000))).toBe(0);
  });

  test('zip archives are listed from their central directory', async () => {
    const { c, gid } = await me();
    const zip = await zipOf({ 'docs/': '', 'docs/说明.txt': 'hello', 'data.csv': 'a,b\n1,2\n' });
    const file = await upload(c, gid, 0, 'bundle.zip', zip);
    const info = await view(c, file.fileid);
    expect(info.kind).toBe('zip');
    const res = await c.get(info.urls.entries);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      total: 3,
      entries: [
        { name: 'docs/', folder: true },
        { name: 'docs/说明.txt', size: 5, folder: false, encrypted: false },
        { name: 'data.csv', size: 8, folder: false },
      ],
    });
    const broken = await upload(c, gid, 0, 'broken.zip', Buffer.from('PK not really'));
    expect((await c.get(`/v1/preview/files/${broken.fileid}/entries`)).json().result).toBe('invalidFile');
  });

  test('zip entries come as the drive lists a folder: folders first, then by name, each under its folder', async () => {
    const { c, gid } = await me();
    // In archive order; "docs" has no entry of its own, only a file in it: it gets a row.
    const zip = await zipOf({
      'b.txt': 'b',
      '说明.txt': 'readme',
      'Zeta/': '',
      'Zeta/z.txt': 'z',
      'A.txt': 'a',
      'alpha/': '',
      'alpha/B.txt': 'b',
      'alpha/sub/': '',
      'alpha/a.txt': 'a',
      'alpha/sub/c.txt': 'c',
      'docs/readme.md': '# docs',
      'a.txt': 'a',
    });
    const file = await upload(c, gid, 0, 'mixed.zip', zip);
    const res = await c.get((await view(c, file.fileid)).urls.entries);
    expect(res.json().total).toBe(13);
    expect(res.json().entries.map((e: { name: string }) => e.name)).toEqual([
      'alpha/',
      'alpha/sub/',
      'alpha/sub/c.txt',
      'alpha/a.txt',
      'alpha/B.txt',
      'docs/',
      'docs/readme.md',
      'Zeta/',
      'Zeta/z.txt',
      // The same name but for case: as the drive orders names (case-blind), then the capital first.
      'A.txt',
      'a.txt',
      'b.txt',
      '说明.txt',
    ]);
    expect(res.json().entries[5]).toMatchObject({ name: 'docs/', folder: true, size: 0 });
  });

  test('unsupported kinds show the unsupport page with download', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'setup.exe', Buffer.from('MZ'));
    const info = await view(c, file.fileid);
    expect(info).toMatchObject({ kind: 'unsupported', error: 'unsupport' });
    expect(info.urls.download).not.toBe('');
    const res = await c.get(info.urls.content);
    expect(res.statusCode).toBe(415);
    expect(res.json().result).toBe('unsupport');
  });
});

describe('office documents', () => {
  test('without a converter the viewer is told so; passwdEncrypted needs none', async () => {
    const { c, gid } = await me();
    const doc = await upload(c, gid, 0, 'memo.odt', await odtOf('memo'));
    const info = await view(c, doc.fileid);
    expect(info).toMatchObject({ kind: 'office', error: null, converter: false });
    expect((await c.get(info.urls.pdf)).json().result).toBe('unsupport');

    const docx = await upload(c, gid, 0, 'locked.docx', ENCRYPTED_DOCX);
    expect((await view(c, docx.fileid)).error).toBe('passwdEncrypted');
    const odt = await upload(c, gid, 0, 'locked.odt', await odtOf('x', { encrypted: true }));
    expect((await view(c, odt.fileid)).error).toBe('passwdEncrypted');
  });

  test.each([
    ['doc', 'memo.doc'],
    ['doc', 'memo.wps'],
    ['xls', 'sheet.xls'],
    ['xls', 'sheet.et'],
    ['ppt', 'deck.ppt'],
    ['ppt', 'deck.dps'],
  ] as const)(
    'a password-protected legacy %s (%s) gives passwdEncrypted; an open one does not',
    async (kind, name) => {
      const { c, gid } = await me();
      const locked = await upload(c, gid, 0, `locked-${name}`, legacyOfficeOf(kind, true));
      expect((await view(c, locked.fileid)).error).toBe('passwdEncrypted');
      const open = await upload(c, gid, 0, name, legacyOfficeOf(kind, false));
      expect((await view(c, open.fileid)).error).toBeNull();
    },
  );

  /** An app whose "soffice" is a script, so the job's outcomes are certain. */
  async function withConverter(script: string, env: Record<string, string> = {}) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-soffice-'));
    const sample = path.join(dir, 'sample.pdf');
    fs.writeFileSync(sample, samplePdf('Converted', ['by the fake converter']));
    const soffice = path.join(dir, 'soffice');
    fs.writeFileSync(soffice, `#!/bin/sh\nSAMPLE="${sample}"\n${script}\n`, { mode: 0o755 });
    const app = await makeTestApp({ SOFFICE_PATH: soffice, ...env });
    return {
      app,
      async close() {
        await app.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }

  // Writes $SAMPLE as <outdir>/<input name>.pdf, as soffice --convert-to pdf --outdir <dir> <input> does.
  const CONVERTS = [
    'while [ $# -gt 1 ]; do [ "$1" = --outdir ] && OUT="$2"; shift; done',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter expansion
    'NAME=$(basename "$1"); mkdir -p "$OUT"; cp "$SAMPLE" "$OUT/${NAME%.*}.pdf"',
  ].join('\n');

  test('a durable job converts once per content: 202 while queued, then the PDF', async () => {
    const conv = await withConverter(CONVERTS);
    try {
      const { app } = conv;
      const { c, gid } = await me(app);
      const file = await upload(c, gid, 0, 'plan.docx', Buffer.from('PK pretend docx'));
      const info = await view(c, file.fileid);
      expect(info).toMatchObject({ kind: 'office', converter: true, error: null });
      const queued = await c.get(info.urls.pdf);
      expect(queued.statusCode).toBe(202);
      expect(queued.json()).toEqual({ state: 'queued' });
      expect((await c.get(info.urls.pdf)).statusCode).toBe(202);
      expect(await app.services.jobs.pending('preview.pdf')).toHaveLength(1);
      await app.services.jobs.runDue();
      const done = await c.get(info.urls.pdf);
      expect(done.statusCode).toBe(200);
      expect(done.headers['content-type']).toBe('application/pdf');
      expect(done.body).toContain('Converted');
      expectInert(done);
      // The same content elsewhere (a copy, another user's upload) is not converted again.
      const copy = await upload(c, gid, 0, 'copy.docx', Buffer.from('PK pretend docx'));
      expect((await c.get(`/v1/preview/files/${copy.fileid}/pdf`)).statusCode).toBe(200);
      expect(await app.services.jobs.pending('preview.pdf')).toHaveLength(0);
    } finally {
      await conv.close();
    }
  });

  test('a failing conversion is convertFail, one that takes too long convertTimeout', async () => {
    const failing = await withConverter('exit 1');
    try {
      const { c, gid } = await me(failing.app);
      const file = await upload(c, gid, 0, 'bad.xlsx', Buffer.from('PK pretend xlsx'));
      expect((await c.get(`/v1/preview/files/${file.fileid}/pdf`)).statusCode).toBe(202);
      await failing.app.services.jobs.runDue();
      const res = await c.get(`/v1/preview/files/${file.fileid}/pdf`);
      expect(res.statusCode).toBe(422);
      expect(res.json().result).toBe('convertFail');
      expect((await view(c, file.fileid)).error).toBe('convertFail');
      // A failure is an outcome, not a job to retry.
      expect(await failing.app.services.jobs.failed()).toHaveLength(0);
    } finally {
      await failing.close();
    }
    const slow = await withConverter('sleep 30', { PREVIEW_CONVERT_TIMEOUT: '1' });
    try {
      const { c, gid } = await me(slow.app);
      const file = await upload(c, gid, 0, 'slow.pptx', Buffer.from('PK pretend pptx'));
      await c.get(`/v1/preview/files/${file.fileid}/pdf`);
      await slow.app.services.jobs.runDue();
      const res = await c.get(`/v1/preview/files/${file.fileid}/pdf`);
      expect(res.statusCode).toBe(504);
      expect(res.json().result).toBe('convertTimeout');
      // A timeout may go better later: after a while it is queued again.
      slow.app.clock.advance(601);
      expect((await c.get(`/v1/preview/files/${file.fileid}/pdf`)).statusCode).toBe(202);
    } finally {
      await slow.close();
    }
  });

  const soffice = findSoffice('');
  // Needs LibreOffice (Debian: libreoffice-writer-nogui); skipped where it is not installed.
  test.skipIf(!soffice)(
    'LibreOffice converts an OpenDocument text to PDF',
    async () => {
      const app = await makeTestApp();
      try {
        const { c, gid } = await me(app);
        const file = await upload(c, gid, 0, 'letter.odt', await odtOf('Dear reader'));
        expect((await c.get(`/v1/preview/files/${file.fileid}/pdf`)).statusCode).toBe(202);
        await app.services.jobs.runDue();
        const res = await c.get(`/v1/preview/files/${file.fileid}/pdf`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      } finally {
        await app.close();
      }
    },
    120_000,
  );
});

describe('previous and next through the folder', () => {
  test('in the list’s order, skipping folders', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Album');
    await mkdir(c, gid, folder.fileid, 'Sub');
    const names = ['b.png', 'a.png', 'c.md'];
    const files: FileRecord[] = [];
    for (const name of names) {
      files.push(await upload(c, gid, folder.fileid, name, Buffer.from(name)));
      t.clock.advance(5);
    }
    const [b, a, md] = files;
    const byName = await c.get(`/v1/preview/files/${b.fileid}/neighbors?orderby=name&order=asc`);
    expect(byName.json()).toEqual({
      prev: { fileid: a.fileid, fname: 'a.png' },
      next: { fileid: md.fileid, fname: 'c.md' },
      index: 2,
      total: 3,
    });
    // The default order: newest first.
    const byTime = await c.get(`/v1/preview/files/${md.fileid}/neighbors`);
    expect(byTime.json()).toEqual({
      prev: null,
      next: { fileid: a.fileid, fname: 'a.png' },
      index: 1,
      total: 3,
    });
    const stranger = await me();
    expect((await stranger.c.get(`/v1/preview/files/${md.fileid}/neighbors`)).statusCode).toBe(404);
  });
});

describe('the preview pages are served without shadowing the account API', () => {
  const html = { headers: { accept: 'text/html,application/xhtml+xml' } };
  test.each(['/p/12', '/s/12', '/l/aB3xYz_-9', '/403', '/502', '/view/p/12'])('%s is a page', async (url) => {
    const res = await t.anonymous().get(url, html);
    expect([200, 503]).toContain(res.statusCode);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });

  test('API paths under /p stay API paths', async () => {
    const anon = t.anonymous();
    const status = await anon.get('/p/bind/status', html);
    expect(status.statusCode).toBe(401);
    expect(status.json().result).toBe('userNotLogin');
    expect((await anon.get('/p/12', { headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await anon.get('/p/login', html)).statusCode).toBe(404);
    expect((await anon.get('/p/12abc', html)).statusCode).toBe(404);
    const login = await anon.post('/p/login', { account: 'nobody', password: 'x' });
    expect(login.json().result).toBe('loginFailed');
  });
});
