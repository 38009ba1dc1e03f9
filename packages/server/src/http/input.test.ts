// Bad input in general (ARCHITECTURE "API conventions"): whatever the route, it answers a key of
// the shared catalogue with the catalogue's status, and changes nothing.
import { ERRORS } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listNames, mkdir, myDrive, upload } from '../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function me() {
  const user = await t.makeUser();
  const c = await user.client();
  return { user, c, gid: await myDrive(c) };
}

function expectKey(res: { statusCode: number; json(): { result: string } }, key: keyof typeof ERRORS) {
  expect(res.json().result).toBe(key);
  expect(res.statusCode).toBe(ERRORS[key].status);
}

describe('numbers are decimal numbers and nothing else', () => {
  test.each(['0x10', '1e3', '%201', '%20', '', '1.5', 'true'])(
    'a folder id of %j answers bad_request',
    async (id) => {
      const { c, gid } = await me();
      // The /xfi calls answer the graph twin of badRequest (spec 001 §8).
      expectKey(await c.get(`/xfi/u/v1/volumes/${gid}/files/${id}/files`), 'bad_request');
      expectKey(await c.get(`/api/v3/groups/${gid}/files?parentid=${id}`), 'badRequest');
    },
  );

  test('a decimal string and a JSON number both count', async () => {
    const { c, gid } = await me();
    expect((await c.get(`/xfi/u/v1/volumes/${gid}/files/0/files?offset=0&count=5`)).statusCode).toBe(200);
    expect((await c.post(`/api/v3/groups/${gid}/files`, { parentid: '0', name: 'A' })).statusCode).toBe(200);
    expect((await c.post(`/api/v3/groups/${gid}/files`, { parentid: 0, name: 'B' })).statusCode).toBe(200);
  });

  test.each([false, true, null, [], '', ' 0', [0]])('a parentid of %j makes no folder', async (parentid) => {
    const { c, gid } = await me();
    expectKey(await c.post(`/api/v3/groups/${gid}/files`, { parentid, name: 'Made' }), 'badRequest');
    expect(await listNames(c, gid)).toEqual([]);
  });

  test('offsets and counts: "1e3" and " 5" are not numbers', async () => {
    const { c, gid } = await me();
    expectKey(await c.get(`/api/v3/groups/${gid}/files?offset=1e3`), 'badRequest');
    expectKey(await c.get(`/api/v3/groups/${gid}/files?count=%205`), 'badRequest');
  });
});

describe('texts that cannot be stored as they were sent', () => {
  test('a lone surrogate in a new name changes nothing', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Original');
    // JSON.stringify writes the lone surrogate as the escape \ud800.
    expectKey(
      await c.put(`/api/v3/groups/${gid}/files/${folder.fileid}`, { fname: 'a\uD800b' }),
      'badRequest',
    );
    expectKey(await c.post(`/api/v3/groups/${gid}/files`, { parentid: 0, name: '\uDC00x' }), 'badRequest');
    expect(await listNames(c, gid)).toEqual(['Original']);
    // A pair is one character (an emoji), and welcome.
    const ok = await c.put(`/api/v3/groups/${gid}/files/${folder.fileid}`, { fname: 'Notes \uD83D\uDE00' });
    expect(ok.statusCode).toBe(200);
  });

  test('a NUL in a body, a key or an address answers badRequest', async () => {
    const { c, gid } = await me();
    const nul = await c.request({
      method: 'POST',
      url: '/api/v3/groups',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"ab\\u0000cd","type":3}',
    });
    expectKey(nul, 'badRequest');
    expectKey(
      await c.post(`/api/v3/groups/${gid}/files`, { parentid: 0, name: 'K', 'x\u0000': 1 }),
      'badRequest',
    );
    expectKey(await c.get('/xfisearch/v1/me/base/search/files?searchname=a%00b'), 'bad_request');
    expectKey(await c.get('/namesearch/api/mygroups/find?keywords=a%00b'), 'badRequest');
    expect(await listNames(c, gid)).toEqual([]);
  });

  test('a team name with a control character is illegalTeam', async () => {
    const { c } = await me();
    const res = await c.post('/api/v3/groups', { name: 'Team\u0001One', type: 3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().debug.reason).toBe('illegalTeam');
  });
});

describe("the framework's own refusals are catalogue keys", () => {
  test('a JSON call sent as a form: unsupportedMediaType', async () => {
    const { c, gid } = await me();
    const res = await c.request({
      method: 'POST',
      url: `/api/v3/groups/${gid}/files`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'parentid=0&name=F',
    });
    expectKey(res, 'unsupportedMediaType');
    expect(await listNames(c, gid)).toEqual([]);
    const text = await c.request({
      method: 'POST',
      url: `/api/v3/groups/${gid}/files`,
      headers: { 'content-type': 'text/plain' },
      payload: '{"parentid":0,"name":"F"}',
    });
    expectKey(text, 'unsupportedMediaType');
    expect(await listNames(c, gid)).toEqual([]);
  });

  test('a path parameter longer than the router takes: badRequest, and nothing of the framework', async () => {
    const { c } = await me();
    const res = await c.get(`/api/v3/groups/${'a'.repeat(200)}/files`);
    expectKey(res, 'badRequest');
    expect(res.body).not.toContain('FST_');
    expect(res.body).not.toContain('aaaa');
    // The /xfi calls answer the graph twin there too.
    expectKey(await c.get(`/xfi/u/v1/volumes/${'9'.repeat(200)}/files/0/files`), 'bad_request');
  });

  test('broken JSON: badRequest', async () => {
    const { c, gid } = await me();
    const res = await c.request({
      method: 'POST',
      url: `/api/v3/groups/${gid}/files`,
      headers: { 'content-type': 'application/json' },
      payload: '{"parentid":0,',
    });
    expectKey(res, 'badRequest');
  });
});

describe('ids beyond what an id column holds', () => {
  test('answer as missing, on PostgreSQL too', async () => {
    const { c } = await me();
    for (const id of ['2147483648', '9999999999', '99999999999999999999']) {
      expectKey(await c.delete(`/api/v3/links/${id}`), 'fileNotExists');
      expectKey(await c.get(`/api/v3/links/${id}`), 'lightLinkNotExist');
      expect((await c.post(`/api/v3/links/${id}/appeal`, { reason: 'x' })).statusCode).toBe(404);
      expectKey(await c.get(`/api/v3/groups/${id}/files`), 'badRequest');
    }
  });
});

describe("batch delete keeps to its path's space", () => {
  test('an item of another space fails as missing and stays', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'keep.txt', Buffer.from('k'));
    const other = await me();
    for (const path of [1_000_000, other.gid]) {
      const res = await c.post(`/api/v3/groups/${path}/files/batch/delete`, { fileids: [file.fileid] });
      expect(res.statusCode).toBe(200);
      expect(res.json().failList).toMatchObject([{ fileid: file.fileid, result: 'fileNotExists' }]);
    }
    expect(await listNames(c, gid)).toEqual(['keep.txt']);
  });
});
