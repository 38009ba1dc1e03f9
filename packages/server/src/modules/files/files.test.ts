import crypto from 'node:crypto';
import path from 'node:path';
import {
  compareFileNames,
  DEFAULT_ROLE_MASKS,
  FULL_MASK,
  maskOf,
  TEAM_ROLE,
  TEXT_EDIT_MAX_BYTES,
} from '@cirrus/shared';
import SqliteDatabase from 'better-sqlite3';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { joinDept, listNames, makeDept, makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ allow_secret_label: 'true' });
});
afterAll(async () => {
  await t.close();
});

/** A team with an owner, a member and a read-only member, and a client for each. */
async function teamOfThree() {
  const owner = await t.makeUser();
  const member = await t.makeUser();
  const reader = await t.makeUser();
  const gid = await makeTeam(t, owner, [
    { user: member, role: TEAM_ROLE.member },
    { user: reader, role: TEAM_ROLE.read_member },
  ]);
  return {
    gid,
    owner: { user: owner, c: await owner.client() },
    member: { user: member, c: await member.client() },
    reader: { user: reader, c: await reader.client() },
  };
}

async function me(): Promise<{ user: TestUser; c: Client; gid: number }> {
  const user = await t.makeUser();
  const c = await user.client();
  return { user, c, gid: await myDrive(c) };
}

const long = (n: number) => 'a'.repeat(n);

describe('name rules (spec 001 §5), on create folder and rename', () => {
  test.each([
    ['   ', 'fileNameEmpty'],
    ['a/b', 'illegalFname'],
    ['a\\b', 'illegalFname'],
    ['what?', 'illegalFname'],
    ['a|b', 'illegalFname'],
    ['..', 'illegalDotFname'],
    ['.hidden', 'illegalDotFname'],
    [long(250), 'fileNameLengthExceed'],
  ])('folder name %j answers %s', async (name, key) => {
    const { c, gid } = await me();
    const res = await c.post(`/api/v3/groups/${gid}/files`, { groupid: gid, parentid: 0, name });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(key);
    const folder = await mkdir(c, gid, 0, 'Original');
    const rename = await c.put(`/api/v3/groups/${gid}/files/${folder.fileid}`, { fname: name });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().result).toBe(key);
  });

  test('249 characters are allowed, also for a file name with its extension', async () => {
    const { c, gid } = await me();
    expect((await mkdir(c, gid, 0, long(249))).fname).toHaveLength(249);
    const file = await upload(c, gid, 0, 'f.txt', Buffer.from('x'));
    const ok = await c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: `${long(245)}.txt` });
    expect(ok.statusCode).toBe(200);
    const over = await c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: `${long(246)}.txt` });
    expect(over.json().result).toBe('fileNameLengthExceed');
  });
});

describe('POST /api/v3/groups/{gid}/files (create folder)', () => {
  test('walks 401, 400, 404, 403, 409, 200', async () => {
    const { gid, owner, reader } = await teamOfThree();
    const url = `/api/v3/groups/${gid}/files`;
    expect((await t.anonymous().post(url, { parentid: 0, name: 'A' })).statusCode).toBe(401);
    expect((await owner.c.post(url, { parentid: 0 })).statusCode).toBe(400);
    const stranger = await me();
    const hidden = await stranger.c.post(url, { parentid: 0, name: 'A' });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('groupNotExist');
    const noParent = await owner.c.post(url, { parentid: 987654, name: 'A' });
    expect(noParent.json().result).toBe('fileNotExists');
    const denied = await reader.c.post(url, { parentid: 0, name: 'A' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ result: 'permissionDenied', code: 40300001 });

    const created = await owner.c.post(url, { groupid: gid, parentid: 0, name: '  Reports  ' });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      fname: 'Reports',
      ftype: 'folder',
      parentid: 0,
      groupid: gid,
      teamid: gid,
      path: '/Reports',
    });
    const clash = await owner.c.post(url, { parentid: 0, name: 'reports' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().result).toBe('fileNameConflict');
    const again = await owner.c.post(url, { parentid: 0, name: 'REPORTS', exist_ok: true });
    expect(again.json().fileid).toBe(created.json().fileid);
    const inner = await mkdir(owner.c, gid, created.json().fileid, 'Q1');
    expect(inner.path).toBe('/Reports/Q1');
  });
});

describe('listing', () => {
  test('a listed item is the record GET answers for it (the list reads fewer columns)', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Shelf');
    const file = await upload(c, gid, folder.fileid, 'note.txt', Buffer.from('listed'));
    const inner = await mkdir(c, gid, folder.fileid, 'Inner');
    const list = await c.get(`/api/v3/groups/${gid}/files?parentid=${folder.fileid}`);
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json().files;
    expect(listed.map((f: { fileid: number }) => f.fileid)).toEqual([inner.fileid, file.fileid]);
    for (const item of listed) {
      const one = await c.get(`/api/v3/groups/${gid}/files/${item.fileid}`);
      expect(item).toEqual(one.json());
    }
    expect(listed[1]).toMatchObject({ fsha: file.fsha, fsize: 6, path: '/Shelf/note.txt' });
  });

  test('GET /api/v3/groups/{gid}/files: folders first, mtime descending by default, sorted and paged', async () => {
    const { c, gid } = await me();
    expect((await t.anonymous().get(`/api/v3/groups/${gid}/files`)).statusCode).toBe(401);
    expect((await c.get(`/api/v3/groups/${gid}/files?orderby=colour`)).statusCode).toBe(400);
    const other = await me();
    const hidden = await other.c.get(`/api/v3/groups/${gid}/files`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('groupNotExist');

    await upload(c, gid, 0, 'b-small.txt', Buffer.from('1'));
    t.clock.advance(10);
    await mkdir(c, gid, 0, 'Zeta');
    t.clock.advance(10);
    await upload(c, gid, 0, 'a-big.txt', Buffer.from('12345'));
    t.clock.advance(10);
    await mkdir(c, gid, 0, 'Alpha');

    const names = async (query: string) =>
      (await c.get(`/api/v3/groups/${gid}/files?${query}`))
        .json()
        .files.map((f: { fname: string }) => f.fname);
    expect(await names('')).toEqual(['Alpha', 'Zeta', 'a-big.txt', 'b-small.txt']);
    expect(await names('orderby=name&order=asc')).toEqual(['Alpha', 'Zeta', 'a-big.txt', 'b-small.txt']);
    // Ties (the two empty folders) fall back to the id, in the same direction.
    expect(await names('orderby=size&order=asc')).toEqual(['Zeta', 'Alpha', 'b-small.txt', 'a-big.txt']);
    expect(await names('filter=folder')).toEqual(['Alpha', 'Zeta']);

    const page = (await c.get(`/api/v3/groups/${gid}/files?offset=1&count=2`)).json();
    expect(page).toMatchObject({ offset: 1, count: 2, total: 4, more: true });
    expect(page.files.map((f: { fname: string }) => f.fname)).toEqual(['Zeta', 'a-big.txt']);
    const last = (await c.get(`/api/v3/groups/${gid}/files?offset=3&count=2`)).json();
    expect(last.more).toBe(false);
  });

  test('by name, a folder is in code point order on either database, as compareFileNames orders a zip', async () => {
    const { c, gid } = await me();
    // A language's collation (en_US, say) passes over spaces and punctuation at first, and would
    // put 'ab.txt' between 'a b.txt' and 'a-c.txt'.
    const names = ['ab.txt', 'a_d.txt', 'A b.txt', 'a-c.txt', 'b.txt', '中.txt', 'Ω.txt'];
    for (const name of names) await upload(c, gid, 0, name, Buffer.from(name));
    const listed = async (query: string) =>
      (await c.get(`/api/v3/groups/${gid}/files?orderby=name&${query}`))
        .json()
        .files.map((f: { fname: string }) => f.fname);
    const expected = [...names].sort(compareFileNames);
    expect(expected.slice(0, 4)).toEqual(['A b.txt', 'a-c.txt', 'a_d.txt', 'ab.txt']);
    expect(await listed('order=asc')).toEqual(expected);
    expect(await listed('order=desc')).toEqual([...expected].reverse());
    // Keyset paging goes on from a page's last name by the same order.
    const pages: string[] = [];
    for (let offset = 0; offset < names.length; offset += 3)
      pages.push(...(await listed(`order=asc&offset=${offset}&count=3`)));
    expect(pages).toEqual(expected);
    if (t.database.dialect === 'postgres') {
      const { rows } = await sql<{ collation_name: string | null }>`
        SELECT collation_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'files' AND column_name = 'name_key'`.execute(
        t.database.db,
      );
      expect(rows[0]?.collation_name).toBe('C');
    }
  });

  test('GET /xfi/u/v1/volumes/{volume}/files/{parent}/files answers the same list and graph codes', async () => {
    const { c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Docs');
    await upload(c, gid, folder.fileid, 'x.txt', Buffer.from('x'));
    const res = await c.get(`/xfi/u/v1/volumes/${gid}/files/${folder.fileid}/files?limit=10`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 1, count: 10 });
    const x = res.json().files[0];
    expect(x).toMatchObject({
      fname: 'x.txt',
      path: '/Docs/x.txt',
      parentid: folder.fileid,
    });
    // spec 001 §3 "Volume-style file record", beside the drive-style fields.
    expect(x).toMatchObject({
      volume_id: gid,
      name: 'x.txt',
      type: 'file',
      size: 1,
      ver: 1,
      parent_id: folder.fileid,
      sha1: crypto.createHash('sha1').update('x').digest('hex'),
      security_guid: '',
      permission: { read: true, download: true, delete: true },
      favorite_file: false,
    });
    expect((await c.put(`/api/v3/files/${x.fileid}/labels/1`, {})).statusCode).toBeLessThan(300);
    const again = await c.get(`/xfi/u/v1/volumes/${gid}/files/${folder.fileid}/files`);
    expect(again.json().files[0]).toMatchObject({ name: 'x.txt', favorite_file: true });
    const top = (await c.get(`/xfi/u/v1/volumes/${gid}/files/0/files`)).json().files[0];
    expect(top).toMatchObject({ name: 'Docs', type: 'folder', parent_id: 0, sha1: '' });
    const other = await me();
    const hidden = await other.c.get(`/xfi/u/v1/volumes/${gid}/files/0/files`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('volume_not_found');
    const missing = await c.get(`/xfi/u/v1/volumes/${gid}/files/999999/files`);
    expect(missing.json()).toMatchObject({ result: 'file_not_found', code: 40010003 });
    expect((await c.get(`/xfi/u/v1/volumes/${gid}/files/0/files?order=up`)).json().result).toBe(
      'bad_request',
    );
  });
});

describe('the pages of small folders, kept between lists', () => {
  type Listed = { fileid: number; fname: string; creator: { name: string } };
  const list = async (c: Client, gid: number, parentid = 0): Promise<Listed[]> => {
    const res = await c.get(`/api/v3/groups/${gid}/files?parentid=${parentid}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().files;
  };
  const names = async (c: Client, gid: number, parentid = 0) =>
    (await list(c, gid, parentid)).map((f) => f.fname).sort();

  test('every change to the folder or to a name it shows is in the next list', async () => {
    const { user, c, gid } = await me();
    const folder = await mkdir(c, gid, 0, 'Kept');
    const a = await upload(c, gid, folder.fileid, 'a.txt', Buffer.from('a'));
    expect(await names(c, gid, folder.fileid)).toEqual(['a.txt']);
    expect(await names(c, gid, folder.fileid)).toEqual(['a.txt']);

    const b = await upload(c, gid, folder.fileid, 'b.txt', Buffer.from('b'));
    expect(await names(c, gid, folder.fileid)).toEqual(['a.txt', 'b.txt']);
    await c.put(`/api/v3/groups/${gid}/files/${a.fileid}`, { fname: 'renamed.txt' });
    expect(await names(c, gid, folder.fileid)).toEqual(['b.txt', 'renamed.txt']);
    expect((await c.delete(`/api/v3/groups/${gid}/files/${b.fileid}`)).statusCode).toBe(204);
    expect(await names(c, gid, folder.fileid)).toEqual(['renamed.txt']);
    const total = (await c.get(`/api/v3/groups/${gid}/files?parentid=${folder.fileid}`)).json().total;
    expect(total).toBe(1);

    // The rows carry their creator's name, read from the users.
    await t.database.db
      .updateTable('users')
      .set({ nick_name: 'Someone Else' })
      .where('id', '=', user.id)
      .execute();
    expect((await list(c, gid, folder.fileid))[0].creator.name).toBe('Someone Else');
  });

  test('a write by another process is in the next list (SQLite)', async () => {
    if (t.database.dialect !== 'sqlite') return;
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'before.txt', Buffer.from('x'));
    expect(await names(c, gid)).toEqual(['before.txt']);
    const other = new SqliteDatabase(path.join(t.config.dataDir, 'cirrus.db'));
    try {
      other.prepare(`update files set name = 'after.txt' where id = ?`).run(file.fileid);
    } finally {
      other.close();
    }
    expect(await names(c, gid)).toEqual(['after.txt']);
  });

  test('members whose entries hide different items share no page', async () => {
    const { gid, owner, member } = await teamOfThree();
    const closed = await mkdir(owner.c, gid, 0, 'Closed');
    await mkdir(owner.c, gid, 0, 'Open');
    expect(await names(owner.c, gid)).toEqual(['Closed', 'Open']);
    await owner.c.put(`/api/v3/groups/${gid}/files/${closed.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.user.id, user_acl: 0 }],
    });
    expect(await names(member.c, gid)).toEqual(['Open']);
    expect(await names(owner.c, gid)).toEqual(['Closed', 'Open']);
    expect(await names(member.c, gid)).toEqual(['Open']);
  });
});

describe('GET, PUT and DELETE /api/v3/groups/{gid}/files/{fid}', () => {
  test('someone who may not rename is told so, whatever the name they sent', async () => {
    const { gid, owner, reader } = await teamOfThree();
    const file = await upload(owner.c, gid, 0, 'keep.txt', Buffer.from('k'));
    for (const fname of ['new.txt', 'a/b.txt', '', '.hidden']) {
      const res = await reader.c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname });
      expect(res.statusCode, fname).toBe(403);
      expect(res.json().result).toBe('permissionDenied');
    }
    expect((await owner.c.get(`/api/v3/groups/${gid}/files/${file.fileid}`)).json().fname).toBe('keep.txt');
  });

  test('another user reading my file id gets exactly what a missing id gets', async () => {
    const { c, gid } = await me();
    const file = await upload(c, gid, 0, 'secret.txt', Buffer.from('s'));
    const other = await me();
    const mine = await other.c.get(`/api/v3/groups/${gid}/files/${file.fileid}`);
    const missing = await other.c.get(`/api/v3/groups/${gid}/files/99999999`);
    expect(mine.statusCode).toBe(404);
    expect(mine.json()).toEqual(missing.json());
    expect(mine.json()).toMatchObject({ result: 'fileNotExists', code: 40010003 });
    // The right id under another space id of the path is not found either.
    expect((await c.get(`/api/v3/groups/${other.gid}/files/${file.fileid}`)).statusCode).toBe(404);
    expect((await c.get(`/api/v3/groups/${gid}/files/abc`)).statusCode).toBe(400);
    expect((await t.anonymous().get(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(401);
    const own = await c.get(`/api/v3/groups/${gid}/files/${file.fileid}`);
    expect(own.json()).toMatchObject({
      fname: 'secret.txt',
      user_acl: FULL_MASK,
      file_src_type: 'private',
      teamid: 0,
    });
  });

  test('a record says how the file opens (openType), where it is (file_src) and that it is no co-document', async () => {
    const { c, gid } = await me();
    const text = await upload(c, gid, 0, 'notes.md', Buffer.from('# n'));
    expect(text).toMatchObject({ openType: 'editOnline', isCoDoc: false, file_src: '' });
    const big = await upload(c, gid, 0, 'big.txt', Buffer.alloc(TEXT_EDIT_MAX_BYTES + 1, 'x'));
    expect(big.openType).toBeNull();
    const owner = await t.makeUser();
    const team = await makeTeam(t, owner, [], { name: 'Field Team' });
    const oc = await owner.client();
    const folder = await mkdir(oc, team, 0, 'Plans.txt');
    const doc = await upload(oc, team, folder.fileid, 'plan.docx', Buffer.from('d'));
    const listed = (await oc.get(`/api/v3/groups/${team}/files?parentid=0`)).json().files;
    expect(listed).toEqual([
      expect.objectContaining({ fname: 'Plans.txt', openType: null, file_src: 'Field Team' }),
    ]);
    expect((await oc.get(`/api/v3/groups/${team}/files/${doc.fileid}`)).json()).toMatchObject({
      openType: null,
      isCoDoc: false,
      file_src: 'Field Team',
    });
  });

  test('rename walks 401, 400, 404, 403, 409, 200 and records the event', async () => {
    const { gid, owner, member, reader } = await teamOfThree();
    const file = await upload(owner.c, gid, 0, 'plan.txt', Buffer.from('p'));
    await upload(owner.c, gid, 0, 'taken.txt', Buffer.from('t'));
    const url = `/api/v3/groups/${gid}/files/${file.fileid}`;
    expect((await t.anonymous().put(url, { fname: 'x.txt' })).statusCode).toBe(401);
    expect((await owner.c.put(url, {})).statusCode).toBe(400);
    expect((await (await me()).c.put(url, { fname: 'x.txt' })).statusCode).toBe(404);
    expect((await reader.c.put(url, { fname: 'x.txt' })).json().result).toBe('permissionDenied');
    const clash = await member.c.put(url, { fname: 'TAKEN.txt' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().result).toBe('fileNameConflict');

    const renamed = await member.c.put(url, { fname: 'Plan 2026.txt' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      fileid: file.fileid,
      fname: 'Plan 2026.txt',
      path: '/Plan 2026.txt',
    });
    // Changing only the case of the name is a rename, not a conflict with itself.
    expect((await member.c.put(url, { fname: 'PLAN 2026.txt' })).json().fname).toBe('PLAN 2026.txt');
    const events = await t.database.db
      .selectFrom('file_events')
      .select(['type', 'name', 'actor_id', 'detail'])
      .where('file_id', '=', file.fileid)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.type)).toEqual(['file_create', 'rename', 'rename']);
    expect(JSON.parse(events[1].detail)).toEqual({ from: 'plan.txt' });
    expect(events[1].actor_id).toBe(member.user.id);
  });

  test('delete walks 401, 404, 403, 204 and takes the subtree to the bin', async () => {
    const { gid, owner, reader } = await teamOfThree();
    const folder = await mkdir(owner.c, gid, 0, 'Old');
    const child = await upload(owner.c, gid, folder.fileid, 'inside.txt', Buffer.from('i'));
    const url = `/api/v3/groups/${gid}/files/${folder.fileid}`;
    expect((await t.anonymous().delete(url)).statusCode).toBe(401);
    expect((await (await me()).c.delete(url)).statusCode).toBe(404);
    expect((await reader.c.delete(url)).statusCode).toBe(403);
    const res = await owner.c.delete(url);
    expect(res.statusCode).toBe(204);
    expect((await owner.c.get(url)).statusCode).toBe(404);
    expect((await owner.c.get(`/api/v3/groups/${gid}/files/${child.fileid}`)).statusCode).toBe(404);
    const rows = await t.database.db
      .selectFrom('files')
      .selectAll()
      .where('id', 'in', [folder.fileid, child.fileid])
      .execute();
    expect(
      rows.every(
        (r) => r.status === 'deleted' && r.delete_root === folder.fileid && r.deleted_by === owner.user.id,
      ),
    ).toBe(true);
    // In the bin the name is free again, and metadata with recycle still finds it.
    await mkdir(owner.c, gid, 0, 'Old');
    const meta = await owner.c.get(`/api/files/${folder.fileid}/metadata?recycle=1`);
    expect(meta.json().ftype).toBe('delfolder');
    expect((await owner.c.get(`/api/files/${folder.fileid}/metadata`)).statusCode).toBe(404);
  });

  test('batch delete lists what failed', async () => {
    const { gid, owner, reader } = await teamOfThree();
    const a = await upload(owner.c, gid, 0, 'a.txt', Buffer.from('a'));
    const b = await upload(owner.c, gid, 0, 'b.txt', Buffer.from('b'));
    const url = `/api/v3/groups/${gid}/files/batch/delete`;
    expect((await owner.c.post(url, { fileids: [] })).statusCode).toBe(400);
    const denied = await reader.c.post(url, { fileids: [a.fileid] });
    expect(denied.json().failList).toEqual([{ fileid: a.fileid, name: 'a.txt', result: 'permissionDenied' }]);
    const res = await owner.c.post(url, { fileids: `${a.fileid},${b.fileid},99999999`, groupid: gid });
    expect(res.statusCode).toBe(200);
    expect(res.json().failList).toEqual([{ fileid: 99999999, name: '', result: 'fileNotExists' }]);
    expect(await listNames(owner.c, gid)).toEqual([]);
  });
});

describe('path, metadata and node lookup', () => {
  test('GET /api/files/{id}/path answers the space and the items from the root', async () => {
    const { c, gid } = await me();
    const a = await mkdir(c, gid, 0, 'A');
    const b = await mkdir(c, gid, a.fileid, 'B');
    const file = await upload(c, gid, b.fileid, 'c.txt', Buffer.from('c'));
    expect((await t.anonymous().get(`/api/files/${file.fileid}/path`)).statusCode).toBe(401);
    expect((await c.get('/api/files/x/path')).statusCode).toBe(400);
    expect((await (await me()).c.get(`/api/files/${file.fileid}/path`)).statusCode).toBe(404);
    const res = await c.get(`/api/files/${file.fileid}/path`);
    expect(res.json()).toMatchObject({
      groupid: gid,
      group: { id: gid, type: 'special' },
      path: [
        { fileid: a.fileid, fname: 'A', parentid: 0, ftype: 'folder' },
        { fileid: b.fileid, fname: 'B', parentid: a.fileid, ftype: 'folder' },
        { fileid: file.fileid, fname: 'c.txt', parentid: b.fileid, ftype: 'file' },
      ],
    });
    const meta = await c.get(`/api/files/${file.fileid}/metadata`);
    expect(meta.json()).toMatchObject({ fileid: file.fileid, path: '/A/B/c.txt', fsize: 1 });
  });

  test('GET /api/cooper/files/node answers only what the actor may see', async () => {
    const { c, gid } = await me();
    const mine = await upload(c, gid, 0, 'm.txt', Buffer.from('m'));
    const other = await me();
    const theirs = await upload(other.c, other.gid, 0, 't.txt', Buffer.from('t'));
    expect((await t.anonymous().get(`/api/cooper/files/node?fileids=${mine.fileid}`)).statusCode).toBe(401);
    expect((await c.get('/api/cooper/files/node?fileids=a,b')).statusCode).toBe(400);
    const res = await c.get(`/api/cooper/files/node?fileids=${theirs.fileid},${mine.fileid}`);
    expect(res.json().files.map((f: { fileid: number }) => f.fileid)).toEqual([mine.fileid]);
  });
});

describe('permissions', () => {
  test("an item's entries set six times at once all answer (PostgreSQL: one after the other)", async () => {
    const { gid, owner, member } = await teamOfThree();
    const folder = await mkdir(owner.c, gid, 0, 'Contested');
    const entries = [{ principal_type: 'user', principal_id: member.user.id, user_acl: 1 }];
    const all = await Promise.all(
      Array.from({ length: 6 }, () =>
        owner.c.put(`/api/v3/groups/${gid}/files/${folder.fileid}/permission`, { entries }),
      ),
    );
    expect(all.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const got = (await owner.c.get(`/api/v3/groups/${gid}/files/${folder.fileid}/permission`)).json();
    expect(got.entries).toMatchObject([{ principal_id: member.user.id, user_acl: 1 }]);
  });

  test('GET /xfi/v1/volumes/{v}/files/self/permissions answers the role default masks', async () => {
    const { gid, owner, member, reader } = await teamOfThree();
    const file = await upload(owner.c, gid, 0, 'f.txt', Buffer.from('f'));
    const url = (file: number) => `/xfi/v1/volumes/${gid}/files/self/permissions?file=${file}`;
    expect((await t.anonymous().get(url(0))).statusCode).toBe(401);
    expect((await owner.c.get(`/xfi/v1/volumes/${gid}/files/self/permissions?file=x`)).json().result).toBe(
      'bad_request',
    );
    const stranger = await (await me()).c.get(url(file.fileid));
    expect(stranger.json()).toMatchObject({ result: 'file_not_found' });
    expect((await owner.c.get(url(file.fileid))).json()).toMatchObject({
      user_acl: FULL_MASK,
      user_role: 'creator',
    });
    expect((await member.c.get(url(file.fileid))).json()).toMatchObject({
      user_acl: DEFAULT_ROLE_MASKS[3],
      user_role: 'member',
      permission: { read: true, upload: true, secret: false },
    });
    expect((await reader.c.get(url(0))).json().user_acl).toBe(maskOf('read', 'download', 'history'));
  });

  test('folder entries narrow and widen, inherited downward; a user entry beats a department entry', async () => {
    const companyId = await t.makeCompany('ACL Co');
    const owner = await t.makeUser({ companyId });
    const member = await t.makeUser({ companyId });
    const reader = await t.makeUser({ companyId });
    const root = await makeDept(t, companyId, 'Root');
    const sub = await makeDept(t, companyId, 'Sub', root);
    await joinDept(t, reader, sub.id);
    const gid = await makeTeam(
      t,
      owner,
      [
        { user: member, role: TEAM_ROLE.member },
        { user: reader, role: TEAM_ROLE.read_member },
      ],
      { companyId },
    );
    const oc = await owner.client();
    const mc = await member.client();
    const rc = await reader.client();
    const closed = await mkdir(oc, gid, 0, 'Closed');
    const open = await mkdir(oc, gid, 0, 'Open');
    const inside = await upload(oc, gid, closed.fileid, 'in.txt', Buffer.from('in'));
    const url = (fid: number) => `/api/v3/groups/${gid}/files/${fid}/permission`;

    expect((await t.anonymous().put(url(closed.fileid), { entries: [] })).statusCode).toBe(401);
    expect(
      (
        await oc.put(url(closed.fileid), {
          entries: [{ principal_type: 'team', principal_id: 1, user_acl: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await oc.put(url(closed.fileid), {
          entries: [{ principal_type: 'user', principal_id: 99999999, user_acl: 1 }],
        })
      ).statusCode,
    ).toBe(400);
    expect((await mc.put(url(closed.fileid), { entries: [] })).statusCode).toBe(403);
    expect((await (await me()).c.put(url(closed.fileid), { entries: [] })).statusCode).toBe(404);

    // The member may not even read Closed; the reader's department may upload into Open.
    const set = await oc.put(url(closed.fileid), {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: 0 }],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().entries).toMatchObject([
      { principal_type: 'user', principal_id: member.id, user_acl: 0 },
    ]);
    await oc.put(url(open.fileid), {
      entries: [{ principal_type: 'dept', principal_id: root.id, user_acl: maskOf('read', 'upload') }],
    });

    expect(await listNames(mc, gid)).toEqual(['Open']);
    const closedForMember = await mc.get(`/api/v3/groups/${gid}/files/${closed.fileid}`);
    expect(closedForMember.statusCode).toBe(403);
    expect((await mc.get(`/api/v3/groups/${gid}/files/${inside.fileid}`)).statusCode).toBe(403);
    expect((await mc.get(`/api/v3/groups/${gid}/files?parentid=${closed.fileid}`)).statusCode).toBe(403);
    expect((await oc.get(`/api/v3/groups/${gid}/files/${inside.fileid}`)).statusCode).toBe(200);

    const uploaded = await upload(rc, gid, open.fileid, 'from-reader.txt', Buffer.from('r'));
    expect(uploaded.user_acl).toBe(maskOf('read', 'upload'));
    // A user entry for the reader on Open beats the department's.
    await oc.put(url(open.fileid), {
      entries: [
        { principal_type: 'dept', principal_id: root.id, user_acl: maskOf('read', 'upload') },
        { principal_type: 'user', principal_id: reader.id, user_acl: maskOf('read') },
      ],
    });
    const refused = await rc.post(`/xfi/v1/me/volumes/${gid}/files/${open.fileid}/upload-transactions`, {
      name: 'x.txt',
      size: 1,
    });
    expect(refused.json().result).toBe('no_upload_permission');
    const listed = await oc.get(url(open.fileid));
    expect(listed.json().entries.map((e: { principal_type: string }) => e.principal_type)).toEqual([
      'user',
      'dept',
    ]);
  });
});

describe('secret labels', () => {
  test('setting one needs the secret bit; the list filters by secret_label', async () => {
    const { gid, owner, member } = await teamOfThree();
    const a = await upload(owner.c, gid, 0, 'a.txt', Buffer.from('a'));
    await upload(owner.c, gid, 0, 'b.txt', Buffer.from('b'));
    const url = `/api/v3/groups/${gid}/files/${a.fileid}`;
    expect((await owner.c.put(url, { secret_label: 9 })).statusCode).toBe(400);
    expect((await member.c.put(url, { secret_label: 3 })).json().result).toBe('permissionDenied');
    const set = await owner.c.put(url, { secret_label: 3 });
    expect(set.statusCode).toBe(200);
    expect(set.json().secret_label).toBe(3);
    const list = (await member.c.get(`/api/v3/groups/${gid}/files?secret_label=3`)).json();
    expect(list.files.map((f: { fname: string }) => f.fname)).toEqual(['a.txt']);
  });

  test('without allow_secret_label the label cannot be set', async () => {
    const plain = await makeTestApp();
    try {
      const c = await (await plain.makeUser()).client();
      const gid = await myDrive(c);
      const file = await upload(c, gid, 0, 'a.txt', Buffer.from('a'));
      const res = await c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { secret_label: 2 });
      expect(res.statusCode).toBe(400);
    } finally {
      await plain.close();
    }
  });
});

describe('POST /api/v3/groups/{gid}/files/new_empty', () => {
  test('walks 401, 400, 404, 403, 409', async () => {
    const { gid, owner, reader } = await teamOfThree();
    const url = `/api/v3/groups/${gid}/files/new_empty?im_push=1`;
    expect((await t.anonymous().post(url, { parentid: 0, name: 'a.docx' })).statusCode).toBe(401);
    expect((await owner.c.post(url, { parentid: 0, name: 'a.exe' })).json().result).toBe('badRequest');
    expect((await owner.c.post(url, { parentid: 0, name: '.docx' })).json().result).toBe('illegalDotFname');
    expect((await (await me()).c.post(url, { parentid: 0, name: 'a.docx' })).statusCode).toBe(404);
    expect((await reader.c.post(url, { parentid: 0, name: 'a.docx' })).statusCode).toBe(403);
    expect((await owner.c.post(url, { parentid: 0, name: 'a.docx' })).statusCode).toBe(200);
    const clash = await owner.c.post(url, { parentid: 0, name: 'A.DOCX' });
    expect(clash.json().result).toBe('fileNameConflict');
  });

  test.each([
    ['Report.docx', 'word/document.xml'],
    ['Budget.xlsx', 'xl/workbook.xml'],
    ['Pitch.pptx', 'ppt/presentation.xml'],
  ])('%s is a valid Office package containing %s', async (name, part) => {
    const { c, gid } = await me();
    const res = await c.post(`/api/v3/groups/${gid}/files/new_empty`, { groupid: gid, parentid: 0, name });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fname: name, ftype: 'file', fver: 1 });
    const bytes = (await c.get(`/api/v3/groups/${gid}/files/${res.json().fileid}/download?action=download`))
      .rawPayload;
    expect(bytes.length).toBe(res.json().fsize);
    const parts = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(parts)).toContain('[Content_Types].xml');
    expect(Object.keys(parts)).toContain('_rels/.rels');
    expect(Buffer.from(parts[part]).toString('utf8')).toMatch(/^<\?xml/);
  });

  test('an empty txt is empty, and identical empty documents are stored once', async () => {
    const { c, gid } = await me();
    const txt = (
      await c.post(`/api/v3/groups/${gid}/files/new_empty`, { parentid: 0, name: 'notes.txt' })
    ).json();
    expect(txt.fsize).toBe(0);
    // Its activity says it was made with New, not uploaded.
    const events = (await c.get(`/api/v3/files/${txt.fileid}/events`)).json();
    expect(JSON.stringify(events)).toContain('"new_empty":true');
    const a = (await c.post(`/api/v3/groups/${gid}/files/new_empty`, { parentid: 0, name: 'a.docx' })).json();
    const b = (await c.post(`/api/v3/groups/${gid}/files/new_empty`, { parentid: 0, name: 'b.docx' })).json();
    expect(a.fsha).toBe(b.fsha);
  });
});
