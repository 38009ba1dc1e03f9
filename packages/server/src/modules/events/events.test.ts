import { type FileEventRecord, TEAM_ROLE } from '@cirrus/shared';
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

const events = async (c: Client, url: string) => {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { events: FileEventRecord[]; more: boolean };
};
const summary = (list: { events: FileEventRecord[] }) => list.events.map((e) => `${e.event} ${e.fname}`);

describe('activity (GET /api/v3/groups/{id}/events, /api/v3/events, /api/v3/files/{id}/events)', () => {
  test('a team activity walks 401, 400, 404, 200 with the spec event names, newest first', async () => {
    const owner = await t.makeUser({ name: 'Olivia' });
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }], { name: 'Ops' });
    const oc = await owner.client();
    const folder = await mkdir(oc, gid, 0, 'Docs');
    t.clock.advance(1);
    const file = await upload(oc, gid, folder.fileid, 'a.txt', Buffer.from('1'));
    t.clock.advance(1);
    await upload(oc, gid, folder.fileid, 'a.txt', Buffer.from('2'));
    t.clock.advance(1);
    await oc.put(`/api/v3/groups/${gid}/files/${file.fileid}`, { fname: 'b.txt' });
    t.clock.advance(1);
    await oc.delete(`/api/v3/groups/${gid}/files/${file.fileid}`);
    t.clock.advance(1);
    await oc.post(`/api/v3/groups/${gid}/recycles/batch/recover`, { fileids: [file.fileid] });
    t.clock.advance(1);
    await oc.post(`/api/v3/files/${file.fileid}/comments`, { content: 'looks good' });
    t.clock.advance(1);
    await oc.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [file.fileid],
      groupid: gid,
      parentid: folder.fileid,
      target_groupid: gid,
      target_parentid: 0,
    });
    t.clock.advance(1);
    await oc.delete(`/api/v3/groups/${gid}/files/${file.fileid}`);
    await oc.post(`/api/v3/groups/${gid}/recycles/batch/destory`, { fileids: [file.fileid] });

    const url = `/api/v3/groups/${gid}/events`;
    expect((await t.anonymous().get(url)).statusCode).toBe(401);
    expect((await oc.get(`${url}?count=0`)).statusCode).toBe(400);
    const stranger = await (await t.makeUser()).client();
    expect((await stranger.get(url)).statusCode).toBe(404);
    const list = await events(await member.client(), url);
    expect(summary(list)).toEqual([
      'shift_delete b.txt',
      'delete b.txt',
      'shift_in b.txt',
      'comment b.txt',
      'recover b.txt',
      'delete b.txt',
      'rename b.txt',
      'update a.txt',
      'file_create a.txt',
      'file_create Docs',
    ]);
    expect(list.events[6]).toMatchObject({
      groupid: gid,
      group_name: 'Ops',
      ftype: 'file',
      operator: { id: owner.id, name: 'Olivia' },
      detail: { from: 'a.txt' },
    });
    // Paging: count and offset count visible events.
    const page = await events(await member.client(), `${url}?count=3&offset=1`);
    expect(summary(page)).toEqual(['delete b.txt', 'shift_in b.txt', 'comment b.txt']);
    expect(page.more).toBe(true);
  });

  test('events are shown only to members, and only for items they may read', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const gid = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const mc = await member.client();
    const open = await mkdir(oc, gid, 0, 'Open');
    const secret = await mkdir(oc, gid, 0, 'Secret');
    await upload(oc, gid, open.fileid, 'public.txt', Buffer.from('p'));
    const hidden = await upload(oc, gid, secret.fileid, 'salaries.xlsx', Buffer.from('s'));
    // The member loses read on the secret folder (and what is below it).
    const acl = await oc.put(`/api/v3/groups/${gid}/files/${secret.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: 0 }],
    });
    expect(acl.statusCode, acl.body).toBe(200);
    // Even after the hidden file is purged, its past stays hidden (decided by the folder it was in).
    await oc.delete(`/api/v3/groups/${gid}/files/${hidden.fileid}`);
    await oc.post(`/api/v3/groups/${gid}/recycles/batch/destory`, { fileids: [hidden.fileid] });

    const forOwner = summary(await events(oc, `/api/v3/groups/${gid}/events`));
    expect(forOwner).toContain('file_create salaries.xlsx');
    const forMember = summary(await events(mc, `/api/v3/groups/${gid}/events`));
    expect(forMember).toContain('file_create public.txt');
    expect(forMember).not.toContain('file_create salaries.xlsx');
    expect(forMember).not.toContain('delete salaries.xlsx');
    expect(forMember).not.toContain('shift_delete salaries.xlsx');
    expect(forMember).not.toContain('file_create Secret');
    expect(forMember).not.toContain('permission Secret');

    // The user's own feed: their spaces only.
    const outsider = await t.makeUser();
    const xc = await outsider.client();
    const own = await myDrive(xc);
    await upload(xc, own, 0, 'mine.txt', Buffer.from('m'));
    expect(summary(await events(xc, '/api/v3/events'))).toEqual(['file_create mine.txt']);
    const memberFeed = summary(await events(mc, '/api/v3/events'));
    expect(memberFeed).toContain('file_create public.txt');
    expect(memberFeed).not.toContain('file_create salaries.xlsx');
    expect(memberFeed).not.toContain('file_create mine.txt');

    // A file's events: 404 for those who may not read it.
    const readable = await upload(oc, gid, 0, 'plain.txt', Buffer.from('x'));
    await upload(oc, gid, 0, 'plain.txt', Buffer.from('y'));
    const fileEvents = await events(mc, `/api/v3/files/${readable.fileid}/events`);
    expect(summary(fileEvents)).toEqual(['update plain.txt', 'file_create plain.txt']);
    const other = await upload(oc, gid, secret.fileid, 'other.txt', Buffer.from('o'));
    // Like every file call: seen but not readable is 403, not in a space of theirs 404.
    expect((await mc.get(`/api/v3/files/${other.fileid}/events`)).statusCode).toBe(403);
    expect((await xc.get(`/api/v3/files/${readable.fileid}/events`)).statusCode).toBe(404);
  });
});

describe('comments (POST, DELETE and GET /api/v3/files/{fileid}/comments)', () => {
  test('walks 401, 400, 404, 201; list newest first; author or manager deletes; a comment adds an event', async () => {
    const owner = await t.makeUser({ name: 'Owner' });
    const member = await t.makeUser({ name: 'Member' });
    const reader = await t.makeUser({ name: 'Reader' });
    const gid = await makeTeam(t, owner, [
      { user: member, role: TEAM_ROLE.member },
      { user: reader, role: TEAM_ROLE.read_member },
    ]);
    const oc = await owner.client();
    const mc = await member.client();
    const rc = await reader.client();
    const file = await upload(oc, gid, 0, 'spec.docx', Buffer.from('s'));
    const url = `/api/v3/files/${file.fileid}/comments`;
    expect((await t.anonymous().post(url, { content: 'hi' })).statusCode).toBe(401);
    expect((await mc.post(url, {})).statusCode).toBe(400);
    expect((await mc.post(url, { content: '   ' })).statusCode).toBe(400);
    expect((await mc.post(url, { content: 'x'.repeat(1001) })).statusCode).toBe(400);
    expect((await (await (await t.makeUser()).client()).post(url, { content: 'hi' })).statusCode).toBe(404);
    const first = await mc.post(url, { content: ' First! ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      content: 'First!',
      user: { id: member.id, name: 'Member' },
      can_delete: true,
    });
    t.clock.advance(1);
    // Readers may comment too (comments need read).
    const second = await rc.post(url, { content: 'Second' });
    expect(second.statusCode).toBe(201);

    const list = (await mc.get(url)).json();
    expect(list).toMatchObject({ total: 2, more: false });
    expect(
      list.comments.map((c: { content: string; can_delete: boolean }) => [c.content, c.can_delete]),
    ).toEqual([
      ['Second', false],
      ['First!', true],
    ]);
    // The reader may not delete the member's comment; the owner (a manager) may.
    const del = (c: Client, id: number) => c.delete(`${url}?commentid=${id}`);
    expect((await del(rc, first.json().id)).statusCode).toBe(403);
    expect((await rc.delete(url)).statusCode).toBe(400);
    expect((await del(oc, first.json().id)).statusCode).toBe(204);
    expect((await rc.delete(url, { commentid: second.json().id })).statusCode).toBe(204);
    expect((await mc.get(url)).json()).toMatchObject({ total: 0, comments: [] });
    expect((await del(oc, 999999)).statusCode).toBe(404);

    const activity = (await events(oc, `/api/v3/files/${file.fileid}/events`)).events;
    expect(activity.filter((e) => e.event === 'comment')).toHaveLength(2);
    // The event names the comment, not its text.
    expect(JSON.stringify(activity)).not.toContain('First!');
  });
});
