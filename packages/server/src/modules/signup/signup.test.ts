import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { lastCodeTo, lastMessageTo } from '../../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ allow_signup: '1', signup_vip_level: '7' });
});
afterAll(async () => {
  await t.close();
});

describe('sign-up of a general user', () => {
  test('by email: a code from the outbox, then the account with a session', async () => {
    const anon = t.anonymous();
    const sent = await anon.post('/p/signup/code', { type: 'email', value: 'New.Person@Example.com' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ type: 'email', value: 'new.person@example.com' });
    expect(await lastMessageTo(t, 'new.person@example.com')).toMatchObject({
      channel: 'mail',
      kind: 'signup_code',
    });
    const code = await lastCodeTo(t, 'new.person@example.com');

    const body = { type: 'email', value: 'new.person@example.com', code, password: 'Signup-Pass-1' };
    expect((await anon.post('/p/signup', { ...body, password: 'weakpassword' })).json().result).toBe(
      'PasswordWeak',
    );
    expect(
      (await anon.post('/p/signup', { ...body, code: code === '000000' ? '111111' : '000000' })).json()
        .result,
    ).toBe('InvalidBindCode');
    const res = await anon.post('/p/signup', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      email: 'new.person@example.com',
      nick_name: 'new.person',
      vip_level: 7,
      companyid: 0,
      company: null,
    });
    expect(res.json().user.unique_name).toMatch(/^new\.person_[0-9a-f]{4}$/);
    expect((await anon.get('/v1/users/self')).statusCode).toBe(200);
    // the address is taken now, and the new account logs in by it
    const again = await t
      .anonymous()
      .post('/p/signup/code', { type: 'email', value: 'new.person@example.com' });
    expect(again.statusCode).toBe(409);
    expect(again.json().result).toBe('EmailAlreadyInUsed');
    expect(
      (await t.anonymous().post('/p/login', { account: 'new.person@example.com', password: 'Signup-Pass-1' }))
        .statusCode,
    ).toBe(200);
  });

  test('by phone, with a nickname', async () => {
    const anon = t.anonymous();
    expect((await anon.post('/p/signup/code', { type: 'phone', value: '123' })).json().result).toBe(
      'InvalidPhone',
    );
    expect((await anon.post('/p/signup/code', { type: 'email', value: 'x@' })).json().result).toBe(
      'InvalidEmail',
    );
    await anon.post('/p/signup/code', { type: 'phone', value: '13700001111' });
    const code = await lastCodeTo(t, '13700001111');
    const res = await anon.post('/p/signup', {
      type: 'phone',
      value: '13700001111',
      code,
      password: 'Signup-Pass-2',
      nick_name: '路人甲',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({
      phone_number: '13700001111',
      nick_name: '路人甲',
      pinyin: 'lurenjia',
    });
  });

  test('closed unless allow_signup', async () => {
    const closed = await makeTestApp();
    try {
      const res = await closed.anonymous().post('/p/signup/code', { type: 'email', value: 'a@b.cn' });
      expect(res.statusCode).toBe(403);
      expect(res.json().result).toBe('signupDisabled');
      expect(
        (
          await closed
            .anonymous()
            .post('/p/signup', { type: 'email', value: 'a@b.cn', code: '1', password: 'x' })
        ).statusCode,
      ).toBe(403);
    } finally {
      await closed.close();
    }
  });

  test('a malformed body answers 400', async () => {
    expect((await t.anonymous().post('/p/signup', { type: 'fax', value: 'x' })).statusCode).toBe(400);
  });
});
