import crypto from 'node:crypto';
import { type FileRecord, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { listNames, makeTeam, mkdir, myDrive, myUploads, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';
import { numberedName } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  // Unreferenced blobs are collected at once here; in production an hour's grace protects uploads.
  t = await makeTestApp({ BLOB_GC_GRACE_SECONDS: '0' });
});
afterAll(async () => {
  await t.close();
});

async function me(): Promise<{ user: TestUser; c: Client; gid: number }> {
  const user = await t.makeUser();
  const c = await user.client();
  return { user, c, gid: await myDrive(c) };
}

const del = (c: Client, gid: number, fid: number) => c.delete(`/api/v3/groups/${gid}/files/${fid}`);
const binNames = async (c: Client, url = '/api/v3/recycles') =>
  ((await c.get(url)).json().files as FileRecord[]).map((f) => f.fname);

describe('GET /api/v3/recycles (the personal bin)', () => {
  test('walks 401, 400, 200 and lists what the user deleted, last first, from my drive and uploads', async () => {
    const { user, c, gid } = await me();
    const uploads = await myUploads(c);
    const folder = await mkdir(c, gid, 0, 'Reports');
    await upload(c, gid, folder.fileid, 'inside.txt', Buffer.from('inside'));
    const loose = await upload(c, uploads, 0, 'loose.txt', Buffer.from('loose'));
    expect((await t.anonymous().get('/api/v3/recycles')).statusCode).toBe(401);
    expect((await c.get('/api/v3/recycles?count=0')).statusCode).toBe(400);

    expect((await del(c, gid, folder.fileid)).statusCode).toBe(204);
    t.clock.advance(5);
    expect((await del(c, uploads, loose.fileid)).statusCode).toBe(204);
    const res = await c.get('/api/v3/recycles');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Only the items the user deleted: the file inside the folder went with it.
    expect(body).toMatchObject({ offset: 0, count: 50, total: 2, more: false });
    expect(body.files).toMatchObject([
      {
        fileid: loose.fileid,
        fname: 'loose.txt',
        ftype: 'delfile',
        fsize: 5,
        groupid: uploads,
        origin_path: '/',
        deleted_by: { id: user.id },
        deleted_at: t.clock.now,
      },
      {
        fileid: folder.fileid,
        fname: 'Reports',
        ftype: 'delfolder',
        groupid: gid,
        deleted_at: t.clock.now - 5,
      },
    ]);
    // Paging: one per page, and more says whether another follows.
    const first = (await c.get('/api/v3/recycles?count=1')).json();
    expect(first).toMatchObject({ total: 2, more: true });
    const second = (await c.get('/api/v3/recycles?count=1&offset=1')).json();
    expect(second.files[0].fileid).toBe(folder.fileid);
    expect(second.more).toBe(false);
    // Another user's bin does not show them.
    expect(await binNames((await me()).c)).toEqual([]);
  });
});

describe('recover', () => {
  test('puts an item back where it was, with everything that went with it', async () => {
    const { c, gid } = await me();
    const a = await mkdir(c, gid, 0, 'A');
    const b = await mkdir(c, gid, a.fileid, 'B');
    const file = await upload(c, gid, b.fileid, 'deep.txt', Buffer.from('deep'));
    await del(c, gid, b.fileid);
    expect(await listNames(c, gid, a.fileid)).toEqual([]);
    const res = await c.post('/api/v3/recycles/batch/recover', { fileids: [b.fileid] });
    expect(res.statusCode).toBe(200);
    expect(res.json().failList).toEqual([]);
    expect(res.json().files).toMatchObject([
      { fileid: b.fileid, fname: 'B', parentid: a.fileid, ftype: 'folder' },
    ]);
    expect(await listNames(c, gid, a.fileid)).toEqual(['B']);
    expect(await listNames(c, gid, b.fileid)).toEqual(['deep.txt']);
    const back = await c.get(`/api/v3/groups/${gid}/files/${file.fileid}`);
    expect(back.json()).toMatchObject({ ftype: 'file', path: '/A/B/deep.txt' });
    expect(await binNames(c)).toEqual([]);
  });

  test('an item whose folder is in the bin goes to the space root; the folder stays in the bin', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Gone');
    const sub = await mkdir(c, gid, folder.fileid, 'Sub');
    await upload(c, gid, sub.fileid, 'kept.txt', Buffer.from('k'));
    const file = await upload(c, gid, folder.fileid, 'report.txt', Buffer.from('r'));
    // First the file, then the folder it was in.
    await del(c, gid, file.fileid);
    await del(c, gid, sub.fileid);
    await del(c, gid, folder.fileid);
    const res = await c.post('/api/v3/recycles/batch/recover', { fileids: `${file.fileid},${sub.fileid}` });
    expect(res.json().failList).toEqual([]);
    expect(res.json().files).toMatchObject([
      { fileid: file.fileid, parentid: 0, path: '/report.txt' },
      { fileid: sub.fileid, parentid: 0, path: '/Sub' },
    ]);
    expect(await listNames(c, gid)).toEqual(['Sub', 'report.txt']);
    // What was below the recovered folder came with it, and its paths follow it to the root.
    expect(await listNames(c, gid, sub.fileid)).toEqual(['kept.txt']);
    const rows = await t.database.db
      .selectFrom('files')
      .select(['name', 'path', 'status'])
      .where('parent_id', '=', sub.fileid)
      .execute();
    expect(rows).toEqual([{ name: 'kept.txt', path: `/${sub.fileid}/`, status: 'live' }]);
    expect(await binNames(c)).toEqual(['Gone']);
    const event = await t.database.db
      .selectFrom('file_events')
      .select(['type', 'detail'])
      .where('file_id', '=', file.fileid)
      .where('type', '=', 'recover')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.detail)).toMatchObject({ to_root: true, from_parentid: folder.fileid });
  });

  test('a name taken meanwhile gets "name (1)", then "name (2)"', async () => {
    const { c, gid } = await me();
    const first = await upload(c, gid, 0, 'plan.docx', Buffer.from('one'));
    await del(c, gid, first.fileid);
    const second = await upload(c, gid, 0, 'plan.docx', Buffer.from('two'));
    await del(c, gid, second.fileid);
    await upload(c, gid, 0, 'plan.docx', Buffer.from('three'));
    const folder = await mkdir(c, gid, 0, 'Notes');
    await del(c, gid, folder.fileid);
    await mkdir(c, gid, 0, 'NOTES');
    const res = await c.post('/api/v3/recycles/batch/recover', {
      fileids: [first.fileid, second.fileid, folder.fileid],
    });
    expect(res.json().failList).toEqual([]);
    expect(res.json().files.map((f: FileRecord) => f.fname)).toEqual([
      'plan (1).docx',
      'plan (2).docx',
      'Notes (1)',
    ]);
    expect(await listNames(c, gid)).toEqual([
      'NOTES',
      'Notes (1)',
      'plan (1).docx',
      'plan (2).docx',
      'plan.docx',
    ]);
  });

  test('numbered names stay within the 249-character cap', () => {
    expect(numberedName('a.tar.gz', 3, false)).toBe('a.tar (3).gz');
    expect(numberedName('.env', 1, false)).toBe('.env (1)');
    const long = numberedName(`${'x'.repeat(245)}.txt`, 1, false);
    expect([...long].length).toBe(249);
    expect(long.endsWith('x (1).txt')).toBe(true);
  });

  test("items not in the bin, or in a bin that is not the caller's, are listed as failures", async () => {
    const { c, gid } = await me();
    const live = await upload(c, gid, 0, 'live.txt', Buffer.from('l'));
    const other = await me();
    const theirs = await upload(other.c, other.gid, 0, 'theirs.txt', Buffer.from('t'));
    await del(other.c, other.gid, theirs.fileid);
    const res = await c.post('/api/v3/recycles/batch/recover', { fileids: [live.fileid, theirs.fileid] });
    expect(res.json()).toEqual({
      files: [],
      failList: [
        { fileid: live.fileid, name: '', result: 'fileNotExists' },
        { fileid: theirs.fileid, name: '', result: 'fileNotExists' },
      ],
    });
    expect((await c.post('/api/v3/recycles/batch/recover', { fileids: [] })).statusCode).toBe(400);
  });
});

describe('team bins (spec 001 §2, §6: creator, manager and admin only)', () => {
  async function team() {
    const owner = await t.makeUser();
    const admin = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [
      { user: admin, role: TEAM_ROLE.admin },
      { user: member, role: TEAM_ROLE.member },
    ]);
    return { gid, owner: await owner.client(), admin: await admin.client(), member: await member.client() };
  }

  test('walks 401, 400, 404 (stranger), 403 permissionDenied (member), 200 (owner and admin)', async () => {
    const { gid, owner, admin, member } = await team();
    const file = await upload(member, gid, 0, 'team.txt', Buffer.from('team'));
    expect((await del(member, gid, file.fileid)).statusCode).toBe(204);
    const url = `/api/v3/groups/${gid}/recycles`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await owner.get('/api/v3/groups/x/recycles')).statusCode).toBe(400);
    const stranger = await (await me()).c.get(url);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().result).toBe('groupNotExist');
    for (const call of [
      member.get(url),
      member.post(`${url}/batch/recover`, { fileids: [file.fileid] }),
      member.post(`${url}/batch/destory`, { fileids: [file.fileid] }),
      member.delete(url),
      member.get(`/api/files/${file.fileid}/metadata?recycle=1`),
    ]) {
      const res = await call;
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: 'permissionDenied', code: 40300001 });
    }
    expect(await binNames(owner, url)).toEqual(['team.txt']);
    expect(await binNames(admin, url)).toEqual(['team.txt']);
    // The personal bin does not show team items, even to the one who deleted them.
    expect(await binNames(member)).toEqual([]);
    const meta = await admin.get(`/api/files/${file.fileid}/metadata?recycle=1`);
    expect(meta.json()).toMatchObject({ fileid: file.fileid, ftype: 'delfile' });
    const res = await admin.post(`${url}/batch/recover`, { fileids: [file.fileid] });
    expect(res.json().files).toMatchObject([{ fileid: file.fileid, groupid: gid }]);
    expect(await listNames(member, gid)).toEqual(['team.txt']);
  });

  test('/404.html, where the web app sends the others, is a real page of the server', async () => {
    const res = await t.anonymous().get('/404.html');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Page not found');
    expect(res.body).toContain('页面不存在');
    expect(res.body).toContain('href="/pcview/drive"');
  });

  test('the calls spec 001 §7 names, /api/v3/recycles/batch/*, take team items from those who may open the bin', async () => {
    const { gid, admin, member } = await team();
    const a = await upload(member, gid, 0, 'a.txt', Buffer.from('a'));
    const b = await upload(member, gid, 0, 'b.txt', Buffer.from('b'));
    await del(member, gid, a.fileid);
    await del(member, gid, b.fileid);
    // A member, who may not open the team's bin, gets the item as not there; nothing changes.
    for (const call of ['recover', 'destory']) {
      const res = await member.post(`/api/v3/recycles/batch/${call}`, { fileids: [a.fileid] });
      expect(res.json().failList).toEqual([{ fileid: a.fileid, name: '', result: 'fileNotExists' }]);
    }
    const url = `/api/v3/groups/${gid}/recycles`;
    expect(await binNames(admin, url)).toEqual(['b.txt', 'a.txt']);
    const back = await admin.post('/api/v3/recycles/batch/recover', { fileids: [a.fileid] });
    expect(back.json()).toMatchObject({ files: [{ fileid: a.fileid, groupid: gid }], failList: [] });
    expect(await listNames(member, gid)).toEqual(['a.txt']);
    const gone = await admin.post('/api/v3/recycles/batch/destory', { fileids: [b.fileid] });
    expect(gone.json()).toEqual({ failList: [] });
    expect(await binNames(admin, url)).toEqual([]);
  });

  test("an item of another space is not recovered through this team's bin", async () => {
    const { gid, owner } = await team();
    const own = await myDrive(owner);
    const file = await upload(owner, own, 0, 'mine.txt', Buffer.from('m'));
    await del(owner, own, file.fileid);
    const res = await owner.post(`/api/v3/groups/${gid}/recycles/batch/recover`, { fileids: [file.fileid] });
    expect(res.json().failList).toEqual([{ fileid: file.fileid, name: '', result: 'fileNotExists' }]);
    // Its own space's bin, by group id, is the personal bin.
    const ok = await owner.post(`/api/v3/groups/${own}/recycles/batch/recover`, { fileids: [file.fileid] });
    expect(ok.json().failList).toEqual([]);
  });
});

describe('permanent delete, empty bin and the quota', () => {
  const usage = async (c: Client) => (await c.get('/api/v3/groups/special')).json().space.used;

  test('the bin counts against the quota; purging frees it, recovering needs no room', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Big');
    await upload(c, gid, folder.fileid, 'a.bin', Buffer.alloc(1000, 1));
    const b = await upload(c, gid, 0, 'b.bin', Buffer.alloc(500, 2));
    expect(await usage(c)).toBe(1500);
    await del(c, gid, folder.fileid);
    await del(c, gid, b.fileid);
    // In the bin, still counted (modules/spaces/quota.ts).
    expect(await usage(c)).toBe(1500);
    await c.post('/api/v3/recycles/batch/recover', { fileids: [b.fileid] });
    expect(await usage(c)).toBe(1500);

    const url = '/api/v3/recycles/batch/destory';
    expect((await t.anonymous().post(url, { fileids: [folder.fileid] })).statusCode).toBe(401);
    expect((await c.post(url, { fileids: 'x' })).statusCode).toBe(400);
    const res = await c.post(url, { fileids: [folder.fileid, b.fileid] });
    expect(res.statusCode).toBe(200);
    // b is live again, so it is not in the bin to purge.
    expect(res.json().failList).toEqual([{ fileid: b.fileid, name: '', result: 'fileNotExists' }]);
    expect(await usage(c)).toBe(500);
    expect(await binNames(c)).toEqual([]);
    const gone = await t.database.db
      .selectFrom('files')
      .select('id')
      .where('path', 'like', `/${folder.fileid}/%`)
      .execute();
    expect(gone).toEqual([]);
    const purged = await t.database.db
      .selectFrom('file_events')
      .select(['type', 'file_id'])
      .where('type', '=', 'shift_delete')
      .where('file_id', '=', folder.fileid)
      .execute();
    expect(purged).toHaveLength(1);
  });

  test('DELETE /api/v3/recycles empties the bin; stars, recent entries and comments of purged files go', async () => {
    const { c, gid } = await me();
    const items: FileRecord[] = [];
    for (let i = 0; i < 30; i++)
      items.push(await upload(c, gid, 0, `f${i}.txt`, Buffer.from(`content ${i}`)));
    await c.put(`/api/v3/files/${items[0].fileid}/labels/1`, { groupid: gid });
    await c.post(`/api/v3/files/${items[0].fileid}/comments`, { content: 'note' });
    const batch = await c.post(`/api/v3/groups/${gid}/files/batch/delete`, {
      fileids: items.map((f) => f.fileid),
    });
    expect(batch.json().failList).toEqual([]);
    expect((await c.get('/api/v3/recycles')).json().total).toBe(30);
    expect((await t.anonymous().delete('/api/v3/recycles')).statusCode).toBe(401);
    expect((await c.delete('/api/v3/recycles')).statusCode).toBe(204);
    expect((await c.get('/api/v3/recycles')).json()).toMatchObject({ total: 0, files: [] });
    expect(await usage(c)).toBe(0);
    const db = t.database.db;
    const ids = items.map((f) => f.fileid);
    expect(
      await db.selectFrom('file_labels').select('file_id').where('file_id', 'in', ids).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('roaming').select('file_id').where('file_id', 'in', ids).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('file_comments').select('id').where('file_id', 'in', ids).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('file_versions').select('id').where('file_id', 'in', ids).execute()).toEqual(
      [],
    );
  });

  test('a team owner empties the team bin; a member may not', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const file = await upload(mc, gid, 0, 'x.txt', Buffer.from('x'));
    await del(mc, gid, file.fileid);
    expect((await mc.delete(`/api/v3/groups/${gid}/recycles`)).statusCode).toBe(403);
    expect((await oc.delete(`/api/v3/groups/${gid}/recycles`)).statusCode).toBe(204);
    expect(await binNames(oc, `/api/v3/groups/${gid}/recycles`)).toEqual([]);
  });
});

describe('retention purge and blob collection (durable jobs)', () => {
  test('items older than trash_retention_days are purged by the job, and their blobs collected', async () => {
    const { c, gid } = await me();
    const oldData = Buffer.from(`old content ${crypto.randomUUID()}`);
    const newData = Buffer.from(`new content ${crypto.randomUUID()}`);
    const shared = Buffer.from(`shared content ${crypto.randomUUID()}`);
    const old = await upload(c, gid, 0, 'old.txt', oldData);
    const oldShared = await upload(c, gid, 0, 'old-shared.txt', shared);
    // The same bytes live on in another file: that blob must stay.
    await upload(c, gid, 0, 'keeper.txt', shared);
    await del(c, gid, old.fileid);
    await del(c, gid, oldShared.fileid);
    t.clock.advance(29 * 86400);
    const recent = await upload(c, gid, 0, 'recent.txt', newData);
    await del(c, gid, recent.fileid);
    expect(await t.stored(oldData)).toBe(true);

    // Not yet 30 days: nothing goes.
    expect(await t.services.recycle.purgeExpired()).toBe(0);
    t.clock.advance(86400 + 1);
    // The scheduler queues the periodic purge; the queue runs it and the blob collection after it.
    await t.services.scheduler.tick();
    expect(await binNames(c)).toEqual(['recent.txt']);
    expect(await t.stored(oldData)).toBe(false);
    expect(await t.stored(shared)).toBe(true);
    expect(await t.stored(newData)).toBe(true);
    const res = await c.get(`/api/v3/groups/${gid}/files?count=100`);
    expect(res.json().files.map((f: FileRecord) => f.fname)).toEqual(['keeper.txt']);
    const download = await c.get(`/api/v3/groups/${gid}/files/${res.json().files[0].fileid}/download`);
    expect(download.rawPayload.equals(shared)).toBe(true);
    const events = await t.database.db
      .selectFrom('file_events')
      .select(['actor_id', 'detail'])
      .where('type', '=', 'shift_delete')
      .where('file_id', '=', old.fileid)
      .execute();
    expect(events).toEqual([{ actor_id: 0, detail: JSON.stringify({ items: 1, reason: 'retention' }) }]);
    expect(await t.services.jobs.failed()).toEqual([]);
  });

  test("a deleted team's files are purged by the job and their blobs collected", async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const team = await makeTeam(t, owner);
    const data = Buffer.from(`team content ${crypto.randomUUID()}`);
    const binned = Buffer.from(`binned team content ${crypto.randomUUID()}`);
    const folder = await mkdir(c, team, 0, 'Plans');
    const inner = await mkdir(c, team, folder.fileid, 'Inner');
    await upload(c, team, inner.fileid, 'deep.txt', data);
    await upload(c, team, 0, 'top.txt', Buffer.from('top'));
    const gone = await upload(c, team, 0, 'binned.txt', binned);
    await del(c, team, gone.fileid);
    // Another team keeps its files.
    const other = await makeTeam(t, owner);
    await upload(c, other, 0, 'stays.txt', Buffer.from('stays'));

    expect((await c.delete(`/api/v3/groups/${team}`)).statusCode).toBe(204);
    // The hourly purge comes round (an earlier test may have run it just now).
    t.clock.advance(3601);
    await t.services.scheduler.tick();
    const left = await t.database.db.selectFrom('files').select('id').where('group_id', '=', team).execute();
    expect(left).toEqual([]);
    expect(await t.stored(data)).toBe(false);
    expect(await t.stored(binned)).toBe(false);
    expect(await listNames(c, other)).toEqual(['stays.txt']);
    expect(await t.services.jobs.failed()).toEqual([]);
  });

  test('a retention of 0 days keeps bin items', async () => {
    const app = await makeTestApp({ trash_retention_days: '0' });
    try {
      const user = await app.makeUser();
      const c = await user.client();
      const gid = await myDrive(c);
      const file = await upload(c, gid, 0, 'stays.txt', Buffer.from('s'));
      await c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`);
      app.clock.advance(100 * 86400);
      expect(await app.services.recycle.purgeExpired()).toBe(0);
      expect((await c.get('/api/v3/recycles')).json().total).toBe(1);
    } finally {
      await app.close();
    }
  });
});
