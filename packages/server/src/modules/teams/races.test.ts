import { TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept, makeTeam } from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

/**
 * Requests that race each other on one team: whatever order they commit in, the team keeps exactly
 * one owner and its limits, every answer tells what happened, and a refusal leaves nothing behind.
 * On SQLite writes go one at a time; on PostgreSQL (TEST_DATABASE_URL) ten connections interleave.
 */
let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await makeTestApp({ max_group_members: '3', max_groups_per_user: '2' });
  companyId = await t.makeCompany('Races Co');
});
afterAll(async () => {
  await t.close();
});

async function rolesOf(gid: number): Promise<Map<number, number>> {
  const rows = await t.database.db
    .selectFrom('group_members')
    .select(['user_id', 'team_role'])
    .where('group_id', '=', gid)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.team_role]));
}

const owners = (roles: Map<number, number>) =>
  [...roles.values()].filter((r) => r === TEAM_ROLE.owner).length;

describe('ownership transfer races', () => {
  test('a transfer to B while B leaves: one owner, and the answers agree with the outcome', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await t.makeUser({ companyId });
      const b = await t.makeUser({ companyId });
      const gid = await makeTeam(t, a, [{ user: b, role: TEAM_ROLE.member }]);
      const [ac, bc] = await Promise.all([a.client(), b.client()]);
      const [transfer, exit] = await Promise.all([
        ac.patch(`/v1/groups/${gid}/members/${b.id}`, { team_role: TEAM_ROLE.owner, role: 1 }),
        bc.delete(`/api/v3/groups/${gid}/members/${b.id}`),
      ]);
      const roles = await rolesOf(gid);
      expect(owners(roles), `round ${round}`).toBe(1);
      if (transfer.statusCode === 200) {
        // B became the owner first: the owner may not leave.
        expect(roles.get(b.id)).toBe(TEAM_ROLE.owner);
        expect(roles.get(a.id)).toBe(TEAM_ROLE.member);
        expect(exit.json().result).toBe('permissionDenied');
      } else {
        // B left first: nothing was transferred.
        expect(exit.statusCode, exit.body).toBe(204);
        expect(transfer.json().result).toBe('groupMemberNotFound');
        expect(roles.get(a.id)).toBe(TEAM_ROLE.owner);
        expect(roles.has(b.id)).toBe(false);
      }
    }
  });

  test('two transfers at once (to B and to C): exactly one owner, one transfer refused', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await t.makeUser({ companyId });
      const b = await t.makeUser({ companyId });
      const c = await t.makeUser({ companyId });
      const gid = await makeTeam(t, a, [
        { user: b, role: TEAM_ROLE.member },
        { user: c, role: TEAM_ROLE.member },
      ]);
      const ac = await a.client();
      const answers = await Promise.all(
        [b, c].map((to) =>
          ac.patch(`/v1/groups/${gid}/members/${to.id}`, { team_role: TEAM_ROLE.owner, role: 1 }),
        ),
      );
      const roles = await rolesOf(gid);
      expect(owners(roles), `round ${round}`).toBe(1);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
      expect(answers.find((r) => r.statusCode === 403)?.json().result).toBe('noPermissions');
      const winner = answers[0].statusCode === 200 ? b : c;
      expect(roles.get(winner.id)).toBe(TEAM_ROLE.owner);
      expect(roles.get(a.id)).toBe(TEAM_ROLE.member);
    }
  });
});

describe('limits under concurrent requests', () => {
  test('twelve joins by the invite link at once never pass max_group_members (3)', async () => {
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner);
    const code = (await (await owner.client()).get(`/api/v3/groups/${gid}/invite_info`)).json().code;
    const guests = await Promise.all(Array.from({ length: 12 }, () => t.makeUser({ companyId })));
    const clients = await Promise.all(guests.map((g) => g.client()));
    const answers = await Promise.all(clients.map((c) => c.post(`/api/v3/team/link/${code}/join`)));
    expect((await rolesOf(gid)).size).toBe(3);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.json().result).toBe('GroupMemberLimit');
    }
  });

  test('five creations at once never pass max_groups_per_user (2)', async () => {
    const owner = await t.makeUser({ companyId });
    const c = await owner.client();
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) => c.post('/api/v3/groups', { name: `Parallel team ${i}` })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(2);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.json().result).toBe('groupNumLimit');
    }
    const rows = await t.database.db
      .selectFrom('groups')
      .select(['id', 'status'])
      .where('owner_id', '=', owner.id)
      .where('type', '=', 'team')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['active', 'active']);
  });
});

describe('a refused creation', () => {
  test('GroupMemberLimit leaves no team, member or department rows behind', async () => {
    const owner = await t.makeUser({ companyId });
    const people = await Promise.all(Array.from({ length: 3 }, () => t.makeUser({ companyId })));
    const res = await (await owner.client()).post('/api/v3/groups', {
      name: 'Too crowded',
      members: people.map((p) => p.id),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().result).toBe('GroupMemberLimit');
    const { db } = t.database;
    const groups = await db.selectFrom('groups').select('id').where('owner_id', '=', owner.id).execute();
    expect(groups).toEqual([]);
    const members = await db
      .selectFrom('group_members')
      .select('group_id')
      .where(
        'user_id',
        'in',
        people.map((p) => p.id),
      )
      .execute();
    expect(members).toEqual([]);
    // and the creator may still create a team of the allowed size
    const ok = await (await owner.client()).post('/api/v3/groups', {
      name: 'Right sized',
      members: people.slice(0, 2).map((p) => p.id),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('small calls asked at once', () => {
  test('two first asks for the invitation link answer the same code, and it works', async () => {
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner);
    const [a, b] = await Promise.all([owner.client(), owner.client()]);
    const answers = await Promise.all([
      a.get(`/api/v3/groups/${gid}/invite_info`),
      b.get(`/api/v3/groups/${gid}/invite_info`),
    ]);
    const codes = answers.map((r) => r.json().code);
    expect(codes[0]).toBe(codes[1]);
    const joiner = await (await t.makeUser({ companyId })).client();
    expect((await joiner.post(`/api/v3/team/link/${codes[0]}/join`)).statusCode).toBe(200);
    // A reset still gives a new code.
    const reset = (await a.put(`/api/v3/mine/team/${gid}/link`)).json().code;
    expect(reset).toMatch(/^[A-Za-z0-9]{22}$/);
    expect(reset).not.toBe(codes[0]);
  });

  test('pins asked at once by someone a department brings in all succeed', async () => {
    const owner = await t.makeUser({ companyId });
    const dept = await makeDept(t, companyId, `Pins ${Date.now()}`);
    const member = await t.makeUser({ companyId });
    await joinDept(t, member, dept.id);
    const gid = await makeTeam(t, owner, [], { companyId });
    await (await owner.client()).post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 });
    const mc = await member.client();
    const pins = await Promise.all(
      [1, 2, 3].map(() => mc.put(`/api/v3/mine/team/${gid}/top`, { is_top: true })),
    );
    expect(pins.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await mc.put(`/api/v3/mine/team/${gid}/top`, { is_top: false })).statusCode).toBe(200);
  });

  test("a chat upgraded by the owner it was handed to counts against its creator's team limit", async () => {
    const creator = await t.makeUser({ companyId });
    const other = await t.makeUser({ companyId });
    const cc = await creator.client();
    const chat = (
      await cc.post('/api/v3/yun_msg/groups', { name: 'Handed chat', members: [other.id] })
    ).json().id;
    const handed = await cc.patch(`/v1/groups/${chat}/members/${other.id}`, {
      team_role: TEAM_ROLE.owner,
      role: 1,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    // The creator's limit (2) is reached by two teams of their own.
    for (const name of ['Creator one', 'Creator two'])
      expect((await cc.post('/api/v3/groups', { name })).statusCode).toBe(200);
    const upgrade = await (await other.client()).post(`/api/v3/yun_msg/groups/${chat}/upgrade`);
    expect(upgrade.statusCode).toBe(403);
    expect(upgrade.json().result).toBe('groupNumLimit');
  });
});

describe('a change judged on the role as it is when it commits', () => {
  test('an admin demoted while their notice edit waits: the edit is refused', async () => {
    const owner = await t.makeUser({ companyId });
    const admin = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: admin, role: TEAM_ROLE.admin }]);
    const [oc, ac] = [await owner.client(), await admin.client()];
    const gate = holdNextTransaction(t, 'teams/service.ts');
    const edit = ac.put(`/api/v3/groups/${gid}`, { notice: 'written by a demoted admin' });
    await gate.reached;
    const demoted = await oc.patch(`/v1/groups/${gid}/members/${admin.id}`, { team_role: TEAM_ROLE.member });
    expect(demoted.statusCode, demoted.body).toBe(200);
    gate.release();
    expect((await edit).statusCode).toBe(403);
    expect((await oc.get(`/api/v3/groups/${gid}`)).json().notice).toBe('');
  });

  test('an owner who handed the team on while deleting it: the delete is refused', async () => {
    const owner = await t.makeUser({ companyId });
    const next = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [{ user: next, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const gate = holdNextTransaction(t, 'teams/service.ts');
    const removal = oc.delete(`/api/v3/groups/${gid}`);
    await gate.reached;
    const handed = await oc.patch(`/v1/groups/${gid}/members/${next.id}`, {
      team_role: TEAM_ROLE.owner,
      role: 1,
    });
    expect(handed.statusCode, handed.body).toBe(200);
    gate.release();
    expect((await removal).statusCode).toBe(403);
    expect((await (await next.client()).get(`/api/v3/groups/${gid}`)).statusCode).toBe(200);
  });
});
