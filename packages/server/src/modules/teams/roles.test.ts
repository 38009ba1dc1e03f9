import { TEAM_ROLE, TEAM_TYPE, type TeamRole, type TeamType } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, makeDept, makeTeam } from '../../../test/drive.ts';
import type { Client, TestApp, TestUser } from '../../../test/helpers.ts';
import { makeTestApp } from '../../../test/helpers.ts';

/**
 * The role rules of spec 000 §4 and §8 through the API, as a table: an actor of one role does
 * something to a member of another, in a fresh team each time; the answer is allowed or the
 * spec's error key (noPermissions 403e5, setFailed 40000600, cant_remove_member 50000002).
 */
let t: TestApp;
let companyId: number;
/** People by role, two of each so that an actor never acts on themselves by accident. */
const people: Record<TeamRole, TestUser[]> = { 1: [], 2: [], 3: [], 4: [] };
const clients = new Map<number, Client>();

beforeAll(async () => {
  t = await makeTestApp();
  companyId = await t.makeCompany('Roles Co');
  for (const role of [1, 2, 3, 4] as TeamRole[]) {
    for (let i = 0; i < 2; i++) people[role].push(await t.makeUser({ companyId }));
  }
  for (const list of Object.values(people)) {
    for (const user of list) clients.set(user.id, await user.client());
  }
});
afterAll(async () => {
  await t.close();
});

const { owner, admin, member, read_member } = TEAM_ROLE;
const NAMES: Record<TeamRole, string> = { 1: 'owner', 2: 'admin', 3: 'member', 4: 'read_member' };

type Action = 'make admin' | 'make member' | 'make read_member' | 'transfer' | 'remove';
const ROLE_OF: Record<Exclude<Action, 'remove'>, TeamRole> = {
  'make admin': admin,
  'make member': member,
  'make read_member': read_member,
  transfer: owner,
};

/** A fresh team of the given type with one actor and one target (the owner is whoever holds role 1). */
async function scene(actorRole: TeamRole, targetRole: TeamRole, teamType: TeamType) {
  const actor = people[actorRole][0];
  const target = targetRole === actorRole ? people[targetRole][1] : people[targetRole][0];
  const ownerUser = actorRole === owner ? actor : targetRole === owner ? target : people[owner][1];
  const others = [
    { user: actor, role: actorRole },
    { user: target, role: targetRole },
  ].filter((m) => m.user !== ownerUser);
  const gid = await makeTeam(t, ownerUser, others, { teamType, companyId });
  return { gid, actor, target, client: clients.get(actor.id) as Client };
}

async function act(client: Client, gid: number, targetId: number, action: Action) {
  if (action === 'remove') {
    return client.post(`/v1/groups/${gid}/members/batch`, { delete: [targetId], type: 1 });
  }
  const role = ROLE_OF[action];
  return client.patch(`/v1/groups/${gid}/members/${targetId}`, {
    team_role: role,
    ...(role === owner ? { role: 1 } : {}),
  });
}

async function roleOf(gid: number, userId: number) {
  const row = await t.database.db
    .selectFrom('group_members')
    .select('team_role')
    .where('group_id', '=', gid)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.team_role;
}

// actor, target, action, expected (in a company team, where read_member is offered)
const OK = 'allowed';
const CASES: [TeamRole, TeamRole, Action, string][] = [
  // the owner: admin, member, read_member to anyone below; transfer; remove
  [owner, admin, 'make member', OK],
  [owner, admin, 'make read_member', OK],
  [owner, member, 'make admin', OK],
  [owner, member, 'make read_member', OK],
  [owner, read_member, 'make admin', OK],
  [owner, read_member, 'make member', OK],
  [owner, admin, 'transfer', OK],
  [owner, member, 'transfer', OK],
  [owner, read_member, 'transfer', OK],
  [owner, admin, 'remove', OK],
  [owner, member, 'remove', OK],
  [owner, read_member, 'remove', OK],
  // an admin: member and read_member, only to those below; removes those below
  [admin, member, 'make read_member', OK],
  [admin, read_member, 'make member', OK],
  [admin, member, 'make admin', 'noPermissions'],
  [admin, admin, 'make member', 'noPermissions'],
  [admin, owner, 'make member', 'noPermissions'],
  [admin, member, 'transfer', 'noPermissions'],
  [admin, member, 'remove', OK],
  [admin, read_member, 'remove', OK],
  [admin, admin, 'remove', 'cant_remove_member'],
  [admin, owner, 'remove', 'cant_remove_member'],
  // members and read_members: nothing
  [member, read_member, 'make member', 'noPermissions'],
  [member, member, 'make read_member', 'noPermissions'],
  [member, admin, 'make member', 'noPermissions'],
  [member, read_member, 'transfer', 'noPermissions'],
  [member, read_member, 'remove', 'cant_remove_member'],
  [member, member, 'remove', 'cant_remove_member'],
  [read_member, member, 'make read_member', 'noPermissions'],
  [read_member, read_member, 'remove', 'cant_remove_member'],
  [read_member, member, 'transfer', 'noPermissions'],
];

const STATUS: Record<string, number> = { noPermissions: 403, setFailed: 400, cant_remove_member: 403 };
const CODE: Record<string, number> = {
  noPermissions: 40300000,
  setFailed: 40000600,
  cant_remove_member: 50000002,
};

describe('role rules (company team)', () => {
  test.each(CASES.map(([a, b, action, expected]) => [NAMES[a], action, NAMES[b], expected, a, b] as const))(
    '%s: %s on %s -> %s',
    async (_a, action, _b, expected, actorRole, targetRole) => {
      const { gid, actor, target, client } = await scene(actorRole, targetRole, TEAM_TYPE.company);
      const res = await act(client, gid, target.id, action);
      if (expected !== OK) {
        expect(res.statusCode, res.body).toBe(STATUS[expected]);
        expect(res.json()).toMatchObject({ result: expected, code: CODE[expected] });
        expect(await roleOf(gid, target.id)).toBe(targetRole);
        return;
      }
      expect(res.statusCode, res.body).toBe(action === 'remove' ? 204 : 200);
      if (action === 'remove') {
        expect(await roleOf(gid, target.id)).toBeUndefined();
      } else if (action === 'transfer') {
        // spec 000 §4: the new owner gets 1, the previous owner 3.
        expect(res.json()).toMatchObject({ id: target.id, team_role: owner });
        expect(await roleOf(gid, target.id)).toBe(owner);
        expect(await roleOf(gid, actor.id)).toBe(member);
      } else {
        const role = ROLE_OF[action];
        expect(res.json()).toMatchObject({ type: 1, id: target.id, team_role: role });
        expect(await roleOf(gid, target.id)).toBe(role);
      }
    },
  );
});

describe('role rules that depend on the team and the member', () => {
  test('read_member is offered only in company teams: setFailed in a general team', async () => {
    const { gid, target, client } = await scene(owner, member, TEAM_TYPE.general);
    const res = await act(client, gid, target.id, 'make read_member');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: 'setFailed', code: 40000600 });
    expect((await act(client, gid, target.id, 'make admin')).statusCode).toBe(200);
  });

  test('someone a department brings in is only ever a member, is not removed, but may become owner', async () => {
    const dept = await makeDept(t, companyId, 'Ops');
    const viaDept = await t.makeUser({ companyId });
    await joinDept(t, viaDept, dept.id);
    const ownerUser = people[owner][0];
    const gid = await makeTeam(t, ownerUser, [{ user: people[admin][0], role: admin }], {
      teamType: TEAM_TYPE.company,
      companyId,
    });
    const client = clients.get(ownerUser.id) as Client;
    expect(
      (await client.post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 })).statusCode,
    ).toBe(204);

    for (const action of ['make admin', 'make read_member'] as const) {
      const res = await act(client, gid, viaDept.id, action);
      expect(res.statusCode, action).toBe(400);
      expect(res.json().result).toBe('setFailed');
    }
    const removed = await act(client, gid, viaDept.id, 'remove');
    expect(removed.statusCode).toBe(403);
    expect(removed.json()).toMatchObject({ result: 'cant_remove_member', code: 50000002 });
    // the department entry itself: never by checkbox, one entry at a time by owner or admin
    const byCheckbox = await client.post(`/v1/groups/${gid}/members/batch`, { delete: [dept.id], type: 2 });
    expect(byCheckbox.json().result).toBe('cant_remove_member');
    const adminClient = clients.get(people[admin][0].id) as Client;
    expect((await adminClient.delete(`/v1/groups/${gid}/members/${dept.id}?type=2`)).statusCode).toBe(204);
    expect((await client.get(`/v1/groups/${gid}/members/${viaDept.id}`)).json().result).toBe(
      'groupMemberNotFound',
    );

    // ownership may go to a department member: they get a user entry of their own with role 1
    await client.post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 });
    const transfer = await act(client, gid, viaDept.id, 'transfer');
    expect(transfer.statusCode, transfer.body).toBe(200);
    expect(await roleOf(gid, viaDept.id)).toBe(owner);
    expect(await roleOf(gid, ownerUser.id)).toBe(member);
  });

  test('someone named whom a department brings as well is not removed by name: they would stay, demoted', async () => {
    const dept = await makeDept(t, companyId, 'Field');
    const both = await t.makeUser({ companyId });
    await joinDept(t, both, dept.id);
    const ownerUser = people[owner][0];
    const gid = await makeTeam(t, ownerUser, [{ user: both, role: admin }], {
      teamType: TEAM_TYPE.company,
      companyId,
    });
    const client = clients.get(ownerUser.id) as Client;
    await client.post(`/v1/groups/${gid}/members/batch`, { put: [dept.id], type: 2 });
    const row = (await client.get(`/v1/groups/${gid}/members?limit=50`))
      .json()
      .members.find((m: { type: number; id: number }) => m.type === 1 && m.id === both.id);
    expect(row).toMatchObject({ team_role: admin, in_dept: { id: dept.id, name: 'Field' } });
    for (const res of [
      await act(client, gid, both.id, 'remove'),
      await client.delete(`/v1/groups/${gid}/members/${both.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().result).toBe('cant_remove_member');
    }
    expect(await roleOf(gid, both.id)).toBe(admin);
    // Once the department is out, the name is what keeps them in, and it may go.
    expect((await client.delete(`/v1/groups/${gid}/members/${dept.id}?type=2`)).statusCode).toBe(204);
    expect((await act(client, gid, both.id, 'remove')).statusCode).toBe(204);
  });

  test('the owner cannot hand ownership to themselves; an unknown member is 40010004', async () => {
    const { gid, actor, client } = await scene(owner, member, TEAM_TYPE.general);
    const self = await act(client, gid, actor.id, 'transfer');
    expect(self.json().result).toBe('setFailed');
    const stranger = await t.makeUser({ companyId });
    const missing = await act(client, gid, stranger.id, 'make admin');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ result: 'groupMemberNotFound', code: 40010004 });
  });

  test('a bad role is 400, an outsider 404 groupNotExist, no session 401', async () => {
    const { gid, target, client } = await scene(owner, member, TEAM_TYPE.general);
    expect((await client.patch(`/v1/groups/${gid}/members/${target.id}`, { team_role: 7 })).statusCode).toBe(
      400,
    );
    const outsider = await (await t.makeUser({ companyId })).client();
    const hidden = await outsider.patch(`/v1/groups/${gid}/members/${target.id}`, { team_role: 2 });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('groupNotExist');
    expect(
      (await t.anonymous().patch(`/v1/groups/${gid}/members/${target.id}`, { team_role: 2 })).statusCode,
    ).toBe(401);
  });
});
