import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { lastCodeTo, lastMessageTo, lastResetTokenTo } from '../../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ PUBLIC_URL: 'https://drive.example.com/' });
});
afterAll(async () => {
  await t.close();
});

const NEW_PASSWORD = 'Brand-New-Pass7';

describe('PUT /p/user/me/password', () => {
  test('walks 401 -> 400 -> 200; other sessions end, this one stays until logout', async () => {
    expect(
      (await t.anonymous().put('/p/user/me/password', { old_password: 'x', new_password: NEW_PASSWORD }))
        .statusCode,
    ).toBe(401);
    const u = await t.makeUser();
    const here = await u.client();
    const elsewhere = await u.client();
    expect((await here.put('/p/user/me/password', { new_password: NEW_PASSWORD })).statusCode).toBe(400);

    const res = await here.put('/p/user/me/password', {
      old_password: u.password,
      new_password: ` ${NEW_PASSWORD} `,
    });
    expect(res.statusCode).toBe(204);
    expect((await elsewhere.get('/v1/users/self')).statusCode).toBe(401);
    expect((await here.get('/v1/users/self')).statusCode).toBe(200);

    // the trimmed new password works, typed with its spaces too; the old one does not
    expect(
      (await t.anonymous().post('/p/login', { account: u.account, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    expect(
      (await t.anonymous().post('/p/login', { account: u.account, password: ` ${NEW_PASSWORD} ` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.anonymous().post('/p/login', { account: u.account, password: `${NEW_PASSWORD}x` })).statusCode,
    ).toBe(401);
    expect(
      (await t.anonymous().post('/p/login', { account: u.account, password: u.password })).statusCode,
    ).toBe(401);
    // as the current password of the next change, typed as it was set
    const next = await here.put('/p/user/me/password', {
      old_password: ` ${NEW_PASSWORD} `,
      new_password: 'Other-Pass-8x',
    });
    expect(next.statusCode, next.body).toBe(204);
  });

  test('a wrong current password answers wrongPassword; five of them lock for a while', async () => {
    const u = await t.makeUser();
    const client = await u.client();
    for (let i = 0; i < 5; i++) {
      const res = await client.put('/p/user/me/password', {
        old_password: `Wrong-${i}-x`,
        new_password: NEW_PASSWORD,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe('wrongPassword');
    }
    const locked = await client.put('/p/user/me/password', {
      old_password: u.password,
      new_password: NEW_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().result).toBe('apiRateLimitExceede');
  });

  test.each([['short7A!'.slice(0, 7)], ['alllowercase1'], ['Has-Unicode-密码1'], ['Too-Long-Password-123']])(
    'the standard rule refuses %s with PasswordWeak',
    async (weak) => {
      const u = await t.makeUser();
      const res = await (await u.client()).put('/p/user/me/password', {
        old_password: u.password,
        new_password: weak,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().result).toBe('PasswordWeak');
    },
  );

  test('the same password again answers passwordUnchanged', async () => {
    const u = await t.makeUser();
    const res = await (await u.client()).put('/p/user/me/password', {
      old_password: u.password,
      new_password: u.password,
    });
    expect(res.json().result).toBe('passwordUnchanged');
  });

  test('a private deployment checks its own rule', async () => {
    const priv = await makeTestApp({
      IS_PRIVATIZATION: '1',
      private_password_rule: JSON.stringify({
        length_lowerbound: 10,
        length_upperbound: 30,
        type: ['digit', 'upper_lower_case'],
      }),
    });
    try {
      const u = await priv.makeUser();
      const client = await u.client();
      // meets the standard rule, but has fewer than 10 characters
      expect(
        (
          await client.put('/p/user/me/password', { old_password: u.password, new_password: 'Abc-12345' })
        ).json().result,
      ).toBe('PasswordWeak');
      // longer than 16 and without a symbol: fine here
      const res = await client.put('/p/user/me/password', {
        old_password: u.password,
        new_password: 'LongerPassword2026abc',
      });
      expect(res.statusCode).toBe(204);
    } finally {
      await priv.close();
    }
  });

  test('a synced account, or an external logout address, cannot change the password here', async () => {
    const u = await t.makeUser();
    await t.database.db.updateTable('users').set({ source: 'sync' }).where('id', '=', u.id).execute();
    const res = await (await u.client()).put('/p/user/me/password', {
      old_password: u.password,
      new_password: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('permissionDenied');

    const ext = await makeTestApp({ logout_url: 'https://sso.example.com/logout' });
    try {
      const v = await ext.makeUser();
      const r = await (await v.client()).put('/p/user/me/password', {
        old_password: v.password,
        new_password: NEW_PASSWORD,
      });
      expect(r.statusCode).toBe(403);
    } finally {
      await ext.close();
    }
  });
});

describe('must change the password: login answers a token', () => {
  test('a temporary password: token, no cookie; PUT /p/user/password changes it, then login works', async () => {
    const u = await t.makeUser();
    await t.database.db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('id', '=', u.id)
      .execute();
    const login = await t.anonymous().post('/p/login', { account: u.account, password: u.password });
    expect(login.statusCode).toBe(200);
    expect(login.cookies).toHaveLength(0);
    const body = login.json();
    expect(body).toMatchObject({ must_change_password: true, reason: 'temporary', expires_in: 1800 });
    expect(body).not.toHaveProperty('user');

    const anon = t.anonymous();
    expect(
      (await anon.put('/p/user/password', { token: body.token, old_password: u.password })).statusCode,
    ).toBe(400);
    expect(
      (
        await anon.put('/p/user/password', {
          token: 'nope',
          old_password: u.password,
          new_password: NEW_PASSWORD,
        })
      ).json().result,
    ).toBe('InvalidToken');
    expect(
      (
        await anon.put('/p/user/password', {
          token: body.token,
          old_password: 'Wrong-1-pass',
          new_password: NEW_PASSWORD,
        })
      ).json().result,
    ).toBe('wrongPassword');
    expect(
      (
        await anon.put('/p/user/password', {
          token: body.token,
          old_password: u.password,
          new_password: 'weak',
        })
      ).json().result,
    ).toBe('PasswordWeak');
    const ok = await anon.put('/p/user/password', {
      token: body.token,
      old_password: u.password,
      new_password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(204);
    // a used token is worthless
    expect(
      (
        await anon.put('/p/user/password', {
          token: body.token,
          old_password: NEW_PASSWORD,
          new_password: 'Another-Pass9',
        })
      ).json().result,
    ).toBe('InvalidToken');
    const again = await t.anonymous().post('/p/login', { account: u.account, password: NEW_PASSWORD });
    expect(again.json().user.must_change_password).toBe(false);
  });

  test('an expired token answers InvalidToken', async () => {
    const u = await t.makeUser();
    await t.database.db
      .updateTable('users')
      .set({ must_change_password: 1 })
      .where('id', '=', u.id)
      .execute();
    const { token } = (
      await t.anonymous().post('/p/login', { account: u.account, password: u.password })
    ).json();
    t.clock.advance(1801);
    const res = await t
      .anonymous()
      .put('/p/user/password', { token, old_password: u.password, new_password: NEW_PASSWORD });
    expect(res.json().result).toBe('InvalidToken');
  });

  test('a private deployment whose replacement cycle has passed asks for a new password', async () => {
    const priv = await makeTestApp({ IS_PRIVATIZATION: '1', password_replace_cycle_days: '90' });
    try {
      const u = await priv.makeUser();
      expect(
        (await priv.anonymous().post('/p/login', { account: u.account, password: u.password })).json(),
      ).toHaveProperty('user');
      priv.clock.advance(90 * 86400);
      const res = await priv.anonymous().post('/p/login', { account: u.account, password: u.password });
      expect(res.json()).toMatchObject({ must_change_password: true, reason: 'expired' });
    } finally {
      await priv.close();
    }
  });
});

describe('forgot password', () => {
  test('a reset link by mail, single use; every session ends', async () => {
    const u = await t.makeUser();
    const session = await u.client();
    const email = `${u.account}@test.example`;
    const res = await t.anonymous().post('/p/password/forgot', { account: u.account.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ channel: 'mail' });
    const message = await lastMessageTo(t, email);
    expect(message).toMatchObject({ channel: 'mail', kind: 'password_reset', state: 'stored' });
    expect(message?.body).toContain('https://drive.example.com/cts/reset?token=');
    const token = await lastResetTokenTo(t, email);

    const anon = t.anonymous();
    expect((await anon.post('/p/password/reset', { token, new_password: 'weak' })).json().result).toBe(
      'PasswordWeak',
    );
    expect((await anon.post('/p/password/reset', { token, new_password: NEW_PASSWORD })).statusCode).toBe(
      204,
    );
    expect(
      (await anon.post('/p/password/reset', { token, new_password: 'Other-Pass-99' })).json().result,
    ).toBe('InvalidToken');
    expect((await session.get('/v1/users/self')).statusCode).toBe(401);
    expect((await anon.post('/p/login', { account: u.account, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  test('a link older than 30 minutes answers InvalidToken', async () => {
    const u = await t.makeUser();
    await t.anonymous().post('/p/password/forgot', { account: `${u.account}@test.example` });
    const token = await lastResetTokenTo(t, `${u.account}@test.example`);
    t.clock.advance(1801);
    expect(
      (await t.anonymous().post('/p/password/reset', { token, new_password: NEW_PASSWORD })).json().result,
    ).toBe('InvalidToken');
  });

  test('the reset page checks its link as it opens, without using it: a used or expired one answers InvalidToken', async () => {
    const u = await t.makeUser();
    const email = `${u.account}@test.example`;
    await t.anonymous().post('/p/password/forgot', { account: email });
    const token = await lastResetTokenTo(t, email);
    const anon = t.anonymous();
    const check = (value: string) => anon.get(`/p/password/reset?token=${encodeURIComponent(value)}`);
    expect((await anon.get('/p/password/reset')).statusCode).toBe(400);
    expect((await check('not-a-token')).json()).toMatchObject({ result: 'InvalidToken' });
    // a live link, asked about twice (a reload), still resets the password
    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);
    expect((await anon.post('/p/password/reset', { token, new_password: NEW_PASSWORD })).statusCode).toBe(
      204,
    );
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toMatchObject({ result: 'InvalidToken' });
    // under /account too
    expect((await anon.get(`/account/p/password/reset?token=${token}`)).json().result).toBe('InvalidToken');

    await t.anonymous().post('/p/password/forgot', { account: email });
    const later = await lastResetTokenTo(t, email);
    expect((await check(later)).statusCode).toBe(204);
    t.clock.advance(1801);
    expect((await check(later)).json()).toMatchObject({ result: 'InvalidToken' });
  });

  test('an unknown account gets the same answer, and nothing is sent', async () => {
    const before = await t.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.anonymous().post('/p/password/forgot', { account: 'nobody-at-all' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ channel: 'mail' });
    const after = await t.database.db
      .selectFrom('outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const phone = await t.anonymous().post('/p/password/forgot', { account: '13800000404' });
    expect(phone.json()).toEqual({ channel: 'sms' });
  });

  test('a phone number gets a code by text message, which resets the password once', async () => {
    const u = await t.makeUser();
    const phone = '13811112222';
    await t.database.db.updateTable('users').set({ phone }).where('id', '=', u.id).execute();
    expect((await t.anonymous().post('/p/password/forgot', { account: phone })).json()).toEqual({
      channel: 'sms',
    });
    expect(await lastMessageTo(t, phone)).toMatchObject({ channel: 'sms', kind: 'reset_code' });
    const code = await lastCodeTo(t, phone);
    const anon = t.anonymous();
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await anon.post('/p/password/reset', { phone, code: wrong, new_password: NEW_PASSWORD })).json()
        .result,
    ).toBe('InvalidBindCode');
    expect(
      (await anon.post('/p/password/reset', { phone, code, new_password: NEW_PASSWORD })).statusCode,
    ).toBe(204);
    expect(
      (await anon.post('/p/password/reset', { phone, code, new_password: 'Other-Pass-99' })).json().result,
    ).toBe('InvalidBindCode');
    expect((await anon.post('/p/login', { account: phone, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  test('requests are throttled per account', async () => {
    const anon = t.anonymous();
    for (let i = 0; i < 5; i++)
      expect((await anon.post('/p/password/forgot', { account: 'throttled-one' })).statusCode).toBe(200);
    const res = await anon.post('/p/password/forgot', { account: 'throttled-one' });
    expect(res.statusCode).toBe(429);
    expect(res.json().result).toBe('apiRateLimitExceede');
  });

  test('a body with neither token nor phone and code answers 400', async () => {
    expect((await t.anonymous().post('/p/password/reset', { new_password: NEW_PASSWORD })).statusCode).toBe(
      400,
    );
  });
});
