import { sql } from 'kysely';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** The kept counts (migration 0012) against a COUNT of the rows, for every folder of every space. */
async function expectCountsKept() {
  const counted = await sql<{ group_id: number; parent_id: number; n: number }>`
    SELECT group_id, parent_id, COUNT(*) AS n FROM files WHERE status = 'live'
    GROUP BY group_id, parent_id`.execute(t.database.db);
  const kept = await t.database.db.selectFrom('folder_counts').selectAll().where('live', '<>', 0).execute();
  const key = (r: { group_id: number; parent_id: number }) => `${r.group_id}/${r.parent_id}`;
  expect(new Map(kept.map((r) => [key(r), Number(r.live)]))).toEqual(
    new Map(counted.rows.map((r) => [key(r), Number(r.n)])),
  );
}

async function total(c: Client, gid: number, parentid: number): Promise<number> {
  const res = await c.get(`/api/v3/groups/${gid}/files?parentid=${parentid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total;
}

test('a folder list counts its children right through every kind of change', async () => {
  const owner = await t.makeUser();
  const c = await owner.client();
  const gid = await myDrive(c);
  const team = await makeTeam(t, owner);
  const a = (await mkdir(c, gid, 0, 'A')).fileid;
  const b = (await mkdir(c, gid, 0, 'B')).fileid;
  const ids: number[] = [];
  for (const name of ['1.txt', '2.txt', '3.txt'])
    ids.push((await upload(c, gid, a, name, Buffer.from(name))).fileid);
  const sub = (await mkdir(c, gid, a, 'Sub')).fileid;
  await upload(c, gid, sub, 'deep.txt', Buffer.from('deep'));
  // A new version and a rename change no count.
  await upload(c, gid, a, '1.txt', Buffer.from('again'));
  await c.put(`/api/v3/groups/${gid}/files/${ids[1]}`, { name: 'two.txt' });
  expect([await total(c, gid, 0), await total(c, gid, a), await total(c, gid, b)]).toEqual([2, 4, 0]);
  await expectCountsKept();

  // Moved, copied, deleted, recovered, destroyed; a folder moved to a team with what it holds.
  expect(
    (
      await c.post(`/api/v3/groups/${gid}/files/batch/move`, {
        fileids: [ids[0]],
        target_groupid: gid,
        target_parentid: b,
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (
      await c.post(`/api/v3/groups/${gid}/files/batch/copy`, {
        fileids: [ids[2]],
        target_groupid: gid,
        target_parentid: b,
      })
    ).statusCode,
  ).toBe(200);
  expect([await total(c, gid, a), await total(c, gid, b)]).toEqual([3, 2]);
  expect((await c.delete(`/api/v3/groups/${gid}/files/${ids[2]}`)).statusCode).toBe(204);
  expect(await total(c, gid, a)).toBe(2);
  await expectCountsKept();
  expect((await c.post('/api/v3/recycles/batch/recover', { fileids: [ids[2]] })).statusCode).toBe(200);
  expect(await total(c, gid, a)).toBe(3);
  expect((await c.delete(`/api/v3/groups/${gid}/files/${ids[2]}`)).statusCode).toBe(204);
  expect((await c.post('/api/v3/recycles/batch/destory', { fileids: [ids[2]] })).statusCode).toBe(200);
  expect(await total(c, gid, a)).toBe(2);
  expect(
    (
      await c.post(`/api/v3/groups/${gid}/files/batch/move`, {
        fileids: [sub],
        target_groupid: team,
        target_parentid: 0,
      })
    ).statusCode,
  ).toBe(200);
  expect([await total(c, gid, a), await total(c, team, 0), await total(c, team, sub)]).toEqual([1, 1, 1]);
  await expectCountsKept();
  // A whole folder to the bin and back.
  expect((await c.delete(`/api/v3/groups/${gid}/files/${b}`)).statusCode).toBe(204);
  expect(await total(c, gid, 0)).toBe(1);
  await expectCountsKept();
  expect((await c.post('/api/v3/recycles/batch/recover', { fileids: [b] })).statusCode).toBe(200);
  expect([await total(c, gid, 0), await total(c, gid, b)]).toEqual([2, 2]);
  await expectCountsKept();
});
