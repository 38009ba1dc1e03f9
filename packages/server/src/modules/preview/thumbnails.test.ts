import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { TEAM_ROLE } from '@cirrus/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { samplePng } from '../../seed/sample-content.ts';
import { share } from '../links/test-kit.ts';

/** A list's thumbnails (GET /v1/preview/files/{id}/image?size=thumb): made once, a few at a time, kept by the browser. */

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ SOFFICE_PATH: 'off', PREVIEW_IMAGE_CONCURRENCY: '2' });
});
afterAll(async () => {
  await t.close();
});

async function me(): Promise<{ c: Client; gid: number }> {
  const c = await (await t.makeUser()).client();
  return { c, gid: await myDrive(c) };
}

const thumbOf = (fileid: number, query = '') => `/v1/preview/files/${fileid}/image?size=thumb${query}`;

/** A photo of its own colours (so each has its own content). */
const photo = (i: number) => samplePng(320 + i, 200, [i * 20, 80, 160], [255 - i * 20, 200, 40]);

describe('list thumbnails', () => {
  test('a folder of photos asked for at once: each made once, at most two at a time, every ask answered', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Holiday');
    const files = [];
    for (let i = 0; i < 10; i++) files.push(await upload(c, gid, folder.fileid, `p${i}.png`, photo(i)));
    const before = t.services.preview.imageRenders().started;

    // Three tabs scroll the folder into view at the same moment.
    const asks = files.flatMap((file) =>
      [0, 1, 2].map(() => ({ file, answer: c.get(thumbOf(file.fileid)) })),
    );
    const answers = await Promise.all(asks.map(async ({ file, answer }) => ({ file, res: await answer })));

    for (const { res } of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
    const meta = await sharp(answers[0].res.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(256);
    // One picture per content: the three answers of a file are the same one.
    for (const file of files) {
      const etags = new Set(answers.filter((a) => a.file === file).map((a) => a.res.headers.etag));
      expect(etags.size).toBe(1);
    }
    const stats = t.services.preview.imageRenders();
    expect(stats.started - before).toBe(files.length);
    expect(stats.peak).toBeLessThanOrEqual(2);
    expect(stats).toMatchObject({ active: 0, waiting: 0 });
    const kept = await t.database.db
      .selectFrom('preview_renditions')
      .select(['source_sha256', 'state'])
      .where('name', '=', 'thumb')
      .execute();
    const shas = await t.database.db
      .selectFrom('files')
      .select('sha256')
      .where(
        'id',
        'in',
        files.map((f) => f.fileid),
      )
      .execute();
    const ours = kept.filter((row) => shas.some((s) => s.sha256 === row.source_sha256));
    expect(ours).toHaveLength(files.length);
    expect(ours.every((row) => row.state === 'done')).toBe(true);

    // Asked again later, nothing is made again.
    await c.get(thumbOf(files[0].fileid));
    expect(t.services.preview.imageRenders().started - before).toBe(files.length);
  });

  test('an address that names the content (?v= the fsha) is kept by the browser; others are revalidated', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'cat.png', photo(3));
    expect(file.fsha).toMatch(/^[0-9a-f]{40}$/);

    const named = await c.get(thumbOf(file.fileid, `&v=${file.fsha}`));
    expect(named.statusCode).toBe(200);
    expect(named.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const etag = String(named.headers.etag);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

    // Without the version, or with one that is no longer the file's: the browser asks each time.
    for (const query of ['', '&v=0000000000000000000000000000000000000000']) {
      const res = await c.get(thumbOf(file.fileid, query));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers.etag).toBe(etag);
    }
    const again = await c.get(thumbOf(file.fileid), { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    // The viewer's picture is another rendition, with an ETag of its own.
    const view = await c.get(`/v1/preview/files/${file.fileid}/image?size=view&v=${file.fsha}`);
    expect(view.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(view.headers.etag).not.toBe(etag);
  });

  test('a details panel’s picture (size=detail): 800 px at most, made once, a rendition of its own', async () => {
    const { c, gid } = await me();
    const big = await upload(c, gid, 0, 'wide.png', samplePng(1600, 900, [10, 120, 200], [240, 180, 20]));
    const small = await upload(c, gid, 0, 'small.png', photo(4));
    const before = t.services.preview.imageRenders().started;
    const detail = await c.get(`/v1/preview/files/${big.fileid}/image?size=detail&v=${big.fsha}`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.headers['content-type']).toBe('image/webp');
    expect(detail.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    const meta = await sharp(detail.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([800, 450]);
    // Never enlarged.
    const smallDetail = await sharp(
      (await c.get(`/v1/preview/files/${small.fileid}/image?size=detail`)).rawPayload,
    ).metadata();
    expect(smallDetail.width).toBe(324);
    const thumb = await c.get(thumbOf(big.fileid));
    expect(thumb.headers.etag).not.toBe(detail.headers.etag);
    expect((await c.get(`/v1/preview/files/${big.fileid}/image?size=detail`)).headers.etag).toBe(
      detail.headers.etag,
    );
    expect(t.services.preview.imageRenders().started - before).toBe(3);
  });

  test('walks 401, 400, 404 and 415', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'dog.png', photo(5));
    const notes = await upload(c, gid, 0, 'notes.txt', Buffer.from('not a picture'));
    expect((await t.anonymous().get(thumbOf(file.fileid))).json().result).toBe('userNotLogin');
    expect((await c.get(`/v1/preview/files/${file.fileid}/image?size=huge`)).statusCode).toBe(400);
    expect((await c.get(thumbOf(file.fileid, `&v=${'a'.repeat(65)}`))).statusCode).toBe(400);
    const stranger = await me();
    const hidden = await stranger.c.get(thumbOf(file.fileid));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('fileNotExists');
    const text = await c.get(thumbOf(notes.fileid));
    expect(text.statusCode).toBe(415);
    expect(text.json().result).toBe('unsupport');
  });

  test('through a shared folder’s link: thumbnails answer logged out, and are not logged as openings', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Shared photos');
    const file = await upload(c, gid, folder.fileid, 'beach.png', photo(7));
    const link = await share(c, folder.fileid, { ranges: 'anyone', chkcode: true });
    const anon = t.anonymous();
    expect((await anon.get(thumbOf(file.fileid, `&link=${link.sid}`))).json().result).toBe('chkcodeRequired');
    const token = (
      await anon.post(`/api/v3/skiplogin/links/${link.sid}/auth`, { chkcode: link.chkcode })
    ).json().rand_code as string;
    const through = `&link=${link.sid}&rand_code=${encodeURIComponent(token)}`;
    const thumb = await anon.get(thumbOf(file.fileid, through));
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const opens = async () =>
      (
        (await c.get(`/api/v3/links/${link.sid}/access_log`)).json().entries as {
          action: string;
          fileid: number;
        }[]
      ).filter((entry) => entry.action === 'open' && entry.fileid === file.fileid).length;
    expect(await opens()).toBe(0);
    // Opening it in the viewer is an opening.
    expect((await anon.get(`/v1/legacy/view?fileid=${file.fileid}${through}`)).statusCode).toBe(200);
    expect(await opens()).toBe(1);
  });

  test('in the bin (?recycle=1): for whom its preview opens, as long as it is there', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'old photo.png', photo(9));
    const binned = thumbOf(file.fileid, `&recycle=1&v=${file.fsha}`);
    expect((await c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);
    // The bin lists it with the content's version the address names.
    const row = (await c.get('/api/v3/recycles'))
      .json()
      .files.find((f: { fileid: number }) => f.fileid === file.fileid);
    expect(row).toMatchObject({ ftype: 'delfile', fsha: file.fsha });

    const thumb = await c.get(binned);
    expect(thumb.statusCode, thumb.body).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect(thumb.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    // Not as a live file, and not for anyone else.
    expect((await c.get(thumbOf(file.fileid))).json().result).toBe('fileNotExists');
    const stranger = await me();
    const hidden = await stranger.c.get(binned);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('fileNotExists');

    // Purged, it is gone.
    const purge = await c.post('/api/v3/recycles/batch/destory', { fileids: [file.fileid] });
    expect(purge.json().failList).toEqual([]);
    const gone = await c.get(binned);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().result).toBe('fileNotExists');
  });

  test('in a team’s bin: for its creator, managers and admins; a member without the role is answered as if it were not there', async () => {
    const owner = await t.makeUser();
    const manager = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [
      { user: manager, role: TEAM_ROLE.admin },
      { user: member, role: TEAM_ROLE.member },
    ]);
    const oc = await owner.client();
    const file = await upload(oc, gid, 0, 'team photo.png', photo(11));
    const binned = thumbOf(file.fileid, `&recycle=1&v=${file.fsha}`);
    // While it is live, the member sees its thumbnail.
    const mc = await member.client();
    expect((await mc.get(thumbOf(file.fileid))).statusCode).toBe(200);
    expect((await oc.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);

    for (const who of [oc, await manager.client()]) {
      const thumb = await who.get(binned);
      expect(thumb.statusCode, thumb.body).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
    }
    // The member gets what the bin preview answers them (spec 001 §2, §6).
    expect((await mc.get(`/v1/legacy/view?fileid=${file.fileid}&recycle=1`)).json().result).toBe(
      'fileNotExists',
    );
    for (const address of [binned, thumbOf(file.fileid), thumbOf(file.fileid, '&recycle=1')]) {
      const hidden = await mc.get(address);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().result).toBe('fileNotExists');
    }

    const purge = await oc.post(`/api/v3/groups/${gid}/recycles/batch/destory`, { fileids: [file.fileid] });
    expect(purge.json().failList).toEqual([]);
    expect((await oc.get(binned)).json().result).toBe('fileNotExists');
  });
});

describe('a client that goes away', () => {
  let one: TestApp;
  beforeAll(async () => {
    one = await makeTestApp({ SOFFICE_PATH: 'off', PREVIEW_IMAGE_CONCURRENCY: '1' });
    await one.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await one.close();
  });

  test('a thumbnail still waiting for its turn when its request is aborted is not made', async () => {
    const c = await (await one.makeUser()).client();
    const gid = await myDrive(c);
    // A large picture keeps the one render slot busy for a while.
    const poster = await upload(c, gid, 0, 'poster.png', samplePng(5000, 4000, [10, 20, 30], [200, 100, 50]));
    const small = await upload(c, gid, 0, 'small.png', photo(6));
    const renders = () => one.services.preview.imageRenders();
    const before = renders();
    const busy = c.get(`/v1/preview/files/${poster.fileid}/image?size=view`);
    await expect.poll(() => renders().active).toBe(1);

    // A list scrolled past: the browser cancels the thumbnail's request while it waits.
    const { port } = one.app.server.address() as AddressInfo;
    const cookie = Object.entries(c.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const request = http.get(`http://127.0.0.1:${port}${thumbOf(small.fileid)}`, { headers: { cookie } });
    request.on('error', () => undefined);
    await expect.poll(() => renders().waiting).toBe(1);
    request.destroy();
    await expect.poll(() => renders().dropped - before.dropped).toBe(1);
    expect(renders().waiting).toBe(0);

    expect((await busy).statusCode).toBe(200);
    expect(renders().started - before.started).toBe(1);
    const kept = await one.database.db
      .selectFrom('preview_renditions')
      .select('name')
      .where(
        'source_sha256',
        '=',
        (
          await one.database.db
            .selectFrom('files')
            .select('sha256')
            .where('id', '=', small.fileid)
            .executeTakeFirstOrThrow()
        ).sha256,
      )
      .execute();
    expect(kept).toEqual([]);
    // Asked again, it is made.
    expect((await c.get(thumbOf(small.fileid))).statusCode).toBe(200);
    expect(renders().started - before.started).toBe(2);
  });
});
