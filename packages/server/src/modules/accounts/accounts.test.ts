import { SESSION_MAX_AGE_SECONDS } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('login', () => {
  test('an anonymous call to a private route answers 401 userNotLogin', async () => {
    const res = await t.anonymous().get('/v1/users/self');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ result: 'userNotLogin', code: 40100100 });
  });

  test('a wrong password answers loginFailed and sets no cookie', async () => {
    const u = await t.makeUser();
    const res = await t.anonymous().post('/p/login', { account: u.account, password: 'Wrong-pass-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().result).toBe('loginFailed');
    expect(res.cookies).toHaveLength(0);
  });

  test('an unknown account answers exactly like a wrong password', async () => {
    const res = await t.anonymous().post('/p/login', { account: 'nobody-here', password: 'Wrong-pass-1' });
    expect(res.statusCode).toBe(401);
    expect(res.json().result).toBe('loginFailed');
  });

  test('a missing field answers 400 badRequest', async () => {
    const res = await t.anonymous().post('/p/login', { account: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('badRequest');
  });

  test('login sets an HttpOnly session cookie of about 360 days and a readable csrf cookie', async () => {
    const u = await t.makeUser({ name: '张三' });
    const res = await t.anonymous().post('/p/login', { account: u.account, password: u.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({
      id: u.id,
      unique_name: u.account,
      nick_name: '张三',
      pinyin: 'zhangsan',
    });
    expect(typeof body.csrf_token).toBe('string');
    const session = res.cookies.find((c) => c.name === 'cirrus_sid')!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe('Lax');
    expect(session.maxAge).toBe(SESSION_MAX_AGE_SECONDS);
    const csrf = res.cookies.find((c) => c.name === 'cirrus_csrf')!;
    expect(csrf.httpOnly).toBeFalsy();
    expect(csrf.value).toBe(body.csrf_token);
  });

  test('the account may be the unique name in any case, the email or the phone', async () => {
    const u = await t.makeUser();
    await t.database.db.updateTable('users').set({ phone: '13900001111' }).where('id', '=', u.id).execute();
    for (const account of [u.account.toUpperCase(), `${u.account}@test.example`, '13900001111']) {
      const res = await t.anonymous().post('/p/login', { account, password: u.password });
      expect(res.statusCode, account).toBe(200);
    }
  });

  test('the current user is answered with company, departments and roles', async () => {
    const companyId = await t.makeCompany('Acme');
    const u = await t.makeUser({ companyId, roles: 'admin' });
    const client = await u.client();
    const res = await client.get('/v1/users/self?_=123');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: u.id,
      companyid: companyId,
      company: { companyid: companyId, name: 'Acme' },
      role: ['admin'],
      is_company_admin: true,
    });
    // the same call under the contacts host prefix
    expect((await client.get('/cts/v1/users/self')).statusCode).toBe(200);
  });

  test('a disabled account cannot log in and its sessions stop working', async () => {
    const u = await t.makeUser();
    const client = await u.client();
    await t.database.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', u.id).execute();
    expect((await client.get('/v1/users/self')).statusCode).toBe(401);
    const res = await t.anonymous().post('/p/login', { account: u.account, password: u.password });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe('InvalidAccount');
  });
});

describe('throttling', () => {
  test('after 5 wrong passwords the account waits, even with the right one, then may log in again', async () => {
    const u = await t.makeUser();
    const anon = t.anonymous();
    for (let i = 0; i < 5; i++) {
      expect(
        (await anon.post('/p/login', { account: u.account, password: `Wrong-${i}-aaa` })).statusCode,
      ).toBe(401);
    }
    const locked = await anon.post('/p/login', { account: u.account, password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().result).toBe('apiRateLimitExceede');
    expect(locked.json().debug.retry_after).toBeGreaterThan(0);
    expect(locked.headers['retry-after']).toBe(String(locked.json().debug.retry_after));
    t.clock.advance(locked.json().debug.retry_after + 1);
    expect((await anon.post('/p/login', { account: u.account, password: u.password })).statusCode).toBe(200);
  });

  test('one person has one count, whichever of their account or email is typed', async () => {
    const u = await t.makeUser();
    const anon = t.anonymous();
    for (const account of [
      u.account,
      u.account,
      u.account,
      `${u.account}@test.example`,
      u.account.toUpperCase(),
    ])
      expect((await anon.post('/p/login', { account, password: 'Wrong-pass-9' })).statusCode).toBe(401);
    const refused = await anon.post('/p/login', {
      account: `${u.account}@test.example`,
      password: u.password,
    });
    expect(refused.statusCode).toBe(429);
  });

  test('wrong passwords sent at once are counted one by one: five are tried, the rest wait', async () => {
    const u = await t.makeUser();
    const anon = t.anonymous();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        anon.post('/p/login', { account: u.account, password: `Wrong-${i}-bbb` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(15);
    const locked = await anon.post('/p/login', { account: u.account, password: u.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().debug.retry_after).toBeGreaterThan(800);
  });

  test('right passwords at once are not held up by each other: one account, one address', async () => {
    const fresh = await makeTestApp();
    try {
      const anon = fresh.anonymous();
      const u = await fresh.makeUser();
      const same = await Promise.all(
        Array.from({ length: 8 }, () => anon.post('/p/login', { account: u.account, password: u.password })),
      );
      expect(same.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      const people = await Promise.all(Array.from({ length: 25 }, () => fresh.makeUser()));
      const many = await Promise.all(
        people.map((p) => anon.post('/p/login', { account: p.account, password: p.password })),
      );
      expect(many.map((r) => r.statusCode)).toEqual(Array(25).fill(200));
    } finally {
      await fresh.close();
    }
  });

  test('a right password does not count against the address', async () => {
    const fresh = await makeTestApp();
    try {
      const anon = fresh.anonymous();
      const u = await fresh.makeUser();
      for (let i = 0; i < 25; i++) {
        expect((await anon.post('/p/login', { account: u.account, password: u.password })).statusCode).toBe(
          200,
        );
      }
      for (let i = 0; i < 19; i++)
        await anon.post('/p/login', { account: `spray${i}`, password: 'Wrong-pass-1' });
      expect((await anon.post('/p/login', { account: u.account, password: u.password })).statusCode).toBe(
        200,
      );
    } finally {
      await fresh.close();
    }
  });

  test('one address failing across many accounts is throttled too', async () => {
    const fresh = await makeTestApp();
    try {
      const anon = fresh.anonymous();
      for (let i = 0; i < 20; i++) {
        await anon.post('/p/login', { account: `spray${i}`, password: 'Wrong-pass-1' });
      }
      const u = await fresh.makeUser();
      const res = await anon.post('/p/login', { account: u.account, password: u.password });
      expect(res.statusCode).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});

describe('csrf', () => {
  test('a write without the token, or with a wrong one, is refused with 403', async () => {
    const client = await (await t.makeUser()).client();
    const missing = await client.post('/p/auth/check', {}, { csrf: false });
    expect(missing.statusCode).toBe(403);
    expect(missing.json().result).toBe('csrfInvalid');
    const wrong = await client.post(
      '/p/auth/check',
      {},
      { csrf: false, headers: { 'x-csrf-token': 'nope' } },
    );
    expect(wrong.statusCode).toBe(403);
    expect((await client.post('/p/auth/check', {})).json()).toHaveProperty('user_id');
  });

  test('the token may also come as the body field csrf_token', async () => {
    const client = await (await t.makeUser()).client();
    const res = await client.post('/p/auth/check', { csrf_token: client.csrf }, { csrf: false });
    expect(res.statusCode).toBe(200);
  });

  test('GET needs no token', async () => {
    const client = await (await t.makeUser()).client();
    expect((await client.get('/p/bind/status')).statusCode).toBe(200);
  });
});

describe('sessions', () => {
  test('logout ends the session and clears the cookies', async () => {
    const client = await (await t.makeUser()).client();
    const res = await client.post('/p/logout');
    expect(res.statusCode).toBe(204);
    expect(client.session).toBeUndefined();
    const stale = await t.anonymous().request({ method: 'GET', url: '/v1/users/self' });
    expect(stale.statusCode).toBe(401);
  });

  test('a logged-out token no longer works even if replayed', async () => {
    const client = await (await t.makeUser()).client();
    const saved = { ...client.cookies };
    await client.post('/p/logout');
    client.cookies = saved;
    expect((await client.get('/v1/users/self')).statusCode).toBe(401);
  });

  test('a session expires after about 360 days', async () => {
    const app = await makeTestApp();
    try {
      const client = await (await app.makeUser()).client();
      app.clock.advance(SESSION_MAX_AGE_SECONDS - 60);
      expect((await client.get('/v1/users/self')).statusCode).toBe(200);
      app.clock.advance(120);
      const res = await client.get('/v1/users/self');
      expect(res.statusCode).toBe(401);
      expect(res.json().result).toBe('userNotLogin');
    } finally {
      await app.close();
    }
  });

  test('the account calls answer under the /account prefix too', async () => {
    const client = await (await t.makeUser()).client();
    expect((await client.post('/account/p/auth/check')).statusCode).toBe(200);
    expect((await t.anonymous().post('/account/p/auth/check')).statusCode).toBe(401);
  });

  test('session correlation answers the user, or userNotLogin', async () => {
    const u = await t.makeUser();
    const client = await u.client();
    expect((await client.get('/p/session/correlate?new_session=true')).json()).toMatchObject({
      user_id: u.id,
    });
    expect((await t.anonymous().get('/p/session/correlate?new_session=true')).json().result).toBe(
      'userNotLogin',
    );
  });
});

describe('account calls', () => {
  test('bind status, identity and company', async () => {
    const companyId = await t.makeCompany('Bind Co');
    const u = await t.makeUser({ companyId });
    const client = await u.client();
    expect((await client.get('/p/bind/status')).json()).toMatchObject({
      email: `${u.account}@test.example`,
      email_bound: true,
      phone_bound: false,
    });
    expect((await client.get('/p/identity')).json()).toMatchObject({ required: false, verified: false });
    expect((await client.get('/p/company')).json()).toMatchObject({ companyid: companyId, name: 'Bind Co' });
  });

  test('a general user has no company', async () => {
    const client = await (await t.makeUser({ companyId: null })).client();
    const res = await client.get('/p/company');
    expect(res.json().result).toBe('notCompanyMember');
  });

  test.each([
    ['/pcview/drive', 200, '/pcview/drive'],
    ['http://localhost:80/pcview/x?a=1', 200, '/pcview/x?a=1'],
    ['https://evil.example/phish', 400, undefined],
    ['//evil.example/phish', 400, undefined],
    ['/\\evil.example/phish', 400, undefined],
    ['/\t/evil.example/', 400, undefined],
    // Paths of this site whose pathname starts with // would send a browser to another host.
    ['http://localhost:80//evil.example/', 200, '/evil.example/'],
    ['/.//evil.example/phish', 200, '/evil.example/phish'],
  ])('redirect to %j answers %i', async (cb, status, url) => {
    const client = await (await t.makeUser()).client();
    const res = await client.post('/api/users/redirect', { cb }, { headers: { host: 'localhost:80' } });
    expect(res.statusCode).toBe(status);
    if (url) expect(res.json().url).toBe(url);
  });
});

describe('settings', () => {
  test('the settings call answers the named settings, logged in or not', async () => {
    const res = await t
      .anonymous()
      .get('/portal/v1/companies/encrypted_settings?names=ALLOW_FILE_LOCK,allow_chat,account_suffix,bogus');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      settings: { ALLOW_FILE_LOCK: true, allow_chat: false, account_suffix: '' },
    });
  });

  test('environment variables and stored values override the defaults, without a restart', async () => {
    const app = await makeTestApp({ allow_chat: 'true', ALLOW_FILE_LOCK: '0', MAX_FILE_SIZE: '2048' });
    try {
      const url =
        '/portal/v1/companies/encrypted_settings?names=allow_chat,ALLOW_FILE_LOCK,max_file_size,account_suffix';
      expect((await app.anonymous().get(url)).json().settings).toEqual({
        allow_chat: true,
        ALLOW_FILE_LOCK: false,
        max_file_size: 2048,
        account_suffix: '',
      });
      await app.services.settings.set(0, 'account_suffix', '@acme.example');
      expect((await app.anonymous().get(url)).json().settings.account_suffix).toBe('@acme.example');
    } finally {
      await app.close();
    }
  });
});

describe('operations', () => {
  test('every response carries a request id, echoed when given', async () => {
    const res = await t.anonymous().get('/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toBe('abc-123');
    // And the time the server spent on it.
    expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d\d$/);
  });

  test('unknown paths answer notFound in the error shape', async () => {
    const client = await (await t.makeUser()).client();
    const res = await client.get('/api/v3/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 'notFound' });
  });

  test('the OpenAPI description lists the calls', async () => {
    const res = await t.anonymous().get('/openapi.json');
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining(['/p/login', '/v1/users/self', '/portal/v1/companies/encrypted_settings']),
    );
  });

  test('the root path sends a logged-out user to /landing and a logged-in one to the drive', async () => {
    expect((await t.anonymous().get('/')).headers.location).toBe('/landing');
    const client = await (await t.makeUser()).client();
    expect((await client.get('/')).headers.location).toBe('/pcview/drive');
    // spec 002 §2: a private deployment that allows web office keeps the app under /view.
    await t.services.settings.set(0, 'IS_PRIVATIZATION', true);
    await t.services.settings.set(0, 'ALLOW_WEBOFFICE', true);
    try {
      expect((await client.get('/')).headers.location).toBe('/view/drive');
    } finally {
      await t.services.settings.set(0, 'IS_PRIVATIZATION', false);
      await t.services.settings.set(0, 'ALLOW_WEBOFFICE', false);
    }
  });
});
