import { AVATAR_MAX_BYTES } from '@cirrus/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let png: Buffer;
beforeAll(async () => {
  t = await makeTestApp();
  png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#3370ff' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await t.close();
});

/** A multipart form as a browser sends it: the returned fields, then the file. */
function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }) {
  const boundary = '----cirrus-test-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function address(client: Client, kind: 'avatar' | 'image' = 'avatar') {
  const res = await client.post(`/api/v3/${kind}/upload?type=${kind}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { url: string; key: string; fields: Record<string, string>; expires_in: number };
}

function post(client: Client, url: string, body: ReturnType<typeof form>) {
  // A plain form POST: no csrf header.
  return client.request({ method: 'POST', url, payload: body.payload, headers: body.headers, csrf: false });
}

describe('avatar upload', () => {
  test('walks 401 -> 200: the key, the form POST, a 120x120 png at a stable address everywhere', async () => {
    expect((await t.anonymous().post('/api/v3/avatar/upload')).statusCode).toBe(401);
    const u = await t.makeUser();
    const client = await u.client();
    const addr = await address(client);
    expect(addr).toMatchObject({ url: '/api/v3/pictures', expires_in: 600, fields: { key: addr.key } });

    const res = await post(client, addr.url, form(addr.fields, { name: `${Date.now()}.png`, data: png }));
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/api/v3/avatars/${u.id}\\.png\\?v=\\d+$`));
    expect((await client.get('/v1/users/self')).json().avatar).toBe(url);

    const served = await client.get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 120, 120]);
    // another user sees it on the card
    expect((await (await (await t.makeUser()).client()).get(url)).statusCode).toBe(200);
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
  });

  test('a jpeg is re-encoded into png, metadata and all dropped', async () => {
    const client = await (await t.makeUser()).client();
    const jpeg = await sharp({ create: { width: 500, height: 500, channels: 3, background: '#00b578' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret' } } })
      .toBuffer();
    const addr = await address(client);
    const res = await post(
      client,
      addr.url,
      form(addr.fields, { name: 'photo.JPG', data: jpeg, type: 'image/jpeg' }),
    );
    expect(res.statusCode).toBe(200);
    const served = await client.get(res.json().url);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.exif]).toEqual(['png', 120, undefined]);
  });

  test('a key works once', async () => {
    const client = await (await t.makeUser()).client();
    const addr = await address(client);
    expect((await post(client, addr.url, form(addr.fields, { name: 'a.png', data: png }))).statusCode).toBe(
      200,
    );
    const again = await post(client, addr.url, form(addr.fields, { name: 'a.png', data: png }));
    expect(again.statusCode).toBe(403);
    expect(again.json().result).toBe('uploadKeyInvalid');
  });

  test("another user's key, an unknown key, and an expired key are refused", async () => {
    const owner = await (await t.makeUser()).client();
    const thief = await (await t.makeUser()).client();
    const addr = await address(owner);
    expect((await post(thief, addr.url, form(addr.fields, { name: 'a.png', data: png }))).json().result).toBe(
      'uploadKeyInvalid',
    );
    expect(
      (await post(owner, addr.url, form({ key: 'made-up' }, { name: 'a.png', data: png }))).json().result,
    ).toBe('uploadKeyInvalid');
    expect((await post(owner, addr.url, form({}, { name: 'a.png', data: png }))).statusCode).toBe(403);
    // the owner's key was not spent by the thief's attempt
    expect((await post(owner, addr.url, form(addr.fields, { name: 'a.png', data: png }))).statusCode).toBe(
      200,
    );
    const late = await address(owner);
    t.clock.advance(601);
    expect((await post(owner, late.url, form(late.fields, { name: 'a.png', data: png }))).json().result).toBe(
      'uploadKeyInvalid',
    );
    expect((await t.anonymous().request({ method: 'POST', url: addr.url })).statusCode).toBe(401);
  });

  test.each([
    ['an empty file', 'error_file_tips', { name: 'a.png', data: Buffer.alloc(0) }],
    ['a gif by name', 'error_tips', { name: 'a.gif', data: Buffer.from('GIF89a') }],
    ['a text file named png', 'error_tips', { name: 'a.png', data: Buffer.from('not a picture at all') }],
    ['a file over 5 MB', 'error_tips', { name: 'a.png', data: Buffer.alloc(AVATAR_MAX_BYTES + 10, 1) }],
  ])('%s answers 400 %s', async (_label, key, file) => {
    const client = await (await t.makeUser()).client();
    const addr = await address(client);
    const res = await post(client, addr.url, form(addr.fields, file));
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(key);
    expect((await client.get('/v1/users/self')).json().avatar).toBe('');
  });

  test('unable_user_avatar_edit refuses the avatar, not a team image', async () => {
    const locked = await makeTestApp({ unable_user_avatar_edit: '1' });
    try {
      const client = await (await locked.makeUser()).client();
      const res = await client.post('/api/v3/avatar/upload');
      expect(res.statusCode).toBe(403);
      expect(res.json().result).toBe('permissionDenied');
      const addr = await address(client, 'image');
      const img = await post(client, addr.url, form(addr.fields, { name: 'team.png', data: png }));
      expect(img.statusCode).toBe(200);
      expect(img.json().url).toMatch(/^\/api\/v3\/images\/\d+\.png$/);
      expect((await client.get(img.json().url)).statusCode).toBe(200);
      expect((await client.get('/v1/users/self')).json().avatar).toBe('');
    } finally {
      await locked.close();
    }
  });

  test('a user without an avatar, or a bad address, answers 404 / 400', async () => {
    const u = await t.makeUser();
    const client = await u.client();
    expect((await client.get(`/api/v3/avatars/${u.id}.png`)).statusCode).toBe(404);
    expect((await client.get('/api/v3/avatars/x.png')).statusCode).toBe(400);
    expect((await client.get('/api/v3/images/999999.png')).statusCode).toBe(404);
  });
});
