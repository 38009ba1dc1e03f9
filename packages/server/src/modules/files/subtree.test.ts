import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { below, pathsBelow } from './subtree.ts';

describe('pathsBelow', () => {
  test('a path is in the range exactly when it begins with the prefix', () => {
    // Id paths whose ids share leading digits, the case a wrong bound would get wrong.
    const ids = [1, 2, 5, 9, 10, 12, 19, 20, 50, 51, 59, 99, 100, 105, 500, 599];
    const paths = new Set<string>(['/']);
    for (const a of ids) {
      paths.add(`/${a}/`);
      for (const b of ids) {
        paths.add(`/${a}/${b}/`);
        for (const c of [1, 5, 50]) paths.add(`/${a}/${b}/${c}/`);
      }
    }
    const wrong: string[] = [];
    for (const prefix of paths) {
      const { from, to } = pathsBelow(prefix);
      for (const path of paths)
        if ((path >= from && path < to) !== path.startsWith(prefix)) wrong.push(`${path} / ${prefix}`);
    }
    expect(paths.size).toBeGreaterThan(1000);
    expect(wrong).toEqual([]);
  });

  test('of a folder row: its path and id', () => {
    expect(below({ path: '/12/', id: 345 })).toEqual({ from: '/12/345/', to: '/12/3450' });
    expect(() => pathsBelow('/12')).toThrow(/prefix/);
  });
});

describe('subtree changes through the API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function names(c: Client, gid: number, parentid: number) {
    const res = await c.get(`/api/v3/groups/${gid}/files?parentid=${parentid}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().files as { name: string }[]).map((f) => f.name).sort();
  }

  test('binning, recovering and moving a folder leave a folder whose id begins with its id alone', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const gid = await myDrive(c);
    const a = (await mkdir(c, gid, 0, 'A')).fileid;
    await upload(c, gid, a, 'in-a.txt', Buffer.from('a'));
    // Folders until one's id begins with A's digits (A is 7: 70 to 79; A is 12: 120 to 129).
    let b = 0;
    for (let i = 0; !b; i++) {
      const id = (await mkdir(c, gid, 0, `filler-${i}`)).fileid;
      if (String(id).startsWith(String(a)) && id !== a) b = id;
    }
    await upload(c, gid, b, 'in-b.txt', Buffer.from('b'));
    const target = (await mkdir(c, gid, 0, 'Target')).fileid;

    expect((await c.delete(`/api/v3/groups/${gid}/files/${a}`)).statusCode).toBe(204);
    expect(await names(c, gid, b)).toEqual(['in-b.txt']);
    const recovered = await c.post(`/api/v3/groups/${gid}/recycles/batch/recover`, { fileids: [a] });
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(await names(c, gid, a)).toEqual(['in-a.txt']);

    const moved = await c.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [a],
      target_groupid: gid,
      target_parentid: target,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await names(c, gid, a)).toEqual(['in-a.txt']);
    expect(await names(c, gid, b)).toEqual(['in-b.txt']);
    // The rows' paths follow their folders, and B's file kept its own.
    const rows = await t.database.db
      .selectFrom('files')
      .select(['name', 'path'])
      .where('name', 'in', ['in-a.txt', 'in-b.txt'])
      .where('group_id', '=', gid)
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.name, r.path]))).toEqual({
      'in-a.txt': `/${target}/${a}/`,
      'in-b.txt': `/${b}/`,
    });
  });
});
