import { FILE_LOCK_TTL_SECONDS, type FileRecord, LOCK_CODES, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, mkdir, sha1Of, txUrl, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Person {
  user: TestUser;
  c: Client;
}

/** A team with an owner, an admin, two members and a read-only member, and a file in a folder. */
async function setup() {
  const people = await Promise.all(
    ['Owner', 'Admin', 'Li Lei', 'Han Meimei', 'Reader'].map((name) => t.makeUser({ name })),
  );
  const [owner, admin, holder, other, reader] = people;
  const gid = await makeTeam(t, owner, [
    { user: admin, role: TEAM_ROLE.admin },
    { user: holder, role: TEAM_ROLE.member },
    { user: other, role: TEAM_ROLE.member },
    { user: reader, role: TEAM_ROLE.read_member },
  ]);
  const as = async (user: TestUser): Promise<Person> => ({ user, c: await user.client() });
  const team = {
    gid,
    owner: await as(owner),
    admin: await as(admin),
    holder: await as(holder),
    other: await as(other),
    reader: await as(reader),
  };
  const folder = await mkdir(team.owner.c, gid, 0, 'Plans');
  const file = await upload(team.owner.c, gid, folder.fileid, 'plan.docx', Buffer.from('version 1'));
  return { ...team, folder, file };
}

const lockUrl = (gid: number, fid: number) => `/editinglock/v1/volumes/${gid}/files/${fid}/filelock`;

describe('the lock calls (spec 001 §7 "File lock", §8 "Lock codes")', () => {
  test('401 without a session: the client rechecks the session', async () => {
    const { gid, file } = await setup();
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.anonymous().request({ method, url: lockUrl(gid, file.fileid) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ result: 'userNotLogin', code: 40100100 });
    }
  });

  test('acquire (20000004), check, held by another (20000001 with the holder), release (20000002, then 20000000)', async () => {
    const { gid, file, holder, other } = await setup();
    const url = lockUrl(gid, file.fileid);

    const free = await other.c.get(url);
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ code: LOCK_CODES.noLock, filelock: null });

    const taken = await holder.c.post(url);
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({
      code: LOCK_CODES.lockInfo,
      filelock: { userid: holder.user.id, nick_name: 'Li Lei', locked_at: t.clock.now },
    });
    expect(taken.json().filelock.expires_at).toBe(t.clock.now + FILE_LOCK_TTL_SECONDS);

    const checked = await other.c.get(url);
    expect(checked.json()).toMatchObject({ code: LOCK_CODES.lockInfo, filelock: { userid: holder.user.id } });

    const held = await other.c.post(url);
    expect(held.statusCode).toBe(200);
    expect(held.json()).toMatchObject({
      code: LOCK_CODES.locked,
      filelock: { userid: holder.user.id, nick_name: 'Li Lei' },
    });

    const refused = await other.c.delete(url);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().result).toBe('unlock_failed_permission');

    const released = await holder.c.delete(url);
    expect(released.json()).toEqual({ code: LOCK_CODES.unlocked, filelock: null });
    const again = await holder.c.delete(url);
    expect(again.json()).toEqual({ code: LOCK_CODES.noLock, filelock: null });
  });

  test('the holder refreshes the lock by acquiring it again; it keeps the time it was taken', async () => {
    const { gid, file, holder } = await setup();
    const url = lockUrl(gid, file.fileid);
    const first = (await holder.c.post(url)).json().filelock;
    t.clock.advance(600);
    const second = await holder.c.post(url);
    expect(second.json()).toMatchObject({ code: LOCK_CODES.lockInfo });
    expect(second.json().filelock.locked_at).toBe(first.locked_at);
    expect(second.json().filelock.expires_at).toBe(t.clock.now + FILE_LOCK_TTL_SECONDS);
  });

  test('a lock expires after FILE_LOCK_TTL unless refreshed; then others may change the file and lock it', async () => {
    const { gid, file, holder, other } = await setup();
    const url = lockUrl(gid, file.fileid);
    await holder.c.post(url);
    t.clock.advance(FILE_LOCK_TTL_SECONDS - 1);
    expect((await other.c.get(url)).json().code).toBe(LOCK_CODES.lockInfo);
    expect(
      (await other.c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'x.docx' })).statusCode,
    ).toBe(423);
    t.clock.advance(1);
    expect((await other.c.get(url)).json()).toEqual({ code: LOCK_CODES.noLock, filelock: null });
    const renamed = await other.c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'x.docx' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().filelock).toBeNull();
    const taken = await other.c.post(url);
    expect(taken.json()).toMatchObject({ code: LOCK_CODES.lockInfo, filelock: { userid: other.user.id } });
  });

  test('20000003 while someone else is uploading a new version of the file', async () => {
    const { gid, folder, file, holder, other } = await setup();
    const data = Buffer.from('version 2');
    const begin = await other.c.post(txUrl(gid, folder.fileid), {
      name: 'PLAN.docx',
      size: data.length,
      sha1: sha1Of(data),
    });
    expect(begin.statusCode).toBe(200);
    const busy = await holder.c.post(lockUrl(gid, file.fileid));
    expect(busy.json()).toEqual({ code: LOCK_CODES.editing, filelock: null });
    // The writer's own lock is not held up by their own upload.
    expect((await other.c.post(lockUrl(gid, file.fileid))).json().code).toBe(LOCK_CODES.lockInfo);
  });

  test('40300001 without the update permission; 400 for a folder; 404 for what the actor cannot see', async () => {
    const { gid, folder, file, reader } = await setup();
    const denied = await reader.c.post(lockUrl(gid, file.fileid));
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ result: 'permissionDenied', code: 40300001 });
    // Checking needs only read.
    expect((await reader.c.get(lockUrl(gid, file.fileid))).json().code).toBe(LOCK_CODES.noLock);
    expect((await reader.c.post(lockUrl(gid, folder.fileid))).statusCode).toBe(400);
    const stranger = await (await t.makeUser()).client();
    const hidden = await stranger.post(lockUrl(gid, file.fileid));
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().result).toBe('fileNotExists');
    // The volume in the path must be the file's own.
    expect((await reader.c.get(lockUrl(gid + 1, file.fileid))).statusCode).toBe(404);
  });

  test('the team owner and admins release another user’s lock', async () => {
    const { gid, file, holder, owner, admin } = await setup();
    const url = lockUrl(gid, file.fileid);
    await holder.c.post(url);
    expect((await admin.c.delete(url)).json().code).toBe(LOCK_CODES.unlocked);
    await holder.c.post(url);
    expect((await owner.c.delete(url)).json().code).toBe(LOCK_CODES.unlocked);
  });

  test('40300008 while file locking is off; existing locks then hold nothing', async () => {
    const off = await makeTestApp({ ALLOW_FILE_LOCK: '0' });
    try {
      const owner = await off.makeUser();
      const member = await off.makeUser();
      const gid = await makeTeam(off, owner, [{ user: member, role: TEAM_ROLE.member }]);
      const oc = await owner.client();
      const file = await upload(oc, gid, 0, 'a.txt', Buffer.from('a'));
      const res = await oc.post(lockUrl(gid, file.fileid));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ result: 'no_filelock_permission', code: 40300008 });
      // A lock left from before the switch does not block anyone.
      await off.database.db
        .insertInto('file_locks')
        .values({
          file_id: file.fileid,
          user_id: owner.id,
          locked_at: off.clock.now,
          expires_at: off.clock.now + 60,
        })
        .execute();
      const mc = await member.client();
      expect((await mc.get(lockUrl(gid, file.fileid))).json().code).toBe(LOCK_CODES.noLock);
      expect(
        (await mc.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'b.txt' })).statusCode,
      ).toBe(200);
    } finally {
      await off.close();
    }
  });
});

describe('a locked file (issue 10: others may not change it, the holder may)', () => {
  /** The lock notice: 423 document_editing naming the holder. */
  function expectLockNotice(res: { statusCode: number; json(): unknown }, holder: string) {
    expect(res.statusCode).toBe(423);
    expect(res.json()).toMatchObject({
      result: 'document_editing',
      msg: `${holder} is editing this document.`,
      debug: { nick: holder },
    });
  }

  test('refuses a new version, rename, move and delete by another user', async () => {
    const { gid, folder, file, holder, other } = await setup();
    await holder.c.post(lockUrl(gid, file.fileid));
    const elsewhere = await mkdir(other.c, gid, 0, 'Elsewhere');

    // A new version: refused when the upload begins ...
    const data = Buffer.from('version 2 by someone else');
    const begin = await other.c.post(txUrl(gid, folder.fileid), { name: 'plan.docx', size: data.length });
    expectLockNotice(begin, 'Li Lei');

    // ... and at commit, for an upload begun before the lock was taken (long enough before that
    // it no longer counts as an edit under way, 20000003).
    await holder.c.delete(lockUrl(gid, file.fileid));
    const early = await other.c.post(txUrl(gid, folder.fileid), { name: 'plan.docx', size: data.length });
    expect(early.statusCode).toBe(200);
    const { transaction } = early.json();
    await other.c.request({
      method: 'PATCH',
      url: transaction.upload_url,
      headers: {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'tus-resumable': '1.0.0',
      },
      payload: data,
    });
    t.clock.advance(FILE_LOCK_TTL_SECONDS + 1);
    expect((await holder.c.post(lockUrl(gid, file.fileid))).json().code).toBe(LOCK_CODES.lockInfo);
    expectLockNotice(await other.c.patch(txUrl(gid, folder.fileid, transaction.id), {}), 'Li Lei');

    // Rename (spec 001 §4: with the lock notice).
    expectLockNotice(
      await other.c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'mine.docx' }),
      'Li Lei',
    );

    // Move, alone and with its folder.
    const move = await other.c.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [file.fileid, folder.fileid],
      groupid: gid,
      parentid: folder.fileid,
      target_groupid: gid,
      target_parentid: elsewhere.fileid,
    });
    expect(move.statusCode).toBe(200);
    expect(move.json().failList.map((f: { result: string }) => f.result)).toEqual([
      'document_editing',
      'document_editing',
    ]);

    // Delete, alone, in a batch and with its folder.
    expectLockNotice(await other.c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`), 'Li Lei');
    expectLockNotice(await other.c.delete(`/api/v3/groups/${gid}/files/${folder.fileid}`), 'Li Lei');
    const batch = await other.c.post(`/api/v3/groups/${gid}/files/batch/delete`, { fileids: [file.fileid] });
    expect(batch.json().failList).toEqual([
      { fileid: file.fileid, name: 'plan.docx', result: 'document_editing' },
    ]);

    // Nothing changed.
    const now = (await other.c.get(`/api/v3/groups/${gid}/files/${file.fileid}`)).json() as FileRecord;
    expect(now).toMatchObject({ fname: 'plan.docx', fver: 1, parentid: folder.fileid, ftype: 'file' });
    // Copying is not a change of the file.
    const copy = await other.c.post(`/api/v3/groups/${gid}/files/batch/copy`, {
      fileids: [file.fileid],
      groupid: gid,
      parentid: folder.fileid,
      target_groupid: gid,
      target_parentid: elsewhere.fileid,
    });
    expect(copy.json().failList).toEqual([]);
  });

  test('accepts a new version, rename, move and delete from the holder', async () => {
    const { gid, folder, file, holder } = await setup();
    await holder.c.post(lockUrl(gid, file.fileid));
    const v2 = await upload(holder.c, gid, folder.fileid, 'plan.docx', Buffer.from('version 2'));
    expect(v2).toMatchObject({ fileid: file.fileid, fver: 2 });
    const renamed = await holder.c.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'final.docx' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().filelock).toMatchObject({ userid: holder.user.id });
    const elsewhere = await mkdir(holder.c, gid, 0, 'Elsewhere');
    const move = await holder.c.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [file.fileid],
      groupid: gid,
      parentid: folder.fileid,
      target_groupid: gid,
      target_parentid: elsewhere.fileid,
    });
    expect(move.json().failList).toEqual([]);
    // The folder it left holds no locked file now: others may delete it.
    expect((await holder.c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);
  });

  test('the list shows the lock and its holder to everyone', async () => {
    const { gid, folder, file, holder, other, reader } = await setup();
    await holder.c.post(lockUrl(gid, file.fileid));
    for (const who of [other, reader, holder]) {
      const list = await who.c.get(`/api/v3/groups/${gid}/files?parentid=${folder.fileid}`);
      const row = list.json().files.find((f: FileRecord) => f.fileid === file.fileid);
      expect(row.filelock).toMatchObject({ userid: holder.user.id, nick_name: 'Li Lei' });
    }
    await holder.c.delete(lockUrl(gid, file.fileid));
    const list = await other.c.get(`/api/v3/groups/${gid}/files?parentid=${folder.fileid}`);
    expect(list.json().files[0].filelock).toBeNull();
  });
});
