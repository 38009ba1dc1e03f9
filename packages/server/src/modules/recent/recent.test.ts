import { type RecentRecord, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, myDrive, myUploads, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const recent = async (c: Client, query = '') => {
  const res = await c.get(`/api/v3/roaming${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { files: RecentRecord[]; more: boolean; max_mtime: number };
};

describe('recent files (GET /api/v3/roaming)', () => {
  test('uploads, changes and opens bring a file to the top, with where it lives', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const mine = await myDrive(c);
    const uploads = await myUploads(c);
    const team = await makeTeam(t, owner, [], { name: 'Design' });
    const a = await upload(c, mine, 0, 'a.txt', Buffer.from('a'));
    t.clock.advance(1);
    await upload(c, uploads, 0, 'b.txt', Buffer.from('b'));
    t.clock.advance(1);
    const teamFile = await upload(c, team, 0, 'c.txt', Buffer.from('c'));
    t.clock.advance(1);
    expect((await t.anonymous().get('/api/v3/roaming')).statusCode).toBe(401);
    expect((await c.get('/api/v3/roaming?count=0')).statusCode).toBe(400);
    const first = await recent(c);
    expect(first.files.map((f) => [f.fname, f.file_src_type, f.group_name, f.action])).toEqual([
      ['c.txt', 'group', 'Design', 'file_create'],
      ['b.txt', 'tmp', 'My uploads', 'file_create'],
      ['a.txt', 'private', 'My drive', 'file_create'],
    ]);
    expect(first.files[0]).toMatchObject({ fileid: teamFile.fileid, path: '/c.txt', rtime: t.clock.now - 1 });

    // Opening (downloading) a.txt moves it up; so does a rename.
    await c.get(`/api/v3/groups/${mine}/files/${a.fileid}/download`);
    t.clock.advance(1);
    expect((await recent(c)).files.map((f) => [f.fname, f.action])[0]).toEqual(['a.txt', 'open']);
    await c.put(`/api/v3/groups/${team}/files/${teamFile.fileid}`, { fname: 'd.txt' });
    expect((await recent(c)).files.map((f) => f.fname)).toEqual(['d.txt', 'a.txt', 'b.txt']);

    // Paging by count and offset, or by max_mtime from the last row.
    const page = await recent(c, '?count=2');
    expect(page.more).toBe(true);
    const rest = await recent(c, `?count=2&max_mtime=${page.max_mtime}`);
    expect(rest.files.map((f) => f.fname)).toEqual(['b.txt']);
    expect((await recent(c, '?count=2&offset=2')).files.map((f) => f.fname)).toEqual(['b.txt']);
  });

  test('batch/destory removes entries; files in the bin or out of reach are not listed', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const mc = await member.client();
    const mine = await myDrive(mc);
    const x = await upload(mc, mine, 0, 'x.txt', Buffer.from('x'));
    const y = await upload(mc, mine, 0, 'y.txt', Buffer.from('y'));
    await upload(mc, team, 0, 'team.txt', Buffer.from('t'));
    const url = '/api/v3/roaming/batch/destory';
    expect((await t.anonymous().post(url, { fileids: [x.fileid] })).statusCode).toBe(401);
    expect((await mc.post(url, {})).statusCode).toBe(400);
    const res = await mc.post(url, { fileids: [x.fileid] });
    expect(res.statusCode).toBe(200);
    expect((await recent(mc)).files.map((f) => f.fname).sort()).toEqual(['team.txt', 'y.txt']);
    // The file itself stays.
    expect((await mc.get(`/api/v3/groups/${mine}/files/${x.fileid}`)).statusCode).toBe(200);
    await mc.delete(`/api/v3/groups/${mine}/files/${y.fileid}`);
    await t.database.db
      .deleteFrom('group_members')
      .where('group_id', '=', team)
      .where('user_id', '=', member.id)
      .execute();
    expect((await recent(mc)).files).toEqual([]);
  });
});
