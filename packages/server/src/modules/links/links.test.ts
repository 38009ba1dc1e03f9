import fs from 'node:fs';
import path from 'node:path';
import { isSid, type LinkPublicInfo, maskOf, type ShareLink, TEAM_ROLE } from '@cirrus/shared';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeDept, makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { BYTES, failure, from, ownerWithFile, share } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('link lifecycle (spec 002 §4)', () => {
  test('not existing -> created on demand -> open -> closed -> reopened with a new sid', async () => {
    const { c, gid, file } = await ownerWithFile(t);

    // 401 before anything else, and the csrf token on writes
    expect(failure(await t.anonymous().get(`/api/v3/links/${file.fileid}`))).toEqual({
      status: 401,
      result: 'userNotLogin',
    });
    expect((await c.post('/api/v3/links', { fileid: file.fileid }, { csrf: false })).statusCode).toBe(403);
    expect(failure(await c.post('/api/v3/links', { fileid: 'x' }))).toEqual({
      status: 400,
      result: 'badRequest',
    });

    // Not existing: the panel's load answers lightLinkNotExist, and the file carries no link
    expect(failure(await c.get(`/api/v3/links/${file.fileid}`))).toEqual({
      status: 404,
      result: 'lightLinkNotExist',
    });
    expect(file.link).toBeNull();

    const link = await share(c, file.fileid);
    expect(isSid(link.sid)).toBe(true);
    expect(link.sid).toMatch(/[A-Za-z]/);
    expect(Buffer.from(link.sid, 'base64url').length).toBeGreaterThanOrEqual(16); // 128 bits
    expect(link).toMatchObject({
      status: 'open',
      fileid: file.fileid,
      url: `/l/${link.sid}`,
      download_limits: -1,
    });
    expect(link.abilities.is_editor).toBe(true);

    // A second create meets the open link
    expect(failure(await c.post('/api/v3/links', { fileid: file.fileid }))).toEqual({
      status: 409,
      result: 'lightLinkExist',
    });

    // The shared file carries link{sid} and link_members_summary; a share event is recorded
    const listed = (await c.get(`/api/v3/groups/${gid}/files`)).json().files[0];
    expect(listed.link).toEqual({ sid: link.sid });
    expect(listed.link_members_summary).toMatchObject({ total: 0, user: 0, department: 0, members: [] });
    const events = await t.database.db
      .selectFrom('file_events')
      .selectAll()
      .where('type', '=', 'share')
      .execute();
    expect(events.some((e) => e.file_id === file.fileid && JSON.parse(e.detail).action === 'create')).toBe(
      true,
    );

    // The panel loads by file id or sid
    expect((await c.get(`/api/v3/links/${file.fileid}`)).json().sid).toBe(link.sid);
    expect((await c.get(`/api/v3/links/${link.sid}?include=members`)).json().link_members).toHaveLength(1);

    // Cancel share: DELETE /api/v3/links/{fileid}; the file returns to its plain state
    const closed = await c.delete(`/api/v3/links/${file.fileid}`, { fileid: file.fileid });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toEqual({ fileid: file.fileid, status: 'close' });
    expect((await c.get(`/api/v3/groups/${gid}/files`)).json().files[0].link).toBeNull();
    expect((await c.get(`/api/v3/links/${file.fileid}`)).json().status).toBe('close');
    for (const visitor of [t.anonymous(), c]) {
      expect(failure(await visitor.get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
        status: 410,
        result: 'linkClosed',
      });
      expect(failure(await visitor.get(`/api/v3/links/${link.sid}/download?platform=share`))).toEqual({
        status: 410,
        result: 'linkClosed',
      });
    }

    // Reopen: a new link with a new sid; the cancelled address stays cancelled
    const reopened = await share(c, file.fileid);
    expect(reopened.sid).not.toBe(link.sid);
    expect(reopened.status).toBe('open');
    expect(failure(await t.anonymous().get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe('linkClosed');
  });

  test('reset gives a new sid and a new access code; the old sid stops working', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', chkcode: true });
    const reset = await c.post(`/api/v3/links/${link.sid}/reset`);
    expect(reset.statusCode, reset.body).toBe(200);
    const fresh = reset.json();
    expect(fresh.sid).not.toBe(link.sid);
    expect(fresh.chkcode).toMatch(/^[a-z2-9]{4}$/);
    expect(failure(await t.anonymous().get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
      status: 404,
      result: 'lightLinkNotExist',
    });
    const opened = await t.anonymous().get(`/api/v3/skiplogin/links/${fresh.sid}`, {
      headers: { 'x-chkcode': fresh.chkcode },
    });
    expect(opened.json()).toMatchObject({ authed: true, file: { fileid: file.fileid } });
    // POST /api/v3/links with reset does the same
    const again = await c.post('/api/v3/links', { fileid: file.fileid, reset: true });
    expect(again.json().sid).not.toBe(fresh.sid);
  });

  test('a sid never collides with a file id; a deleted file ends its link', async () => {
    const { c, gid, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    expect(failure(await t.anonymous().get('/api/v3/skiplogin/links/abcdefghijklmnopq'))).toEqual({
      status: 404,
      result: 'lightLinkNotExist',
    });
    expect((await c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);
    expect(failure(await t.anonymous().get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe(
      'lightLinkNotExist',
    );
  });

  test('a file purged from the bin takes its link, members and receivers with it', async () => {
    const { c, gid, file } = await ownerWithFile(t);
    const friend = await t.makeUser();
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    await (await friend.client()).get(`/api/v3/skiplogin/links/${link.sid}`);
    const linkRows = () =>
      t.database.db.selectFrom('links').select('id').where('file_id', '=', file.fileid).execute();
    const [{ id }] = await linkRows();
    expect(
      await t.database.db.selectFrom('link_received').selectAll().where('link_id', '=', id).execute(),
    ).toHaveLength(1);
    expect((await c.delete(`/api/v3/groups/${gid}/files/${file.fileid}`)).statusCode).toBe(204);
    // In the bin the link stays (a recovered file has it again); purged, it goes.
    expect(await linkRows()).toHaveLength(1);
    expect((await c.post('/api/v3/recycles/batch/destory', { fileids: [file.fileid] })).statusCode).toBe(200);
    expect(await linkRows()).toEqual([]);
    for (const table of ['link_members', 'link_received'] as const)
      expect(await t.database.db.selectFrom(table).selectAll().where('link_id', '=', id).execute()).toEqual(
        [],
      );
  });
});

describe('ranges: who may open a link (spec 002 §6)', () => {
  test('being named never takes away what the range gives; it lets in those the range does not', async () => {
    const company = await t.makeCompany('Named Co');
    const { c, file } = await ownerWithFile(t, { companyId: company });
    const link = await share(c, file.fileid, { ranges: 'company', permission: 'download' });
    const colleague = await t.makeUser({ companyId: company });
    const outsider = await t.makeUser();
    await c.post(`/api/v3/links/${link.sid}/members`, {
      permission: 'read',
      userids: [colleague.id, outsider.id],
    });
    const download = `/api/v3/links/${link.sid}/download?platform=share`;
    // A colleague named at read still downloads, as every unnamed colleague does.
    expect((await (await colleague.client()).get(download)).statusCode).toBe(200);
    // Someone outside the company gets what their name gives: view, no download.
    const oc = await outsider.client();
    expect((await oc.get(`/api/v3/skiplogin/links/${link.sid}`)).statusCode).toBe(200);
    expect(failure(await oc.get(download)).result).toBe('permissionDenied');
  });

  test('a range the deployment takes away (link_ranges) opens only for those named and the space', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const named = await t.makeUser();
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [named.id] });
    const stranger = await (await t.makeUser()).client();
    const anon = t.anonymous();
    expect((await anon.get(`/api/v3/skiplogin/links/${link.sid}`)).statusCode).toBe(200);
    await t.services.settings.set(0, 'link_ranges', ['company', 'group', 'user']);
    try {
      expect(failure(await anon.get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe('userNotLogin');
      expect(failure(await anon.get(`/api/v3/links/${link.sid}/download?platform=share`)).status).toBe(401);
      expect(failure(await stranger.get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe('accessDeny');
      const theirs = await (await named.client()).get(`/api/v3/skiplogin/links/${link.sid}`);
      expect(theirs.statusCode, theirs.body).toBe(200);
      expect((await c.get(`/api/v3/links/${link.sid}`)).json().ranges).toBe('anyone');
    } finally {
      await t.services.settings.set(0, 'link_ranges', ['anyone', 'company', 'group', 'user']);
    }
    // Allowed again, the link is public again: nothing was changed on it.
    expect((await anon.get(`/api/v3/skiplogin/links/${link.sid}`)).statusCode).toBe(200);
  });

  test('a logged-out visitor on each range', async () => {
    const company = await t.makeCompany('Range Co');
    const { c, file } = await ownerWithFile(t, { companyId: company });
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const anon = t.anonymous();
    const info = await anon.get(`/api/v3/skiplogin/links/${link.sid}`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json()).toMatchObject({
      authed: true,
      can_download: true,
      logged_in: false,
      file: { fname: 'report.txt' },
    });
    // public_info is the same call under the links path
    expect((await anon.get(`/api/v3/links/${link.sid}/public_info`)).json().authed).toBe(true);
    const dl = await anon.get(`/api/v3/links/${link.sid}/download?platform=share`);
    expect(dl.statusCode).toBe(200);
    expect(Buffer.compare(dl.rawPayload, BYTES)).toBe(0);
    expect(dl.headers['content-disposition']).toContain('attachment');

    for (const ranges of ['company', 'group', 'user'] as const) {
      const put = await c.put(`/api/v3/links/${link.sid}`, { ranges });
      expect(put.statusCode, put.body).toBe(200);
      expect(failure(await anon.get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
        status: 401,
        result: 'userNotLogin',
      });
      expect(failure(await anon.get(`/api/v3/links/${link.sid}/download?platform=share`))).toEqual({
        status: 401,
        result: 'userNotLogin',
      });
    }
  });

  test('company range: colleagues open it, others get notCompanyMember', async () => {
    const company = await t.makeCompany('Acme');
    const other = await t.makeCompany('Other');
    const { c, file } = await ownerWithFile(t, { companyId: company });
    const link = await share(c, file.fileid);
    expect(link.ranges).toBe('company'); // the default range, offered in one's own drive
    expect(link.abilities.range_options).toEqual(['anyone', 'company', 'group', 'user']);
    const colleague = await (await t.makeUser({ companyId: company })).client();
    expect((await colleague.get(`/api/v3/skiplogin/links/${link.sid}`)).json().authed).toBe(true);
    for (const stranger of [await t.makeUser({ companyId: other }), await t.makeUser()]) {
      const res = await (await stranger.client()).get(`/api/v3/skiplogin/links/${link.sid}`);
      expect(failure(res)).toEqual({ status: 403, result: 'notCompanyMember' });
    }
  });

  test('group range: a team file opens for its members only (notGroupMember)', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const reader = await t.makeUser();
    const team = await makeTeam(t, owner, [
      { user: member, role: TEAM_ROLE.member },
      { user: reader, role: TEAM_ROLE.read_member },
    ]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'plan.txt', BYTES);
    const link = await share(oc, file.fileid);
    expect(link.ranges).toBe('group'); // company is not offered in a team
    expect(link.abilities.range_options).toEqual(['anyone', 'group', 'user']);
    for (const user of [member, reader]) {
      expect((await (await user.client()).get(`/api/v3/skiplogin/links/${link.sid}`)).json().authed).toBe(
        true,
      );
    }
    const stranger = await (await t.makeUser()).client();
    expect(failure(await stranger.get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
      status: 403,
      result: 'notGroupMember',
    });
    // company range cannot be chosen in a team space
    expect(failure(await oc.put(`/api/v3/links/${link.sid}`, { ranges: 'company' }))).toEqual({
      status: 403,
      result: 'permissionDenied',
    });
  });

  test('group range in a company user’s own drive: their department', async () => {
    const company = await t.makeCompany('Dept Co');
    const sales = await makeDept(t, company, 'Sales');
    const east = await makeDept(t, company, 'East', sales);
    const it = await makeDept(t, company, 'IT');
    const { user, c, file } = await ownerWithFile(t, { companyId: company });
    await t.database.db.insertInto('dept_members').values({ dept_id: sales.id, user_id: user.id }).execute();
    await t.database.db
      .updateTable('company_members')
      .set({ main_dept_id: sales.id })
      .where('user_id', '=', user.id)
      .execute();
    const link = await share(c, file.fileid, { ranges: 'group' });
    const inEast = await t.makeUser({ companyId: company });
    await t.database.db.insertInto('dept_members').values({ dept_id: east.id, user_id: inEast.id }).execute();
    const inIt = await t.makeUser({ companyId: company });
    await t.database.db.insertInto('dept_members').values({ dept_id: it.id, user_id: inIt.id }).execute();
    expect((await (await inEast.client()).get(`/api/v3/skiplogin/links/${link.sid}`)).json().authed).toBe(
      true,
    );
    expect(failure(await (await inIt.client()).get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe(
      'notGroupMember',
    );
  });

  test('user range: only people named on it; others get accessDeny', async () => {
    const { c, file } = await ownerWithFile(t);
    const named = await t.makeUser();
    const other = await t.makeUser();
    const link = await share(c, file.fileid, { ranges: 'user' });
    const add = await c.post(`/api/v3/links/${link.sid}/members`, {
      permission: 'read',
      source: 'user',
      userids: [named.id],
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().failList).toEqual([]);
    const ok = await (await named.client()).get(`/api/v3/skiplogin/links/${link.sid}`);
    expect(ok.json()).toMatchObject({ authed: true, can_download: false }); // read, under the link's download
    expect(failure(await (await other.client()).get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
      status: 403,
      result: 'accessDeny',
    });
  });

  test('read_member opens what the link allows and nothing more', async () => {
    const owner = await t.makeUser();
    const reader = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: reader, role: TEAM_ROLE.read_member }]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'notes.txt', BYTES);
    const link = await share(oc, file.fileid, { permission: 'read' });
    const rc = await reader.client();
    const seen = await rc.get(`/api/v3/links/${link.sid}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().abilities).toMatchObject({ is_editor: false, can_add_users: false });
    expect(seen.json().chkcode).toBe('');
    expect(failure(await rc.get(`/api/v3/links/${link.sid}/download?platform=share`)).result).toBe(
      'permissionDenied',
    );
    expect(failure(await rc.put(`/api/v3/links/${link.sid}`, { permission: 'download' })).result).toBe(
      'permissionDenied',
    );
    expect(failure(await rc.post('/api/v3/links', { fileid: file.fileid })).status).toBe(403); // no share bit
  });
});

describe('access codes (ARCHITECTURE "Data, durability and safety")', () => {
  test('prompt, wrong, right, token; the code is encrypted at rest and editors read it back', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', chkcode: 'true' });
    expect(link.chkcode).toMatch(/^[a-z2-9]{4}$/);
    const row = await t.database.db
      .selectFrom('links')
      .select('chkcode')
      .where('sid', '=', link.sid)
      .executeTakeFirstOrThrow();
    expect(row.chkcode).not.toContain(link.chkcode);
    expect(row.chkcode.startsWith('v1.')).toBe(true);
    const key = path.join(t.config.dataDir, 'secret.key');
    expect(fs.statSync(key).mode & 0o777).toBe(0o600);
    // editors see it again; the link creator needs no code
    expect((await c.get(`/api/v3/links/${link.sid}`)).json().chkcode).toBe(link.chkcode);

    const anon = t.anonymous();
    const before: LinkPublicInfo = (
      await anon.get(`/api/v3/skiplogin/links/${link.sid}`, from('10.0.0.1'))
    ).json();
    expect(before).toMatchObject({ authed: false, has_chkcode: true, file: null, can_download: false });
    expect(before.creator.name).not.toBe('');
    expect(
      failure(await anon.get(`/api/v3/links/${link.sid}/download?platform=share`, from('10.0.0.1'))),
    ).toEqual({
      status: 403,
      result: 'chkcodeRequired',
    });
    const wrong = link.chkcode === 'abcd' ? 'abce' : 'abcd';
    expect(
      failure(
        await anon.post(`/api/v3/skiplogin/links/${link.sid}/auth`, { chkcode: wrong }, from('10.0.0.1')),
      ),
    ).toEqual({
      status: 403,
      result: 'chkcodeWrong',
    });
    const auth = await anon.post(
      `/api/v3/skiplogin/links/${link.sid}/auth`,
      { chkcode: link.chkcode.toUpperCase() },
      from('10.0.0.1'),
    );
    expect(auth.statusCode, auth.body).toBe(200);
    const token = auth.json().rand_code;
    const info = await anon.get(
      `/api/v3/skiplogin/links/${link.sid}?rand_code=${encodeURIComponent(token)}`,
      from('10.0.0.9'),
    );
    expect(info.json()).toMatchObject({ authed: true, can_download: true });
    const dl = await anon.get(
      `/api/v3/links/${link.sid}/download?platform=share&rand_code=${encodeURIComponent(token)}`,
    );
    expect(dl.statusCode).toBe(200);
    // the code itself in the header works too
    expect(
      (
        await anon.get(`/api/v3/skiplogin/links/${link.sid}`, { headers: { 'x-chkcode': link.chkcode } })
      ).json().authed,
    ).toBe(true);

    // turning the code off and on: the old token stops working
    expect((await c.delete(`/api/v3/links/${link.sid}/chkcode`)).json().has_chkcode).toBe(false);
    const on = await c.put(`/api/v3/links/${link.sid}/chkcode`);
    expect(on.json().has_chkcode).toBe(true);
    expect(
      (await anon.get(`/api/v3/skiplogin/links/${link.sid}?rand_code=${encodeURIComponent(token)}`)).json()
        .authed,
    ).toBe(false);
  });

  test('guessing is throttled per address, and per link from many addresses', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', chkcode: true });
    const anon = t.anonymous();
    const wrong = link.chkcode === 'zzzz' ? 'yyyy' : 'zzzz';
    const guess = (code: string, ip: string) =>
      anon.post(`/api/v3/skiplogin/links/${link.sid}/auth`, { chkcode: code }, from(ip));
    for (let i = 0; i < 5; i++) expect(failure(await guess(wrong, '192.0.2.1')).result).toBe('chkcodeWrong');
    // the address is locked out: even the right code waits
    const locked = await guess(link.chkcode, '192.0.2.1');
    expect(failure(locked)).toEqual({ status: 429, result: 'apiRateLimitExceede' });
    expect(locked.json().debug.retry_after).toBeGreaterThan(0);
    // another address still gets in
    expect((await guess(link.chkcode, '192.0.2.2')).statusCode).toBe(200);
    // many addresses together lock the link itself (20 failures)
    for (let i = 0; i < 15; i++)
      expect(failure(await guess(wrong, `198.51.100.${i}`)).result).toBe('chkcodeWrong');
    expect(failure(await guess(link.chkcode, '203.0.113.7'))).toEqual({
      status: 429,
      result: 'apiRateLimitExceede',
    });
    // after the lock time it opens again
    t.clock.advance(901);
    expect((await guess(link.chkcode, '203.0.113.7')).statusCode).toBe(200);
  });

  test('codes guessed at once are counted one by one, and the right code does not count against the link', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', chkcode: true });
    const anon = t.anonymous();
    const wrong = link.chkcode === 'zzzz' ? 'yyyy' : 'zzzz';
    const guess = (code: string, ip: string) =>
      anon.post(`/api/v3/skiplogin/links/${link.sid}/auth`, { chkcode: code }, from(ip));
    // 25 visitors who know the code: none of them brings the link nearer its lock
    for (let i = 0; i < 25; i++)
      expect((await guess(link.chkcode, `192.0.2.${100 + i}`)).statusCode).toBe(200);
    // visitors with the code at once, from one address, do not hold each other up
    const right = await Promise.all(Array.from({ length: 12 }, () => guess(link.chkcode, '192.0.2.8')));
    expect(right.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    const answers = await Promise.all(Array.from({ length: 12 }, () => guess(wrong, '192.0.2.9')));
    const results = answers.map((r) => failure(r).result);
    expect(results.filter((r) => r === 'chkcodeWrong')).toHaveLength(5);
    expect(results.filter((r) => r === 'apiRateLimitExceede')).toHaveLength(7);
    // a burst of guesses with the right code among them: the wrong ones counted are the window's
    // five whatever the order (the right one, checked while they are counted, may pass or wait)
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => guess(i === 12 ? link.chkcode : wrong, '192.0.2.10')),
    );
    expect(burst.filter((r) => failure(r).result === 'chkcodeWrong')).toHaveLength(5);
    // once they are, the right code waits too
    expect(failure(await guess(link.chkcode, '192.0.2.10')).result).toBe('apiRateLimitExceede');
  });

  test("the viewer's calls count wrong codes against the address as the link page does", async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', chkcode: true });
    const anon = t.anonymous();
    const wrong = link.chkcode === 'zzzz' ? 'yyyy' : 'zzzz';
    for (let i = 0; i < 5; i++) {
      const viewed = await anon.get(
        `/v1/legacy/view?link=${link.sid}&rand_code=${wrong}`,
        from('192.0.2.77'),
      );
      expect(failure(viewed).result).toBe('chkcodeWrong');
    }
    const locked = await anon.post(
      `/api/v3/skiplogin/links/${link.sid}/auth`,
      { chkcode: link.chkcode },
      from('192.0.2.77'),
    );
    expect(failure(locked)).toEqual({ status: 429, result: 'apiRateLimitExceede' });
    const viewed = await anon.get(
      `/v1/legacy/view?link=${link.sid}&rand_code=${link.chkcode}`,
      from('192.0.2.77'),
    );
    expect(failure(viewed).result).toBe('apiRateLimitExceede');
  });
});

describe('download limits (spec 002 §5, §9)', () => {
  test('50 concurrent downloads of a link with 10 left: exactly 10 succeed', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', download_limits: 10 });
    expect(link.download_remain).toBe(10);
    const anon = t.anonymous();
    const results = await Promise.all(
      Array.from({ length: 50 }, () => anon.get(`/api/v3/links/${link.sid}/download?platform=share`)),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    for (const r of ok) expect(Buffer.compare(r.rawPayload, BYTES)).toBe(0);
    expect(refused.map(failure)).toEqual(Array(40).fill({ status: 403, result: 'linkDownloadLimits' }));
    // the link is spent: its page says so; the editor still manages it
    expect(failure(await anon.get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
      status: 403,
      result: 'linkDownloadLimits',
    });
    const editor = (await c.get(`/api/v3/links/${link.sid}`)).json();
    expect(editor.download_remain).toBe(0);
    // a new limit counts from now
    const more = await c.put(`/api/v3/links/${link.sid}`, { download_limits: 2 });
    expect(more.json().download_remain).toBe(2);
  });

  test('a spent link turned to read opens again for viewing: a read link has no download limit', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', download_limits: 1 });
    const anon = t.anonymous();
    expect((await anon.get(`/api/v3/links/${link.sid}/download?platform=share`)).statusCode).toBe(200);
    expect(failure(await anon.get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe('linkDownloadLimits');
    const read = await c.put(`/api/v3/links/${link.sid}`, { permission: 'read' });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ permission: 'read', download_limits: -1, download_remain: -1 });
    const page = await anon.get(`/api/v3/skiplogin/links/${link.sid}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ authed: true, download_remain: -1 });
    expect(failure(await anon.get(`/api/v3/links/${link.sid}/download?platform=share`)).status).toBe(403);
    // Back to download, the owner sets a new limit as for any link.
    const again = await c.put(`/api/v3/links/${link.sid}`, { permission: 'download', download_limits: 3 });
    expect(again.json()).toMatchObject({ download_limits: 3, download_remain: 3 });
  });

  test('a download held after its checks is judged again when the link was closed, reset or made read-only', async () => {
    const anon = t.anonymous();
    const held = async (
      change: (c: Client, link: ShareLink, fileid: number) => Promise<unknown>,
      limit = 3,
    ) => {
      const { c, file } = await ownerWithFile(t);
      const link = await share(c, file.fileid, { ranges: 'anyone', download_limits: limit });
      const gate = holdNextTransaction(t, 'links/service.ts');
      const download = anon.get(`/api/v3/links/${link.sid}/download?platform=share`);
      await gate.reached;
      const changed = await change(c, link, file.fileid);
      gate.release();
      return { answer: await download, changed, c, link };
    };
    const closed = await held((c, _link, fileid) => c.delete(`/api/v3/links/${fileid}`));
    expect(failure(closed.answer).result).toBe('linkClosed');
    const read = await held((c, link) => c.put(`/api/v3/links/${link.sid}`, { permission: 'read' }));
    expect(failure(read.answer).result).toBe('permissionDenied');
    // A reset gives a new address with the whole limit: the old address's download takes none of it.
    const reset = await held((c, link) => c.post(`/api/v3/links/${link.sid}/reset`), 1);
    expect(reset.answer.statusCode).not.toBe(200);
    const fresh = (reset.changed as { json(): ShareLink }).json();
    expect((await reset.c.get(`/api/v3/links/${fresh.sid}`)).json().download_remain).toBe(1);
    expect((await anon.get(`/api/v3/links/${fresh.sid}/download?platform=share`)).statusCode).toBe(200);
  });

  test('only a new download counts: not a 304, not the rest of a range', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone', download_limits: 3 });
    const anon = t.anonymous();
    const url = `/api/v3/links/${link.sid}/download?platform=share`;
    const remain = async () => (await c.get(`/api/v3/links/${link.sid}`)).json().download_remain;
    const full = await anon.get(url);
    expect(full.statusCode).toBe(200);
    expect(await remain()).toBe(2);
    const etag = full.headers.etag as string;
    expect((await anon.get(url, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const rest = await anon.get(url, { headers: { range: 'bytes=2-' } });
    expect(rest.statusCode).toBe(206);
    expect(await remain()).toBe(2);
    // A range from the first byte starts a download again.
    expect((await anon.get(url, { headers: { range: 'bytes=0-1' } })).statusCode).toBe(206);
    expect(await remain()).toBe(1);
    // The rest of a download nobody began from there is a download: no way round the limit.
    const elsewhere = await anon.get(url, { headers: { range: 'bytes=1-' }, ...from('198.51.100.40') });
    expect(elsewhere.statusCode).toBe(206);
    expect(await remain()).toBe(0);
    expect(
      failure(await anon.get(url, { headers: { range: 'bytes=1-' }, ...from('198.51.100.41') })).result,
    ).toBe('linkDownloadLimits');
  });

  test('a folder through a link: browse, and the zip counts once', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const gid = await myDrive(c);
    const folder = await mkdir(c, gid, 0, 'Album');
    const inner = await mkdir(c, gid, folder.fileid, 'Inner');
    await upload(c, gid, folder.fileid, 'one.txt', Buffer.from('one'));
    const deep = await upload(c, gid, inner.fileid, 'two.txt', Buffer.from('two'));
    const link = await share(c, folder.fileid, { ranges: 'anyone', download_limits: 3 });
    const anon = t.anonymous();
    const root = await anon.get(`/api/v3/skiplogin/links/${link.sid}/files`);
    expect(root.statusCode, root.body).toBe(200);
    expect(root.json().files.map((f: { fname: string }) => f.fname)).toEqual(['Inner', 'one.txt']);
    const down = await anon.get(`/api/v3/skiplogin/links/${link.sid}/files?parentid=${inner.fileid}`);
    expect(down.json().path.map((p: { fname: string }) => p.fname)).toEqual(['Album', 'Inner']);
    // something outside the shared folder is not reachable through it
    const outside = await upload(c, gid, 0, 'private.txt', Buffer.from('private'));
    expect(
      failure(await anon.get(`/api/v3/links/${link.sid}/download?fileid=${outside.fileid}`)).result,
    ).toBe('fileNotExists');

    const zip = await anon.get(`/api/v3/links/${link.sid}/download?platform=share`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const names = Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).sort();
    expect(names).toEqual(['Album/', 'Album/Inner/', 'Album/Inner/two.txt', 'Album/one.txt']);
    expect((await c.get(`/api/v3/links/${link.sid}`)).json().download_remain).toBe(2);
    const one = await anon.get(`/api/v3/links/${link.sid}/download?fileid=${deep.fileid}`);
    expect(one.rawPayload.toString()).toBe('two');
    expect((await c.get(`/api/v3/links/${link.sid}`)).json().download_remain).toBe(1);
  });

  test('limits: at most 1000000, -1 unlimited; read links do not download', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    expect(failure(await c.put(`/api/v3/links/${link.sid}`, { download_limits: 1000001 }))).toEqual({
      status: 400,
      result: 'maxDownloadTimes',
    });
    expect(failure(await c.put(`/api/v3/links/${link.sid}`, { download_limits: 0 })).result).toBe(
      'badRequest',
    );
    expect(
      (await c.put(`/api/v3/links/${link.sid}`, { download_limits: 1000000 })).json().download_remain,
    ).toBe(1000000);
    await c.put(`/api/v3/links/${link.sid}`, { permission: 'read' });
    const anon = t.anonymous();
    expect((await anon.get(`/api/v3/skiplogin/links/${link.sid}`)).json().can_download).toBe(false);
    expect(failure(await anon.get(`/api/v3/links/${link.sid}/download`)).result).toBe('permissionDenied');
    // spec 002 §5: a read link's download count is not set (only taken off), nor set with read.
    expect(failure(await c.put(`/api/v3/links/${link.sid}`, { download_limits: 5 }))).toEqual({
      status: 403,
      result: 'permissionDenied',
    });
    const both = await c.put(`/api/v3/links/${link.sid}`, { permission: 'download', download_limits: 5 });
    expect(both.statusCode, both.body).toBe(200);
    expect((await c.get(`/api/v3/links/${link.sid}`)).json()).toMatchObject({
      permission: 'download',
      download_remain: 5,
    });
    expect((await c.put(`/api/v3/links/${link.sid}`, { download_limits: -1 })).statusCode).toBe(200);
  });
});

describe('expiry (spec 002 §4, §5)', () => {
  test('presets count from now; a past custom time is refused; an expired link refuses access', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const week = await c.put(`/api/v3/links/${link.sid}`, { period: 604800 });
    expect(week.json().expire_time).toBe(t.clock.now + 604800);
    expect(failure(await c.put(`/api/v3/links/${link.sid}`, { period: t.clock.now - 60 }))).toEqual({
      status: 400,
      result: 'linkExpiryWarning',
    });
    const custom = t.clock.now + 90 * 86400;
    expect((await c.put(`/api/v3/links/${link.sid}`, { period: custom })).json().expire_time).toBe(custom);
    const hour = await c.put(`/api/v3/links/${link.sid}`, { period: 3600 });
    expect(hour.json().status).toBe('open');
    t.clock.advance(3601);
    try {
      const anon = t.anonymous();
      expect(failure(await anon.get(`/api/v3/skiplogin/links/${link.sid}`))).toEqual({
        status: 410,
        result: 'linkExpired',
      });
      expect(failure(await anon.get(`/api/v3/links/${link.sid}/download`)).result).toBe('linkExpired');
      // the editor sees the expired state and can extend it
      expect((await c.get(`/api/v3/links/${link.sid}`)).json().status).toBe('expired');
      expect((await c.put(`/api/v3/links/${link.sid}`, { period: 0 })).json()).toMatchObject({
        status: 'open',
        expire_time: 0,
      });
      expect((await anon.get(`/api/v3/skiplogin/links/${link.sid}`)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-3601);
    }
  });
});

describe('editing a link', () => {
  test('a create whose settings are refused leaves no link behind', async () => {
    const { c, gid, file } = await ownerWithFile(t);
    const shareEvents = async () =>
      (
        await t.database.db.selectFrom('file_events').selectAll().where('type', '=', 'share').execute()
      ).filter((e) => e.file_id === file.fileid).length;
    for (const [body, expected] of [
      [{ download_limits: 1000001 }, { status: 400, result: 'maxDownloadTimes' }],
      [
        { ranges: 'anyone', period: t.clock.now - 60 },
        { status: 400, result: 'linkExpiryWarning' },
      ],
      [
        { permission: 'read', download_limits: 5 },
        { status: 403, result: 'permissionDenied' },
      ],
    ] as const) {
      expect(failure(await c.post('/api/v3/links', { fileid: file.fileid, ...body }))).toEqual(expected);
      expect(failure(await c.get(`/api/v3/links/${file.fileid}`))).toEqual({
        status: 404,
        result: 'lightLinkNotExist',
      });
      expect((await c.get(`/api/v3/groups/${gid}/files`)).json().files[0].link).toBeNull();
      expect(await shareEvents()).toBe(0);
    }
    // a retry with good settings creates the link (not lightLinkExist)
    const link = await share(c, file.fileid, { download_limits: 1000000 });
    expect(link.download_remain).toBe(1000000);
    expect(await shareEvents()).toBe(1);

    // reopening a cancelled link with bad settings leaves it cancelled
    expect((await c.delete(`/api/v3/links/${file.fileid}`, { fileid: file.fileid })).statusCode).toBe(200);
    expect(failure(await c.post('/api/v3/links', { fileid: file.fileid, download_limits: 1000001 }))).toEqual(
      {
        status: 400,
        result: 'maxDownloadTimes',
      },
    );
    expect((await c.get(`/api/v3/links/${file.fileid}`)).json()).toMatchObject({
      sid: link.sid,
      status: 'close',
    });
    expect((await share(c, file.fileid)).sid).not.toBe(link.sid);
  });

  test('a create with settings by someone who may not set them leaves no link behind', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'z.txt', BYTES);
    const mc = await member.client();
    expect(failure(await mc.post('/api/v3/links', { fileid: file.fileid, ranges: 'user' }))).toEqual({
      status: 403,
      result: 'permissionDenied',
    });
    expect(failure(await mc.get(`/api/v3/links/${file.fileid}`)).result).toBe('lightLinkNotExist');
    expect((await share(mc, file.fileid)).status).toBe('open');
  });

  test('two editors at once: the stale version gets linkUpdateConcurrency', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid);
    const first = await c.put(`/api/v3/links/${link.sid}`, { permission: 'read', version: link.version });
    expect(first.statusCode).toBe(200);
    expect(
      failure(await c.put(`/api/v3/links/${link.sid}`, { permission: 'download', version: link.version })),
    ).toEqual({
      status: 409,
      result: 'linkUpdateConcurrency',
    });
  });

  test('editor ranks: owner and admin edit; a member sees the creator and only adds people', async () => {
    const owner = await t.makeUser();
    const admin = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [
      { user: admin, role: TEAM_ROLE.admin },
      { user: member, role: TEAM_ROLE.member },
    ]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'team.txt', BYTES);
    const link = await share(oc, file.fileid, { ranges: 'user', chkcode: true });
    const ac = await admin.client();
    expect((await ac.get(`/api/v3/links/${file.fileid}`)).json().chkcode).toBe(link.chkcode);
    expect((await ac.put(`/api/v3/links/${link.sid}`, { permission: 'read' })).statusCode).toBe(200);
    const mc = await member.client();
    const seen = (await mc.get(`/api/v3/links/${file.fileid}`)).json();
    expect(seen.abilities).toMatchObject({ is_editor: false, can_add_users: true });
    expect(seen.creator.id).toBe(owner.id);
    expect(seen.chkcode).toBe('');
    expect(seen.abilities.range_options).toEqual(['group', 'user']); // the default range and user
    expect(failure(await mc.put(`/api/v3/links/${link.sid}`, { ranges: 'anyone' })).result).toBe(
      'permissionDenied',
    );
    const del = await mc.delete(`/api/v3/links/${file.fileid}`);
    expect(failure(del).result, del.body).toBe('permissionDenied');
    const friend = await t.makeUser();
    const added = await mc.post(`/api/v3/links/${link.sid}/members`, {
      permission: 'read',
      userids: [friend.id],
    });
    expect(added.json().failList).toEqual([]);
    // ...only when user sharing is allowed
    await t.services.settings.set(0, 'allow_shareuser', false);
    try {
      const another = await t.makeUser();
      expect(
        failure(
          await mc.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [another.id] }),
        ).result,
      ).toBe('permissionDenied');
    } finally {
      await t.services.settings.set(0, 'allow_shareuser', true);
    }
  });

  test('the permission of a link never exceeds the editor’s own on the file', async () => {
    const owner = await t.makeUser();
    const admin = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: admin, role: TEAM_ROLE.admin }]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'x.txt', BYTES);
    const link = await share(oc, file.fileid, { permission: 'write' });
    expect(link.permission).toBe('write');
    // a member with read only on the file creates a read link
    const member = await t.makeUser();
    await t.database.db
      .insertInto('group_members')
      .values({ group_id: team, user_id: member.id, team_role: TEAM_ROLE.member, joined_at: 0 })
      .execute();
    const other = await upload(oc, team, 0, 'y.txt', BYTES);
    await oc.put(`/api/v3/groups/${team}/files/${other.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.id, user_acl: maskOf('read', 'share') }],
    });
    expect((await share(await member.client(), other.fileid)).permission).toBe('read');
  });

  test('a vip level 10 creator without a company: download count, link controls and group range are disabled', async () => {
    const general = await t.makeUser();
    await t.database.db.updateTable('users').set({ vip_level: 10 }).where('id', '=', general.id).execute();
    const gc = await general.client();
    const gid = await myDrive(gc);
    const file = await upload(gc, gid, 0, 'v.txt', BYTES);
    const link = await share(gc, file.fileid, { ranges: 'anyone' });
    expect(link.abilities.restricted).toBe(true);
    expect(link.abilities.range_options).not.toContain('group');
    for (const body of [{ download_limits: 5 }, { period: 3600 }, { chkcode: 'true' }, { ranges: 'group' }]) {
      expect(failure(await gc.put(`/api/v3/links/${link.sid}`, body)).result).toBe('permissionDenied');
    }
    // a team they created is restricted as well
    const team = await makeTeam(t, general);
    const teamFile = await upload(gc, team, 0, 'w.txt', BYTES);
    const teamLink = await share(gc, teamFile.fileid);
    expect(teamLink.ranges).not.toBe('group');
    expect(teamLink.abilities.range_options).not.toContain('group');
  });

  test('real-name verification gates sharing; control_share hides it', async () => {
    const { c, file } = await ownerWithFile(t);
    const other = await upload(c, await myDrive(c), 0, 'other.txt', BYTES);
    // A link made before the settings changed, with a member.
    const link = await share(c, other.fileid);
    const friend = await t.makeUser();
    const added = await c.post(`/api/v3/links/${link.sid}/members`, {
      permission: 'read',
      source: 'user',
      userids: [friend.id],
    });
    expect(added.statusCode, added.body).toBe(200);
    const member = (await c.get(`/api/v3/links/${link.sid}/members`))
      .json()
      .members.find(
        (m: { userid?: number; user_id?: number; id: number; permission: string }) =>
          m.permission !== 'owner',
      );
    const stranger = await t.makeUser();
    // The link lets its users write and has an access code, and the member may write, before the
    // settings change.
    expect((await c.put(`/api/v3/links/${link.sid}`, { permission: 'write' })).statusCode).toBe(200);
    expect((await c.put(`/api/v3/links/${link.sid}/chkcode`, {})).statusCode).toBe(200);
    expect(
      (await c.put(`/api/v3/links/${link.sid}/members/${member.id}`, { permission: 'write' })).statusCode,
    ).toBe(200);
    /** Every call that widens the link answers `key` and changes nothing. */
    const refusesWidening = async (key: string) => {
      const before = (await c.get(`/api/v3/links/${link.sid}`)).json();
      const calls = [
        () => c.post('/api/v3/links', { fileid: file.fileid }),
        () => c.post(`/api/v3/links/${link.sid}/reset`, {}),
        () => c.put(`/api/v3/links/${link.sid}`, { ranges: 'anyone' }),
        () => c.delete(`/api/v3/links/${link.sid}/chkcode`, {}),
        () =>
          c.post(`/api/v3/links/${link.sid}/members`, {
            permission: 'read',
            source: 'user',
            userids: [stranger.id],
          }),
      ];
      if (memberPermission === 'read')
        calls.push(() => c.put(`/api/v3/links/${link.sid}/members/${member.id}`, { permission: 'write' }));
      for (const call of calls) expect(failure(await call()).result).toBe(key);
      const after = (await c.get(`/api/v3/links/${link.sid}`)).json();
      expect(after.permission).toBe(before.permission);
      expect(after.ranges).toBe(before.ranges);
      expect(Boolean(after.chkcode)).toBe(true);
      const members = (await c.get(`/api/v3/links/${link.sid}/members`)).json().members;
      expect(members).toHaveLength(2);
      expect(members.find((m: { id: number }) => m.id === member.id).permission).toBe(memberPermission);
    };
    let memberPermission = 'write';
    await t.services.settings.set(0, 'allow_real_name', true);
    try {
      expect(failure(await c.post('/api/v3/links', { fileid: file.fileid }))).toEqual({
        status: 403,
        result: 'realNameRequired',
      });
      await refusesWidening('realNameRequired');
    } finally {
      await t.services.settings.set(0, 'allow_real_name', false);
    }
    await t.services.settings.set(0, 'control_share', true);
    try {
      await refusesWidening('forbidLink');
      // Narrowing stays open: a lower permission for the member, a putting the code on again,
      // a lower link permission, and removing the member.
      expect(
        (await c.put(`/api/v3/links/${link.sid}/members/${member.id}`, { permission: 'read' })).statusCode,
      ).toBe(200);
      memberPermission = 'read';
      await refusesWidening('forbidLink');
      expect((await c.put(`/api/v3/links/${link.sid}/chkcode`, {})).statusCode).toBe(200);
      expect((await c.put(`/api/v3/links/${link.sid}`, { permission: 'read' })).statusCode).toBe(200);
      expect(failure(await c.put(`/api/v3/links/${link.sid}`, { permission: 'download' })).result).toBe(
        'forbidLink',
      );
      expect((await c.get(`/api/v3/links/${link.sid}`)).json().permission).toBe('read');
      expect((await c.delete(`/api/v3/links/${link.sid}/members/${member.id}`)).statusCode).toBe(204);
    } finally {
      await t.services.settings.set(0, 'control_share', false);
    }
    expect((await c.post('/api/v3/links', { fileid: file.fileid })).statusCode).toBe(200);
  });

  test('the access log tells editors who opened and downloaded, and only editors', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const visitor = await t.makeUser({ name: 'Visitor V' });
    const vc = await visitor.client();
    await vc.get(`/api/v3/skiplogin/links/${link.sid}`);
    await vc.get(`/api/v3/skiplogin/links/${link.sid}`); // a reload within a minute is one open
    await t.anonymous().get(`/api/v3/links/${link.sid}/download`, from('192.0.2.55'));
    const log = await c.get(`/api/v3/links/${link.sid}/access_log`);
    expect(log.statusCode).toBe(200);
    const entries = log.json().entries;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      action: 'download',
      user: null,
      ip: '192.0.2.55',
      fname: 'report.txt',
    });
    expect(entries[1]).toMatchObject({ action: 'open', user: { id: visitor.id, name: 'Visitor V' } });
    expect(failure(await vc.get(`/api/v3/links/${link.sid}/access_log`)).result).toBe('permissionDenied');
  });
});

describe('through a link: previews, convert, save, write, report', () => {
  test('the preview resolves a sid with the link’s rules', async () => {
    const { c, file } = await ownerWithFile(t, { name: 'read-me.txt' });
    const link = await share(c, file.fileid, { ranges: 'anyone', chkcode: true });
    const anon = t.anonymous();
    expect(failure(await anon.get(`/v1/legacy/view?link=${link.sid}`)).result).toBe('chkcodeRequired');
    const token = (
      await anon.post(`/api/v3/skiplogin/links/${link.sid}/auth`, { chkcode: link.chkcode })
    ).json().rand_code;
    const view = await anon.get(`/v1/legacy/view?link=${link.sid}&rand_code=${encodeURIComponent(token)}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      fileid: file.fileid,
      source: 'link',
      permissions: { download: true },
    });
    expect(view.json().urls.download).toContain(`/api/v3/links/${link.sid}/download`);
    const text = await anon.get(view.json().urls.content);
    expect(text.rawPayload.toString()).toBe(BYTES.toString());
  });

  test('previous and next in a shared folder follow its link page: files by name, inside the folder only', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const gid = await myDrive(c);
    const folder = await mkdir(c, gid, 0, 'Photos');
    const inner = await mkdir(c, gid, folder.fileid, 'Inner');
    const byName: Record<string, number> = {};
    for (const name of ['b.png', 'a.png', 'C.md'])
      byName[name] = (await upload(c, gid, folder.fileid, name, BYTES)).fileid;
    const deep = await upload(c, gid, inner.fileid, 'deep.txt', BYTES);
    const outside = await upload(c, gid, 0, 'private.txt', BYTES);
    const link = await share(c, folder.fileid, { ranges: 'anyone', chkcode: true });
    const anon = t.anonymous();
    const around = (fileid: number, code = link.chkcode) =>
      anon.get(`/v1/preview/files/${fileid}/neighbors?link=${link.sid}&rand_code=${code}`);

    // The page lists Inner, a.png, b.png, C.md; the viewer pages through the files alone.
    const page = await anon.get(`/api/v3/skiplogin/links/${link.sid}/files?rand_code=${link.chkcode}`);
    expect(page.json().files.map((f: { fname: string }) => f.fname)).toEqual([
      'Inner',
      'a.png',
      'b.png',
      'C.md',
    ]);
    const middle = await around(byName['b.png']);
    expect(middle.statusCode, middle.body).toBe(200);
    expect(middle.json()).toEqual({
      prev: { fileid: byName['a.png'], fname: 'a.png' },
      next: { fileid: byName['C.md'], fname: 'C.md' },
      index: 2,
      total: 3,
    });
    expect((await around(byName['a.png'])).json()).toMatchObject({ prev: null, index: 1, total: 3 });
    // a folder inside pages through its own files (deep.txt is the only one in Inner)
    expect((await around(deep.fileid)).json()).toEqual({ prev: null, next: null, index: 1, total: 1 });
    // the link's rules hold: its code, and nothing outside the folder
    expect(failure(await around(byName['b.png'], 'wrong')).result).toBe('chkcodeWrong');
    expect(
      failure(await anon.get(`/v1/preview/files/${byName['b.png']}/neighbors?link=${link.sid}`)).result,
    ).toBe('chkcodeRequired');
    expect(failure(await around(outside.fileid)).result).toBe('fileNotExists');
    // the file of a file link stands alone
    const single = await share(c, outside.fileid, { ranges: 'anyone' });
    const alone = await anon.get(`/v1/preview/files/${outside.fileid}/neighbors?link=${single.sid}`);
    expect(alone.json()).toEqual({ prev: null, next: null, index: 1, total: 1 });
    // without a link, a drive file's neighbors are for people logged in
    expect(failure(await anon.get(`/v1/preview/files/${byName['b.png']}/neighbors`)).status).toBe(401);
  });

  test('/s/{fid}: a plain file id opens for people it was shared with, never anonymously', async () => {
    const { c, file } = await ownerWithFile(t, { name: 'viewer.txt' });
    const link = await share(c, file.fileid, { ranges: 'user', chkcode: true });
    const named = await t.makeUser();
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'download', userids: [named.id] });
    const view = await (await named.client()).get(`/v1/legacy/view?fileid=${file.fileid}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      fileid: file.fileid,
      source: 'link',
      permissions: { download: true },
    });
    const stranger = await (await t.makeUser()).client();
    expect(failure(await stranger.get(`/v1/legacy/view?fileid=${file.fileid}`)).result).toBe('fileNotExists');
    expect(failure(await t.anonymous().get(`/v1/legacy/view?fileid=${file.fileid}`)).result).toBe(
      'userNotLogin',
    );
    // the owner still sees it as a drive file
    expect((await c.get(`/v1/legacy/view?fileid=${file.fileid}`)).json().source).toBe('file');
  });

  test('convert answers the shared file id as text', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const res = await t.anonymous().get(`/api/v3/links/convert/${link.sid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(String(file.fileid));
  });

  test('a logged-in visitor saves a shared folder into their own drive', async () => {
    const owner = await t.makeUser();
    const c = await owner.client();
    const gid = await myDrive(c);
    const folder = await mkdir(c, gid, 0, 'Handout');
    await upload(c, gid, folder.fileid, 'a.txt', Buffer.from('a'));
    const link = await share(c, folder.fileid, { ranges: 'anyone', download_limits: 2 });
    const remain = async () => (await c.get(`/api/v3/links/${link.sid}`)).json().download_remain;
    const visitor = await t.makeUser();
    const vc = await visitor.client();
    const mine = await myDrive(vc);
    const saved = await vc.post(`/api/v3/links/${link.sid}/save`, {
      target_groupid: mine,
      target_parentid: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().failList).toEqual([]);
    const names = (await vc.get(`/api/v3/groups/${mine}/files`))
      .json()
      .files.map((f: { fname: string }) => f.fname);
    expect(names).toContain('Handout');
    // A save is a download: it takes one from the limit.
    expect(await remain()).toBe(1);
    // logged out there is nothing to save into
    expect(
      failure(await t.anonymous().post(`/api/v3/links/${link.sid}/save`, { target_groupid: mine })).result,
    ).toBe('userNotLogin');
    // a second save of the same name conflicts, and a save that copied nothing gives its download back
    expect(
      (await vc.post(`/api/v3/links/${link.sid}/save`, { target_groupid: mine })).json().failList[0].result,
    ).toBe('fileNameConflict');
    expect(await remain()).toBe(1);
    // ... and its log entry, which would have let the visitor go on with ranges for a day.
    const downloadsLogged = await t.database.db
      .selectFrom('link_access_log')
      .select('id')
      .where('action', '=', 'download')
      .where('user_id', '=', visitor.id)
      .execute();
    expect(downloadsLogged).toHaveLength(1);
    // Saved again once the copy is gone, the last one is spent; then no way out is left.
    const copy = (await vc.get(`/api/v3/groups/${mine}/files`))
      .json()
      .files.find((f: { fname: string }) => f.fname === 'Handout');
    expect((await vc.delete(`/api/v3/groups/${mine}/files/${copy.fileid}`)).statusCode).toBe(204);
    const again = await vc.post(`/api/v3/links/${link.sid}/save`, {
      target_groupid: mine,
      target_parentid: 0,
    });
    expect(again.json().failList).toEqual([]);
    expect(await remain()).toBe(0);
    const spent = await vc.post(`/api/v3/links/${link.sid}/save`, {
      target_groupid: mine,
      target_parentid: 0,
    });
    expect(failure(spent).result).toBe('linkDownloadLimits');
  });

  test('write lets a member upload a new version through the link', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'user', permission: 'write' });
    const writer = await t.makeUser();
    const reader = await t.makeUser();
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'write', userids: [writer.id] });
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [reader.id] });
    const wc = await writer.client();
    expect((await wc.get(`/api/v3/skiplogin/links/${link.sid}`)).json().can_write).toBe(true);
    const put = await wc.put(`/api/v3/links/${link.sid}/content`, Buffer.from('version two'), {
      headers: { 'content-type': 'application/octet-stream' },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().fver).toBe(2);
    const now = await t.anonymous().get(`/api/v3/links/${link.sid}/download`);
    expect(now.statusCode).toBe(401); // user range: log in first
    expect((await c.get(`/api/v3/links/${link.sid}/download`)).rawPayload.toString()).toBe('version two');
    const rc = await reader.client();
    expect(
      failure(
        await rc.put(`/api/v3/links/${link.sid}/content`, Buffer.from('nope'), {
          headers: { 'content-type': 'application/octet-stream' },
        }),
      ).result,
    ).toBe('permissionDenied');
  });

  test('reports of links (logged out too) and files reach the review queue', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const res = await t
      .anonymous()
      .post(`/api/v3/links/${link.sid}/report`, { reason: 'spam', reason_detail: 'ads' }, from('192.0.2.80'));
    expect(res.statusCode, res.body).toBe(200);
    const viaFile = await c.post('/api/report', { fileid: file.fileid, reason_detail: 'mine, by mistake' });
    expect(viaFile.statusCode).toBe(200);
    const stranger = await (await t.makeUser()).client();
    expect(
      failure(await stranger.post('/api/report', { fileid: file.fileid, reason_detail: 'x' })).result,
    ).toBe('fileNotExists');
    expect(
      (await stranger.post('/api/report', { fileid: file.fileid, reason_detail: 'x', sid: link.sid }))
        .statusCode,
    ).toBe(200);
    const rows = await t.database.db
      .selectFrom('reports')
      .selectAll()
      .where('file_id', '=', file.fileid)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.kind, r.status, r.reason_detail])).toEqual([
      ['link', 'pending', 'ads'],
      ['file', 'pending', 'mine, by mistake'],
      ['file', 'pending', 'x'],
    ]);
    expect(rows[0].reporter_id).toBeNull();
    expect(rows[0].reporter_ip).toBe('192.0.2.80');
  });
});
