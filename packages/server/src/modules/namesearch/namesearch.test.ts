import { TEAM_ROLE, TEAM_TYPE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept, makeTeam } from '../../../test/drive.ts';
import { makeTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
let companyId: number;
let me: TestUser;
let zhang: TestUser;
let wang: TestUser;
let alice: TestUser;
let rd: { id: number; path: string };
let backend: { id: number; path: string };

beforeAll(async () => {
  t = await makeTestApp();
  companyId = await t.makeCompany('Search Co');
  rd = await makeDept(t, companyId, '研发中心');
  backend = await makeDept(t, companyId, '后端组', rd);
  me = await t.makeUser({ companyId, name: '周杰' });
  zhang = await t.makeUser({ companyId, name: '张伟', account: 'zhangwei' });
  wang = await t.makeUser({ companyId, name: '王芳', account: 'wangfang' });
  alice = await t.makeUser({ companyId, name: 'Alice Walker', account: 'alice' });
  await t.database.db.updateTable('users').set({ phone: '13800138000' }).where('id', '=', wang.id).execute();
  await joinDept(t, zhang, rd.id);
  await joinDept(t, wang, backend.id);
  await joinDept(t, alice, backend.id);
});
afterAll(async () => {
  await t.close();
});

const ids = (res: { json(): { members: { id: number }[] } }) =>
  res
    .json()
    .members.map((m) => m.id)
    .sort();

describe('GET /namesearch/api/{companyid}/users/find', () => {
  test.each([
    ['张', 'the name'],
    ['zhangwei', 'the full pinyin'],
    ['ZhangWei', 'the pinyin in any case'],
    ['zhang wei', 'the pinyin with a space'],
    ['zw', 'the initials'],
    ['ZW', 'the initials in any case'],
  ])('finds 张伟 by %s (%s)', async (keywords) => {
    const c = await me.client();
    const res = await c.get(
      `/namesearch/api/${companyId}/users/find?keywords=${encodeURIComponent(keywords)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([zhang.id]);
    expect(res.json().members[0]).toMatchObject({
      userId: zhang.id,
      realName: '张伟',
      nick_name: '张伟',
      departmentNames: ['研发中心'],
      emails: [`zhangwei@test.example`],
    });
  });

  test('phone and the email local part match; the email domain does not', async () => {
    const c = await me.client();
    const find = (q: string) =>
      c.get(`/namesearch/api/${companyId}/users/find?keywords=${encodeURIComponent(q)}`);
    expect(ids(await find('0013800'))).toEqual([wang.id]);
    expect(ids(await find('ALICE'))).toEqual([alice.id]);
    expect(ids(await find('test.example'))).toEqual([]);
    // LIKE wildcards are taken literally
    expect(ids(await find('%'))).toEqual([]);
    expect(ids(await find('zhan_wei'))).toEqual([]);
  });

  test('input is cut to 30 characters; departments ride along unless ignore_depts', async () => {
    const c = await me.client();
    const long = `zhangwei${'x'.repeat(40)}`;
    // cut to 30, "zhangweixxx..." still matches nothing, but the call succeeds
    expect((await c.get(`/namesearch/api/${companyId}/users/find?keywords=${long}`)).json().members).toEqual(
      [],
    );
    const withDepts = (await c.get(`/namesearch/api/${companyId}/users/find?keywords=yanfa`)).json();
    expect(withDepts.depts.map((d: { name: string }) => d.name)).toEqual(['研发中心']);
    expect(
      (await c.get(`/namesearch/api/${companyId}/users/find?keywords=yanfa&ignore_depts=true`)).json().depts,
    ).toEqual([]);
  });

  test('pages of 50 and another company is notCompanyMember', async () => {
    const bulkCompany = await t.makeCompany('Bulk Co');
    const viewer = await t.makeUser({ companyId: bulkCompany });
    const rows = [];
    for (let i = 0; i < 60; i++) {
      rows.push({
        unique_name: `ps${i}`,
        nick_name: `Page Person ${i}`,
        pinyin: `pageperson${i}`,
        pinyin_initials: 'pp',
        email: `ps${i}@x.example`,
        password_hash: '-',
        password_changed_at: t.clock.now,
        created_at: t.clock.now,
      });
    }
    const inserted = await t.database.db.insertInto('users').values(rows).returning('id').execute();
    await t.database.db
      .insertInto('company_members')
      .values(
        inserted.map((r) => ({
          company_id: bulkCompany,
          user_id: r.id,
          main_dept_id: null,
          created_at: t.clock.now,
        })),
      )
      .execute();
    const c = await viewer.client();
    const first = (await c.get(`/namesearch/api/${bulkCompany}/users/find?keywords=page`)).json();
    expect(first.members).toHaveLength(50);
    expect(first.more).toBe(true);
    const rest = (await c.get(`/namesearch/api/${bulkCompany}/users/find?keywords=page&offset=50`)).json();
    expect(rest.members).toHaveLength(10);
    expect(rest.more).toBe(false);
    const other = await c.get(`/namesearch/api/${companyId}/users/find?keywords=zhang`);
    expect(other.statusCode).toBe(403);
    expect(other.json().result).toBe('notCompanyMember');
  });
});

describe('the other name searches', () => {
  test('departments by name or pinyin, and their members (sub-departments included)', async () => {
    const c = await me.client();
    const depts = (await c.get('/namesearch/api/departments/find?keywords=hdz')).json().depts;
    expect(depts.map((d: { id: number }) => d.id)).toEqual([backend.id]);
    const members = await c.post('/namesearch/api/departments/members/find', {
      dept_ids: [rd.id],
      keywords: '',
    });
    expect(ids(members)).toEqual([zhang.id, wang.id, alice.id].sort());
    const narrowed = await c.post('/namesearch/api/departments/members/find', {
      dept_ids: [rd.id],
      keywords: 'wf',
    });
    expect(ids(narrowed)).toEqual([wang.id]);
  });

  test('my groups by name or pinyin (chats with allow_chat), and a group’s members', async () => {
    const team = await makeTeam(t, me, [{ user: zhang, role: TEAM_ROLE.member }], { name: '产品设计' });
    const chat = await makeTeam(t, me, [{ user: wang, role: TEAM_ROLE.member }], {
      name: '产品午餐',
      teamType: TEAM_TYPE.chat,
    });
    const c = await me.client();
    const groups = (await c.get('/namesearch/api/mygroups/find?keywords=chanpin')).json().groups;
    expect(groups.map((g: { id: number }) => g.id)).toEqual([team]);
    // spec 001 §3 "Search team item": owner_user.nick_name, creator.name, sort_key, members.
    expect(groups[0]).toMatchObject({
      name: '产品设计',
      owner_user: { id: me.id },
      creator: { id: me.id, name: expect.any(String) },
      sort_key: 'chanpinsheji',
    });
    expect(groups[0].creator.name).toBe(groups[0].owner_user.nick_name);
    expect(groups[0].members.map((m: { id: number }) => m.id).sort()).toEqual([me.id, zhang.id].sort());
    const withChats = (await c.get('/namesearch/api/mygroups/find?keywords=CP&allow_chat=true')).json()
      .groups;
    expect(withChats.map((g: { id: number }) => g.id).sort()).toEqual([team, chat].sort());
    expect(ids(await c.get(`/namesearch/api/groups/${team}/members/find?keywords=zw`))).toEqual([zhang.id]);
    expect(ids(await c.get(`/namesearch/api/groups/${team}/members/find?keywords=wang`))).toEqual([]);
    const outsider = await (await t.makeUser({ companyId })).client();
    expect((await outsider.get(`/namesearch/api/groups/${team}/members/find?keywords=z`)).statusCode).toBe(
      404,
    );
  });
});

describe('the company directory', () => {
  test('company, department tree, a department list paged, sub-departments, users batch', async () => {
    const c = await me.client();
    expect((await c.get('/v1/companies/self')).json()).toMatchObject({
      companyid: companyId,
      name: 'Search Co',
    });
    const tree = (await c.get('/cts/v1/companies/self/depts')).json().depts;
    expect(
      tree.map((d: { name: string; parentid: number | null; member_count: number }) => [
        d.name,
        d.member_count,
      ]),
    ).toEqual([
      ['研发中心', 3],
      ['后端组', 2],
    ]);
    const root = (await c.get('/u/v1/companies/self/depts/root/list')).json();
    expect(root.depts.map((d: { id: number }) => d.id)).toEqual([rd.id]);
    const list = (await c.get(`/u/v1/companies/self/depts/${rd.id}/list?limit=50&offset=0`)).json();
    expect(list.dept).toMatchObject({ id: rd.id, member_count: 3 });
    expect(list.depts.map((d: { id: number }) => d.id)).toEqual([backend.id]);
    expect(list.members.map((m: { id: number }) => m.id)).toEqual([zhang.id]);
    expect((await c.get(`/v1/depts/${rd.id}/depts`)).json().depts.map((d: { id: number }) => d.id)).toEqual([
      backend.id,
    ]);
    const stranger = await t.makeUser();
    const batch = (await c.post('/v1/companies/self/users/batch', { get: [zhang.id, stranger.id] })).json()
      .users;
    expect(batch.map((u: { id: number }) => u.id)).toEqual([zhang.id]);
    // a general user has no directory
    const general = await stranger.client();
    expect((await general.get('/v1/companies/self/depts')).json().result).toBe('notCompanyMember');
    expect((await c.get(`/api/v3/mine/corp/${companyId}/member?attrs=email`)).json()).toMatchObject({
      company_id: companyId,
    });
  });

  test('recent contacts remember whom I put into teams', async () => {
    const c = await me.client();
    const team = (await c.post('/api/v3/groups', { name: 'Recent team', members: [alice.id] })).json();
    const recent = (await c.get('/u/v1/users/self/recent_contacts')).json().contacts;
    expect(recent.map((r: { type: number; entity_id: number }) => [r.type, r.entity_id])).toEqual(
      expect.arrayContaining([
        [4, alice.id],
        [3, team.id],
      ]),
    );
  });
});
