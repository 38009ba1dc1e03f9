import { DEFAULT_ROLE_MASKS, FULL_MASK, maskOf, TEAM_ROLE, TEAM_TYPE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept, makeTeam, myDrive } from '../../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { limitsOf, type QuotaTarget, quotaTargets, type SpaceAccount } from './quota.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('personal spaces', () => {
  test('an anonymous call answers 401 userNotLogin', async () => {
    for (const url of ['/api/v3/groups/special', '/api/v3/groups/tmp', '/api/v3/groups', '/api/v3/spaces']) {
      const res = await t.anonymous().get(url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json().result).toBe('userNotLogin');
    }
  });

  test('my drive and uploaded files are created on first use, once each', async () => {
    const c = await (await t.makeUser()).client();
    const [a, b] = await Promise.all([c.get('/api/v3/groups/special'), c.get('/api/v3/groups/special')]);
    expect(a.json().id).toBe(b.json().id);
    expect(a.json()).toMatchObject({
      type: 'special',
      volume_type: 'private',
      data_type: 'drive',
      user_role: 'creator',
      member_count: 1,
      space: { total: 10 * 1024 ** 3, used: 0 },
    });
    const tmp = await c.get('/api/v3/groups/tmp?meta=1');
    expect(tmp.statusCode).toBe(200);
    expect(tmp.json()).toMatchObject({ type: 'tmp', volume_type: 'tmp' });
    expect(tmp.json().id).not.toBe(a.json().id);
    expect((await c.get('/api/v3/groups/tmp')).json().id).toBe(tmp.json().id);
  });
});

describe('GET /api/v3/groups and /api/v3/groups/{id}', () => {
  test('lists my drive, uploaded files and my teams; ignore and multi_included narrow it', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const team = await makeTeam(t, owner, [], { name: 'Design' });
    const chat = await makeTeam(t, owner, [], { name: 'Chat', teamType: TEAM_TYPE.chat });
    const all = (await c.get('/api/v3/groups?multi_included=true&member_count=true')).json().groups;
    expect(all.map((g: { type: unknown }) => g.type)).toEqual(['special', 'tmp', 1, 3]);
    // spec 001 §3 data_type: a multi-person chat is the messages side's, the rest the drive's.
    expect(all.map((g: { data_type: string }) => g.data_type)).toEqual([
      'drive',
      'drive',
      'message',
      'drive',
    ]);
    const some = (await c.get('/api/v3/groups?member_count=true&ignore=tmp,special')).json().groups;
    expect(some.map((g: { id: number }) => g.id)).toEqual([team]);
    expect(some[0]).toMatchObject({
      id: team,
      groupid: team,
      contacts_id: team,
      name: 'Design',
      user_role: 'creator',
    });
    expect(all.find((g: { id: number }) => g.id === chat)).toBeDefined();
  });

  test('a team answers its members, a stranger gets 404 as for a missing one, a bad id 400', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.read_member }]);
    const res = await (await member.client()).get(`/api/v3/groups/${team}?include=recent_members`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ member_count: 2, user_role: 'read_member', type: 3 });

    const stranger = await (await t.makeUser()).client();
    for (const id of [team, 999999, await myDrive(await owner.client())]) {
      const other = await stranger.get(`/api/v3/groups/${id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json().result).toBe('groupNotExist');
    }
    expect((await stranger.get('/api/v3/groups/abc')).statusCode).toBe(400);
    expect((await t.anonymous().get(`/api/v3/groups/${team}`)).statusCode).toBe(401);
  });
});

describe('GET /api/cooper/users/self/volumes and POST /api/cooper/contacts/groups/batch', () => {
  test('volumes page through my teams, pinned first', async () => {
    const owner = await t.makeUser();
    const ids = [];
    for (const name of ['A', 'B', 'C']) ids.push(await makeTeam(t, owner, [], { name }));
    await t.database.db
      .updateTable('group_members')
      .set({ is_top: 1 })
      .where('group_id', '=', ids[0])
      .execute();
    const c = await owner.client();
    const first = (await c.get('/api/cooper/users/self/volumes?offset=0&limit=2')).json();
    expect(first.groups.map((g: { id: number }) => g.id)).toEqual([ids[0], ids[2]]);
    expect(first.groups[0].is_top_group).toBe(true);
    expect(first.more).toBe(true);
    const rest = (await c.get('/api/cooper/users/self/volumes?offset=2&limit=2')).json();
    expect(rest.groups.map((g: { id: number }) => g.id)).toEqual([ids[1]]);
    expect(rest.more).toBe(false);
    expect((await c.get('/api/cooper/users/self/volumes?limit=0')).statusCode).toBe(400);
  });

  test('batch answers the visible spaces of the ids, and my drive and uploads on request', async () => {
    const owner = await t.makeUser();
    const mine = await makeTeam(t, owner);
    const others = await makeTeam(t, await t.makeUser());
    const c = await owner.client();
    expect(
      (await t.anonymous().post('/api/cooper/contacts/groups/batch', { contactsids: [mine] })).statusCode,
    ).toBe(401);
    expect((await c.post('/api/cooper/contacts/groups/batch', { contactsids: 'x' })).statusCode).toBe(400);
    const res = await c.post('/api/cooper/contacts/groups/batch', {
      contactsids: [mine, others],
      private: true,
      tmp: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().groups.map((g: { id: number }) => g.id)).toEqual([mine]);
    expect(res.json().private.type).toBe('special');
    expect(res.json().tmp.type).toBe('tmp');
  });
});

describe('role defaults: GET/PUT /api/v3/groups/{id}/files/0/permission', () => {
  test('walks 401, 400, 403/404, 200 and the new mask applies to members', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const url = `/api/v3/groups/${team}/files/0/permission`;
    const oc = await owner.client();
    const mc = await member.client();

    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    const got = await oc.get(url);
    expect(got.statusCode).toBe(200);
    expect(got.json().permissions).toEqual([
      { team_role: 1, role: 'creator', user_acl: FULL_MASK, editable: false },
      { team_role: 2, role: 'admin', user_acl: FULL_MASK, editable: false },
      { team_role: 3, role: 'member', user_acl: DEFAULT_ROLE_MASKS[3], editable: true },
      { team_role: 4, role: 'read_member', user_acl: DEFAULT_ROLE_MASKS[4], editable: true },
    ]);

    const readOnly = maskOf('read', 'download');
    expect((await oc.put(url, { permissions: [{ team_role: 1, user_acl: 0 }] })).statusCode).toBe(400);
    expect((await oc.put(url, { permissions: [{ team_role: 3, user_acl: 5000 }] })).statusCode).toBe(400);
    const denied = await mc.put(url, { permissions: [{ team_role: 3, user_acl: FULL_MASK }] });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toBe('permissionDenied');
    const stranger = await (await t.makeUser()).client();
    expect((await stranger.put(url, { permissions: [{ team_role: 3, user_acl: 1 }] })).statusCode).toBe(404);

    const put = await oc.put(url, { permissions: [{ team_role: 3, user_acl: readOnly }] });
    expect(put.statusCode).toBe(200);
    expect(put.json().permissions[2].user_acl).toBe(readOnly);
    const self = await mc.get(`/xfi/v1/volumes/${team}/files/self/permissions?file=0`);
    expect(self.json().user_acl).toBe(readOnly);
    const folder = await mc.post(`/api/v3/groups/${team}/files`, { parentid: 0, name: 'Nope' });
    expect(folder.statusCode).toBe(403);
    const events = await t.database.db
      .selectFrom('file_events')
      .selectAll()
      .where('group_id', '=', team)
      .execute();
    expect(events.map((e) => e.type)).toEqual(['permission']);
  });
});

describe('storage space calls', () => {
  test('GET /api/v3/spaces, /api/cooper/space/groups/{id} and /space/v1/depts/{id}/info', async () => {
    const companyId = await t.makeCompany('Space Co');
    const user = await t.makeUser({ companyId });
    const dept = await makeDept(t, companyId, 'Sales');
    await joinDept(t, user, dept.id, true);
    await t.services.quota.set('dept', dept.id, { total: 1000, expand_self: 500 });
    const c = await user.client();

    const spaces = await c.get('/api/v3/spaces');
    expect(spaces.statusCode).toBe(200);
    expect(spaces.json()).toMatchObject({
      total: 10 * 1024 ** 3,
      used: 0,
      dept: { id: dept.id, total: 1500, used: 0 },
      company: { id: companyId, total: 0, used: 0 },
    });

    const team = await makeTeam(t, user);
    expect((await c.get(`/api/cooper/space/groups/${team}`)).json()).toEqual({
      groupid: team,
      total: 100 * 1024 ** 3,
      used: 0,
    });
    const stranger = await (await t.makeUser()).client();
    expect((await stranger.get(`/api/cooper/space/groups/${team}`)).statusCode).toBe(404);
    expect((await t.anonymous().get(`/api/cooper/space/groups/${team}`)).statusCode).toBe(401);
    expect((await c.get('/api/cooper/space/groups/x')).statusCode).toBe(400);

    const info = await c.get(`/space/v1/depts/${dept.id}/info`);
    expect(info.statusCode).toBe(200);
    expect(info.json()).toMatchObject({
      id: dept.id,
      name: 'Sales',
      default: 1000,
      expand_self: 500,
      total: 1500,
      used: 0,
    });
    expect((await stranger.get(`/space/v1/depts/${dept.id}/info`)).statusCode).toBe(404);
  });
});

describe('quota targets (which write hits which key)', () => {
  const personal: SpaceAccount = {
    kind: 'personal',
    groupId: 1,
    ownerId: 7,
    companyId: 3,
    deptId: 9,
    teamType: 0,
  };
  const keys = (targets: QuotaTarget[]) =>
    targets.map((x) => `${x.scope}:${x.bytesKey}:${x.filesKey ?? '-'}`);

  test.each([
    [
      'the owner writing into a personal space',
      personal,
      7,
      [
        'user:MySpaceFull:userQuotaLimitReached',
        'dept:userDeptSpaceFull:-',
        'company:totalDocSpaceFull:QuotaLimitReached',
      ],
    ],
    [
      'someone else writing into a personal space',
      { ...personal, deptId: null, companyId: 0 },
      8,
      ['user:userSpaceFull:userQuotaLimitReached'],
    ],
    [
      'a company team of a department',
      { kind: 'team', groupId: 5, ownerId: 7, companyId: 3, deptId: 9, teamType: 2 },
      7,
      [
        'group:groupSpaceFull:groupQuotaLimitReached',
        'dept:groupDeptSpaceFull:-',
        'company:totalDocSpaceFull:QuotaLimitReached',
      ],
    ],
    [
      'a company team without a department',
      { kind: 'team', groupId: 5, ownerId: 7, companyId: 3, deptId: null, teamType: 2 },
      7,
      [
        'group:groupSpaceFull:groupQuotaLimitReached',
        'common:commonSpaceFull:-',
        'company:totalDocSpaceFull:QuotaLimitReached',
      ],
    ],
    [
      'a general team outside a company',
      { kind: 'team', groupId: 5, ownerId: 7, companyId: 0, deptId: null, teamType: 3 },
      7,
      ['group:groupSpaceFull:groupQuotaLimitReached'],
    ],
  ] as [string, SpaceAccount, number, string[]][])('%s', (_name, account, actor, expected) => {
    expect(keys(quotaTargets(account, actor))).toEqual(expected);
  });

  const defaults = {
    user: 10,
    group: 20,
    dept: 0,
    common: 0,
    company: 0,
    userFiles: 0,
    groupFiles: 5,
    companyFiles: 0,
  };
  test.each([
    ['user default', 'user', undefined, { total: 10, maxFiles: 0 }],
    ['group default with item limit', 'group', undefined, { total: 20, maxFiles: 5 }],
    ['dept unlimited by default', 'dept', undefined, { total: 0, maxFiles: 0 }],
    [
      'dept expand_self alone',
      'dept',
      { total: null, expand_self: 7, used: 0, max_files: null, file_count: 0 },
      { total: 7, maxFiles: 0 },
    ],
    [
      'dept default plus expand_self',
      'dept',
      { total: 100, expand_self: 7, used: 0, max_files: null, file_count: 0 },
      { total: 107, maxFiles: 0 },
    ],
    [
      'own row',
      'user',
      { total: 3, expand_self: 0, used: 0, max_files: 2, file_count: 0 },
      { total: 3, maxFiles: 2 },
    ],
  ] as const)('limits: %s', (_name, scope, row, expected) => {
    expect(limitsOf(scope, row, defaults)).toEqual(expected);
  });
});
