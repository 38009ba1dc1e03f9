import { type FileRecord, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

async function me() {
  const user = await t.makeUser();
  const c = await user.client();
  return { user, c, gid: await myDrive(c) };
}

const starred = async (c: Client, query = '') => {
  const res = await c.get(`/api/v3/labels/1/files${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const names = (list: { files: FileRecord[] }) => list.files.map((f) => f.fname);

describe('stars (label 1)', () => {
  test('PUT walks 401, 400, 404, 200; records carry labels; the starred list shows newest star first', async () => {
    const { c, gid } = await me();
    const a = await upload(c, gid, 0, 'a.txt', Buffer.from('a'));
    const folder = await mkdir(c, gid, 0, 'Folder');
    const url = `/api/v3/files/${a.fileid}/labels/1`;
    expect((await t.anonymous().put(url, { groupid: gid })).statusCode).toBe(401);
    expect((await c.put(`/api/v3/files/${a.fileid}/labels/2`, { groupid: gid })).statusCode).toBe(400);
    expect((await (await me()).c.put(url, { groupid: gid })).statusCode).toBe(404);
    expect((await c.put(url, { groupid: gid + 1000 })).statusCode).toBe(404);
    const res = await c.put(url, { groupid: gid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fileid: a.fileid, labels: [{ id: 1 }] });
    // Starring twice is one star.
    expect((await c.put(url, { groupid: gid })).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await c.put(`/api/v3/files/${folder.fileid}/labels/1`, {})).statusCode).toBe(200);

    const list = await starred(c);
    expect(names(list)).toEqual(['Folder', 'a.txt']);
    expect(list).toMatchObject({ total: 2, more: false, offset: 0, count: 50 });
    expect(list.files[1].labels).toEqual([{ id: 1 }]);
    expect(names(await starred(c, '?count=1'))).toEqual(['Folder']);
    expect((await starred(c, '?count=1')).more).toBe(true);
    // The folder list and a single file show the label too; stars are per user.
    const folderList = (await c.get(`/api/v3/groups/${gid}/files`)).json().files as FileRecord[];
    expect(folderList.find((f) => f.fileid === a.fileid)?.labels).toEqual([{ id: 1 }]);
    expect((await c.get(`/api/v3/groups/${gid}/files/${a.fileid}`)).json().labels).toEqual([{ id: 1 }]);
    expect(names(await starred((await me()).c))).toEqual([]);
  });

  test('unstar by DELETE and by batch: the starred list drops them', async () => {
    const { c, gid } = await me();
    const files: FileRecord[] = [];
    for (const name of ['x.txt', 'y.txt', 'z.txt']) {
      const file = await upload(c, gid, 0, name, Buffer.from(name));
      await c.put(`/api/v3/files/${file.fileid}/labels/1`, { groupid: gid });
      files.push(file);
    }
    const [x, y, z] = files;
    expect((await t.anonymous().delete(`/api/v3/files/${x.fileid}/labels/1`)).statusCode).toBe(401);
    expect((await c.delete(`/api/v3/files/${x.fileid}/labels/1`, { groupid: gid })).statusCode).toBe(204);
    expect(names(await starred(c)).sort()).toEqual(['y.txt', 'z.txt']);
    expect((await c.get(`/api/v3/groups/${gid}/files/${x.fileid}`)).json().labels).toEqual([]);
    const batch = await c.post('/api/v3/files/labels/1/batch/delete', { fileids: [y.fileid, z.fileid] });
    expect(batch.statusCode).toBe(200);
    expect(batch.json()).toEqual({ failList: [] });
    expect(await starred(c)).toMatchObject({ files: [], total: 0 });
    expect((await c.post('/api/v3/files/labels/1/batch/delete', { fileids: [] })).statusCode).toBe(400);
  });

  test('files in the bin leave the list and come back on recover; a lost team drops its stars', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const file = await upload(oc, gid, 0, 'team.txt', Buffer.from('t'));
    await mc.put(`/api/v3/files/${file.fileid}/labels/1`, { groupid: gid });
    await oc.delete(`/api/v3/groups/${gid}/files/${file.fileid}`);
    expect(names(await starred(mc))).toEqual([]);
    await oc.post(`/api/v3/groups/${gid}/recycles/batch/recover`, { fileids: [file.fileid] });
    expect(names(await starred(mc))).toEqual(['team.txt']);
    // Out of the team: the file is no longer listed, and the star goes.
    await t.database.db
      .deleteFrom('group_members')
      .where('group_id', '=', gid)
      .where('user_id', '=', member.id)
      .execute();
    expect(await starred(mc)).toMatchObject({ files: [], total: 0 });
    const left = await t.database.db
      .selectFrom('file_labels')
      .select('file_id')
      .where('user_id', '=', member.id)
      .execute();
    expect(left).toEqual([]);
  });
});
