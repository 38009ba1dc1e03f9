import crypto from 'node:crypto';
import { type HistoryRecord, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTeam, myDrive, upload } from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({
    BLOB_GC_GRACE_SECONDS: '0',
    history_version_count: '5',
    history_version_max: '10',
  });
});
afterAll(async () => {
  await t.close();
});

async function me() {
  const user = await t.makeUser({ name: `Writer ${crypto.randomBytes(2).toString('hex')}` });
  const c = await user.client();
  return { user, c, gid: await myDrive(c) };
}

/** Distinct contents (content is stored once by hash, so tests must not share bytes). */
const versions = (n: number) => {
  const nonce = crypto.randomUUID();
  return Array.from({ length: n }, (_, i) => Buffer.from(`version ${i + 1} ${nonce} ${'.'.repeat(i)}`));
};
const histories = async (c: Client, fid: number, query = '') => {
  const res = await c.get(`/api/v3/files/${fid}/histories${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().histories as HistoryRecord[];
};
const content = (c: Client, gid: number, fid: number, history?: number) =>
  c.get(`/xfi/v1/me/volumes/${gid}/files/${fid}/content${history ? `?history=${history}` : ''}`);

describe('history versions', () => {
  test('every upload over a name adds a version; the list walks 401, 400, 404, 403, 200', async () => {
    const { user, c, gid } = await me();
    const [v1, v2, v3] = versions(3);
    await upload(c, gid, 0, 'plan.txt', v1);
    await upload(c, gid, 0, 'plan.txt', v2);
    const file = await upload(c, gid, 0, 'plan.txt', v3);
    expect(file.fver).toBe(3);
    const url = `/api/v3/files/${file.fileid}/histories`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await c.get('/api/v3/files/x/histories')).statusCode).toBe(400);
    expect((await (await me()).c.get(url)).statusCode).toBe(404);
    const list = await c.get(url);
    expect(list.json()).toMatchObject({ total: 3, more: false });
    expect(list.json().histories).toMatchObject([
      {
        ver: 3,
        size: v3.length,
        is_current: true,
        fileid: file.fileid,
        groupid: gid,
        modifier: { id: user.id },
      },
      { ver: 2, size: v2.length, is_current: false },
      { ver: 1, size: v1.length, is_current: false },
    ]);
    // A read_member of a team without the history permission is refused (403).
    const owner = await t.makeUser();
    const viewer = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: viewer, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const teamFile = await upload(oc, team, 0, 't.txt', v1);
    await oc.put(`/api/v3/groups/${team}/files/0/permission`, {
      permissions: [{ team_role: TEAM_ROLE.read_member, user_acl: 1 }],
    });
    const denied = await (await viewer.client()).get(`/api/v3/files/${teamFile.fileid}/histories`);
    expect(denied.statusCode).toBe(403);
  });

  test('a version downloads with its exact bytes (content call with ?history=)', async () => {
    const { c, gid } = await me();
    const [v1, v2] = versions(2);
    await upload(c, gid, 0, 'a.txt', v1);
    const file = await upload(c, gid, 0, 'a.txt', v2);
    const [current, first] = await histories(c, file.fileid);
    const old = await content(c, gid, file.fileid, first.id);
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(v1)).toBe(true);
    expect(old.headers['content-disposition']).toContain('a.txt');
    expect((await content(c, gid, file.fileid, current.id)).rawPayload.equals(v2)).toBe(true);
    expect((await content(c, gid, file.fileid)).rawPayload.equals(v2)).toBe(true);
    // Another file's version id, or another user, is not found (graph codes on /xfi).
    const other = await me();
    expect((await content(other.c, gid, file.fileid, first.id)).json().result).toBe('file_not_found');
    expect((await content(c, gid, file.fileid, 999999)).json().result).toBe('file_not_found');
    expect((await content(c, gid, file.fileid, 'abc' as unknown as number)).statusCode).toBe(400);
  });

  test('recovering a version adds a new current version with the exact old bytes', async () => {
    const { c, gid } = await me();
    const [v1, v2, v3] = versions(3);
    await upload(c, gid, 0, 'doc.txt', v1);
    await upload(c, gid, 0, 'doc.txt', v2);
    const file = await upload(c, gid, 0, 'doc.txt', v3);
    const first = (await histories(c, file.fileid)).find((h) => h.ver === 1);
    if (!first) throw new Error('no first version');
    const url = `/api/v3/files/${file.fileid}/histories/${first.id}/recover`;
    expect((await t.anonymous().post(url, {})).statusCode).toBe(401);
    expect((await (await me()).c.post(url, {})).statusCode).toBe(404);
    const res = await c.post(url, { historyid: first.id, fileid: file.fileid, groupid: gid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ fileid: file.fileid, fver: 4, fsize: v1.length });
    const list = await histories(c, file.fileid);
    expect(list.map((h) => [h.ver, h.is_current])).toEqual([
      [4, true],
      [3, false],
      [2, false],
      [1, false],
    ]);
    const now = await content(c, gid, file.fileid);
    expect(now.rawPayload.equals(v1)).toBe(true);
    expect(now.headers.etag).toBe(`"${crypto.createHash('sha256').update(v1).digest('hex')}"`);
    // The quota follows the current content.
    expect((await c.get('/api/v3/groups/special')).json().space.used).toBe(v1.length);
    const event = await t.database.db
      .selectFrom('file_events')
      .select('detail')
      .where('file_id', '=', file.fileid)
      .where('type', '=', 'update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.detail)).toEqual({ recovered_from_ver: 1, ver: 4 });
  });

  test('a version deleted while it is being recovered is not recovered: its content may be gone', async () => {
    const { c, gid } = await me();
    const [v1, v2] = versions(2);
    await upload(c, gid, 0, 'gone.txt', v1);
    const file = await upload(c, gid, 0, 'gone.txt', v2);
    const first = (await histories(c, file.fileid)).find((h) => h.ver === 1);
    if (!first) throw new Error('no first version');
    const gate = holdNextTransaction(t, 'files/service.ts');
    const recovering = c.post(`/api/v3/files/${file.fileid}/histories/${first.id}/recover`, {});
    await gate.reached;
    expect((await c.delete(`/api/v3/files/${file.fileid}/histories/${first.id}`)).statusCode).toBeLessThan(
      300,
    );
    await t.services.blobCollector.collect();
    gate.release();
    expect((await recovering).statusCode).toBe(404);
    const now = await content(c, gid, file.fileid);
    expect(now.statusCode).toBe(200);
    expect(now.rawPayload.equals(v2)).toBe(true);
  });

  test('a read_member may read history but not recover, remark or delete', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const rc = await reader.client();
    const [v1, v2] = versions(2);
    await upload(oc, gid, 0, 'r.txt', v1);
    const file = await upload(oc, gid, 0, 'r.txt', v2);
    const [, first] = await histories(rc, file.fileid);
    expect((await rc.post(`/api/v3/files/${file.fileid}/histories/${first.id}/recover`, {})).statusCode).toBe(
      403,
    );
    expect((await rc.delete(`/api/v3/files/${file.fileid}/histories/${first.id}`)).statusCode).toBe(403);
    const patch = await rc.patch(`/xfi/v1/volumes/${gid}/files/${file.fileid}/histories/${first.id}`, {
      log: 'x',
    });
    expect(patch.statusCode).toBe(403);
    expect(patch.json().result).toBe('no_update_permission');
  });

  test('recovering a version of a file another user holds the lock of is refused (423 document_editing)', async () => {
    const owner = await t.makeUser();
    const holder = await t.makeUser({ name: 'Lock Holder' });
    const gid = await makeTeam(t, owner, [{ user: holder, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const hc = await holder.client();
    const [v1, v2] = versions(2);
    await upload(oc, gid, 0, 'locked.txt', v1);
    const file = await upload(oc, gid, 0, 'locked.txt', v2);
    const [, first] = await histories(oc, file.fileid);
    const lockUrl = `/editinglock/v1/volumes/${gid}/files/${file.fileid}/filelock`;
    expect((await hc.post(lockUrl)).statusCode).toBe(200);

    const url = `/api/v3/files/${file.fileid}/histories/${first.id}/recover`;
    const refused = await oc.post(url, { historyid: first.id, fileid: file.fileid, groupid: gid });
    expect(refused.statusCode).toBe(423);
    expect(refused.json()).toMatchObject({ result: 'document_editing', debug: { nick: 'Lock Holder' } });
    expect((await histories(oc, file.fileid)).map((h) => h.ver)).toEqual([2, 1]);
    expect((await content(oc, gid, file.fileid)).rawPayload.equals(v2)).toBe(true);

    // The holder may recover; once the lock is released, so may the others.
    const byHolder = await hc.post(url, { historyid: first.id, fileid: file.fileid, groupid: gid });
    expect(byHolder.statusCode, byHolder.body).toBe(200);
    expect(byHolder.json()).toMatchObject({ fver: 3 });
    expect((await hc.delete(lockUrl)).statusCode).toBe(200);
    const second = (await histories(oc, file.fileid)).find((h) => h.ver === 2);
    if (!second) throw new Error('no second version');
    const after = await oc.post(`/api/v3/files/${file.fileid}/histories/${second.id}/recover`, {});
    expect(after.statusCode, after.body).toBe(200);
    expect((await content(oc, gid, file.fileid)).rawPayload.equals(v2)).toBe(true);
  });

  test('remarks, deleting an old version, and the current version stays', async () => {
    const { c, gid } = await me();
    const [v1, v2] = versions(2);
    await upload(c, gid, 0, 'r.txt', v1);
    const file = await upload(c, gid, 0, 'r.txt', v2);
    const [current, first] = await histories(c, file.fileid);
    const url = `/xfi/v1/volumes/${gid}/files/${file.fileid}/histories/${first.id}`;
    expect((await c.patch(url, { log: 'x'.repeat(201) })).json().result).toBe('bad_request');
    const patched = await c.patch(url, { log: '  first draft  ' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: first.id, log: 'first draft', ver: 1 });
    expect((await histories(c, file.fileid))[1].log).toBe('first draft');

    const refused = await c.delete(`/api/v3/files/${file.fileid}/histories/${current.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().result).toBe('historyCurrentVersion');
    expect((await c.delete(`/api/v3/files/${file.fileid}/histories/${first.id}`)).statusCode).toBe(204);
    expect((await histories(c, file.fileid)).map((h) => h.ver)).toEqual([2]);
    expect((await content(c, gid, file.fileid, first.id)).statusCode).toBe(404);
    // The dropped version's blob is collected (nothing else holds those bytes).
    await t.services.jobs.runDue();
    expect(await t.stored(v1)).toBe(false);
  });

  test('filter by modifier (modifier_id repeatable) and the modifiers call', async () => {
    const owner = await t.makeUser({ name: 'Ann Owner' });
    const member = await t.makeUser({ name: 'Bob Member' });
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const [v1, v2, v3] = versions(3);
    await upload(oc, gid, 0, 'shared.txt', v1);
    await upload(mc, gid, 0, 'shared.txt', v2);
    const file = await upload(oc, gid, 0, 'shared.txt', v3);
    const base = `/xfi/v1/volumes/${gid}/files/${file.fileid}`;
    const byOwner = await mc.get(`${base}/histories?modifier_id=${owner.id}`);
    expect(byOwner.json().histories.map((h: HistoryRecord) => h.ver)).toEqual([3, 1]);
    const both = await mc.get(`${base}/histories?modifier_id=${owner.id}&modifier_id=${member.id}`);
    expect(both.json().histories.map((h: HistoryRecord) => h.ver)).toEqual([3, 2, 1]);
    const modifiers = await mc.get(`${base}/modifiers?offset=0&limit=1000`);
    expect(modifiers.statusCode).toBe(200);
    expect(modifiers.json()).toMatchObject({
      modifiers: [
        { id: owner.id, name: 'Ann Owner' },
        { id: member.id, name: 'Bob Member' },
      ],
      more: false,
    });
    expect((await (await me()).c.get(`${base}/modifiers`)).json().result).toBe('file_not_found');
  });
});

describe('history limit (spec 000 §3, §5, §9)', () => {
  test('GET/PATCH /xfi/v1/volumes/{v}: default, 40000003 with global_hisotry_limit, owner and admin only', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const url = `/xfi/v1/volumes/${gid}`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await (await me()).c.get(url)).json().result).toBe('volume_not_found');
    const got = await mc.get(url);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: gid, history_limit: 5, history_limit_max: 10, can_edit: false });

    for (const bad of ['', 'abc', '1.5', -1, 11, '1e2', 2.5]) {
      const res = await oc.patch(url, { history_limit: bad });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json()).toMatchObject({
        result: 'historyLimitInvalid',
        code: 40000003,
        debug: { global_hisotry_limit: 10 },
      });
    }
    expect((await oc.patch(url, {})).json().result).toBe('bad_request');
    expect((await mc.patch(url, { history_limit: 3 })).json().result).toBe('forbidden');
    const ok = await oc.patch(url, { history_limit: '10' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ history_limit: 10, can_edit: true });
    expect((await mc.get(url)).json().history_limit).toBe(10);
  });

  test('versions beyond the limit are dropped, oldest first; lowering the limit trims at once (job)', async () => {
    const { c, gid } = await me();
    const data = versions(8);
    let fid = 0;
    for (const v of data) fid = (await upload(c, gid, 0, 'many.txt', v)).fileid;
    // Limit 5 (history_version_count): the current content and the 5 before it.
    expect((await histories(c, fid)).map((h) => h.ver)).toEqual([8, 7, 6, 5, 4, 3]);
    // The dropped versions' bytes are gone from the store once collected.
    await t.services.jobs.runDue();
    expect(await t.stored(data[0])).toBe(false);
    expect(await t.stored(data[2])).toBe(true);

    const lowered = await c.patch(`/xfi/v1/volumes/${gid}`, { history_limit: 1 });
    expect(lowered.statusCode).toBe(200);
    expect(await t.services.jobs.pending('history.trim')).toHaveLength(1);
    await t.services.jobs.runDue();
    expect((await histories(c, fid)).map((h) => h.ver)).toEqual([8, 7]);
    // 0 keeps only the current content.
    await c.patch(`/xfi/v1/volumes/${gid}`, { history_limit: 0 });
    fid = (await upload(c, gid, 0, 'many.txt', Buffer.from('nine'))).fileid;
    expect((await histories(c, fid)).map((h) => h.ver)).toEqual([9]);
    expect(await t.services.jobs.failed()).toEqual([]);
  });
});
