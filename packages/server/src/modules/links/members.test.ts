import { type LinkMember, PAGE_SIZE_SHARE_MEMBERS, type SharedFileItem, TEAM_ROLE } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeDept, makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { BYTES, failure, ownerWithFile, share } from './test-kit.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const names = (members: LinkMember[]) => members.map((m) => m.name);

describe('share members (spec 002 §2, §4, §6)', () => {
  test('add people: failList names those already members; owner rows and one’s own row are not editable', async () => {
    const { user: owner, c, file } = await ownerWithFile(t);
    const ann = await t.makeUser({ name: 'Ann' });
    const ben = await t.makeUser({ name: 'Ben' });
    const link = await share(c, file.fileid, { ranges: 'user' });
    const url = `/api/v3/links/${link.sid}/members`;

    expect(failure(await c.post(url, { permission: 'read', source: 'user', userids: [] })).status).toBe(400);
    const first = await c.post(url, { permission: 'read', source: 'user', userids: [ann.id] });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().failList).toEqual([]);
    expect(names(first.json().members)).toEqual(['Ann']);
    const again = await c.post(url, {
      permission: 'read',
      source: 'user',
      userids: `${ann.id},${ben.id},999999`,
    });
    expect(again.json().failList).toEqual([
      { result: 'linkMemberExist', name: 'Ann' },
      { result: 'userNotExist', name: '999999' },
    ]);
    expect(names(again.json().members)).toEqual(['Ben']);

    const list = (await c.get(url)).json();
    expect(list.total).toBe(3); // the owner row is shown in a personal space
    const [ownerRow, annRow] = list.members as LinkMember[];
    expect(ownerRow).toMatchObject({ userid: owner.id, permission: 'owner', editable: false });
    expect(annRow).toMatchObject({ name: 'Ann', permission: 'read', editable: true, type: 'user' });
    expect(annRow.extends.email).toContain('@test.example');

    // permission toggles read <-> download under a download link; never above it
    const toggled = await c.put(`${url}/${annRow.id}`, { permission: 'download' });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect(toggled.json().permission).toBe('download');
    expect(failure(await c.put(`${url}/${annRow.id}`, { permission: 'write' })).result).toBe(
      'permissionDenied',
    );
    expect(failure(await c.put(`${url}/${ownerRow.id}`, { permission: 'read' })).result).toBe(
      'permissionDenied',
    );
    expect(failure(await c.delete(`${url}/${ownerRow.id}`)).result).toBe('permissionDenied');

    // removal; Ann may no longer open the link, and it leaves her list
    expect((await c.delete(`${url}/${annRow.id}`)).statusCode).toBe(204);
    const annc = await ann.client();
    expect(failure(await annc.get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe('accessDeny');
    expect((await annc.get('/api/v3/links')).json().files).toEqual([]);
    // the chips of the shared file
    const gid = file.groupid;
    const record = (await c.get(`/api/v3/groups/${gid}/files`)).json().files[0];
    expect(record.link_members_summary).toMatchObject({ total: 1, user: 1, members: [{ name: 'Ben' }] });
  });

  test('someone named on a link is told once, with the file and who shared it', async () => {
    const { c, file } = await ownerWithFile(t);
    const named = await t.makeUser({ name: 'Told' });
    const link = await share(c, file.fileid, { ranges: 'user' });
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [named.id] });
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [named.id] });
    const nc = await named.client();
    const { notices, unread } = (await nc.get('/xnc/v1/notices')).json();
    expect(unread).toBe(1);
    expect(notices).toMatchObject([
      { kind: 'link_shared', read: false, params: { sid: link.sid, file_name: file.fname } },
    ]);
    expect(notices[0].params.actor_name).toBeTruthy();
    // the sharer is not told of their own share
    expect((await c.get('/xnc/v1/notices')).json().notices).toEqual([]);
  });

  test('an admin cannot edit their own row; team owners are not listed', async () => {
    const owner = await t.makeUser({ name: 'Owner' });
    const admin = await t.makeUser({ name: 'Admin' });
    const team = await makeTeam(t, owner, [{ user: admin, role: TEAM_ROLE.admin }]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'm.txt', BYTES);
    const link = await share(oc, file.fileid, { ranges: 'user' });
    await oc.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [admin.id] });
    const ac = await admin.client();
    const list = (await ac.get(`/api/v3/links/${link.sid}/members`)).json();
    expect(names(list.members)).toEqual(['Admin']); // the owner row of a team space is hidden
    const own = list.members[0] as LinkMember;
    expect(own.editable).toBe(false);
    expect(
      failure(await ac.put(`/api/v3/links/${link.sid}/members/${own.id}`, { permission: 'download' })).result,
    ).toBe('permissionDenied');
  });

  test("a visitor whom only the range lets in sees the file, not the members' emails and phones", async () => {
    const { c, file } = await ownerWithFile(t);
    const named = await t.makeUser({ name: 'Named' });
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [named.id] });
    const stranger = await (await t.makeUser()).client();
    const seen = await stranger.get(`/api/v3/links/${link.sid}?include=members`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().file.fname).toBe(file.fname);
    expect(seen.json().link_members).toBeUndefined();
    expect(failure(await stranger.get(`/api/v3/links/${link.sid}/members`)).result).toBe('permissionDenied');
    // The person the link names sees the list, contacts included.
    const theirs = (await (await named.client()).get(`/api/v3/links/${link.sid}?include=members`)).json();
    expect(names(theirs.link_members)).toContain('Named');
  });

  test('two requests of an invited person that claim the invitation at once leave them a member', async () => {
    const { c, file } = await ownerWithFile(t, { name: 'claim.txt' });
    const link = await share(c, file.fileid, { ranges: 'user' });
    const address = `claim-${Date.now()}@example.com`;
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', accounts: [address] });
    const person = await t.makeUser();
    await t.database.db.updateTable('users').set({ email: address }).where('id', '=', person.id).execute();
    const pc = await person.client();
    // The first request is held between reading the invitation and claiming it; the second claims it.
    const gate = holdNextTransaction(t, 'links/service.ts');
    const first = pc.get('/api/v3/links');
    await gate.reached;
    expect((await pc.get('/api/v3/links')).statusCode).toBe(200);
    gate.release();
    expect((await first).statusCode).toBe(200);
    const opened = await pc.get(`/api/v3/skiplogin/links/${link.sid}`);
    expect(opened.statusCode, opened.body).toBe(200);
    const members = (await c.get(`/api/v3/links/${link.sid}/members`)).json().members as LinkMember[];
    expect(members.filter((m) => m.userid === person.id)).toHaveLength(1);
  });

  test('members load in pages of 50', async () => {
    // Colleagues, whom the owner sees anyway (others would count as lookups: 30 in 10 minutes).
    const companyId = await t.makeCompany('Fifty Co');
    const { c, file } = await ownerWithFile(t, { companyId });
    const link = await share(c, file.fileid, { ranges: 'user' });
    const people = [];
    for (let i = 0; i < 55; i++) people.push((await t.makeUser({ companyId })).id);
    const added = await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: people });
    expect(added.json().members).toHaveLength(55);
    const page1 = (await c.get(`/api/v3/links/${link.sid}/members`)).json();
    expect(page1).toMatchObject({ count: PAGE_SIZE_SHARE_MEMBERS, total: 56, more: true });
    expect(page1.members).toHaveLength(50);
    const page2 = (await c.get(`/api/v3/links/${link.sid}/members?offset=50`)).json();
    expect(page2.members).toHaveLength(6);
    expect(page2.more).toBe(false);
    expect((await c.get(`/api/v3/links/${link.sid}?include=members`)).json().link_members).toHaveLength(50);
  });

  test('inviting someone without an account: unregister, an invitation in the outbox, a member once they exist', async () => {
    const { c, file } = await ownerWithFile(t, { name: 'budget.xlsx' });
    const link = await share(c, file.fileid, { ranges: 'user' });
    const url = `/api/v3/links/${link.sid}/members`;
    const bad = await c.post(url, { permission: 'read', accounts: ['not an address', ''] });
    expect(bad.json().failList).toEqual([
      { result: 'enterValidEmailOrPhone', name: 'not an address' },
      { result: 'enterEmailOrPhone', name: '' },
    ]);
    const res = await c.post(url, {
      permission: 'read',
      accounts: ['New.Person@Example.com', '13800138000'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().invited).toEqual(['new.person@example.com', '13800138000']);
    expect(res.json().members.map((m: LinkMember) => [m.status, m.type, m.extends])).toEqual([
      ['unregister', 'address', { email: 'new.person@example.com', phone: '' }],
      ['unregister', 'address', { email: '', phone: '13800138000' }],
    ]);
    const outbox = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('kind', '=', 'share_invite')
      .where('recipient', 'in', ['new.person@example.com', '13800138000'])
      .orderBy('id')
      .execute();
    expect(outbox.map((m) => [m.channel, m.recipient])).toEqual([
      ['mail', 'new.person@example.com'],
      ['sms', '13800138000'],
    ]);
    expect(outbox[0].body).toContain(`/l/${link.sid}`);
    expect(outbox[0].body).toContain('budget.xlsx');
    expect(
      failure(await c.post(url, { permission: 'read', accounts: ['new.person@example.com'] })).status,
    ).toBe(200);
    expect(
      (await c.post(url, { permission: 'read', accounts: ['new.person@example.com'] })).json().failList,
    ).toEqual([{ result: 'linkMemberExist', name: 'new.person@example.com' }]);

    // Only the owner invites by address
    const colleague = await t.makeUser();
    await c.post(url, { permission: 'read', userids: [colleague.id] });
    expect(
      failure(await (await colleague.client()).post(url, { permission: 'read', accounts: ['x@example.com'] }))
        .status,
    ).toBe(403);

    // The person gets an account with that address: they are a member
    const person = await t.makeUser({ account: 'newperson' });
    await t.database.db
      .updateTable('users')
      .set({ email: 'new.person@example.com' })
      .where('id', '=', person.id)
      .execute();
    const pc = await person.client();
    const received = (await pc.get('/api/v3/links')).json().files as SharedFileItem[];
    expect(received.map((f) => f.fname)).toEqual(['budget.xlsx']);
    expect((await pc.get(`/api/v3/skiplogin/links/${link.sid}`)).json().authed).toBe(true);
    const members = (await c.get(url)).json().members as LinkMember[];
    expect(members.find((m) => m.userid === person.id)).toMatchObject({ status: 'active', type: 'user' });
    expect(members.filter((m) => m.status === 'unregister').map((m) => m.name)).toEqual(['13800138000']);
  });

  test('signing up with an invited address makes a member', async () => {
    const t2 = await makeTestApp({ allow_signup: '1' });
    try {
      const owner = await t2.makeUser();
      const oc = await owner.client();
      const gid = await myDrive(oc);
      const file = await upload(oc, gid, 0, 'hello.txt', BYTES);
      const link = await share(oc, file.fileid, { ranges: 'user' });
      await oc.post(`/api/v3/links/${link.sid}/members`, {
        permission: 'read',
        accounts: ['joiner@example.com'],
      });
      const anon = t2.anonymous();
      expect(
        (await anon.post('/p/signup/code', { type: 'email', value: 'joiner@example.com' })).statusCode,
      ).toBe(200);
      const mail = await t2.database.db
        .selectFrom('outbox')
        .select('body')
        .where('recipient', '=', 'joiner@example.com')
        .where('kind', '=', 'signup_code')
        .executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(mail.body)?.[1];
      const signed = await anon.post('/p/signup', {
        type: 'email',
        value: 'joiner@example.com',
        code,
        password: 'Joiner-Pass-2026',
      });
      expect(signed.statusCode, signed.body).toBe(201);
      const opened = await anon.get(`/api/v3/skiplogin/links/${link.sid}`);
      expect(opened.json()).toMatchObject({ authed: true, logged_in: true });
    } finally {
      await t2.close();
    }
  });
});

describe('share permission entries (spec 002 §3, §4: the ceiling rule)', () => {
  test('departments and people, added, updated and removed, never above the ceiling', async () => {
    const company = await t.makeCompany('Entries Co');
    const sales = await makeDept(t, company, 'Sales');
    const { c, file } = await ownerWithFile(t, { companyId: company });
    const seller = await t.makeUser({ companyId: company, name: 'Seller' });
    await t.database.db
      .insertInto('dept_members')
      .values({ dept_id: sales.id, user_id: seller.id })
      .execute();
    const outsider = await t.makeUser({ companyId: company });
    const link = await share(c, file.fileid, { ranges: 'user', permission: 'download' });
    const url = `/api/v3/links/${link.sid}`;

    // above the link's own permission: refused
    expect(
      failure(
        await c.put(url, {
          permission_list: [
            { userid: sales.id, ranges_type: 'department', permission: 'write', operate: 'add' },
          ],
        }),
      ).result,
    ).toBe('permissionDenied');
    const added = await c.put(url, {
      permission_list: [
        { userid: sales.id, ranges_type: 'department', permission: 'read', operate: 'add' },
        { userid: outsider.id, ranges_type: 'user', permission: 'download', operate: 'add' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().permission_total).toEqual({ department: 1, user: 1 });
    const dept = (added.json().link_members as LinkMember[]).find((m) => m.type === 'department');
    expect(dept).toMatchObject({ name: 'Sales', permission: 'read' });

    // the department's people open it with the entry's permission
    const sc = await seller.client();
    expect((await sc.get(`/api/v3/skiplogin/links/${link.sid}`)).json()).toMatchObject({
      authed: true,
      can_download: false,
    });
    // ...and find it shared with them
    expect((await sc.get('/api/v3/links')).json().files.map((f: SharedFileItem) => f.fileid)).toEqual([
      file.fileid,
    ]);
    await c.put(url, {
      permission_list: [
        { userid: sales.id, ranges_type: 'department', permission: 'download', operate: 'update' },
      ],
    });
    expect((await sc.get(`/api/v3/skiplogin/links/${link.sid}`)).json().can_download).toBe(true);
    // lowering the link lowers everyone under it (the ceiling applies when opened)
    await c.put(url, { permission: 'read' });
    expect((await sc.get(`/api/v3/skiplogin/links/${link.sid}`)).json().can_download).toBe(false);
    await c.put(url, { permission: 'download' });
    const removed = await c.put(url, {
      permission_list: [{ userid: sales.id, ranges_type: 'department', operate: 'del' }],
    });
    expect(removed.json().permission_total).toEqual({ department: 0, user: 1 });
    expect(failure(await sc.get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe('accessDeny');
  });

  test('a member (rank 2) adds people with at most download, and changes nothing else', async () => {
    const owner = await t.makeUser();
    const member = await t.makeUser();
    const team = await makeTeam(t, owner, [{ user: member, role: TEAM_ROLE.member }]);
    const oc = await owner.client();
    const file = await upload(oc, team, 0, 'e.txt', BYTES);
    const link = await share(oc, file.fileid, { ranges: 'user', permission: 'write' });
    const mc = await member.client();
    const seen = (await mc.get(`/api/v3/links/${link.sid}`)).json();
    expect(seen.abilities.permission_options).toEqual(['read', 'download']);
    const friend = await t.makeUser();
    const url = `/api/v3/links/${link.sid}`;
    expect(
      failure(
        await mc.put(url, {
          permission_list: [{ userid: friend.id, ranges_type: 'user', permission: 'write', operate: 'add' }],
        }),
      ).result,
    ).toBe('permissionDenied');
    const ok = await mc.put(url, {
      permission_list: [{ userid: friend.id, ranges_type: 'user', permission: 'download', operate: 'add' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = (ok.json().link_members as LinkMember[]).find((m) => m.userid === friend.id);
    expect(row?.editable).toBe(false);
    expect(
      failure(
        await mc.put(url, {
          permission_list: [
            { userid: friend.id, ranges_type: 'user', permission: 'read', operate: 'update' },
          ],
        }),
      ).result,
    ).toBe('permissionDenied');
    // an editor's ceiling is write
    const owners = (await oc.get(url)).json();
    expect(owners.abilities.permission_options).toEqual(['read', 'download', 'write']);
  });

  test('a change whose later entry is refused changes nothing: not the link, not the earlier entries', async () => {
    const { user: owner, c, file } = await ownerWithFile(t);
    const ann = await t.makeUser({ name: 'Ann' });
    const ben = await t.makeUser({ name: 'Ben' });
    const cat = await t.makeUser({ name: 'Cat' });
    const stranger = await t.makeUser({ name: 'Stranger' });
    const link = await share(c, file.fileid, { ranges: 'user' });
    const url = `/api/v3/links/${link.sid}`;
    const added = await c.put(url, {
      permission_list: [
        { userid: ann.id, ranges_type: 'user', permission: 'read', operate: 'add' },
        { userid: ben.id, ranges_type: 'user', permission: 'read', operate: 'add' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const before = (await c.get(`${url}?include=members`)).json();
    const entries = (members: LinkMember[]) => members.map((m) => [m.name, m.permission]);
    expect(entries(before.link_members)).toEqual([
      [before.link_members[0].name, 'owner'],
      ['Ann', 'read'],
      ['Ben', 'read'],
    ]);

    const bad = [
      // a person who is not on the link cannot be updated
      [{ userid: stranger.id, ranges_type: 'user', permission: 'read', operate: 'update' }, 404, 'notFound'],
      // nor can someone without an account be added
      [{ userid: 999999, ranges_type: 'user', permission: 'read', operate: 'add' }, 404, 'userNotExist'],
      // nor a department that does not exist, nor the owner's row
      [{ userid: 999999, ranges_type: 'department', permission: 'read', operate: 'add' }, 404, 'notFound'],
      [{ userid: owner.id, ranges_type: 'user', operate: 'del' }, 403, 'permissionDenied'],
    ] as const;
    for (const [last, status, result] of bad) {
      const res = await c.put(url, {
        permission: 'write',
        download_limits: 5,
        chkcode: true,
        permission_list: [
          { userid: ann.id, ranges_type: 'user', permission: 'download', operate: 'update' },
          { userid: ben.id, ranges_type: 'user', operate: 'del' },
          { userid: cat.id, ranges_type: 'user', permission: 'write', operate: 'add' },
          last,
        ],
      });
      expect(failure(res)).toEqual({ status, result });
      const after = (await c.get(`${url}?include=members`)).json();
      expect(after).toMatchObject({
        permission: 'download',
        download_limits: -1,
        has_chkcode: false,
        version: before.version,
        permission_total: { department: 0, user: 2 },
      });
      expect(entries(after.link_members)).toEqual(entries(before.link_members));
      expect(failure(await (await cat.client()).get(`/api/v3/skiplogin/links/${link.sid}`)).result).toBe(
        'accessDeny',
      );
    }

    // the same change without the bad entry goes through
    const good = await c.put(url, {
      permission: 'write',
      permission_list: [
        { userid: ann.id, ranges_type: 'user', permission: 'download', operate: 'update' },
        { userid: ben.id, ranges_type: 'user', operate: 'del' },
        { userid: cat.id, ranges_type: 'user', permission: 'write', operate: 'add' },
      ],
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().permission).toBe('write');
    expect(entries(good.json().link_members).slice(1)).toEqual([
      ['Ann', 'download'],
      ['Cat', 'write'],
    ]);
  });
});

describe('shared lists and exit share (spec 002 §2 /drive/share, spec 001 §7)', () => {
  test('a narrowed range takes the link off the lists of those who only opened it; the named keep it', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'anyone' });
    const visitor = await (await t.makeUser()).client();
    const named = await t.makeUser();
    await visitor.get(`/api/v3/skiplogin/links/${link.sid}`);
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [named.id] });
    const listed = async (client: typeof visitor) =>
      ((await client.get('/api/v3/links')).json().files as SharedFileItem[]).map((f) => f.link.sid);
    expect(await listed(visitor)).toEqual([link.sid]);
    expect((await c.put(`/api/v3/links/${link.sid}`, { ranges: 'user' })).statusCode).toBe(200);
    expect(await listed(visitor)).toEqual([]);
    expect(await listed(await named.client())).toEqual([link.sid]);
    // Wider again, opening it brings it back.
    await c.put(`/api/v3/links/${link.sid}`, { ranges: 'anyone' });
    await visitor.get(`/api/v3/skiplogin/links/${link.sid}`);
    expect(await listed(visitor)).toEqual([link.sid]);
  });

  test('by time, newest first, is by when the item was shared: an old file shared last comes first', async () => {
    const sharer = await t.makeUser();
    const sc = await sharer.client();
    const gid = await myDrive(sc);
    const old = await upload(sc, gid, 0, 'old.txt', BYTES);
    t.clock.advance(3600);
    const fresh = await upload(sc, gid, 0, 'fresh.txt', BYTES);
    await share(sc, fresh.fileid, { ranges: 'anyone' });
    t.clock.advance(60);
    await share(sc, old.fileid, { ranges: 'anyone' });
    const names = (body: { files: SharedFileItem[] }) => body.files.map((f) => f.fname);
    expect(names((await sc.get('/api/v3/links?filter=sent')).json())).toEqual(['old.txt', 'fresh.txt']);
    expect(names((await sc.get('/api/v3/links?filter=sent&orderby=mtime&order=asc')).json())).toEqual([
      'fresh.txt',
      'old.txt',
    ]);
  });

  test('shared with me, shared by me, paged and sorted; exit share', async () => {
    const sharer = await t.makeUser({ name: 'Sharer' });
    const sc = await sharer.client();
    const gid = await myDrive(sc);
    const me = await t.makeUser();
    const mc = await me.client();
    const folder = await mkdir(sc, gid, 0, 'B folder');
    const a = await upload(sc, gid, 0, 'a.txt', BYTES);
    const sids: string[] = [];
    for (const item of [a, folder]) {
      const link = await share(sc, item.fileid, { ranges: 'user' });
      await sc.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [me.id] });
      sids.push(link.sid);
    }
    // an anyone link I opened joins my list
    const opened = await upload(sc, gid, 0, 'c.txt', BYTES);
    const anyone = await share(sc, opened.fileid, { ranges: 'anyone' });
    await mc.get(`/api/v3/skiplogin/links/${anyone.sid}`);

    const received = await mc.get('/api/v3/links?orderby=name&order=asc');
    expect(received.statusCode).toBe(200);
    const items = received.json().files as SharedFileItem[];
    expect(items.map((f) => [f.fname, f.ftype])).toEqual([
      ['a.txt', 'sharefile'],
      ['B folder', 'sharefolder'],
      ['c.txt', 'sharefile'],
    ]);
    expect(items[0]).toMatchObject({
      creator: { name: 'Sharer' },
      link: { sid: sids[0], status: 'open', ranges: 'user' },
    });
    expect(items[0].link_members_summary.user).toBe(1);
    const paged = (await mc.get('/api/v3/links?orderby=name&order=asc&count=2')).json();
    expect(paged).toMatchObject({ total: 3, more: true });
    expect((await mc.get('/api/v3/links?filter=sent')).json().files).toEqual([]);
    const sent = (await sc.get('/api/v3/links?filter=sent')).json();
    expect(sent.total).toBe(3);
    // the default list query (spec 002 §3): received, by mtime, newest first, 50
    expect((await mc.get('/api/v3/links')).json()).toMatchObject({ offset: 0, count: 50, total: 3 });

    // exit: the item leaves my list; a user-range link no longer opens for me
    expect((await mc.delete(`/api/v3/links/${sids[0]}`)).statusCode).toBe(204);
    expect(
      ((await mc.get('/api/v3/links')).json().files as SharedFileItem[]).map((f) => f.fname).sort(),
    ).toEqual(['B folder', 'c.txt']);
    expect(failure(await mc.get(`/api/v3/skiplogin/links/${sids[0]}`)).result).toBe('accessDeny');
    // an anyone link comes back when opened again
    await mc.delete(`/api/v3/links/${anyone.sid}`);
    expect((await mc.get('/api/v3/links')).json().total).toBe(1);
    await mc.get(`/api/v3/skiplogin/links/${anyone.sid}`);
    expect((await mc.get('/api/v3/links')).json().total).toBe(2);
    // one cannot exit one's own share; a cancelled link leaves every list
    expect(failure(await sc.delete(`/api/v3/links/${sids[1]}`)).result).toBe('permissionDenied');
    await sc.delete(`/api/v3/links/${folder.fileid}`);
    expect((await mc.get('/api/v3/links')).json().total).toBe(1);
    expect((await sc.get('/api/v3/links?filter=sent')).json().total).toBe(2);
  });

  test('the invite box: recent members and lookup by email or phone', async () => {
    const { c, file } = await ownerWithFile(t);
    const zhang = await t.makeUser({ name: '张伟伟' });
    await t.database.db
      .updateTable('users')
      .set({ phone: '13912345678' })
      .where('id', '=', zhang.id)
      .execute();
    const link = await share(c, file.fileid, { ranges: 'user' });
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [zhang.id] });
    const recent = await c.get('/api/v3/share/recent_members?q=zhang&from=0&size=20');
    expect(recent.statusCode, recent.body).toBe(200);
    expect(recent.json().members.map((m: { userid: number }) => m.userid)).toEqual([zhang.id]);
    expect((await c.get('/api/v3/share/recent_members?q=nobody')).json().members).toEqual([]);
    // A typed _ or % is a character, not a wildcard, on SQLite as on PostgreSQL.
    const jack = await t.makeUser({ name: 'Jack_Xy' });
    await c.post(`/api/v3/links/${link.sid}/members`, { permission: 'read', userids: [jack.id] });
    const ids = async (q: string) =>
      (await c.get(`/api/v3/share/recent_members?q=${encodeURIComponent(q)}`))
        .json()
        .members.map((m: { userid: number }) => m.userid);
    expect(await ids('k_x')).toEqual([jack.id]);
    expect(await ids('k%x')).toEqual([]);
    const byPhone = await c.get('/api/v3/share/users/lookup?account=13912345678');
    // The number typed, and not the person's email as well.
    expect(byPhone.json()).toMatchObject({
      userid: zhang.id,
      name: '张伟伟',
      phone: '13912345678',
      email: '',
    });
    expect(failure(await c.get('/api/v3/share/users/lookup?account=ghost@example.com'))).toEqual({
      status: 404,
      result: 'userNotExist',
    });
    expect(failure(await c.get('/api/v3/share/users/lookup?account=hello'))).toEqual({
      status: 400,
      result: 'enterValidEmailOrPhone',
    });
  });

  test('adding people one does not see counts as looking them up', async () => {
    const { c, file } = await ownerWithFile(t);
    const link = await share(c, file.fileid, { ranges: 'user' });
    const strangers = [];
    for (let i = 0; i < 31; i++) strangers.push((await t.makeUser()).id);
    const refused = await c.post(`/api/v3/links/${link.sid}/members`, {
      permission: 'read',
      userids: strangers,
    });
    expect(failure(refused).result).toBe('apiRateLimitExceede');
    expect((await c.get(`/api/v3/links/${link.sid}/members`)).json().total).toBe(1);
  });

  test('looking people up is not a way to collect the directory: 30 asks in 10 minutes', async () => {
    const asker = await (await t.makeUser()).client();
    for (let i = 0; i < 30; i++) {
      const res = await asker.get(`/api/v3/share/users/lookup?account=1391234${String(i).padStart(4, '0')}`);
      expect(res.statusCode).toBe(404);
    }
    expect(failure(await asker.get('/api/v3/share/users/lookup?account=13912345678')).result).toBe(
      'apiRateLimitExceede',
    );
    t.clock.advance(601);
    expect((await asker.get('/api/v3/share/users/lookup?account=13912345678')).statusCode).toBe(200);
  });

  test('lookups sent at once are counted one by one', async () => {
    const asker = await (await t.makeUser()).client();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        asker.get(`/api/v3/share/users/lookup?account=1391235${String(i).padStart(4, '0')}`),
      ),
    );
    const results = answers.map((r) => failure(r).result);
    expect(results.filter((r) => r === 'userNotExist')).toHaveLength(30);
    expect(results.filter((r) => r === 'apiRateLimitExceede')).toHaveLength(10);
  });
});
