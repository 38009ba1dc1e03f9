import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PUT /logclient/v1/companies/{companyid or 0}/client_installation', () => {
  const url = (company: number | string) => `/logclient/v1/companies/${company}/client_installation`;

  test('takes a small report of scalars, logged in or not', async () => {
    const report = { os: 'windows', version: '6.1.2', arch: 'x64', first: true };
    expect((await t.anonymous().put(url(0), report)).statusCode).toBe(204);
    const c = await (await t.makeUser()).client();
    expect((await c.put(url(1), report)).statusCode).toBe(204);
  });

  test('refuses what is not a small flat report', async () => {
    const c = t.anonymous();
    expect((await c.put(url(0), { nested: { a: 1 } })).statusCode).toBe(400);
    expect((await c.put(url(0), { note: 'x'.repeat(300) })).statusCode).toBe(400);
    expect((await c.put(url(0), { note: 'x'.repeat(250), more: 'y'.repeat(250) })).statusCode).toBe(204);
    const big = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`k${i}`, 'v'.repeat(200)]));
    expect((await c.put(url(0), big)).statusCode).toBe(413);
    expect((await c.put(url(-1), {})).statusCode).toBe(400);
  });

  test('an address sends at most 20 reports an hour; more are refused', async () => {
    const c = t.anonymous();
    const from = { remoteAddress: '198.51.100.7' };
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await c.put(url(0), { os: 'linux' }, from)).statusCode;
    expect(last).toBe(429);
  });
});
