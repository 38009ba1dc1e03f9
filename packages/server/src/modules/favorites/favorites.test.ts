import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept } from '../../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('favourite users (type 4)', () => {
  test('walks 401 -> 400 -> 404 -> 201, lists, shows on the card, and removes', async () => {
    const companyId = await t.makeCompany('Fav Co');
    const me = await t.makeUser({ companyId });
    const colleague = await t.makeUser({ companyId, name: '李娜' });
    const stranger = await t.makeUser();
    expect(
      (await t.anonymous().post(`/v1/users/self/favorites/4`, { entity_id: colleague.id })).statusCode,
    ).toBe(401);
    const client = await me.client();
    expect((await client.post('/v1/users/self/favorites/4', { entity_id: 'x' })).statusCode).toBe(400);
    expect((await client.post('/v1/users/self/favorites/7', { entity_id: colleague.id })).statusCode).toBe(
      400,
    );
    // a team the user does not belong to is as missing as one that does not exist
    expect((await client.post('/v1/users/self/favorites/3', { entity_id: 999999 })).json().result).toBe(
      'groupNotExist',
    );
    const hidden = await client.post('/v1/users/self/favorites/4', { entity_id: stranger.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('userNotExist');

    const added = await client.post('/v1/users/self/favorites/4', { entity_id: colleague.id });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ type: 4, entity_id: colleague.id });
    // twice is once
    expect(
      (await client.post('/cts/v1/users/self/favorites/4', { entity_id: colleague.id })).statusCode,
    ).toBe(201);

    const list = await client.get('/u/v1/users/self/favorites');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      favorites: [{ type: 4, entity_id: colleague.id, user: { id: colleague.id, nick_name: '李娜' } }],
      more: false,
    });
    expect((await client.get(`/u/v1/companies/self/users/${colleague.id}/brief`)).json().is_favorite).toBe(
      true,
    );

    expect((await client.delete(`/v1/users/self/favorites/4/${colleague.id}`)).statusCode).toBe(204);
    expect((await client.get('/u/v1/users/self/favorites')).json().favorites).toEqual([]);
    expect((await client.get(`/u/v1/companies/self/users/${colleague.id}/brief`)).json().is_favorite).toBe(
      false,
    );
  });

  test("a starred person's departments come in the directory's order (sort, then id)", async () => {
    const companyId = await t.makeCompany('Order Co');
    const me = await t.makeUser({ companyId });
    const colleague = await t.makeUser({ companyId });
    const earlier = await makeDept(t, companyId, 'Earlier');
    const later = await makeDept(t, companyId, 'Later');
    // The directory places the later-made department first.
    await t.database.db.updateTable('departments').set({ sort: -1 }).where('id', '=', later.id).execute();
    await joinDept(t, colleague, earlier.id);
    await joinDept(t, colleague, later.id);
    const client = await me.client();
    await client.post('/v1/users/self/favorites/4', { entity_id: colleague.id });
    const [starred] = (await client.get('/u/v1/users/self/favorites')).json().favorites;
    expect(starred.user.depts.map((d: { id: number }) => d.id)).toEqual([later.id, earlier.id]);
  });

  test('the list pages with offset and limit', async () => {
    const companyId = await t.makeCompany();
    const me = await t.makeUser({ companyId });
    const client = await me.client();
    for (let i = 0; i < 3; i++) {
      const other = await t.makeUser({ companyId });
      await client.post('/v1/users/self/favorites/4', { entity_id: other.id });
      t.clock.advance(1);
    }
    const first = (await client.get('/u/v1/users/self/favorites?limit=2')).json();
    expect(first.favorites).toHaveLength(2);
    expect(first.more).toBe(true);
    const rest = (await client.get('/u/v1/users/self/favorites?limit=2&offset=2')).json();
    expect(rest.favorites).toHaveLength(1);
    expect(rest.more).toBe(false);
  });
});

describe('favourite teams (type 3)', () => {
  test('a member stars a team; the list answers it with the team, beside starred people', async () => {
    const companyId = await t.makeCompany('Fav Teams Co');
    const me = await t.makeUser({ companyId });
    const colleague = await t.makeUser({ companyId });
    const client = await me.client();
    const team = (await client.post('/api/v3/groups', { name: 'Starred team' })).json();
    expect((await client.post('/v1/users/self/favorites/3', { entity_id: team.id })).statusCode).toBe(201);
    t.clock.advance(1);
    await client.post('/v1/users/self/favorites/4', { entity_id: colleague.id });
    const all = (await client.get('/u/v1/users/self/favorites')).json().favorites;
    expect(all.map((f: { type: number }) => f.type)).toEqual([4, 3]);
    expect(all[1]).toMatchObject({
      entity_id: team.id,
      group: { id: team.id, name: 'Starred team', type: 3 },
    });
    expect((await client.get('/u/v1/users/self/favorites?type=3')).json().favorites).toHaveLength(1);
    // someone else cannot star it
    const other = await colleague.client();
    expect((await other.post('/v1/users/self/favorites/3', { entity_id: team.id })).statusCode).toBe(404);
    expect((await client.delete(`/v1/users/self/favorites/3/${team.id}`)).statusCode).toBe(204);
    expect((await client.get('/u/v1/users/self/favorites?type=3')).json().favorites).toEqual([]);
  });
});
