import { TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listNames, makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function download(c: Client, gid: number, fid: number): Promise<string> {
  const res = await c.get(`/api/v3/groups/${gid}/files/${fid}/download?action=download`);
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

/** A user with my drive and a team they own, plus a tree "Project/{spec.txt, Sub/deep.txt}" in the team. */
async function setup() {
  const owner = await t.makeUser();
  const c = await owner.client();
  const drive = await myDrive(c);
  const team = await makeTeam(t, owner);
  const project = await mkdir(c, team, 0, 'Project');
  const spec = await upload(c, team, project.fileid, 'spec.txt', Buffer.from('the spec'));
  const sub = await mkdir(c, team, project.fileid, 'Sub');
  const deep = await upload(c, team, sub.fileid, 'deep.txt', Buffer.from('deep down'));
  return { owner, c, drive, team, project, spec, sub, deep };
}

describe('POST .../files/batch/copy', () => {
  test('walks 401 and 400', async () => {
    const { c, team, spec } = await setup();
    const url = `/api/v3/groups/${team}/files/batch/copy`;
    expect((await t.anonymous().post(url, { fileids: [spec.fileid] })).statusCode).toBe(401);
    expect((await c.post(url, {})).statusCode).toBe(400);
    expect((await c.post(url, { fileids: ['x'] })).statusCode).toBe(400);
  });

  test('copies a folder recursively from a team to my drive and back, content shared by hash', async () => {
    const { c, drive, team, project, deep } = await setup();
    const res = await c.post(`/api/v3/groups/${team}/files/batch/copy`, {
      fileids: [project.fileid],
      groupid: team,
      parentid: 0,
      target_groupid: drive,
      target_parentid: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ failList: [] });
    expect(await listNames(c, drive)).toEqual(['Project']);
    const copied = (await c.get(`/api/v3/groups/${drive}/files`)).json().files[0];
    expect(copied.fileid).not.toBe(project.fileid);
    expect(await listNames(c, drive, copied.fileid)).toEqual(['Sub', 'spec.txt']);
    const sub = (await c.get(`/api/v3/groups/${drive}/files?parentid=${copied.fileid}&filter=folder`)).json()
      .files[0];
    const deepCopy = (await c.get(`/api/v3/groups/${drive}/files?parentid=${sub.fileid}`)).json().files[0];
    expect(deepCopy).toMatchObject({
      fname: 'deep.txt',
      path: '/Project/Sub/deep.txt',
      fsha: deep.fsha,
      groupid: drive,
    });
    expect(await download(c, drive, deepCopy.fileid)).toBe('deep down');
    // The source is untouched.
    expect(await listNames(c, team, project.fileid)).toEqual(['Sub', 'spec.txt']);
    // And back into the team, into another folder.
    const back = await mkdir(c, team, 0, 'Back');
    const again = await c.post(`/api/v3/groups/${drive}/files/batch/copy`, {
      fileids: [copied.fileid],
      groupid: drive,
      parentid: 0,
      target_groupid: team,
      target_parentid: back.fileid,
    });
    expect(again.json().failList).toEqual([]);
    expect(await listNames(c, team, back.fileid)).toEqual(['Project']);
    // The copy counts against the space it landed in.
    expect((await c.get(`/api/cooper/space/groups/${drive}`)).json().used).toBe(
      'the spec'.length + 'deep down'.length,
    );
  });

  test('name conflicts, missing ids, copying into itself are listed per item', async () => {
    const { c, team, project, spec, sub } = await setup();
    const url = `/api/v3/groups/${team}/files/batch/copy`;
    const other = await t.makeUser();
    const theirs = await upload(
      await other.client(),
      await myDrive(await other.client()),
      0,
      'x.txt',
      Buffer.from('x'),
    );
    const res = await c.post(url, {
      fileids: [spec.fileid, 99999999, theirs.fileid],
      groupid: team,
      parentid: project.fileid,
      target_groupid: team,
      target_parentid: project.fileid,
    });
    expect(res.json().failList).toEqual([
      { fileid: spec.fileid, name: 'spec.txt', result: 'fileNameConflict' },
      { fileid: 99999999, name: '', result: 'fileNotExists' },
      { fileid: theirs.fileid, name: '', result: 'fileNotExists' },
    ]);
    const into = await c.post(url, {
      fileids: [project.fileid],
      target_groupid: team,
      target_parentid: sub.fileid,
    });
    expect(into.json().failList).toEqual([
      { fileid: project.fileid, name: 'Project', result: 'cannotMoveIntoSelf' },
    ]);
  });
});

describe('POST .../files/batch/move', () => {
  test('moves a folder across spaces, with its subtree, quota and events', async () => {
    const { c, drive, team, project, spec, deep } = await setup();
    const res = await c.post(`/api/v3/groups/${team}/files/batch/move`, {
      fileids: [project.fileid],
      groupid: team,
      parentid: 0,
      target_groupid: drive,
      target_parentid: 0,
    });
    expect(res.json()).toEqual({ failList: [] });
    expect(await listNames(c, team)).toEqual([]);
    expect(await listNames(c, drive)).toEqual(['Project']);
    // Same ids, now in my drive: the path of the deep file follows.
    const moved = await c.get(`/api/v3/groups/${drive}/files/${deep.fileid}`);
    expect(moved.json()).toMatchObject({
      groupid: drive,
      path: '/Project/Sub/deep.txt',
      file_src_type: 'private',
    });
    expect((await c.get(`/api/v3/groups/${team}/files/${deep.fileid}`)).statusCode).toBe(404);
    expect(await download(c, drive, spec.fileid)).toBe('the spec');
    const bytes = 'the spec'.length + 'deep down'.length;
    expect((await c.get(`/api/cooper/space/groups/${drive}`)).json().used).toBe(bytes);
    expect((await c.get(`/api/cooper/space/groups/${team}`)).json().used).toBe(0);
    const events = await t.database.db
      .selectFrom('file_events')
      .select(['type', 'group_id'])
      .where('file_id', '=', project.fileid)
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { type: 'file_create', group_id: team },
      { type: 'shift_out', group_id: team },
      { type: 'shift_in', group_id: drive },
    ]);
  });

  test('a folder cannot go into itself or below itself; the same folder does nothing', async () => {
    const { c, team, project, sub } = await setup();
    const url = `/api/v3/groups/${team}/files/batch/move`;
    for (const target of [project.fileid, sub.fileid]) {
      const res = await c.post(url, {
        fileids: [project.fileid],
        groupid: team,
        parentid: 0,
        target_groupid: team,
        target_parentid: target,
      });
      expect(res.json().failList).toEqual([
        { fileid: project.fileid, name: 'Project', result: 'cannotMoveIntoSelf' },
      ]);
    }
    const same = await c.post(url, {
      fileids: [sub.fileid],
      target_groupid: team,
      target_parentid: project.fileid,
    });
    expect(same.json().failList).toEqual([]);
    expect(await listNames(c, team, project.fileid)).toEqual(['Sub', 'spec.txt']);
  });

  test('within a space, by the search page body (fileids, parentid, groupid name the target)', async () => {
    const { c, team, spec, sub, deep } = await setup();
    const res = await c.post(`/api/v3/groups/${team}/files/batch/move`, {
      fileids: [spec.fileid, deep.fileid],
      parentid: 0,
      groupid: team,
    });
    expect(res.json().failList).toEqual([]);
    expect(await listNames(c, team)).toEqual(['Project', 'deep.txt', 'spec.txt']);
    expect(await listNames(c, team, sub.fileid)).toEqual([]);
    const conflict = await c.post(`/api/v3/groups/${team}/files/batch/move`, {
      fileids: [(await upload(c, team, sub.fileid, 'spec.txt', Buffer.from('2'))).fileid],
      parentid: 0,
      groupid: team,
    });
    expect(conflict.json().failList[0].result).toBe('fileNameConflict');
  });

  test('a read-only member gets moveFilePermission; a target without upload refuses the whole batch', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const rc = await reader.client();
    const file = await upload(oc, team, 0, 'f.txt', Buffer.from('f'));
    const readerDrive = await myDrive(rc);
    const out = await rc.post(`/api/v3/groups/${team}/files/batch/move`, {
      fileids: [file.fileid],
      target_groupid: readerDrive,
      target_parentid: 0,
    });
    expect(out.json().failList).toEqual([
      { fileid: file.fileid, name: 'f.txt', result: 'moveFilePermission' },
    ]);
    // read_member holds read, download and history only: no copy either.
    const copy = await rc.post(`/api/v3/groups/${team}/files/batch/copy`, {
      fileids: [file.fileid],
      target_groupid: readerDrive,
      target_parentid: 0,
    });
    expect(copy.json().failList).toEqual([
      { fileid: file.fileid, name: 'f.txt', result: 'permissionDenied' },
    ]);
    const mine = await upload(rc, readerDrive, 0, 'mine.txt', Buffer.from('m'));
    const into = await rc.post(`/api/v3/groups/${readerDrive}/files/batch/copy`, {
      fileids: [mine.fileid],
      target_groupid: team,
      target_parentid: 0,
    });
    expect(into.statusCode).toBe(403);
    expect(into.json().result).toBe('permissionDenied');
    const hidden = await (await (await t.makeUser()).client()).post(
      `/api/v3/groups/${team}/files/batch/move`,
      {
        fileids: [file.fileid],
        target_groupid: team,
        target_parentid: 0,
      },
    );
    expect(hidden.statusCode).toBe(404);
  });

  test('across spaces, an item below that the mover may not read keeps the whole folder where it is', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const folder = await mkdir(oc, team, 0, 'Folder');
    const secret = await upload(oc, team, folder.fileid, 'secret.txt', Buffer.from('top secret'));
    await upload(oc, team, folder.fileid, 'open.txt', Buffer.from('open'));
    const hide = await oc.put(`/api/v3/groups/${team}/files/${secret.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: 0 }],
    });
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await mc.get(`/api/v3/groups/${team}/files/${secret.fileid}`)).statusCode).toBe(403);
    const memberDrive = await myDrive(mc);
    const move = () =>
      mc.post(`/api/v3/groups/${team}/files/batch/move`, {
        fileids: [folder.fileid],
        target_groupid: memberDrive,
        target_parentid: 0,
      });
    expect((await move()).json().failList).toEqual([
      { fileid: folder.fileid, name: 'Folder', result: 'moveFilePermission' },
    ]);
    expect(await listNames(oc, team, folder.fileid)).toEqual(['open.txt', 'secret.txt']);
    expect(await listNames(mc, memberDrive)).toEqual([]);
    // Within the team the folder moves, the entry with it.
    const sub = await mkdir(oc, team, 0, 'Sub');
    const inside = await mc.post(`/api/v3/groups/${team}/files/batch/move`, {
      fileids: [folder.fileid],
      target_groupid: team,
      target_parentid: sub.fileid,
    });
    expect(inside.json()).toEqual({ failList: [] });
    expect((await mc.get(`/api/v3/groups/${team}/files/${secret.fileid}`)).statusCode).toBe(403);
    // With the entry gone, the folder may leave the team.
    await oc.put(`/api/v3/groups/${team}/files/${secret.fileid}/permission`, { entries: [] });
    expect((await move()).json()).toEqual({ failList: [] });
    expect(await listNames(mc, memberDrive, folder.fileid)).toEqual(['open.txt', 'secret.txt']);
  });

  test("across spaces, what was deleted in the folder stays in its space's bin", async () => {
    const { c, drive, team, project, spec, sub } = await setup();
    const gone = await upload(c, team, sub.fileid, 'gone.txt', Buffer.from('gone'));
    expect((await c.delete(`/api/v3/groups/${team}/files/${gone.fileid}`)).statusCode).toBe(204);
    const old = await mkdir(c, team, project.fileid, 'Old');
    await upload(c, team, old.fileid, 'inside.txt', Buffer.from('inside'));
    expect((await c.delete(`/api/v3/groups/${team}/files/${old.fileid}`)).statusCode).toBe(204);
    const teamBin = async () =>
      ((await c.get(`/api/v3/groups/${team}/recycles`)).json().files as { fname: string }[])
        .map((f) => f.fname)
        .sort();
    expect(await teamBin()).toEqual(['Old', 'gone.txt']);
    const res = await c.post(`/api/v3/groups/${team}/files/batch/move`, {
      fileids: [project.fileid],
      target_groupid: drive,
      target_parentid: 0,
    });
    expect(res.json()).toEqual({ failList: [] });
    expect(await teamBin()).toEqual(['Old', 'gone.txt']);
    expect(((await c.get('/api/v3/recycles')).json().files as unknown[]).length).toBe(0);
    // The quota moves with the live part only; the bin still counts in the team.
    const live = 'the spec'.length + 'deep down'.length;
    expect((await c.get(`/api/cooper/space/groups/${drive}`)).json().used).toBe(live);
    expect((await c.get(`/api/cooper/space/groups/${team}`)).json().used).toBe(
      'gone'.length + 'inside'.length,
    );
    expect(await listNames(c, drive, sub.fileid)).toEqual(['deep.txt']);
    expect(await download(c, drive, spec.fileid)).toBe('the spec');
    // Recovered, they come back to the team's root, their folders being elsewhere.
    const back = await c.post(`/api/v3/groups/${team}/recycles/batch/recover`, {
      fileids: [gone.fileid, old.fileid],
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await listNames(c, team)).toEqual(['Old', 'gone.txt']);
    expect(await listNames(c, team, old.fileid)).toEqual(['inside.txt']);
    expect((await c.get(`/api/v3/groups/${team}/files/${gone.fileid}/download?action=download`)).body).toBe(
      'gone',
    );
  });

  test('a move into a full space is refused and leaves everything where it was', async () => {
    const { owner, c, drive } = await setup();
    const team = await makeTeam(t, owner, [], { name: 'Small' });
    await t.services.quota.set('group', team, { total: 5 });
    const small = await upload(c, drive, 0, 'small.txt', Buffer.from('1234'));
    const big = await upload(c, drive, 0, 'big.txt', Buffer.from('123456'));
    const res = await c.post(`/api/v3/groups/${drive}/files/batch/move`, {
      fileids: [small.fileid, big.fileid],
      target_groupid: team,
      target_parentid: 0,
    });
    expect(res.json().failList).toEqual([{ fileid: big.fileid, name: 'big.txt', result: 'groupSpaceFull' }]);
    expect(await listNames(c, team)).toEqual(['small.txt']);
    expect(await listNames(c, drive)).toEqual(['big.txt']);
    expect((await c.get(`/api/cooper/space/groups/${team}`)).json()).toMatchObject({ total: 5, used: 4 });
    expect((await c.get(`/api/cooper/space/groups/${drive}`)).json().used).toBe(6);
  });
});

describe('moves and deletes that meet', () => {
  /** Every live item of the space, with its stored path. */
  const liveRows = (gid: number) =>
    t.database.db
      .selectFrom('files')
      .select(['id', 'name', 'parent_id', 'path'])
      .where('group_id', '=', gid)
      .where('status', '=', 'live')
      .orderBy('id')
      .execute();
  const move = (c: Client, gid: number, ids: number[], parentid: number) =>
    c.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: ids,
      groupid: gid,
      target_parentid: parentid,
    });
  /** Every stored path is the chain of the item's parents, up to the root. */
  async function expectPathsWhole(gid: number) {
    const rows = await liveRows(gid);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const row of rows) {
      const chain: number[] = [];
      for (let p = row.parent_id; p !== 0; p = byId.get(p)?.parent_id ?? 0) {
        if (chain.includes(p) || !byId.has(p)) throw new Error(`${row.name}: no way up to the root`);
        chain.unshift(p);
      }
      expect(row.path, row.name).toBe(`/${chain.map((id) => `${id}/`).join('')}`);
    }
  }

  test('two folders moved into each other: the one checked first and committed second is refused', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const drive = await myDrive(c);
    const a = await mkdir(c, drive, 0, 'A');
    const b = await mkdir(c, drive, 0, 'B');
    await upload(c, drive, a.fileid, 'in-a.txt', Buffer.from('a'));
    // A into B passes its checks and waits; B into A happens meanwhile.
    const gate = holdNextTransaction(t, 'transfer.ts');
    const aIntoB = move(c, drive, [a.fileid], b.fileid);
    await gate.reached;
    expect((await move(c, drive, [b.fileid], a.fileid)).json()).toEqual({ failList: [] });
    gate.release();
    expect((await aIntoB).json().failList).toEqual([
      { fileid: a.fileid, name: 'A', result: 'cannotMoveIntoSelf' },
    ]);
    expect(await listNames(c, drive)).toEqual(['A']);
    expect(await listNames(c, drive, a.fileid)).toEqual(['B', 'in-a.txt']);
    await expectPathsWhole(drive);
  });

  test('a folder deleted after it moved goes to the bin with everything below it', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const drive = await myDrive(c);
    const f = await mkdir(c, drive, 0, 'F');
    const g = await mkdir(c, drive, 0, 'G');
    await upload(c, drive, f.fileid, 'child.txt', Buffer.from('child'));
    const gate = holdNextTransaction(t, 'files/service.ts');
    const deleting = c.post(`/api/v3/groups/${drive}/files/batch/delete`, {
      fileids: [f.fileid],
      groupid: drive,
    });
    await gate.reached;
    expect((await move(c, drive, [f.fileid], g.fileid)).json()).toEqual({ failList: [] });
    gate.release();
    expect((await deleting).statusCode).toBe(200);
    // Nothing lives on under a binned folder.
    expect((await liveRows(drive)).map((r) => r.name)).toEqual(['G']);
  });

  test('a copy of a file purged meanwhile is refused, not made of content being collected', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const drive = await myDrive(c);
    const file = await upload(c, drive, 0, 'short-lived.txt', Buffer.from(`short-lived ${Date.now()}`));
    const gate = holdNextTransaction(t, 'transfer.ts');
    const copying = c.post(`/api/v3/groups/${drive}/files/batch/copy`, {
      fileids: [file.fileid],
      groupid: drive,
      target_parentid: 0,
    });
    await gate.reached;
    expect((await c.delete(`/api/v3/groups/${drive}/files/${file.fileid}`)).statusCode).toBeLessThan(300);
    expect((await c.post('/api/v3/recycles/batch/destory', { fileids: [file.fileid] })).statusCode).toBe(200);
    gate.release();
    expect((await copying).json().failList).toEqual([
      { fileid: file.fileid, name: '', result: 'fileNotExists' },
    ]);
    expect(await liveRows(drive)).toEqual([]);
  });

  test('a file moved into a folder that moved meanwhile gets the folder’s new path', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const drive = await myDrive(c);
    const x = await mkdir(c, drive, 0, 'X');
    const target = await mkdir(c, drive, 0, 'T');
    const file = await upload(c, drive, 0, 'f.txt', Buffer.from('f'));
    const gate = holdNextTransaction(t, 'transfer.ts');
    const fileIntoT = move(c, drive, [file.fileid], target.fileid);
    await gate.reached;
    expect((await move(c, drive, [target.fileid], x.fileid)).json()).toEqual({ failList: [] });
    gate.release();
    expect((await fileIntoT).json()).toEqual({ failList: [] });
    await expectPathsWhole(drive);
    // Deleting X takes the file with it.
    expect((await c.delete(`/api/v3/groups/${drive}/files/${x.fileid}`)).statusCode).toBeLessThan(300);
    expect(await liveRows(drive)).toEqual([]);
  });

  test('a folder made in a folder that moved meanwhile, and an upload into it, get its new path', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const drive = await myDrive(c);
    const x = await mkdir(c, drive, 0, 'X');
    const target = await mkdir(c, drive, 0, 'T');
    const gate = holdNextTransaction(t, 'files/service.ts');
    const making = mkdir(c, drive, target.fileid, 'New');
    await gate.reached;
    expect((await move(c, drive, [target.fileid], x.fileid)).json()).toEqual({ failList: [] });
    gate.release();
    await making;
    await expectPathsWhole(drive);
  });
});
