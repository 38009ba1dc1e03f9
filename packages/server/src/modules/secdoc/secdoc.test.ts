import {
  AUTO_CONVERT_STATE,
  type FileRecord,
  hasPermission,
  lookupErrorMessage,
  SECDOC_CONVERT_MAX_MB,
  SECDOC_PRINCIPAL,
  TEAM_ROLE,
} from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  joinDept,
  makeDept,
  makeTeam,
  mkdir,
  myDrive,
  myUploads,
  sha1Of,
  txUrl,
  upload,
} from '../../../test/drive.ts';
import { holdNextTransaction } from '../../../test/gate.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { failure } from '../links/test-kit.ts';
import { createTeamConversion } from './convert.ts';

let t: TestApp;
let companyId: number;
beforeAll(async () => {
  t = await makeTestApp({ ALLOW_AUTO_CONVERT_SECDOC: '1' });
  companyId = await t.makeCompany('Secure Co');
});
afterAll(async () => {
  await t.close();
});

const DOC = Buffer.from('a quarterly plan, in words\n'.repeat(40));

/** A team of the company (auto-convert off) with an owner and two members, with their clients. */
async function teamOfThree(memberName: string) {
  const owner = await t.makeUser({ companyId });
  const member = await t.makeUser({ companyId, name: memberName });
  const other = await t.makeUser({ companyId });
  const gid = await makeTeam(
    t,
    owner,
    [
      { user: member, role: TEAM_ROLE.member },
      { user: other, role: TEAM_ROLE.member },
    ],
    { companyId },
  );
  const [oc, mc, xc] = [await owner.client(), await member.client(), await other.client()];
  return { owner, member, other, gid, oc, mc, xc };
}

/** A secure team (auto-convert on) with an owner, two members and a security document in it. */
async function secureTeam() {
  const team = await teamOfThree('Member One');
  const { gid, oc } = team;
  const on = await oc.put('/convertor/v1/switch_state', { groupid: gid, state: 2 });
  expect(on.statusCode, on.body).toBe(200);
  const doc = await upload(oc, gid, 0, 'plan.docx', DOC);
  return { ...team, doc };
}

async function fileAs(c: Client, gid: number, fileid: number): Promise<FileRecord> {
  const res = await c.get(`/api/v3/groups/${gid}/files/${fileid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function namesAs(c: Client, gid: number, parentid = 0): Promise<string[]> {
  const res = await c.get(`/api/v3/groups/${gid}/files?parentid=${parentid}&count=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().files.map((f: FileRecord) => f.fname);
}

const rightsUrl = (fileid: number) => `/api/v1/doc/${fileid}/rights`;

describe('auto-convert (spec 000 §1, spec 001 §4)', () => {
  test('an office document uploaded into a secure team becomes a security document with the default rights', async () => {
    const { gid, oc, doc } = await secureTeam();
    expect(doc).toMatchObject({ safeFile: true, fname: 'plan.docx' });
    expect(doc.secure_guid).toMatch(/^[0-9a-f-]{36}$/);
    // The /xfi list calls it security_guid.
    const volume = await oc.get(`/xfi/u/v1/volumes/${gid}/files/0/files`);
    expect(volume.statusCode, volume.body).toBe(200);
    expect(volume.json().files[0]).toMatchObject({ fileid: doc.fileid, security_guid: doc.secure_guid });
    const rights = await oc.get(rightsUrl(doc.fileid));
    expect(rights.statusCode, rights.body).toBe(200);
    expect(rights.json()).toEqual({
      fileid: doc.fileid,
      secure_guid: doc.secure_guid,
      rights: [
        { principalid: gid, principaltype: SECDOC_PRINCIPAL.team, operationids: [3, 4], name: 'Team' },
      ],
    });
  });

  test('with security documents off (allow_securitydoc) nothing more is converted; what was stays', async () => {
    const { gid, oc, doc } = await secureTeam();
    await t.services.settings.set(0, 'allow_securitydoc', false);
    try {
      const plain = await upload(oc, gid, 0, 'later.docx', DOC);
      expect(plain.safeFile).toBe(false);
      expect((await oc.get(`/api/v3/groups/${gid}/files/${doc.fileid}`)).json().safeFile).toBe(true);
      const on = await oc.put(`/api/v3/groups/${gid}`, { auto_convert_state: 1 });
      expect(on.statusCode).toBe(403);
    } finally {
      await t.services.settings.set(0, 'allow_securitydoc', true);
    }
  });

  test('a member who adds one keeps every operation on it; the rest of the team has 3 and 4', async () => {
    const { gid, mc, xc, member } = await secureTeam();
    const mine = await upload(mc, gid, 0, 'my notes.docx', DOC);
    expect((await mc.get(rightsUrl(mine.fileid))).json().rights).toEqual([
      { principalid: gid, principaltype: 3, operationids: [3, 4], name: 'Team' },
      { principalid: member.id, principaltype: 4, operationids: [1, 2, 3, 4], name: 'Member One' },
    ]);
    const down = `/api/v3/groups/${gid}/files/${mine.fileid}/download?action=download`;
    expect((await mc.get(down)).statusCode).toBe(200);
    expect(failure(await xc.get(down))).toEqual({ status: 403, result: 'permissionDenied' });
  });

  test('only office documents, only in teams whose auto-convert is on', async () => {
    const { gid, oc } = await secureTeam();
    expect((await upload(oc, gid, 0, 'notes.txt', DOC)).safeFile).toBe(false);
    expect((await upload(oc, await myDrive(oc), 0, 'plan.docx', DOC)).safeFile).toBe(false);
    // A New (empty) document in the team is converted like an upload.
    const made = await oc.post(`/api/v3/groups/${gid}/files/new_empty`, { parentid: 0, name: 'Blank.xlsx' });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().safeFile).toBe(true);
    await oc.put('/convertor/v1/switch_state', { groupid: gid, state: 0 });
    const plain = await upload(oc, gid, 0, 'later.docx', DOC);
    expect(plain).toMatchObject({ safeFile: false, secure_guid: '' });
    expect(failure(await oc.get(rightsUrl(plain.fileid)))).toEqual({ status: 400, result: 'badRequest' });
  });

  test('turned on, it converts the documents already in the team: "converting" (2) until done, then 1', async () => {
    const { member, gid, oc, mc, xc } = await teamOfThree('Member Two');
    const plan = await upload(oc, gid, 0, 'plan.docx', DOC);
    const notes = await upload(oc, gid, 0, 'notes.txt', DOC);
    const memo = await upload(mc, gid, 0, 'memo.xlsx', DOC);
    const folder = await mkdir(oc, gid, 0, 'Deep');
    const deep = await upload(oc, gid, folder.fileid, 'deck.pptx', DOC);
    const big = await upload(
      oc,
      gid,
      0,
      'big.docx',
      Buffer.alloc(SECDOC_CONVERT_MAX_MB * 1024 * 1024 + 1, 1),
    );
    const binned = await upload(oc, gid, 0, 'old.docx', DOC);
    await oc.post(`/api/v3/groups/${gid}/files/batch/delete`, { fileids: [binned.fileid] });
    const download = (fileid: number) => `/api/v3/groups/${gid}/files/${fileid}/download?action=download`;
    expect((await xc.get(download(plan.fileid))).statusCode).toBe(200);

    const on = await oc.put(`/api/v3/groups/${gid}`, { auto_convert_state: 1 });
    expect(on.json()).toMatchObject({ auto_convert_state: 2, auto_convert_group: true });
    expect((await fileAs(oc, gid, plan.fileid)).safeFile).toBe(false);
    await t.services.jobs.runDue();
    expect((await oc.get(`/api/v3/groups/${gid}`)).json().auto_convert_state).toBe(1);

    const safe = async (fileid: number, parent = 0) =>
      (await oc.get(`/api/v3/groups/${gid}/files?parentid=${parent}&count=100`))
        .json()
        .files.find((f: FileRecord) => f.fileid === fileid)?.safeFile;
    expect(await safe(plan.fileid)).toBe(true);
    expect(await safe(memo.fileid)).toBe(true);
    expect(await safe(deep.fileid, folder.fileid)).toBe(true);
    expect(await safe(notes.fileid)).toBe(false);
    // Above the 10 MB a security document takes, and in the recycle bin: left as they are.
    expect(await safe(big.fileid)).toBe(false);
    const inBin = await t.database.db
      .selectFrom('files')
      .select('secure_guid')
      .where('id', '=', binned.fileid);
    expect((await inBin.executeTakeFirstOrThrow()).secure_guid).toBe('');
    // The rights they would have had on upload: the team's, and a member creator's own.
    expect((await oc.get(rightsUrl(plan.fileid))).json().rights).toEqual([
      { principalid: gid, principaltype: 3, operationids: [3, 4], name: 'Team' },
    ]);
    expect((await mc.get(rightsUrl(memo.fileid))).json().rights).toEqual([
      { principalid: gid, principaltype: 3, operationids: [3, 4], name: 'Team' },
      { principalid: member.id, principaltype: 4, operationids: [1, 2, 3, 4], name: 'Member Two' },
    ]);
    expect(failure(await xc.get(download(plan.fileid)))).toEqual({ status: 403, result: 'permissionDenied' });
    expect((await mc.get(download(memo.fileid))).statusCode).toBe(200);
  });

  test('office documents copied or moved in from elsewhere arrive as security documents; above 10 MB they do not arrive', async () => {
    const { gid, member, mc, xc } = await secureTeam();
    const drive = await myDrive(mc);
    const copied = await upload(mc, drive, 0, 'brief.docx', DOC);
    const folder = await mkdir(mc, drive, 0, 'Drafts');
    const inside = await upload(mc, drive, folder.fileid, 'draft.xlsx', DOC);
    const text = await upload(mc, drive, folder.fileid, 'draft.txt', DOC);
    const body = (fileids: number[]) => ({
      fileids,
      groupid: drive,
      parentid: 0,
      target_groupid: gid,
      target_parentid: 0,
    });
    expect((await mc.post(`/api/v3/groups/${drive}/files/batch/copy`, body([copied.fileid]))).json()).toEqual(
      {
        failList: [],
      },
    );
    expect((await mc.post(`/api/v3/groups/${drive}/files/batch/move`, body([folder.fileid]))).json()).toEqual(
      {
        failList: [],
      },
    );
    const teamFiles = (await mc.get(`/api/v3/groups/${gid}/files?count=100`)).json().files as FileRecord[];
    const copy = teamFiles.find((f) => f.fname === 'brief.docx') as FileRecord;
    expect(copy.safeFile).toBe(true);
    // The one who brought them keeps every operation, as for an upload; the rest of the team 3 and 4.
    const mine = [
      { principalid: gid, principaltype: 3, operationids: [3, 4], name: 'Team' },
      { principalid: member.id, principaltype: 4, operationids: [1, 2, 3, 4], name: 'Member One' },
    ];
    expect((await mc.get(rightsUrl(copy.fileid))).json().rights).toEqual(mine);
    expect((await fileAs(mc, gid, inside.fileid)).safeFile).toBe(true);
    expect((await mc.get(rightsUrl(inside.fileid))).json().rights).toEqual(mine);
    expect((await fileAs(mc, gid, text.fileid)).safeFile).toBe(false);
    const download = (fileid: number) => `/api/v3/groups/${gid}/files/${fileid}/download?action=download`;
    expect(failure(await xc.get(download(inside.fileid)))).toEqual({
      status: 403,
      result: 'permissionDenied',
    });
    // The original in my drive is untouched.
    expect((await fileAs(mc, drive, copied.fileid)).safeFile).toBe(false);

    const big = await upload(
      mc,
      drive,
      0,
      'big.pptx',
      Buffer.alloc(SECDOC_CONVERT_MAX_MB * 1024 * 1024 + 1, 2),
    );
    for (const kind of ['copy', 'move']) {
      const refused = await mc.post(`/api/v3/groups/${drive}/files/batch/${kind}`, body([big.fileid]));
      expect(refused.json().failList).toMatchObject([{ fileid: big.fileid, result: 'convertFileTooLarge' }]);
    }
    expect(await namesAs(mc, gid)).not.toContain('big.pptx');
    expect(await namesAs(mc, drive)).toContain('big.pptx');
  });

  test('the conversion pages through the team, each page in its own transaction', async () => {
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [], { companyId });
    const oc = await owner.client();
    const docs = [];
    for (let i = 0; i < 5; i++) docs.push(await upload(oc, gid, 0, `doc ${i}.docx`, Buffer.from(`doc ${i}`)));
    await upload(oc, gid, 0, 'notes.txt', DOC);
    await t.database.db.updateTable('groups').set({ auto_convert_state: 2 }).where('id', '=', gid).execute();
    const convert = createTeamConversion({ db: t.database.db, settings: t.services.settings, batch: 2 });
    expect(await convert(gid)).toBe(5);
    for (const doc of docs) expect((await fileAs(oc, gid, doc.fileid)).safeFile).toBe(true);
    expect((await oc.get(`/api/v3/groups/${gid}`)).json().auto_convert_state).toBe(1);
    // Run again, it finds nothing left to convert.
    expect(await convert(gid)).toBe(0);
  });

  test('turned off before the conversion ran, it converts nothing', async () => {
    const owner = await t.makeUser({ companyId });
    const gid = await makeTeam(t, owner, [], { companyId });
    const oc = await owner.client();
    const plan = await upload(oc, gid, 0, 'plan.docx', DOC);
    await oc.put('/convertor/v1/switch_state', { groupid: gid, state: 2 });
    await oc.put('/convertor/v1/switch_state', { groupid: gid, state: 0 });
    await t.services.jobs.runDue();
    expect((await fileAs(oc, gid, plan.fileid)).safeFile).toBe(false);
    expect((await oc.get(`/api/v3/groups/${gid}`)).json().auto_convert_state).toBe(0);
  });

  test(`above ${SECDOC_CONVERT_MAX_MB} MB the conversion fails with 5007 and nothing is saved`, async () => {
    const { gid, oc } = await secureTeam();
    const big = SECDOC_CONVERT_MAX_MB * 1024 * 1024 + 1;
    const res = await oc.post(txUrl(gid, 0), { name: 'huge.pptx', size: big, sha1: sha1Of(Buffer.alloc(0)) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      result: 'convertFileTooLarge',
      code: 5007,
      msg: 'Conversion failed: the file is larger than 10 MB.',
      // The placeholder travels, so the web app's own text (in Chinese too) is whole.
      debug: { limit: SECDOC_CONVERT_MAX_MB },
    });
    expect(lookupErrorMessage({ status: 413, body: res.json() }, 'zh-CN')).toBe('文件超过 10MB，转换失败');
    expect(await namesAs(oc, gid)).toEqual(['plan.docx']);
    // A text file of that size is not converted, so the limit is not its.
    const txt = await oc.post(txUrl(gid, 0), { name: 'huge.txt', size: big, sha1: sha1Of(Buffer.alloc(0)) });
    expect(txt.statusCode, txt.body).toBe(200);
  });

  test('the limit is the company setting secdoc_convert_max_mb (spec 000 §9: from configuration)', async () => {
    const { gid, oc } = await secureTeam();
    await t.services.settings.set(0, 'secdoc_convert_max_mb', 1);
    try {
      const over = await oc.post(txUrl(gid, 0), {
        name: 'deck.pptx',
        size: 1024 * 1024 + 1,
        sha1: sha1Of(Buffer.alloc(0)),
      });
      expect(over.statusCode).toBe(413);
      expect(over.json()).toMatchObject({
        result: 'convertFileTooLarge',
        msg: 'Conversion failed: the file is larger than 1 MB.',
        debug: { limit: 1 },
      });
      // A new version of a security document too
      const version = await oc.post(txUrl(gid, 0), {
        name: 'plan.docx',
        size: 1024 * 1024 + 1,
        sha1: sha1Of(Buffer.alloc(0)),
      });
      expect(version.json()).toMatchObject({ result: 'convertFileTooLarge', debug: { limit: 1 } });
      const within = await oc.post(txUrl(gid, 0), {
        name: 'deck.pptx',
        size: 1024 * 1024,
        sha1: sha1Of(Buffer.alloc(0)),
      });
      expect(within.statusCode, within.body).toBe(200);
    } finally {
      await t.services.settings.unset(0, 'secdoc_convert_max_mb');
    }
  });
});

describe('turning auto-convert on while someone turns it off', () => {
  test('the "on" that commits last is judged on the team as it is then: converting, and the documents converted', async () => {
    const { gid, oc, mc, member } = await teamOfThree('Admin');
    await oc.patch(`/v1/groups/${gid}/members/${member.id}`, { team_role: TEAM_ROLE.admin });
    expect((await oc.put(`/api/v3/groups/${gid}`, { auto_convert_state: 1 })).statusCode).toBe(200);
    await t.services.jobs.runDue();
    const gate = holdNextTransaction(t, 'teams/service.ts');
    const on = mc.put(`/api/v3/groups/${gid}`, { auto_convert_state: 1 });
    await gate.reached;
    expect((await oc.put(`/api/v3/groups/${gid}`, { auto_convert_state: 0 })).json().auto_convert_state).toBe(
      0,
    );
    const doc = await upload(oc, gid, 0, 'plan.docx', Buffer.from('a plan\n'.repeat(50)));
    expect(doc.safeFile).toBe(false);
    gate.release();
    expect((await on).json().auto_convert_state).toBe(AUTO_CONVERT_STATE.converting);
    await t.services.jobs.runDue();
    expect((await oc.get(`/api/v3/groups/${gid}`)).json().auto_convert_state).toBe(1);
    expect((await oc.get(`/api/v3/groups/${gid}/files/${doc.fileid}`)).json().safeFile).toBe(true);
  });
});

describe('what the rights allow (operations 1 download, 2 copy, 3 read, 4 edit)', () => {
  test('by default members read and edit it but cannot download or copy it; owners keep everything', async () => {
    const { gid, oc, mc, doc } = await secureTeam();
    const mine = await fileAs(mc, gid, doc.fileid);
    for (const p of ['read', 'history', 'update', 'rename', 'move', 'delete'] as const)
      expect(hasPermission(mine.user_acl, p), p).toBe(true);
    for (const p of ['download', 'copy', 'share'] as const)
      expect(hasPermission(mine.user_acl, p), p).toBe(false);
    const down = `/api/v3/groups/${gid}/files/${doc.fileid}/download?action=download`;
    expect(failure(await mc.get(down))).toEqual({ status: 403, result: 'permissionDenied' });
    expect((await oc.get(down)).statusCode).toBe(200);
    expect((await fileAs(oc, gid, doc.fileid)).user_acl).toBe(4095);
    // Editing: a member uploads a new version.
    const v2 = await upload(mc, gid, 0, 'plan.docx', Buffer.from('version two'));
    expect(v2).toMatchObject({ fileid: doc.fileid, fver: 2, safeFile: true, secure_guid: doc.secure_guid });
  });

  test('the owner gives one member download and read only; the rest of the team no longer sees it', async () => {
    const { gid, oc, mc, xc, member, doc } = await secureTeam();
    const put = await oc.put(rightsUrl(doc.fileid), [
      { principalid: member.id, principaltype: SECDOC_PRINCIPAL.user, operationids: [3, 1] },
    ]);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().rights).toEqual([
      { principalid: gid, principaltype: 3, operationids: [], name: 'Team' },
      { principalid: member.id, principaltype: 4, operationids: [1, 3], name: 'Member One' },
    ]);
    const mine = await fileAs(mc, gid, doc.fileid);
    expect(hasPermission(mine.user_acl, 'download')).toBe(true);
    expect(hasPermission(mine.user_acl, 'update')).toBe(false);
    expect(
      (await mc.get(`/api/v3/groups/${gid}/files/${doc.fileid}/download?action=download`)).statusCode,
    ).toBe(200);
    // A new version needs edit.
    const again = await mc.post(txUrl(gid, 0), {
      name: 'plan.docx',
      size: 3,
      sha1: sha1Of(Buffer.from('abc')),
    });
    expect(failure(again).status).toBe(403);
    // The other member: not in the list, not readable, its preview answers noSecdocAuth.
    expect(await namesAs(xc, gid)).toEqual([]);
    expect(await namesAs(mc, gid)).toEqual(['plan.docx']);
    expect(failure(await xc.get(`/v1/legacy/view?fileid=${doc.fileid}`))).toEqual({
      status: 403,
      result: 'noSecdocAuth',
    });
    expect(failure(await xc.get(rightsUrl(doc.fileid)))).toEqual({ status: 403, result: 'noSecdocAuth' });
    // The team principal back with read: they see it again.
    await oc.put(rightsUrl(doc.fileid), [
      { principalid: gid, principaltype: SECDOC_PRINCIPAL.team, operationids: [3] },
    ]);
    expect(await namesAs(xc, gid)).toEqual(['plan.docx']);
  });

  test('a right for a department reaches its members', async () => {
    const { gid, oc, xc, other, doc } = await secureTeam();
    const dept = await makeDept(t, companyId, 'Legal');
    await joinDept(t, other, dept.id);
    const put = await oc.put(rightsUrl(doc.fileid), [
      { principalid: dept.id, principaltype: SECDOC_PRINCIPAL.dept, operationids: [1, 2, 3] },
    ]);
    expect(put.json().rights[1]).toMatchObject({ name: 'Legal', operationids: [1, 2, 3] });
    const theirs = await fileAs(xc, gid, doc.fileid);
    expect(hasPermission(theirs.user_acl, 'copy')).toBe(true);
    expect(hasPermission(theirs.user_acl, 'update')).toBe(false);
  });
});

describe('what a member whose rights do not let them read it learns of it', () => {
  test('nothing: not its activity, not its name in a batch failure', async () => {
    const { gid, oc, xc, doc } = await secureTeam();
    await oc.put(rightsUrl(doc.fileid), [
      { principalid: gid, principaltype: SECDOC_PRINCIPAL.team, operationids: [] },
    ]);
    await upload(oc, gid, 0, 'open.txt', Buffer.from('for all'));
    for (const url of [`/api/v3/groups/${gid}/events`, '/api/v3/events']) {
      const feed = await xc.get(url);
      expect(feed.statusCode, feed.body).toBe(200);
      const names = feed.json().events.map((e: { fname: string }) => e.fname);
      expect(names, url).toContain('open.txt');
      expect(names, url).not.toContain('plan.docx');
    }
    const del = await xc.post(`/api/v3/groups/${gid}/files/batch/delete`, { fileids: [doc.fileid] });
    expect(del.json().failList).toEqual([{ fileid: doc.fileid, name: '', result: 'permissionDenied' }]);
    // The owner, who may read it, is told its name.
    const drive = await myDrive(oc);
    const own = await oc.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [doc.fileid],
      target_groupid: drive,
      target_parentid: 0,
    });
    expect(own.json().failList).toEqual([
      { fileid: doc.fileid, name: 'plan.docx', result: 'security_group_forbidden' },
    ]);
  });
});

describe('PUT {secure}/api/v1/doc/{id}/rights refusals change nothing', () => {
  test('401, 400, members, strangers, other teams, duplicates', async () => {
    const { gid, oc, mc, member, doc } = await secureTeam();
    const url = rightsUrl(doc.fileid);
    const before = (await oc.get(url)).json();
    const stranger = await t.makeUser({ companyId });
    const cases: [Client | null, unknown, { status: number; result: string }][] = [
      [null, [], { status: 401, result: 'userNotLogin' }],
      [oc, { principalid: gid }, { status: 400, result: 'badRequest' }],
      [
        oc,
        [{ principalid: gid, principaltype: 3, operationids: [7] }],
        { status: 400, result: 'badRequest' },
      ],
      [
        oc,
        [{ principalid: gid, principaltype: 9, operationids: [3] }],
        { status: 400, result: 'badRequest' },
      ],
      [
        mc,
        [{ principalid: member.id, principaltype: 4, operationids: [1] }],
        { status: 403, result: 'permissionDenied' },
      ],
      [
        oc,
        [{ principalid: stranger.id, principaltype: 4, operationids: [3] }],
        { status: 404, result: 'groupMemberNotFound' },
      ],
      [
        oc,
        [{ principalid: gid + 1000, principaltype: 3, operationids: [3] }],
        { status: 404, result: 'groupNotExist' },
      ],
      [
        oc,
        [{ principalid: gid, principaltype: 1, operationids: [3] }],
        { status: 404, result: 'groupNotExist' },
      ],
      [
        oc,
        [{ principalid: 99999, principaltype: 2, operationids: [3] }],
        { status: 404, result: 'deptNotExist' },
      ],
      [
        oc,
        [
          { principalid: member.id, principaltype: 4, operationids: [3] },
          { principalid: member.id, principaltype: 4, operationids: [1] },
        ],
        { status: 400, result: 'badRequest' },
      ],
    ];
    for (const [client, body, expected] of cases) {
      const res = client ? await client.put(url, body) : await t.anonymous().put(url, body);
      const got = failure(res);
      expect({ status: got.status, result: got.result }, JSON.stringify(body)).toEqual({
        status: expected.status,
        result: expected.result,
      });
    }
    expect((await oc.get(url)).json()).toEqual(before);
  });
});

describe('a security document never leaves its team', () => {
  async function transfer(c: Client, op: 'copy' | 'move', gid: number, fileid: number, target: number) {
    const res = await c.post(`/api/v3/groups/${gid}/files/batch/${op}`, {
      fileids: [fileid],
      target_groupid: target,
      target_parentid: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().failList.map((f: { result: string }) => f.result);
  }

  test('copy or move to my drive, My uploads or another team is refused, even for the owner', async () => {
    const { owner, gid, oc, doc } = await secureTeam();
    const drive = await myDrive(oc);
    const uploads = await myUploads(oc);
    const elsewhere = await makeTeam(t, owner, [], { name: 'Elsewhere' });
    for (const op of ['copy', 'move'] as const) {
      expect(await transfer(oc, op, gid, doc.fileid, drive)).toEqual(['security_group_forbidden']);
      expect(await transfer(oc, op, gid, doc.fileid, uploads)).toEqual(['security_group_forbidden_tmp']);
      expect(await transfer(oc, op, gid, doc.fileid, elsewhere)).toEqual(['security_group_forbidden']);
    }
    // Inside a folder too.
    const folder = await mkdir(oc, gid, 0, 'Plans');
    const moved = await oc.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [doc.fileid],
      target_groupid: gid,
      target_parentid: folder.fileid,
    });
    expect(moved.json().failList).toEqual([]);
    expect(await transfer(oc, 'move', gid, folder.fileid, drive)).toEqual(['security_group_forbidden']);
    expect(await namesAs(oc, gid, folder.fileid)).toEqual(['plan.docx']);
    expect(await namesAs(oc, drive)).toEqual([]);
  });

  test('a folder copied by a member without the copy right leaves the document out', async () => {
    const { gid, oc, mc, doc } = await secureTeam();
    const folder = await mkdir(oc, gid, 0, 'Deals');
    await oc.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [doc.fileid],
      target_groupid: gid,
      target_parentid: folder.fileid,
    });
    await upload(oc, gid, folder.fileid, 'terms.txt', Buffer.from('terms'));
    const into = await mkdir(oc, gid, 0, 'Archive');
    const res = await mc.post(`/api/v3/groups/${gid}/files/batch/copy`, {
      fileids: [folder.fileid],
      target_groupid: gid,
      target_parentid: into.fileid,
    });
    expect(res.json().failList).toEqual([]);
    const copy = (await oc.get(`/api/v3/groups/${gid}/files?parentid=${into.fileid}`)).json().files[0];
    expect(await namesAs(oc, gid, copy.fileid)).toEqual(['terms.txt']);
    // With operation 2 (copy) the document comes along, as a security document.
    await oc.put(rightsUrl(doc.fileid), [
      { principalid: gid, principaltype: SECDOC_PRINCIPAL.team, operationids: [2, 3, 4] },
    ]);
    const again = await mc.post(`/api/v3/groups/${gid}/files/batch/copy`, {
      fileids: [folder.fileid],
      target_groupid: gid,
      target_parentid: copy.fileid,
    });
    expect(again.json().failList).toEqual([]);
    const second = (await oc.get(`/api/v3/groups/${gid}/files?parentid=${copy.fileid}&filter=folder`)).json()
      .files[0];
    const inside = (
      await oc.get(`/api/v3/groups/${gid}/files?parentid=${second.fileid}&orderby=name&order=asc`)
    ).json().files;
    expect(inside.map((f: FileRecord) => [f.fname, f.safeFile])).toEqual([
      ['plan.docx', true],
      ['terms.txt', false],
    ]);
  });

  test('a copy inside the team is a new security document with the same rights', async () => {
    const { gid, oc, member, doc } = await secureTeam();
    await oc.put(rightsUrl(doc.fileid), [
      { principalid: member.id, principaltype: SECDOC_PRINCIPAL.user, operationids: [2, 3] },
    ]);
    const folder = await mkdir(oc, gid, 0, 'Copies');
    const res = await oc.post(`/api/v3/groups/${gid}/files/batch/copy`, {
      fileids: [doc.fileid],
      target_groupid: gid,
      target_parentid: folder.fileid,
    });
    expect(res.json().failList).toEqual([]);
    const copy = (await oc.get(`/api/v3/groups/${gid}/files?parentid=${folder.fileid}`)).json().files[0];
    expect(copy).toMatchObject({ fname: 'plan.docx', safeFile: true });
    expect(copy.secure_guid).not.toBe(doc.secure_guid);
    expect((await oc.get(rightsUrl(copy.fileid))).json().rights).toEqual(
      (await oc.get(rightsUrl(doc.fileid))).json().rights,
    );
  });

  test('no share link on it, and a shared folder does not show it', async () => {
    const { gid, oc, doc } = await secureTeam();
    expect(failure(await oc.post('/api/v3/links', { fileid: doc.fileid }))).toEqual({
      status: 403,
      result: 'security_group_forbidden',
    });
    const folder = await mkdir(oc, gid, 0, 'Shared');
    await oc.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [doc.fileid],
      target_groupid: gid,
      target_parentid: folder.fileid,
    });
    await upload(oc, gid, folder.fileid, 'readme.txt', Buffer.from('hello'));
    const link = await oc.post('/api/v3/links', { fileid: folder.fileid, range: 'anyone' });
    expect(link.statusCode, link.body).toBe(200);
    const seen = await t.anonymous().get(`/api/v3/skiplogin/links/${link.json().sid}/files`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().files.map((f: { fname: string }) => f.fname)).toEqual(['readme.txt']);
    expect(seen.json().total).toBe(1);
  });
});
