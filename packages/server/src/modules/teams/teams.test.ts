import { TEAM_ROLE, TEAM_TYPE, type TeamMember } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept, makeTeam, mkdir } from '../../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let companyId: number;
beforeAll(async () => {
  // Small limits so that GroupMemberLimit and groupNumLimit are reachable; auto-convert allowed.
  t = await makeTestApp({ max_group_members: '6', max_groups_per_user: '3', ALLOW_AUTO_CONVERT_SECDOC: '1' });
  companyId = await t.makeCompany('Teams Co');
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/v3/groups (create a team)', () => {
  test('walks 401 -> 400 -> illegalGroupName -> 200 and answers the team with its members', async () => {
    const owner = await t.makeUser({ companyId, name: '张伟' });
    const a = await t.makeUser({ companyId });
    const b = await t.makeUser({ companyId });
    const url = '/api/v3/groups?multi_included=true';
    expect((await t.anonymous().post(url, { name: 'Design team' })).statusCode).toBe(401);
    const c = await owner.client();
    expect((await c.post(url, { nope: 1 })).statusCode).toBe(400);
    for (const [name, reason] of [
      ['   ', 'noName'],
      ['a/b team', 'illegalTeam'],
      ['abc', 'groupLengthTooShort'],
      ['团'.repeat(22), 'groupLengthTooLong'],
    ]) {
      const res = await c.post(url, { name });
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toMatchObject({ result: 'illegalGroupName', debug: { reason } });
    }
    const res = await c.post(url, {
      name: '  Design team  ',
      members: [a.id, String(b.id)],
      notice: 'Hello',
    });
    expect(res.statusCode, res.body).toBe(200);
    const team = res.json();
    expect(team).toMatchObject({
      name: 'Design team',
      type: 3,
      notice: 'Hello',
      member_count: 3,
      user_role: 'creator',
      self_member: { team_role: 1, via_dept: false },
      owner_user: { id: owner.id, nick_name: '张伟' },
      creator: { id: owner.id },
      ascription_dept: null,
      auto_convert_state: 0,
      im_push: true,
      history_limit: 20,
    });
    expect(team.id).toBe(team.groupid);
    expect(team.contacts_id).toBe(team.id);
    // a new team gets an icon_colour avatar and a space of its own
    expect(team.avatar).toMatch(/^\d{1,2}_\d$/);
    expect(team.space.total).toBeGreaterThan(0);
    expect(team.recent_members.map((m: { id: number }) => m.id).sort()).toEqual(
      [owner.id, a.id, b.id].sort(),
    );
    // the members see it in their lists, with the space to put files in
    const member = await a.client();
    const list = (await member.get('/api/v3/groups?multi_included=true&member_count=true')).json().groups;
    expect(list.find((g: { id: number }) => g.id === team.id)).toMatchObject({
      member_count: 3,
      user_role: 'member',
    });
    await mkdir(member, team.id, 0, 'From a member');
    // and a notice tells them
    const notices = (await member.get('/xnc/v1/notices')).json();
    expect(notices.unread).toBe(1);
    expect(notices.notices[0]).toMatchObject({
      kind: 'team_added',
      read: false,
      params: { group_id: team.id },
    });
  });

  test('groupNumLimit after max_groups_per_user teams, GroupMemberLimit beyond max_group_members', async () => {
    const owner = await t.makeUser({ companyId });
    const c = await owner.client();
    for (let i = 0; i < 3; i++)
      expect((await c.post('/api/v3/groups', { name: `Team number ${i}` })).statusCode).toBe(200);
    const over = await c.post('/api/v3/groups', { name: 'One too many' });
    expect(over.statusCode).toBe(403);
    expect(over.json().result).toBe('groupNumLimit');

    const other = await t.makeUser({ companyId });
    const people = [];
    for (let i = 0; i < 6; i++) people.push((await t.makeUser({ companyId })).id);
    const big = await (await other.client()).post('/api/v3/groups', {
      name: 'Crowded team',
      members: people,
    });
    expect(big.statusCode).toBe(403);
    expect(big.json().result).toBe('GroupMemberLimit');
  });

  test('members the actor cannot see are refused; a company team needs a company administrator', async () => {
    const owner = await t.makeUser({ companyId });
    const stranger = await t.makeUser();
    const c = await owner.client();
    const res = await c.post('/api/v3/groups', { name: 'With a stranger', members: [stranger.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json().result).toBe('userNotExist');
    const dept = await makeDept(t, companyId, 'Sales');
    expect(
      (await c.post('/api/v3/groups', { name: 'Sales team', type: 2, dept_id: dept.id })).json().result,
    ).toBe('permissionDenied');
    const admin = await t.makeUser({ companyId, roles: 'admin' });
    const company = await (await admin.client()).post('/api/v3/groups', {
      name: 'Sales team',
      type: 2,
      dept_id: dept.id,
    });
    expect(company.statusCode, company.body).toBe(200);
    expect(company.json()).toMatchObject({
      type: 2,
      ascription_dept: { id: dept.id, display_path_name: 'Sales' },
      dept_count: 1,
    });
  });
});

describe('team info, settings and leaving', () => {
  test('PUT /api/v3/groups/{id}: name for managers of general teams, notice and avatar for managers', async () => {
    const owner = await t.makeUser({ companyId });
    const admin = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [
      { user: admin, role: TEAM_ROLE.admin },
      { user: member, role: TEAM_ROLE.member },
    ]);
    const ac = await admin.client();
    const renamed = await ac.put(`/api/v3/groups/${gid}`, {
      name: 'Renamed team',
      notice: '公告',
      avatar: '3_5',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed team', notice: '公告', avatar: '3_5' });
    expect((await ac.put(`/api/v3/groups/${gid}`, { avatar: '15_1' })).statusCode).toBe(400);
    // An uploaded picture is its own address and nothing else (it becomes an <img> for everyone).
    expect((await ac.put(`/api/v3/groups/${gid}`, { avatar: '/api/v3/images/12.png?v=3' })).statusCode).toBe(
      200,
    );
    for (const avatar of [
      '/api/v3/images/../../admin/v1/users',
      '/api/v3/images/12.png/../x',
      '/api/v3/images/',
    ])
      expect((await ac.put(`/api/v3/groups/${gid}`, { avatar })).statusCode).toBe(400);
    expect((await ac.put(`/api/v3/groups/${gid}`, { notice: '公'.repeat(301) })).json().result).toBe(
      'noticeLengthTooLong',
    );
    const mc = await member.client();
    const denied = await mc.put(`/api/v3/groups/${gid}`, { notice: 'mine now' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({
      result: 'onlyOwnerOrManagerCanUpdateGroupInfo',
      msg: 'Only the team owner or an admin can change the team information.',
    });
    // company teams keep their name
    const company = await makeTeam(t, owner, [], { teamType: TEAM_TYPE.company, companyId });
    expect(
      (await (await owner.client()).put(`/api/v3/groups/${company}`, { name: 'New name' })).json().result,
    ).toBe('permissionDenied');
    // the contacts twin
    expect((await ac.patch(`/v1/groups/${gid}`, { notice: 'via contacts' })).json().notice).toBe(
      'via contacts',
    );
  });

  test('auto-convert and its switch_state mapping (0 closed, 2 open)', async () => {
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const c = await owner.client();
    expect((await c.get(`/convertor/v1/switch_state?group_ids=${gid}`)).json()).toEqual({
      states: [{ group_id: gid, groupid: gid, state: 0 }],
    });
    expect((await c.put('/convertor/v1/switch_state', { groupid: gid, state: 2 })).json().state).toBe(2);
    // Converting (2) until the team's documents are converted (secdoc.test.ts), then on (1).
    expect((await c.get(`/api/v3/groups/${gid}`)).json()).toMatchObject({
      auto_convert_state: 2,
      auto_convert_group: true,
    });
    // 2 (converting) stays 2 when turned on again, and reads as open
    expect((await c.put(`/api/v3/groups/${gid}`, { auto_convert_state: 1 })).json().auto_convert_state).toBe(
      2,
    );
    await t.services.jobs.runDue();
    expect((await c.get(`/api/v3/groups/${gid}`)).json().auto_convert_state).toBe(1);
    expect((await c.put(`/api/v3/groups/${gid}`, { auto_convert_state: 1 })).json().auto_convert_state).toBe(
      1,
    );
    expect((await c.get(`/convertor/v1/switch_state?group_ids=${gid}`)).json().states[0].state).toBe(2);
    expect((await c.put('/convertor/v1/switch_state', { groupid: gid, state: 0 })).json().state).toBe(0);
    const denied = await (await member.client()).put('/convertor/v1/switch_state', {
      groupid: gid,
      state: 2,
    });
    expect(denied.statusCode).toBe(403);
  });

  test('im_push: everyone reads it, owner and admin change it, others get 403 with a msg', async () => {
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const mc = await member.client();
    expect((await mc.get(`/api/v3/yun/contacts/${gid}/im_push`)).json()).toEqual({ id: gid, im_push: true });
    const denied = await mc.put(`/api/v3/yun/contacts/${gid}/im_push`, { im_push: false });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().msg).toBeTruthy();
    const oc = await owner.client();
    expect((await oc.put(`/api/v3/yun/contacts/${gid}/im_push`, { im_push: 0 })).json().im_push).toBe(false);
    expect((await mc.get(`/api/v3/yun/contacts/${gid}/im_push`)).json().im_push).toBe(false);
  });

  test('the history limit is edited through the volume call by owner and admin (40000003 above the maximum)', async () => {
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const bad = await oc.patch(`/xfi/v1/volumes/${gid}`, { history_limit: 101 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 40000003, debug: { global_hisotry_limit: 100 } });
    expect((await oc.patch(`/xfi/v1/volumes/${gid}`, { history_limit: 7 })).statusCode).toBe(200);
    expect((await oc.get(`/api/v3/groups/${gid}`)).json()).toMatchObject({
      history_limit: 7,
      history_limit_max: 100,
    });
    expect(
      (await (await member.client()).patch(`/xfi/v1/volumes/${gid}`, { history_limit: 3 })).statusCode,
    ).toBe(403);
  });

  test('exit: members leave, the owner may not; delete: the owner of a general team or chat', async () => {
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const admin = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [
      { user: member, role: TEAM_ROLE.member },
      { user: admin, role: TEAM_ROLE.admin },
    ]);
    const mc = await member.client();
    expect((await mc.delete(`/api/v3/groups/${gid}/members/${member.id}`)).statusCode).toBe(204);
    expect((await mc.get(`/api/v3/groups/${gid}`)).json().result).toBe('groupNotExist');
    const oc = await owner.client();
    expect((await oc.delete(`/api/v3/groups/${gid}/members/${owner.id}`)).json().result).toBe(
      'permissionDenied',
    );
    expect((await (await admin.client()).delete(`/api/v3/groups/${gid}`)).json().result).toBe(
      'permissionDenied',
    );
    expect((await oc.delete(`/api/v3/groups/${gid}`)).statusCode).toBe(204);
    expect((await oc.get(`/api/v3/groups/${gid}`)).statusCode).toBe(404);
    // a company team is not deleted by its owner; its members other than the owner may exit
    const company = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], {
      teamType: TEAM_TYPE.company,
      companyId,
    });
    expect((await oc.delete(`/api/v3/groups/${company}`)).json().result).toBe('permissionDenied');
    expect((await mc.delete(`/api/v3/groups/${company}/members/${member.id}`)).statusCode).toBe(204);
  });

  test('pins: a member pins a team, which then comes first', async () => {
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const first = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], {
      name: 'First team',
    });
    await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], { name: 'Second team' });
    const mc = await member.client();
    expect((await mc.put(`/api/v3/mine/team/${first}/top`, { is_top: true })).json()).toEqual({
      id: first,
      is_top_group: true,
    });
    const volumes = (await mc.get('/api/cooper/users/self/volumes')).json().groups;
    expect(volumes[0]).toMatchObject({ id: first, is_top_group: true });
    await mc.put(`/api/v3/mine/team/${first}/top`, { is_top: false });
    expect((await mc.get('/api/cooper/users/self/volumes')).json().groups[0].id).not.toBe(first);
  });
});

describe('invite link', () => {
  test('a manager gets the link, someone joins by it, a reset makes the old one teamLinkNotExist', async () => {
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], { name: 'Open team' });
    expect((await (await member.client()).get(`/api/v3/groups/${gid}/invite_info`)).statusCode).toBe(403);
    const oc = await owner.client();
    const info = (await oc.get(`/api/v3/groups/${gid}/invite_info`)).json();
    expect(info.code).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(info.link).toBe(`/pcview/team/invite/${info.code}`);
    expect((await oc.get(`/api/v3/groups/${gid}/invite_info`)).json().code).toBe(info.code);

    const guest = await (await t.makeUser()).client();
    expect((await guest.get(`/api/v3/team/link/${info.code}`)).json()).toMatchObject({
      group: { id: gid, name: 'Open team', member_count: 2 },
      is_member: false,
    });
    const joined = await guest.post(`/api/v3/team/link/${info.code}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ id: gid, self_member: { team_role: 3 }, member_count: 3 });
    expect((await guest.post(`/api/v3/team/link/${info.code}/join`)).json().result).toBe('GroupMemberExists');

    const reset = (await oc.put(`/api/v3/mine/team/${gid}/link`)).json();
    expect(reset.code).not.toBe(info.code);
    const stale = await guest.get(`/api/v3/team/link/${info.code}`);
    expect(stale.statusCode).toBe(404);
    expect(stale.json().result).toBe('teamLinkNotExist');
    expect((await guest.get('/api/v3/team/link/neverexisted12345')).json().result).toBe('teamLinkNotExist');
  });
});

describe('department members', () => {
  test('a department entry brings its current members (sub-departments too) and follows the department', async () => {
    const dept = await makeDept(t, companyId, 'Engineering');
    const sub = await makeDept(t, companyId, 'Backend', dept);
    const alice = await t.makeUser({ companyId, name: 'Alice Walker' });
    const bob = await t.makeUser({ companyId, name: 'Bob Chen' });
    await joinDept(t, alice, dept.id);
    await joinDept(t, bob, sub.id);
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [], { companyId });
    const oc = await owner.client();
    expect((await oc.post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 })).statusCode).toBe(
      204,
    );
    expect(
      (await oc.post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 })).json().result,
    ).toBe('GroupMemberExists');
    // adding someone a department already brings in is GroupMemberExists too
    expect((await oc.post(`/v1/groups/${gid}/members/batch`, { put: [bob.id] })).json().result).toBe(
      'GroupMemberExists',
    );

    const list = (await oc.get(`/v1/groups/${gid}/members`)).json();
    expect(list.total).toBe(4);
    expect(list.members.map((m: TeamMember) => [m.type, m.id, m.team_role, m.via_dept?.id ?? null])).toEqual([
      [2, dept.id, 3, null],
      [1, owner.id, 1, null],
      [1, alice.id, 3, dept.id],
      [1, bob.id, 3, dept.id],
    ]);
    expect(list.members[0].dept).toMatchObject({ name: 'Engineering', member_count: 2 });
    expect((await oc.get(`/api/v3/groups/${gid}`)).json()).toMatchObject({ member_count: 3, dept_count: 1 });

    // they see the team and work in its space as members
    const bc = await bob.client();
    expect((await bc.get(`/api/v3/groups/${gid}`)).json()).toMatchObject({
      user_role: 'member',
      self_member: { team_role: 3, via_dept: true, in_dept: true },
    });
    expect(
      (await bc.get('/api/cooper/users/self/volumes')).json().groups.map((g: { id: number }) => g.id),
    ).toContain(gid);
    await mkdir(bc, gid, 0, 'Backend notes');
    expect((await bc.put(`/api/v3/mine/team/${gid}/top`, { is_top: true })).json().is_top_group).toBe(true);
    expect((await bc.get('/api/cooper/users/self/volumes')).json().groups[0]).toMatchObject({
      id: gid,
      is_top_group: true,
    });
    // they leave with the department, not on their own
    expect((await bc.delete(`/api/v3/groups/${gid}/members/${bob.id}`)).json().result).toBe(
      'cant_remove_member',
    );
    // named before their department came in, they still cannot leave on their own: it keeps them in
    const dave = await t.makeUser({ companyId });
    const named = await oc.post(`/v1/groups/${gid}/members/batch`, { put: [dave.id], type: 1 });
    expect(named.statusCode, named.body).toBe(204);
    await joinDept(t, dave, dept.id);
    const dc = await dave.client();
    expect((await dc.delete(`/api/v3/groups/${gid}/members/${dave.id}`)).json().result).toBe(
      'cant_remove_member',
    );
    expect((await dc.get(`/api/v3/groups/${gid}`)).json().self_member).toMatchObject({
      via_dept: false,
      in_dept: true,
    });
    await t.database.db.deleteFrom('dept_members').where('user_id', '=', dave.id).execute();
    expect((await dc.delete(`/api/v3/groups/${gid}/members/${dave.id}`)).statusCode).toBe(204);
    expect((await dc.get(`/api/v3/groups/${gid}`)).statusCode).toBe(404);

    // membership follows the department: someone who joins it is in; someone who leaves it is out
    const carol = await t.makeUser({ companyId });
    await joinDept(t, carol, sub.id);
    expect((await (await carol.client()).get(`/api/v3/groups/${gid}`)).statusCode).toBe(200);
    await t.database.db.deleteFrom('dept_members').where('user_id', '=', bob.id).execute();
    expect((await bc.get(`/api/v3/groups/${gid}`)).statusCode).toBe(404);

    // the recursive department list for the team
    const depts = (await oc.get(`/v1/companies/self/depts?group_id=${gid}&recursive=true`)).json().depts;
    expect(depts.map((d: { id: number }) => d.id)).toEqual([dept.id, sub.id]);
    // taking the entry out takes its people out
    expect((await oc.delete(`/v1/groups/${gid}/members/${dept.id}?type=2`)).statusCode).toBe(204);
    expect((await (await alice.client()).get(`/api/v3/groups/${gid}`)).statusCode).toBe(404);
  });

  test('department members count towards GroupMemberLimit', async () => {
    const dept = await makeDept(t, companyId, 'Big department');
    for (let i = 0; i < 6; i++) await joinDept(t, await t.makeUser({ companyId }), dept.id);
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [], { companyId });
    const res = await (await owner.client()).post(`/v1/groups/${gid}/members/batch`, {
      put: [dept.id],
      type: 2,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('GroupMemberLimit');
    expect((await (await owner.client()).get(`/api/v3/groups/${gid}`)).json().dept_count).toBe(0);
  });
  test('a disabled account is neither listed nor counted, named or brought by a department', async () => {
    const dept = await makeDept(t, companyId, 'Support');
    const [ann, ben, cai] = [
      await t.makeUser({ companyId }),
      await t.makeUser({ companyId }),
      await t.makeUser({ companyId }),
    ];
    await joinDept(t, ann, dept.id);
    await joinDept(t, ben, dept.id);
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: cai, role: TEAM_ROLE.admin }], { companyId });
    const oc = await owner.client();
    expect((await oc.post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 })).statusCode).toBe(
      204,
    );
    const setStatus = (id: number, status: string) =>
      t.database.db.updateTable('users').set({ status }).where('id', '=', id).execute();
    const people = async () =>
      (await oc.get(`/v1/groups/${gid}/members`)).json().members.filter((m: TeamMember) => m.type === 1);
    const count = async () => (await oc.get(`/api/v3/groups/${gid}`)).json().member_count;
    expect(await count()).toBe(4);

    // one brought by the department, one named: both disabled, both gone from the list and the count
    await setStatus(ben.id, 'disabled');
    await setStatus(cai.id, 'disabled');
    expect((await people()).map((m: TeamMember) => m.id)).toEqual([owner.id, ann.id]);
    expect(await count()).toBe(2);
    const details = (await oc.get(`/api/v3/groups/${gid}`)).json();
    expect(details.recent_members.map((m: { id: number }) => m.id)).toEqual([owner.id]);
    const listed = (await oc.get('/api/v3/groups?multi_included=true&member_count=true')).json().groups;
    expect(listed.find((g: { id: number }) => g.id === gid).member_count).toBe(2);
    expect((await oc.get(`/u/v1/groups/${gid}/members/brief?type=1`)).json().total).toBe(2);
    expect((await oc.get(`/v1/groups/${gid}/members/${cai.id}`)).json().result).toBe('groupMemberNotFound');
    // naming the disabled person again is no second entry
    expect((await oc.post(`/v1/groups/${gid}/members/batch`, { put: [cai.id] })).json().result).toBe(
      'GroupMemberExists',
    );
    const found = await oc.get(
      `/namesearch/api/groups/${gid}/members/find?keywords=${cai.account}&limit=50&offset=0`,
    );
    expect(found.statusCode, found.body).toBe(200);
    expect(JSON.stringify(found.json())).not.toContain(`"id":${cai.id}`);

    // enabled again, they are back: the named one with the role they had
    await setStatus(ben.id, 'active');
    await setStatus(cai.id, 'active');
    const back = (await people()).map((m: TeamMember) => [m.id, m.team_role]);
    expect(back.slice(0, 2)).toEqual([
      [owner.id, 1],
      [cai.id, 2],
    ]);
    expect(back.slice(2).sort((a: number[], b: number[]) => a[0] - b[0])).toEqual([
      [ann.id, 3],
      [ben.id, 3],
    ]);
    expect(await count()).toBe(4);
  });
});

describe('member lists', () => {
  test('paged 50 with search by name, pinyin and email; brief, self and one member', async () => {
    const owner = await t.makeUser({ companyId, name: '周杰' });
    const gid = await makeTeam(t, owner, [], { companyId });
    // bypass the member limit of this test app for a long list
    const ids: number[] = [];
    for (let i = 0; i < 55; i++) {
      const { id } = await t.database.db
        .insertInto('users')
        .values({
          unique_name: `bulk${gid}_${i}`,
          nick_name: `Bulk ${i}`,
          pinyin: `bulk${i}`,
          pinyin_initials: 'b',
          email: `bulk${gid}_${i}@x.example`,
          password_hash: '-',
          password_changed_at: t.clock.now,
          created_at: t.clock.now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    await t.database.db
      .insertInto('group_members')
      .values(ids.map((id) => ({ group_id: gid, user_id: id, team_role: 3, joined_at: t.clock.now })))
      .execute();
    const oc = await owner.client();
    const first = (await oc.get(`/v1/groups/${gid}/members`)).json();
    expect(first).toMatchObject({ offset: 0, limit: 50, total: 56, more: true });
    expect(first.members).toHaveLength(50);
    expect(first.members[0]).toMatchObject({ type: 1, id: owner.id, team_role: 1 });
    const second = (await oc.get(`/api/v3/groups/${gid}/members?offset=50`)).json();
    expect(second.members).toHaveLength(6);
    expect(second.more).toBe(false);
    expect(
      (await oc.get(`/v1/groups/${gid}/members?keywords=ZJ`)).json().members.map((m: TeamMember) => m.id),
    ).toEqual([owner.id]);
    expect((await oc.get(`/v1/groups/${gid}/members?keywords=zhoujie`)).json().total).toBe(1);
    expect((await oc.get(`/v1/groups/${gid}/members?keywords=bulk${gid}_7`)).json().total).toBe(1);
    expect((await oc.get(`/v1/groups/${gid}/members?keywords=x.example`)).json().total).toBe(0);

    const brief = (await oc.get(`/u/v1/groups/${gid}/members/brief?type=1&limit=2`)).json();
    expect(brief).toMatchObject({ total: 56, more: true });
    expect(brief.members[0]).toMatchObject({ id: owner.id, nick_name: '周杰', team_role: 1 });
    expect((await oc.get(`/v1/groups/${gid}/members/self`)).json()).toMatchObject({
      id: owner.id,
      team_role: 1,
      is_top: false,
    });
    expect((await oc.get(`/cts/v1/groups/${gid}/members/${ids[0]}`)).json()).toMatchObject({
      id: ids[0],
      team_role: 3,
    });
  });
});

describe('multi-person chats', () => {
  test('create with members, add one, conversation info, upgrade to a team, exit', async () => {
    const owner = await t.makeUser({ companyId, name: '王芳' });
    const a = await t.makeUser({ companyId, name: '李娜' });
    const b = await t.makeUser({ companyId, name: '刘洋' });
    const oc = await owner.client();
    const created = await oc.post('/api/v3/yun_msg/groups', { members: [a.id] });
    expect(created.statusCode, created.body).toBe(200);
    const chat = created.json();
    expect(chat).toMatchObject({ type: 1, name: '王芳、李娜', member_count: 2, message_count: 0 });
    expect(chat.group).toMatchObject({ type: 1, contacts_type: 1 });
    const added = await oc.post(`/api/v3/yun_msg/groups/${chat.id}/members`, { userid: b.id });
    expect(added.json().member_count).toBe(3);
    expect((await oc.post(`/api/v3/yun_msg/groups/${chat.id}/members`, { userid: b.id })).json().result).toBe(
      'GroupMemberExists',
    );
    // invited people are told
    expect((await (await b.client()).get('/xnc/v1/notices')).json().notices[0]).toMatchObject({
      kind: 'team_invited',
      params: { group_id: chat.id },
    });
    const info = (await (await a.client()).get(`/api/v3/yun_msg/conversation/3/${chat.id}/info`)).json();
    expect(info).toMatchObject({ type: 1, id: chat.id, member_count: 3, team_role: 3 });
    expect(info.members).toHaveLength(3);
    // any member renames a chat; only the owner upgrades it
    expect(
      (await (await a.client()).put(`/api/v3/groups/${chat.id}`, { name: 'Lunch plans' })).json().name,
    ).toBe('Lunch plans');
    expect((await (await a.client()).post(`/api/v3/yun_msg/groups/${chat.id}/upgrade`)).statusCode).toBe(403);
    const upgraded = (await oc.post(`/api/v3/yun_msg/groups/${chat.id}/upgrade`)).json();
    expect(upgraded).toMatchObject({ id: chat.id, type: 3, member_count: 3 });
    expect(upgraded.avatar).toMatch(/^\d{1,2}_\d$/);
    expect((await (await b.client()).delete(`/api/v3/groups/${chat.id}/members/${b.id}`)).statusCode).toBe(
      204,
    );
  });
});

describe('contacts group calls', () => {
  test('my groups (owned), batch, meta and the contacts group lookup', async () => {
    const me = await t.makeUser({ companyId });
    const other = await t.makeUser({ companyId });
    const mine = await makeTeam(t, me, [], { name: 'Mine team' });
    const theirs = await makeTeam(t, other, [{ user: me, role: TEAM_ROLE.admin }], { name: 'Their team' });
    const chat = await makeTeam(t, other, [{ user: me, role: TEAM_ROLE.member }], {
      teamType: TEAM_TYPE.chat,
    });
    const c = await me.client();
    const all = (await c.get('/v1/companies/self/users/self/groups')).json().groups;
    expect(all.map((g: { id: number }) => g.id).sort()).toEqual([mine, theirs, chat].sort());
    const owned = (await c.get('/cts/v1/companies/self/users/self/groups?owned=true')).json().groups;
    expect(owned.map((g: { id: number }) => g.id)).toEqual([mine]);
    const teamsOnly = (await c.get('/v1/companies/self/users/self/groups?type=3')).json().groups;
    expect(teamsOnly.map((g: { id: number }) => g.id).sort()).toEqual([mine, theirs].sort());
    expect(
      (await c.post('/v1/companies/self/groups/batch', { get: [theirs, 99999] })).json().groups,
    ).toHaveLength(1);
    expect((await c.get(`/v1/groups/${theirs}/meta`)).json()).toMatchObject({
      id: theirs,
      member_count: 2,
      max_members: 6,
    });
    expect((await c.get(`/api/v3/yun/contacts/${mine}/group`)).json()).toMatchObject({
      id: mine,
      name: 'Mine team',
    });
  });
});
