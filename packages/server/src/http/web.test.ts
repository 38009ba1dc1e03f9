import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { isBuiltAsset } from './web.ts';

// A built web app as the web package's build leaves it: hashed assets with brotli and gzip copies
// beside them (web vite.config.ts), files copied as they are, and index.html.
const SCRIPT = `console.log(${JSON.stringify('a first screen '.repeat(200))});\n`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-web-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><script src="/pcview/assets/index-Ab1_c-9Z.js"></script>',
  );
  const script = path.join(dist, 'assets', 'index-Ab1_c-9Z.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await makeTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('the built web app', () => {
  test.each([
    ['br, gzip', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    [undefined, undefined, (body: Buffer) => body],
  ])(
    'a script goes to a browser accepting %s as its %s copy, the same bytes',
    async (accept, encoding, decode) => {
      const res = await get('/pcview/assets/index-Ab1_c-9Z.js', accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.rawPayload).toString()).toBe(SCRIPT);
    },
  );

  test('built assets may be kept for good; other files and the page are asked for again', async () => {
    const asset = await get('/pcview/assets/index-Ab1_c-9Z.js', 'br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const favicon = await get('/pcview/favicon.svg');
    expect(favicon.statusCode).toBe(200);
    expect(favicon.headers['cache-control']).toBe('public, max-age=0');
    const page = await get('/pcview/drive');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    // No other site may frame the app.
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  test('an asset that is not there is a 404, compressed copies or not', async () => {
    expect((await get('/pcview/assets/gone-Ab1_c-9Z.js', 'br')).statusCode).toBe(404);
  });

  test('a build made while the server runs: its page names new assets, which are sent', async () => {
    const later = `console.log('rebuilt');\n`;
    const script = path.join(dist, 'assets', 'index-Zz9_y-8X.js');
    fs.writeFileSync(script, later);
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(later));
    try {
      // Before, only the files there at start had routes: the new page's script was a 404.
      const plain = await get('/pcview/assets/index-Zz9_y-8X.js');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-type']).toMatch(/javascript/);
      expect(plain.body).toBe(later);
      expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const compressed = await get('/pcview/assets/index-Zz9_y-8X.js', 'br');
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(compressed.rawPayload).toString()).toBe(later);
    } finally {
      fs.rmSync(script);
      fs.rmSync(`${script}.br`);
    }
  });

  test.each([
    '/pcview/assets/..%2Findex.html',
    '/pcview/assets/%2E%2E%2F%2E%2E%2Fpackage.json',
    '/pcview/assets/sub/index-Ab1_c-9Z.js',
    '/pcview/assets/',
  ])('%s is no asset: a 404', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toBe('notFound');
  });
});

test.each([
  ['/web/dist/assets/index-DvyIvGQJ.js', true],
  ['/web/dist/assets/drawer-XZMDKc-w.js', true],
  ['/web/dist/assets/antd-BMp7sTLP.css.br', true],
  ['/web/dist/assets/card-0_7mr_Ng.js.gz', true],
  ['/web/dist/favicon.svg', false],
  ['/web/dist/pdfjs/cmaps/Adobe-CNS1-0.bcmap', false],
  ['/web/dist/assets/plain.js', false],
])('isBuiltAsset(%s) is %s', (file, built) => {
  expect(isBuiltAsset(file)).toBe(built);
});
