import net, { type AddressInfo } from 'node:net';
import { maskOf, TEAM_ROLE } from '@cirrus/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { attachment, parseRange } from './http-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const data = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

async function me(): Promise<{ c: Client; gid: number }> {
  const c = await (await t.makeUser()).client();
  return { c, gid: await myDrive(c) };
}

function unzip(body: Buffer): Record<string, Buffer> {
  const parts = unzipSync(new Uint8Array(body));
  return Object.fromEntries(Object.entries(parts).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}

describe('GET /xfi/v1/me/volumes/{v}/files/{f}/content', () => {
  test('walks 401, 400, 404, 403 and streams the bytes with safe headers', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, "报告 2026 'final'.pdf", data);
    const url = `/xfi/v1/me/volumes/${team}/files/${file.fileid}/content?platform=web`;

    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await oc.get(`/xfi/v1/me/volumes/${team}/files/abc/content`)).json().result).toBe('bad_request');
    const stranger = await me();
    const hidden = await stranger.c.get(url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('file_not_found');
    await oc.put(`/api/v3/groups/${team}/files/${file.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: maskOf('read') }],
    });
    const denied = await (await member.client()).get(url);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toBe('no_download_permission');

    const res = await oc.get(url);
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, data)).toBe(0);
    expect(res.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': '1000',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ 2026 'final'.pdf"; filename*=UTF-8''%E6%8A%A5%E5%91%8A%202026%20%27final%27.pdf`,
    );
  });

  test('Range answers a middle slice (206), 416 beyond the end; If-None-Match answers 304', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'data.bin', data);
    const url = `/api/v3/groups/${gid}/files/${file.fileid}/download?action=download`;
    const slice = await c.get(url, { headers: { range: 'bytes=100-199' } });
    expect(slice.statusCode).toBe(206);
    expect(slice.headers['content-range']).toBe('bytes 100-199/1000');
    expect(slice.headers['content-length']).toBe('100');
    expect(Buffer.compare(slice.rawPayload, data.subarray(100, 200))).toBe(0);
    const tail = await c.get(url, { headers: { range: 'bytes=-10' } });
    expect(Buffer.compare(tail.rawPayload, data.subarray(990))).toBe(0);
    const beyond = await c.get(url, { headers: { range: 'bytes=1000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe('bytes */1000');

    const etag = (await c.get(url)).headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const cached = await c.get(url, { headers: { 'if-none-match': etag } });
    expect(cached.statusCode).toBe(304);
    expect(cached.rawPayload.length).toBe(0);
    // An If-Range for other content sends the whole file.
    const stale = await c.get(url, { headers: { range: 'bytes=0-9', 'if-range': '"other"' } });
    expect(stale.statusCode).toBe(200);
  });

  test('a small Range is read whole and a large one streamed, both exact at the edges', async () => {
    const { c, gid } = await me();
    const big = Buffer.from(Array.from({ length: 600 * 1024 }, (_, i) => (i * 13) % 256));
    const file = await upload(c, gid, 0, 'big.bin', big);
    const url = `/xfi/v1/me/volumes/${gid}/files/${file.fileid}/content`;
    for (const [start, end] of [
      [0, 0],
      [1000, 1000 + 256 * 1024 - 1],
      [1000, 1000 + 256 * 1024],
      [big.length - 300 * 1024, big.length - 1],
    ]) {
      const res = await c.get(url, { headers: { range: `bytes=${start}-${end}` } });
      expect(res.statusCode).toBe(206);
      expect(res.headers['content-length']).toBe(String(end - start + 1));
      expect(Buffer.compare(res.rawPayload, big.subarray(start, end + 1))).toBe(0);
    }
  });

  test('Range answers read into reused buffers each carry their own bytes (pipelined, real socket)', async () => {
    const { c, gid } = await me();
    const big = Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 7 + (i >> 12)) % 256));
    const file = await upload(c, gid, 0, 'reused.bin', big);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const cookie = Object.entries(c.cookies)
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    // Requests sent at once on one connection: Node answers them in order, so each answer waits,
    // holding its buffer, until those before it are written, while the next reads need buffers.
    // A buffer handed to a new read before its answer was written shows as another range's bytes.
    const ranges = Array.from({ length: 12 }, (_, i) => {
      const start = ((i * 5) % 7) * 256 * 1024 + i * 31;
      return [start, start + (i % 3 === 0 ? 64 : 256) * 1024 - 1] as const;
    });
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const closed = new Promise<void>((resolve, reject) => {
      socket.on('end', resolve);
      socket.on('error', reject);
    });
    socket.write(
      ranges
        .map(
          ([start, end], i) =>
            `GET /xfi/v1/me/volumes/${gid}/files/${file.fileid}/content HTTP/1.1\r\nHost: x\r\n` +
            `Cookie: ${cookie}\r\nRange: bytes=${start}-${end}\r\n` +
            (i === ranges.length - 1 ? 'Connection: close\r\n' : '') +
            '\r\n',
        )
        .join(''),
    );
    await closed;
    let rest = Buffer.concat(received);
    ranges.forEach(([start, end], i) => {
      const head = rest.indexOf('\r\n\r\n');
      const headers = rest.subarray(0, head).toString('latin1');
      expect(headers, `answer ${i}`).toMatch(/^HTTP\/1\.1 206 /);
      const length = Number(/content-length: (\d+)/i.exec(headers)?.[1]);
      expect(length).toBe(end - start + 1);
      const body = rest.subarray(head + 4, head + 4 + length);
      expect(Buffer.compare(body, big.subarray(start, end + 1)), `the bytes of range ${i}`).toBe(0);
      rest = rest.subarray(head + 4 + length);
    });
  });

  test('what a reader may download is asked again after any write: an entry, a rename, a removal, the bin', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const file = await upload(oc, team, 0, 'plan.bin', data);
    const url = `/xfi/v1/me/volumes/${team}/files/${file.fileid}/content`;
    // Reads that do not start at the first byte record nothing (a player seeking): between two of
    // them nothing is written unless the test writes it.
    const seek = (c: Client) => c.get(url, { headers: { range: 'bytes=10-19' } });
    for (let i = 0; i < 3; i++) expect((await seek(mc)).statusCode).toBe(206);

    await oc.put(`/api/v3/groups/${team}/files/${file.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: maskOf('read') }],
    });
    expect((await seek(mc)).json().result).toBe('no_download_permission');
    await oc.put(`/api/v3/groups/${team}/files/${file.fileid}/permission`, { entries: [] });
    expect((await seek(mc)).statusCode).toBe(206);

    await oc.put(`/api/v3/groups/${team}/files/${file.fileid}`, { fname: 'plan-final.bin' });
    expect((await seek(mc)).headers['content-disposition']).toContain('plan-final.bin');

    await oc.post(`/v1/groups/${team}/members/batch`, { delete: [member.id], type: 1 });
    expect((await seek(mc)).statusCode).toBe(404);

    expect((await seek(oc)).statusCode).toBe(206);
    await oc.delete(`/api/v3/groups/${team}/files/${file.fileid}`);
    expect((await seek(oc)).statusCode).toBe(404);
  });

  test('the /api download answers the /api keys', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'a.txt', Buffer.from('a'));
    const other = await me();
    const res = await other.c.get(`/api/v3/groups/${gid}/files/${file.fileid}/download?action=download`);
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toBe('fileNotExists');
  });
});

describe('zip downloads', () => {
  test('a folder streams as a zip with the same bytes, skipping what may not be downloaded', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const root = await mkdir(oc, team, 0, 'Project');
    const sub = await mkdir(oc, team, root.fileid, 'Sub');
    await mkdir(oc, team, root.fileid, 'Empty');
    const locked = await mkdir(oc, team, root.fileid, 'Locked');
    await upload(oc, team, root.fileid, 'readme.txt', Buffer.from('read me'));
    await upload(oc, team, sub.fileid, '数据.bin', data);
    await upload(oc, team, locked.fileid, 'hidden.txt', Buffer.from('no'));
    await oc.put(`/api/v3/groups/${team}/files/${locked.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: maskOf('read') }],
    });

    const url = `/api/v3/groups/${team}/files/${root.fileid}/download?action=download`;
    const full = await oc.get(url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('application/zip');
    expect(full.headers['content-disposition']).toContain("filename*=UTF-8''Project.zip");
    const all = unzip(full.rawPayload);
    expect(Object.keys(all).sort()).toEqual([
      'Project/',
      'Project/Empty/',
      'Project/Locked/',
      'Project/Locked/hidden.txt',
      'Project/Sub/',
      'Project/Sub/数据.bin',
      'Project/readme.txt',
    ]);
    expect(Buffer.compare(all['Project/Sub/数据.bin'], data)).toBe(0);
    expect(all['Project/readme.txt'].toString()).toBe('read me');

    const partial = await mc.get(url);
    expect(partial.headers['x-skipped-files']).toBe('1');
    expect(Object.keys(unzip(partial.rawPayload))).not.toContain('Project/Locked/');

    // The web app asks first, so that it can say "partial download fail" (spec 001 §8).
    expect((await oc.get(`${url}&preflight=1`)).json()).toEqual({
      name: 'Project.zip',
      files: 3,
      skipped: 0,
    });
    expect((await mc.get(`${url}&preflight=1`)).json()).toEqual({
      name: 'Project.zip',
      files: 2,
      skipped: 1,
    });
  });

  test('an empty folder answers emptyFolder; batch download zips a selection', async () => {
    const { c, gid } = await me();
    const empty = await mkdir(c, gid, 0, 'Nothing');
    const res = await c.get(`/api/v3/groups/${gid}/files/${empty.fileid}/download?action=download`);
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('emptyFolder');
    const asked = await c.get(
      `/api/v3/groups/${gid}/files/${empty.fileid}/download?action=download&preflight=1`,
    );
    expect(asked.json().result).toBe('emptyFolder');

    const a = await upload(c, gid, 0, 'a.txt', Buffer.from('A'));
    const folder = await mkdir(c, gid, 0, 'F');
    const inner = await upload(c, gid, folder.fileid, 'a.txt', Buffer.from('inner A'));
    const batch = `/api/v3/groups/${gid}/files/batch/download`;
    expect((await t.anonymous().get(`${batch}?fileids=${a.fileid}`)).statusCode).toBe(401);
    expect((await c.get(`${batch}?fileids=`)).statusCode).toBe(400);
    expect((await (await me()).c.get(`${batch}?fileids=${a.fileid}`)).statusCode).toBe(404);
    const zip = await c.get(`${batch}?fileids=${a.fileid},${inner.fileid},${folder.fileid}`);
    expect(zip.statusCode).toBe(200);
    const parts = unzip(zip.rawPayload);
    expect(Object.keys(parts).sort()).toEqual(['F/', 'F/a.txt', 'a (2).txt', 'a.txt']);
    expect(parts['a (2).txt'].toString()).toBe('inner A');
  });
});

describe('header helpers', () => {
  test.each([
    ['bytes=0-0', 10, { start: 0, end: 0 }],
    ['bytes=5-', 10, { start: 5, end: 9 }],
    ['bytes=5-100', 10, { start: 5, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=-30', 10, { start: 0, end: 9 }],
    ['bytes=10-', 10, 'unsatisfiable'],
    ['bytes=0-', 0, 'unsatisfiable'],
    ['bytes=5-2', 10, undefined],
    ['bytes=0-1,3-4', 10, undefined],
    ['items=0-1', 10, undefined],
  ] as const)('%s of %i bytes', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });

  test('attachment names are safe in the ASCII fallback', () => {
    expect(attachment('a;b%c".txt')).toBe(
      `attachment; filename="a_b_c_.txt"; filename*=UTF-8''a%3Bb%25c%22.txt`,
    );
  });
});
