import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { lastCodeTo, lastMessageTo } from '../../../test/outbox.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('PATCH /v1/users/self', () => {
  test('walks 401 -> 400 -> 200, and answers the refreshed profile', async () => {
    expect((await t.anonymous().patch('/v1/users/self', { address: 'x' })).statusCode).toBe(401);
    const client = await (await t.makeUser()).client();
    expect((await client.patch('/v1/users/self', { sex: { no: 1 } })).statusCode).toBe(400);
    const res = await client.patch('/v1/users/self', { address: ' Room 301, Building 2 ', sex: '2' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ address: 'Room 301, Building 2', sex: 2 });
    expect((await client.get('/v1/users/self')).json()).toMatchObject({
      address: 'Room 301, Building 2',
      sex: 2,
    });
  });

  test.each([
    [{ address: 'a/b' }, 'address_err'],
    [{ address: 'x'.repeat(51) }, 'address_length_err'],
    [{ sex: 3 }, 'sex_err'],
    [{ nick_name: '   ' }, 'InvalidNickname'],
    [{ nick_name: 'a|b' }, 'InvalidNickname'],
    [{ email: 'not-an-email' }, 'InvalidEmail'],
    [{ phone_number: '12345' }, 'InvalidPhone'],
    [{ phone_number: '1380000abcd' }, 'InvalidPhone'],
  ])('%j answers 400 %s', async (body, key) => {
    const client = await (await t.makeUser()).client();
    const res = await client.patch('/v1/users/self', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(key);
    if (key === 'InvalidEmail') expect(res.json().code).toBe(40008000);
  });

  test('a new nickname keeps the pinyin in step', async () => {
    const u = await t.makeUser({ name: 'Old Name' });
    const client = await u.client();
    const res = await client.patch('/v1/users/self', { nick_name: ' 王小明 ' });
    expect(res.json()).toMatchObject({ nick_name: '王小明', pinyin: 'wangxiaoming' });
    const row = await t.database.db
      .selectFrom('users')
      .select(['pinyin_initials'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row.pinyin_initials).toBe('wxm');
  });

  test('a phone of 21 to 40 characters is allowed only in a private deployment', async () => {
    const long = '1'.repeat(30);
    const client = await (await t.makeUser()).client();
    expect((await client.post('/p/bind/code', { type: 'phone', value: long })).json().result).toBe(
      'InvalidPhone',
    );
    const priv = await makeTestApp({ IS_PRIVATIZATION: '1' });
    try {
      const c = await (await priv.makeUser()).client();
      expect((await c.post('/p/bind/code', { type: 'phone', value: long })).statusCode).toBe(200);
    } finally {
      await priv.close();
    }
  });
});

describe('binding an email or phone', () => {
  test('a code goes to the new phone; with it the phone is bound', async () => {
    const u = await t.makeUser();
    const client = await u.client();
    const phone = '13812345678';
    const sent = await client.post('/p/bind/code', { type: 'phone', value: phone });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ type: 'phone', value: phone, expires_in: 600, resend_in: 60 });
    const message = await lastMessageTo(t, phone);
    expect(message).toMatchObject({ channel: 'sms', kind: 'bind_code', state: 'stored' });

    // without the code, or with a wrong one, nothing changes
    expect((await client.patch('/v1/users/self', { phone_number: phone })).json().result).toBe(
      'InvalidBindCode',
    );
    expect(
      (await client.patch('/v1/users/self', { phone_number: phone, code: '000000x' })).json().result,
    ).toBe('InvalidBindCode');
    const code = await lastCodeTo(t, phone);
    const res = await client.patch('/v1/users/self', { phone_number: phone, code });
    expect(res.statusCode).toBe(200);
    expect(res.json().phone_number).toBe(phone);
    expect((await client.get('/p/bind/status')).json()).toMatchObject({
      phone,
      phone_bound: true,
      email_bound: true,
    });
    // a code works once
    await t.database.db.updateTable('users').set({ phone: null }).where('id', '=', u.id).execute();
    expect((await client.patch('/v1/users/self', { phone_number: phone, code })).json().result).toBe(
      'InvalidBindCode',
    );
    // the new phone logs in
    expect(
      (await t.anonymous().post('/p/login', { account: u.account, password: u.password })).statusCode,
    ).toBe(200);
  });

  test('an email is bound lower-case by its code, and answers 401 when logged out', async () => {
    expect((await t.anonymous().post('/p/bind/code', { type: 'email', value: 'a@b.cn' })).statusCode).toBe(
      401,
    );
    const client = await (await t.makeUser()).client();
    const sent = await client.post('/p/bind/code', { type: 'email', value: 'New.Address@Example.com' });
    expect(sent.json().value).toBe('new.address@example.com');
    expect((await lastMessageTo(t, 'new.address@example.com'))?.channel).toBe('mail');
    const code = await lastCodeTo(t, 'new.address@example.com');
    const res = await client.patch('/v1/users/self', { email: 'NEW.address@example.com', code });
    expect(res.json().email).toBe('new.address@example.com');
  });

  test('an expired code is refused', async () => {
    const client = await (await t.makeUser()).client();
    const phone = '13812340001';
    await client.post('/p/bind/code', { type: 'phone', value: phone });
    const code = await lastCodeTo(t, phone);
    t.clock.advance(601);
    expect((await client.patch('/v1/users/self', { phone_number: phone, code })).json().result).toBe(
      'InvalidBindCode',
    );
  });

  test('five wrong tries spend a code', async () => {
    const client = await (await t.makeUser()).client();
    const phone = '13812340002';
    await client.post('/p/bind/code', { type: 'phone', value: phone });
    const code = await lastCodeTo(t, phone);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) await client.patch('/v1/users/self', { phone_number: phone, code: wrong });
    expect((await client.patch('/v1/users/self', { phone_number: phone, code })).json().result).toBe(
      'InvalidBindCode',
    );
  });

  test('an address bound to someone else answers EmailAlreadyInUsed / PhoneAlreadyInUsed', async () => {
    const other = await t.makeUser();
    await t.database.db
      .updateTable('users')
      .set({ phone: '13900009999' })
      .where('id', '=', other.id)
      .execute();
    const client = await (await t.makeUser()).client();
    const email = await client.post('/p/bind/code', {
      type: 'email',
      value: `${other.account}@test.example`,
    });
    expect(email.statusCode).toBe(409);
    expect(email.json().result).toBe('EmailAlreadyInUsed');
    const phone = await client.post('/p/bind/code', { type: 'phone', value: '13900009999' });
    expect(phone.json().result).toBe('PhoneAlreadyInUsed');
    expect(
      (await client.patch('/v1/users/self', { phone_number: '13900009999', code: '123456' })).json().result,
    ).toBe('PhoneAlreadyInUsed');
  });

  test('asking again within a minute is apiRateLimitExceede; a sixth code in an hour is SMSLimitReached', async () => {
    const client = await (await t.makeUser()).client();
    const phone = '13812340003';
    expect((await client.post('/p/bind/code', { type: 'phone', value: phone })).statusCode).toBe(200);
    const again = await client.post('/p/bind/code', { type: 'phone', value: phone });
    expect(again.statusCode).toBe(429);
    expect(again.json().result).toBe('apiRateLimitExceede');
    expect(again.json().debug.retry_after).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61);
      expect((await client.post('/p/bind/code', { type: 'phone', value: phone })).statusCode).toBe(200);
    }
    t.clock.advance(61);
    const sixth = await client.post('/p/bind/code', { type: 'phone', value: phone });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().result).toBe('SMSLimitReached');
    t.clock.advance(3600);
    expect((await client.post('/p/bind/code', { type: 'phone', value: phone })).statusCode).toBe(200);
  });
});

describe('PATCH /v1/companies/self/members/self', () => {
  test('walks 401 -> 400 -> 403 -> 200', async () => {
    expect(
      (await t.anonymous().patch('/v1/companies/self/members/self', { ext_phone_number: '010-12345678' }))
        .statusCode,
    ).toBe(401);
    const companyId = await t.makeCompany();
    const client = await (await t.makeUser({ companyId })).client();
    expect((await client.patch('/v1/companies/self/members/self', {})).statusCode).toBe(400);
    const bad = await client.patch('/v1/companies/self/members/self', { ext_phone_number: '12345678' });
    expect(bad.json().result).toBe('tel_phone_err');
    const general = await (await t.makeUser()).client();
    const notMember = await general.patch('/v1/companies/self/members/self', {
      ext_phone_number: '010-22345678',
    });
    expect(notMember.statusCode).toBe(403);
    expect(notMember.json().result).toBe('notCompanyMember');
    const ok = await client.patch('/v1/companies/self/members/self', { ext_phone_number: '010-22345678-12' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().company_member.ext_phone_number).toBe('010-22345678-12');
    const cleared = await client.patch('/v1/companies/self/members/self', { ext_phone_number: '' });
    expect(cleared.json().company_member.ext_phone_number).toBe('');
  });
});

describe('the user card', () => {
  test('brief and depts walk 401 -> 400 -> 404 -> 200, also under /cts', async () => {
    const companyId = await t.makeCompany('Card Co');
    const a = await t.makeUser({ companyId, name: 'Card A' });
    const b = await t.makeUser({ companyId, name: 'Card B' });
    const stranger = await t.makeUser();
    expect((await t.anonymous().get(`/u/v1/companies/self/users/${b.id}/brief`)).statusCode).toBe(401);
    const client = await a.client();
    expect((await client.get('/u/v1/companies/self/users/abc/brief')).statusCode).toBe(400);
    const hidden = await client.get(`/u/v1/companies/self/users/${stranger.id}/brief`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('userNotExist');
    expect((await client.get('/u/v1/companies/self/users/999999/brief')).json().result).toBe('userNotExist');
    const res = await client.get(`/cts/u/v1/companies/self/users/${b.id}/brief`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: b.id, nick_name: 'Card B', is_favorite: false, depts: [] });
    expect(res.json()).not.toHaveProperty('password_hash');
    const depts = await client.get(`/v1/companies/self/users/${b.id}/depts`);
    expect(depts.json()).toEqual({ depts: [] });
    expect((await client.get(`/v1/companies/self/users/${stranger.id}/depts`)).statusCode).toBe(404);
    // oneself, always
    expect(
      (await (await stranger.client()).get(`/u/v1/companies/self/users/${stranger.id}/brief`)).statusCode,
    ).toBe(200);
  });
});
