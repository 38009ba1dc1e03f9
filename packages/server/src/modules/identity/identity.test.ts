import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { lastMessageTo } from '../../../test/outbox.ts';

let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await makeTestApp({ allow_real_name: '1' });
  companyId = await t.makeCompany('Identity Co');
});
afterAll(async () => {
  await t.close();
});

const ID = '11010519491231002X';

describe('real-name verification', () => {
  test('unverified -> pending -> rejected -> pending -> verified', async () => {
    expect((await t.anonymous().get('/p/identity')).statusCode).toBe(401);
    const u = await t.makeUser({ companyId });
    const admin = await (await t.makeUser({ companyId, roles: 'admin' })).client();
    const client = await u.client();
    expect((await client.get('/p/identity')).json()).toMatchObject({
      required: true,
      verified: false,
      status: 'unverified',
    });

    expect((await client.post('/p/identity', { real_name: '张' })).statusCode).toBe(400);
    expect((await client.post('/p/identity', { real_name: '张', id_number: ID })).json().result).toBe(
      'identity_name_err',
    );
    expect(
      (await client.post('/p/identity', { real_name: '张三', id_number: '110105194912310021' })).json()
        .result,
    ).toBe('identity_number_err');
    const submitted = await client.post('/p/identity', { real_name: '张三', id_number: ID.toLowerCase() });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'pending',
      verified: false,
      real_name: '*三',
      id_number: '110***********002X',
    });
    const twice = await client.post('/p/identity', { real_name: '张三', id_number: ID });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().result).toBe('identitySubmitted');

    // the queue: plain users may not look (the console's calls answer them 404, issue 6); the admin sees the pending request
    expect((await client.get('/admin/v1/identities')).statusCode).toBe(404);
    const queue = (await admin.get('/admin/v1/identities?status=pending')).json();
    const request = queue.identities.find((r: { user: { id: number } }) => r.user.id === u.id);
    expect(request).toMatchObject({ status: 'pending', real_name: '张三', id_number: '110***********002X' });

    const rejected = await admin.post(`/admin/v1/identities/${request.id}/reject`, { reason: 'blurry' });
    expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'blurry' });
    expect((await admin.post(`/admin/v1/identities/${request.id}/approve`)).json().result).toBe(
      'identityNotPending',
    );
    expect((await client.get('/p/identity')).json()).toMatchObject({ status: 'rejected', reason: 'blurry' });
    expect((await lastMessageTo(t, `${u.account}@test.example`))?.kind).toBe('identity_result');

    await client.post('/p/identity', { real_name: '张三', id_number: ID });
    const again = (await admin.get('/admin/v1/identities?status=pending')).json().identities[0];
    const approved = await admin.post(`/admin/v1/identities/${again.id}/approve`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('verified');
    expect((await client.get('/account/p/identity')).json()).toMatchObject({
      verified: true,
      status: 'verified',
    });
    // Both decisions are in the console's audit log; the refused second approval is not.
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id', 'detail', 'via'])
      .where('action', 'like', 'identity.%')
      .where('target_id', '=', String(u.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        action: 'identity.reject',
        target_id: String(u.id),
        detail: JSON.stringify({ reason: 'blurry' }),
        via: 'web',
      },
      { action: 'identity.approve', target_id: String(u.id), detail: '{}', via: 'web' },
    ]);
  });

  test("another company's administrator sees nothing of it", async () => {
    const otherCompany = await t.makeCompany('Other Co');
    const u = await t.makeUser({ companyId });
    await (await u.client()).post('/p/identity', { real_name: 'Alice Walker', id_number: 'E12345678' });
    const outsider = await (await t.makeUser({ companyId: otherCompany, roles: 'admin' })).client();
    const list = (await outsider.get('/admin/v1/identities')).json();
    expect(list.identities).toEqual([]);
    const mine = (
      await (
        await (await t.makeUser({ companyId, roles: 'admin' })).client()
      ).get('/admin/v1/identities?status=pending')
    ).json();
    const id = mine.identities[0].id;
    const res = await outsider.post(`/admin/v1/identities/${id}/approve`);
    expect(res.statusCode).toBe(404);
  });

  test('a general user is reviewed by the first company’s administrators', async () => {
    const general = await t.makeUser();
    await (await general.client()).post('/p/identity', { real_name: 'Lucy Lu', id_number: 'P1234567' });
    const operator = await (await t.makeUser({ companyId, roles: 'admin' })).client();
    const list = (await operator.get('/admin/v1/identities?status=pending')).json();
    expect(list.identities.some((r: { user: { id: number } }) => r.user.id === general.id)).toBe(true);
  });

  test('with the setting off, the state says not required and submitting is refused', async () => {
    const off = await makeTestApp();
    try {
      const client = await (await off.makeUser()).client();
      expect((await client.get('/p/identity')).json()).toMatchObject({
        required: false,
        status: 'unverified',
      });
      const res = await client.post('/p/identity', { real_name: '张三', id_number: ID });
      expect(res.statusCode).toBe(403);
      expect(res.json().result).toBe('identityNotRequired');
    } finally {
      await off.close();
    }
  });
});
