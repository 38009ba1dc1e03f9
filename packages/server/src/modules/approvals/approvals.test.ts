import { TEAM_TYPE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept, makeTeam } from '../../../test/drive.ts';
import { makeTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
let companyId: number;
let admin: TestUser;
let approver: TestUser;
beforeAll(async () => {
  t = await makeTestApp({ allow_approve_create_group: '1' });
  companyId = await t.makeCompany('Approval Co');
  admin = await t.makeUser({ companyId, name: '系统管理员', roles: 'admin' });
  approver = await t.makeUser({ companyId, name: '何雪' });
  await t.database.db
    .insertInto('group_approvers')
    .values({ company_id: companyId, user_id: approver.id })
    .execute();
});
afterAll(async () => {
  await t.close();
});

const APPROVAL = '/v1/companies/self/group_approval';

describe('group-creation approval', () => {
  test('a chat made before approval was asked for does not become a general team without it', async () => {
    const owner = await t.makeUser({ companyId });
    const other = await t.makeUser({ companyId });
    const chat = await makeTeam(t, owner, [{ user: other, role: 3 }], {
      teamType: TEAM_TYPE.chat,
      companyId,
    });
    const oc = await owner.client();
    const res = await oc.post(`/api/v3/yun_msg/groups/${chat}/upgrade`);
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('approvalRequired');
    expect((await oc.get(`/api/v3/groups/${chat}`)).json().type).toBe(TEAM_TYPE.chat);
  });

  test('end to end: ask, be refused, ask again, be approved; the team has the requested members', async () => {
    const applicant = await t.makeUser({ companyId, name: '张伟' });
    const colleague = await t.makeUser({ companyId, name: '王芳' });
    const dept = await makeDept(t, companyId, 'QA');
    const tester = await t.makeUser({ companyId });
    await joinDept(t, tester, dept.id);
    const ac = await applicant.client();

    // direct creation is refused while approval is required
    const direct = await ac.post('/api/v3/groups', { name: 'Release team' });
    expect(direct.statusCode).toBe(403);
    expect(direct.json().result).toBe('approvalRequired');
    expect((await ac.post('/api/v3/yun_msg/groups', { members: [colleague.id] })).json().result).toBe(
      'approvalRequired',
    );

    // the approvers: the company administrator and the named approver
    const approvers = (await ac.get('/cts/v1/companies/self/users/self/group_approvers')).json();
    expect(approvers.required).toBe(true);
    expect(approvers.approvers.map((a: { id: number }) => a.id).sort()).toEqual(
      [admin.id, approver.id].sort(),
    );

    // validation of the request (spec 000 §5)
    const base = {
      name: 'Release team',
      type: 3,
      desc: 'For the 2.4 release',
      designated_approver_ids: [approver.id],
      member_ids: [colleague.id],
      dept_ids: [dept.id],
      notice: 'Ship it',
      auto_convert_group: false,
    };
    expect((await t.anonymous().post(APPROVAL, base)).statusCode).toBe(401);
    for (const [patch, key] of [
      [{ desc: '   ' }, 'descRequired'],
      [{ desc: 'x'.repeat(141) }, 'descTooLong'],
      [{ designated_approver_ids: [] }, 'approverRequired'],
      [{ designated_approver_ids: [colleague.id] }, 'badRequest'],
      [{ name: 'a/b' }, 'illegalGroupName'],
    ] as const) {
      const res = await ac.post(APPROVAL, { ...base, ...patch });
      expect(res.statusCode, key).toBe(400);
      expect(res.json().result).toBe(key);
    }

    const first = await ac.post(APPROVAL, base);
    expect(first.statusCode, first.body).toBe(201);
    const request = first.json();
    expect(request).toMatchObject({
      status: 'pending',
      name: 'Release team',
      desc: 'For the 2.4 release',
      designated_approver_ids: [approver.id],
      member_ids: [colleague.id],
      dept_ids: [dept.id],
      applicant: { id: applicant.id, nick_name: '张伟' },
    });

    // the approver is told, by notice and by mail; the administrator was not chosen
    const pc = await approver.client();
    const notices = (await pc.get('/xnc/v1/notices')).json();
    expect(notices.notices[0]).toMatchObject({
      kind: 'approval_pending',
      params: { approval_id: request.id, actor_name: '张伟' },
    });
    const mail = await t.services.outbox.list({ offset: 0, limit: 50 });
    expect(mail.some((m) => m.kind === 'group_approval' && m.subject.includes('Release team'))).toBe(true);
    expect((await (await admin.client()).get(APPROVAL)).json().approvals).toEqual([]);
    // someone else cannot decide it
    expect((await (await admin.client()).post(`${APPROVAL}/${request.id}/approve`)).statusCode).toBe(404);

    // the approver sees it waiting and rejects it with a reason
    expect((await pc.get(APPROVAL)).json().approvals.map((a: { id: number }) => a.id)).toEqual([request.id]);
    const rejected = await pc.post(`${APPROVAL}/${request.id}/reject`, { reason: 'Use the existing team' });
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      reason: 'Use the existing team',
      decided_by: { id: approver.id },
    });
    expect((await pc.post(`${APPROVAL}/${request.id}/approve`)).json().result).toBe('approvalNotPending');
    const told = (await ac.get('/xnc/v1/notices')).json().notices[0];
    expect(told).toMatchObject({ kind: 'approval_rejected', params: { reason: 'Use the existing team' } });
    expect((await pc.get(APPROVAL)).json().approvals).toEqual([]);
    expect((await pc.get(`${APPROVAL}?state=decided`)).json().approvals).toHaveLength(1);

    // asked again and approved: the team exists, owned by the applicant, with the members asked for
    const second = (
      await ac.post(APPROVAL, { ...base, designated_approver_ids: [approver.id, admin.id] })
    ).json();
    const approved = await pc.post(`${APPROVAL}/${second.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    const groupId = approved.json().group_id;
    expect(groupId).toBeGreaterThan(0);
    // the second approver is too late
    expect((await (await admin.client()).post(`${APPROVAL}/${second.id}/approve`)).json().result).toBe(
      'approvalNotPending',
    );
    const team = (await ac.get(`/api/v3/groups/${groupId}`)).json();
    expect(team).toMatchObject({
      name: 'Release team',
      notice: 'Ship it',
      type: 3,
      self_member: { team_role: 1 },
      dept_count: 1,
      member_count: 3,
    });
    expect((await (await colleague.client()).get(`/api/v3/groups/${groupId}`)).json().user_role).toBe(
      'member',
    );
    expect((await (await tester.client()).get(`/api/v3/groups/${groupId}`)).json().self_member.via_dept).toBe(
      true,
    );
    expect((await ac.get('/xnc/v1/notices')).json().notices[0]).toMatchObject({
      kind: 'approval_approved',
      params: { group_id: groupId },
    });

    // the applicant's own list, newest first
    const mine = (await ac.get('/u/v1/companies/self/users/self/group_approval')).json();
    expect(mine.approvals.map((a: { status: string }) => a.status)).toEqual(['approved', 'rejected']);
  });

  test('the applicant withdraws a waiting request; approvers create directly', async () => {
    const applicant = await t.makeUser({ companyId });
    const ac = await applicant.client();
    const request = (
      await ac.post(APPROVAL, { name: 'Short lived', desc: 'Trying', designated_approver_ids: [approver.id] })
    ).json();
    expect((await (await approver.client()).delete(`${APPROVAL}/${request.id}`)).statusCode).toBe(404);
    expect((await ac.delete(`${APPROVAL}/${request.id}`)).statusCode).toBe(204);
    expect((await ac.delete(`${APPROVAL}/${request.id}`)).json().result).toBe('approvalNotPending');
    expect((await (await approver.client()).post(`${APPROVAL}/${request.id}/reject`, {})).json().result).toBe(
      'approvalNotPending',
    );

    const pc = await approver.client();
    expect((await pc.get('/v1/companies/self/users/self/group_approvers')).json().required).toBe(false);
    expect((await pc.post('/api/v3/groups', { name: 'Approvers team' })).statusCode).toBe(200);
  });

  test('notices: read state, mark read, the unread count', async () => {
    const user = await t.makeUser({ companyId });
    const c = await user.client();
    for (let i = 0; i < 3; i++) {
      await c.post(APPROVAL, {
        name: `Request ${i} team`,
        desc: 'x',
        designated_approver_ids: [approver.id],
      });
    }
    const pc = await approver.client();
    const before = (await pc.get('/xnc/v1/notices?unread=true')).json();
    expect(before.unread).toBeGreaterThanOrEqual(3);
    const [one] = before.notices;
    expect((await pc.put('/xnc/v1/notices/read', { ids: [one.id] })).json().unread).toBe(before.unread - 1);
    expect(
      (await pc.get('/xnc/v1/notices')).json().notices.find((n: { id: number }) => n.id === one.id).read,
    ).toBe(true);
    expect((await pc.put('/xnc/v1/notices/read', {})).json().unread).toBe(0);
  });
});

describe('approving when the team cannot be made', () => {
  let u: TestApp;
  let company: number;
  let decider: TestUser;
  beforeAll(async () => {
    u = await makeTestApp({
      allow_approve_create_group: '1',
      max_group_members: '2',
      max_groups_per_user: '1',
    });
    company = await u.makeCompany('Strict Co');
    decider = await u.makeUser({ companyId: company });
    await u.database.db
      .insertInto('group_approvers')
      .values({ company_id: company, user_id: decider.id })
      .execute();
  });
  afterAll(async () => {
    await u.close();
  });

  const ask = async (applicant: TestUser, name: string, memberIds: number[] = []) =>
    (
      await (
        await applicant.client()
      ).post(APPROVAL, {
        name,
        desc: 'Please',
        designated_approver_ids: [decider.id],
        member_ids: memberIds,
      })
    ).json();

  test('GroupMemberLimit: the request stays waiting and no team, member or notice rows are left', async () => {
    const applicant = await u.makeUser({ companyId: company });
    const people = await Promise.all([1, 2].map(() => u.makeUser({ companyId: company })));
    const request = await ask(
      applicant,
      'Crowded request',
      people.map((p) => p.id),
    );
    const res = await (await decider.client()).post(`${APPROVAL}/${request.id}/approve`);
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('GroupMemberLimit');
    const { db } = u.database;
    expect(await db.selectFrom('groups').select('id').where('owner_id', '=', applicant.id).execute()).toEqual(
      [],
    );
    const row = await db
      .selectFrom('group_approvals')
      .select(['status', 'group_id', 'decided_by'])
      .where('id', '=', request.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'pending', group_id: null, decided_by: null });
    const told = await db
      .selectFrom('notices')
      .select('kind')
      .where('user_id', 'in', [applicant.id, ...people.map((p) => p.id)])
      .execute();
    expect(told).toEqual([]);
  });

  test('two requests of one applicant approved at once keep max_groups_per_user (1)', async () => {
    const applicant = await u.makeUser({ companyId: company });
    const requests = [await ask(applicant, 'First request'), await ask(applicant, 'Second request')];
    const dc = await decider.client();
    const answers = await Promise.all(requests.map((r) => dc.post(`${APPROVAL}/${r.id}/approve`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    expect(answers.find((r) => r.statusCode === 403)?.json().result).toBe('groupNumLimit');
    const { db } = u.database;
    const teams = await db.selectFrom('groups').select('id').where('owner_id', '=', applicant.id).execute();
    expect(teams).toHaveLength(1);
    const rows = await db
      .selectFrom('group_approvals')
      .select(['status', 'group_id'])
      .where('applicant_id', '=', applicant.id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.status).sort()).toEqual(['approved', 'pending']);
    expect(rows.find((r) => r.status === 'approved')?.group_id).toBe(teams[0].id);
    expect(rows.find((r) => r.status === 'pending')?.group_id).toBeNull();
  });
});

describe('a request decided later', () => {
  test('an approval checks the people and departments again: one who left since is refused, and the request waits', async () => {
    const applicant = await t.makeUser({ companyId });
    const colleague = await t.makeUser({ companyId });
    const ac = await applicant.client();
    const asked = await ac.post(APPROVAL, {
      name: 'Stale team',
      type: 3,
      desc: 'Days ago',
      designated_approver_ids: [approver.id],
      member_ids: [colleague.id],
      dept_ids: [],
      notice: '',
      auto_convert_group: false,
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // The colleague leaves the company before the request is decided.
    await t.database.db.deleteFrom('company_members').where('user_id', '=', colleague.id).execute();
    const decided = await (await approver.client()).post(`${APPROVAL}/${asked.json().id}/approve`);
    expect(decided.statusCode).toBe(404);
    expect(decided.json().result).toBe('userNotExist');
    const waiting = (await (await approver.client()).get(APPROVAL)).json().approvals;
    expect(waiting.find((a: { id: number }) => a.id === asked.json().id)).toMatchObject({
      status: 'pending',
    });
  });
});
