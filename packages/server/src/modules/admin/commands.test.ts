import { GIB } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { myDrive, upload } from '../../../test/drive.ts';
import { makeTestApp, TEST_PASSWORD, type TestApp } from '../../../test/helpers.ts';
import { parseSize, runAdminCommand } from './commands.ts';
import { commandLineActor } from './policy.ts';
import { setupCompany } from './setup.ts';

let t: TestApp;
let companyId: number;
const files = new Map<string, string>();

/** Runs `npm run admin -- <argv>` in-process against a test app's database. */
async function adminOf(app: TestApp, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(argv, {
    db: app.database.db,
    admin: app.services.admin,
    identity: app.services.identity,
    print: (line) => out.push(line),
    printError: (line) => err.push(line),
    readFile: (path) => files.get(path) ?? '',
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
const admin = (...argv: string[]) => adminOf(t, argv);

beforeAll(async () => {
  t = await makeTestApp();
  companyId = await t.makeCompany('Acme');
  await t.makeUser({ account: 'boss', companyId, roles: 'admin' });
});
afterAll(async () => {
  await t.close();
});

test('sizes: bytes, K/M/G/T in 1024 steps, and unlimited/default as null', () => {
  expect(parseSize('1024', 'x')).toBe(1024);
  expect(parseSize('500M', 'x')).toBe(500 * 1024 ** 2);
  expect(parseSize('10G', 'x')).toBe(10 * GIB);
  expect(parseSize('1.5gb', 'x')).toBe(1.5 * GIB);
  expect(parseSize('unlimited', 'x')).toBeNull();
  expect(parseSize('default', 'x')).toBeNull();
  expect(() => parseSize('ten', 'x')).toThrow(/size/);
});

describe('npm run admin -- ...', () => {
  test('no command prints the usage with every area; an unknown one fails', async () => {
    const usage = await admin();
    expect(usage.code).toBe(1);
    for (const cmd of [
      'users edit',
      'depts space',
      'quotas team',
      'reports block-file',
      'feedback handle',
      'identities approve',
    ]) {
      expect(usage.out).toContain(cmd);
    }
    expect((await admin('users')).code).toBe(1);
    expect((await admin('--help')).code).toBe(0);
    const unknown = await admin('users', 'explode');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('Unknown command: users explode');
  });

  test('people: create with a temporary password, edit quota and vip, disable ends login', async () => {
    const dept = await admin('depts', 'create', 'Acme');
    expect(dept.code, dept.err).toBe(0);
    const deptId = Number(/id (\d+)/.exec(dept.out)?.[1]);

    const created = await admin(
      'users',
      'create',
      'lisi',
      '李四',
      '--email',
      'lisi@acme.example',
      '--dept',
      String(deptId),
    );
    expect(created.code, created.err).toBe(0);
    const password = /temporary password: (\S+)/.exec(created.out)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(8);

    const edited = await admin('users', 'edit', 'lisi', '--vip', '2', '--quota', '3G', '--title', 'Engineer');
    expect(edited.code, edited.err).toBe(0);
    expect(edited.out).toBe(`lisi: 李四, vip 2, quota ${3 * GIB}`);
    const shown = JSON.parse((await admin('users', 'show', 'lisi')).out);
    expect(shown).toMatchObject({ vip_level: 2, title: 'Engineer', quota: { own_total: 3 * GIB } });
    expect((await admin('users', 'edit', 'lisi', '--quota', 'default')).out).toBe(
      'lisi: 李四, vip 2, quota default',
    );

    // Bad input is refused by the same rules as the console's calls, and changes nothing.
    const bad = await admin('users', 'edit', 'lisi', '--email', 'not-an-email');
    expect(bad.code).toBe(1);
    expect(bad.err).toBe('error: InvalidEmail');
    expect((await admin('users', 'edit', 'lisi')).err).toContain('give at least one');
    expect((await admin('users', 'edit', 'nobody', '--vip', '1')).err).toBe('error: userNotExist');

    await expect(t.login('lisi', password)).resolves.toBeDefined();
    expect((await admin('users', 'disable', 'lisi')).out).toBe('lisi: disabled');
    await expect(t.login('lisi', password)).rejects.toThrow();
  });

  test('approvers: administrators always approve; the console names others, who then approve', async () => {
    const hexue = await t.makeUser({ account: 'hexue', companyId });
    const applicant = await t.makeUser({ companyId });
    const outsider = await t.makeUser({ account: 'outsider' });
    await t.services.admin.settingsAdmin.set(
      { userId: 0, name: 'test', companyId, access: 'manage', operator: true, via: 'cli', ip: '' },
      'allow_approve_create_group',
      true,
    );
    const before = await admin('approvers', 'list', '--json');
    expect(JSON.parse(before.out)).toEqual([
      expect.objectContaining({ unique_name: 'boss', source: 'admin' }),
    ]);
    const asked = async () =>
      (await (await applicant.client()).get('/v1/companies/self/users/self/group_approvers')).json();
    expect((await asked()).approvers.map((a: { id: number }) => a.id)).not.toContain(hexue.id);

    const added = await admin('approvers', 'add', 'hexue');
    expect(added.code, added.err).toBe(0);
    expect(added.out).toMatch(/hexue\s+User \d+\s+named/);
    expect((await asked()).approvers.map((a: { id: number }) => a.id)).toContain(hexue.id);
    // A named approver creates directly; the applicant still has to ask.
    expect((await (await hexue.client()).post('/api/v3/groups', { name: 'Approvers club' })).statusCode).toBe(
      200,
    );
    expect((await (await applicant.client()).post('/api/v3/groups', { name: 'Mine' })).json().result).toBe(
      'approvalRequired',
    );

    expect((await admin('approvers', 'add', 'outsider')).err).toBe('error: notCompanyMember');
    expect(outsider.id).toBeGreaterThan(0);
    expect((await admin('approvers', 'remove', 'hexue')).code).toBe(0);
    expect((await asked()).approvers.map((a: { id: number }) => a.id)).not.toContain(hexue.id);

    // The same through the console's calls, which only administrators reach.
    const boss = await t.login('boss', TEST_PASSWORD);
    const put = await boss.put('/admin/v1/group_approvers', { user_ids: [hexue.id] });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().approvers).toContainEqual(expect.objectContaining({ id: hexue.id, source: 'named' }));
    expect((await boss.put('/admin/v1/group_approvers', { user_ids: [outsider.id] })).json().result).toBe(
      'notCompanyMember',
    );
    expect((await (await applicant.client()).get('/admin/v1/group_approvers')).statusCode).toBe(404);
    await t.services.admin.settingsAdmin.set(
      { userId: 0, name: 'test', companyId, access: 'manage', operator: true, via: 'cli', ip: '' },
      'allow_approve_create_group',
      false,
    );
  });

  test('departments: the group space; quotas: company, defaults and a team', async () => {
    const { out } = await admin('depts', 'list', '--json');
    const deptId = JSON.parse(out)[0].id;
    const space = await admin(
      'depts',
      'space',
      String(deptId),
      '--default',
      '20G',
      '--expand',
      '5G',
      '--json',
    );
    expect(space.code, space.err).toBe(0);
    expect(JSON.parse(space.out).space).toMatchObject({ total: 25 * GIB });

    expect((await admin('quotas', 'company', '1T')).out).toBe(`company total: ${1024 * GIB}`);
    const defaults = await admin('quotas', 'defaults', '--user', '2G', '--group', '50G');
    expect(defaults.code, defaults.err).toBe(0);
    expect(JSON.parse(defaults.out)).toMatchObject({ user: 2 * GIB, group: 50 * GIB });
    const overview = JSON.parse((await admin('quotas', 'show')).out);
    expect(overview.company.own_total).toBe(1024 * GIB);

    const owner = await t.makeUser({ companyId });
    const team = await (await owner.client()).post('/api/v3/groups?multi_included=true', {
      name: 'Launch crew',
    });
    expect(team.statusCode, team.body).toBe(200);
    const teamId = team.json().id;
    expect((await admin('quotas', 'team', String(teamId), '7G')).out).toBe(`team ${teamId}: ${7 * GIB}`);
    const info = await (await owner.client()).get(`/api/cooper/space/groups/${teamId}`);
    expect(info.json().total).toBe(7 * GIB);
    expect((await admin('quotas', 'team', '999999', '7G')).err).toBe('error: groupNotExist');

    const audit = await admin('audit', 'list', '--json');
    const actions = JSON.parse(audit.out).map((e: { action: string }) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['dept.space', 'quota.company', 'quota.defaults', 'quota.team']),
    );
  });

  test('a refused setting says why', async () => {
    const refused = await admin('settings', 'set', 'link_ranges', '["anyone"]');
    expect(refused.code).toBe(1);
    expect(refused.err).toBe('error: settingInvalid {"reason":"must keep the default link range"}');
    expect((await admin('settings', 'set', 'trash_retention_days', '45')).out).toBe(
      'trash_retention_days = 45',
    );
    expect((await admin('settings', 'reset', 'trash_retention_days')).out).toBe('trash_retention_days = 30');
  });

  test('real-name requests: listed, rejected with a reason, approved; the audit log names the command line', async () => {
    expect((await admin('settings', 'set', 'allow_real_name', 'true')).code).toBe(0);
    const person = await t.makeUser({ companyId });
    const client = await person.client();
    const submit = () => client.post('/p/identity', { real_name: '李四', id_number: '11010519491231002X' });
    expect((await submit()).statusCode).toBe(200);
    const pending = JSON.parse((await admin('identities', 'list', '--status', 'pending', '--json')).out);
    const mine = pending.find((r: { user: string }) => r.user === person.account);
    expect(mine).toMatchObject({ status: 'pending', id_number: '110***********002X' });

    const rejected = await admin('identities', 'reject', String(mine.id), '--reason', 'blurry');
    expect(rejected.out).toBe(`request ${mine.id}: rejected`);
    expect((await client.get('/p/identity')).json()).toMatchObject({ status: 'rejected', reason: 'blurry' });
    expect((await admin('identities', 'approve', String(mine.id))).err).toBe('error: identityNotPending');
    expect((await admin('identities', 'approve', '999999')).err).toBe('error: notFound');

    await submit();
    const again = JSON.parse((await admin('identities', 'list', '--status', 'pending', '--json')).out);
    const next = again.find((r: { user: string }) => r.user === person.account);
    expect((await admin('identities', 'approve', String(next.id))).out).toBe(`request ${next.id}: verified`);
    expect((await client.get('/p/identity')).json()).toMatchObject({ status: 'verified', verified: true });
    const audit = (await admin('audit', 'list', '--action', 'identity.approve')).out;
    expect(audit).toContain('command line (cli)');
  });

  test('moderation and feedback: block a reported file, restore it; handle feedback', async () => {
    const person = await t.makeUser({ companyId });
    const client = await person.client();
    const file = await upload(client, await myDrive(client), 0, 'ad.txt', Buffer.from('buy now'));
    expect((await client.post('/api/report', { fileid: file.fileid, reason: 'spam' })).statusCode).toBe(200);
    const queue = JSON.parse((await admin('reports', 'list', '--json')).out);
    const reportId = queue[0].id;

    const blocked = await admin('reports', 'block-file', String(reportId), '--reason', 'Advertising');
    expect(blocked.out).toBe(`report ${reportId}: blocked, file blocked`);
    expect((await client.get(`/v1/legacy/view?fileid=${file.fileid}`)).json().result).toBe('illegalFile');
    expect((await admin('reports', 'dismiss', String(reportId))).err).toBe('error: reportHandled');
    expect((await admin('reports', 'restore', String(reportId))).out).toBe(`report ${reportId}: restored`);
    expect((await client.get(`/v1/legacy/view?fileid=${file.fileid}`)).statusCode).toBe(200);

    expect((await client.post('/v1/feedback', { content: 'The drive is great' })).statusCode).toBe(201);
    const feedback = JSON.parse((await admin('feedback', 'list', '--json')).out);
    const feedbackId = feedback[0].id;
    expect((await admin('feedback', 'handle', String(feedbackId))).out).toBe(
      `feedback ${feedbackId}: handled`,
    );
    expect(JSON.parse((await admin('feedback', 'list', '--json')).out)).toEqual([]);
  });
});

describe('npm run admin -- setup (a deployment without the demo)', () => {
  test('makes the company, its root department and its administrator, once', async () => {
    const app = await makeTestApp();
    try {
      const run = (...argv: string[]) => adminOf(app, argv);
      const before = await run('users', 'list');
      expect(before).toMatchObject({ code: 1, err: expect.stringContaining('npm run admin -- setup') });
      // bad input changes nothing
      expect(await run('setup', 'Acme/Corp', 'boss', 'The Boss')).toMatchObject({
        code: 1,
        err: 'error: illegalDeptName',
      });
      expect(await run('setup', 'Acme', 'b', 'The Boss')).toMatchObject({
        code: 1,
        err: 'error: InvalidAccount',
      });
      expect(await run('setup', 'Acme', 'boss', '   ')).toMatchObject({
        code: 1,
        err: 'error: InvalidNickname',
      });
      expect(await run('setup', 'Acme', 'boss', 'Boss', '--email', 'nope')).toMatchObject({
        code: 1,
        err: 'error: InvalidEmail',
      });
      expect(await app.database.db.selectFrom('companies').select('id').execute()).toEqual([]);
      // a setup that stopped half-way, its company there and its administrator not: completed,
      // under the name given this time
      await app.database.db
        .insertInto('companies')
        .values({ name: 'Acme Old', admin_id: null, created_at: 1 })
        .execute();

      const done = await run('setup', 'Acme', 'boss', 'The Boss', '--email', 'boss@acme.example');
      expect(done.code).toBe(0);
      const password = /temporary password: (\S+)/.exec(done.out)?.[1] ?? '';
      const login = await app.anonymous().post('/p/login', { account: 'boss', password });
      expect(login.json()).toMatchObject({ must_change_password: true });
      const boss = await app.database.db
        .selectFrom('users')
        .innerJoin('company_members', 'company_members.user_id', 'users.id')
        .innerJoin('companies', 'companies.id', 'company_members.company_id')
        .select(['users.id', 'users.roles', 'users.email', 'companies.admin_id', 'companies.name'])
        .executeTakeFirstOrThrow();
      expect(boss).toMatchObject({
        roles: 'admin',
        email: 'boss@acme.example',
        admin_id: boss.id,
        name: 'Acme',
      });
      expect((await run('depts', 'list')).out).toContain('Acme');

      expect(await run('setup', 'Other', 'boss2', 'Another')).toMatchObject({
        code: 1,
        err: 'error: setupDone',
      });
      expect((await run('users', 'list')).out).toContain('1 in all');
    } finally {
      await app.close();
    }
  });

  test('a setup stopped before its administrator was made one is finished by running it again', async () => {
    const app = await makeTestApp();
    try {
      const run = (...argv: string[]) => adminOf(app, argv);
      const { db } = app.database;
      const { admin } = app.services;
      // What a setup of an earlier version left when stopped after writing the administrator's
      // account (each step was a transaction of its own): company, root department, account, and
      // no administrator.
      const companyId = (
        await db
          .insertInto('companies')
          .values({ name: 'Acme', admin_id: null, created_at: 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      const cli = commandLineActor(companyId, true);
      const root = await admin.departments.create(cli, { name: 'Acme', parent_id: null });
      const half = await admin.people.create(cli, {
        unique_name: 'boss',
        nick_name: 'The Boss',
        email: null,
        phone: null,
        roles: ['admin'],
        dept_ids: [root.id],
      });
      // Someone else's accounts are still refused: a member of another company, someone who signed
      // up, a member of this company who has chosen their own password.
      const other = await app.makeCompany('Other');
      await app.makeUser({ account: 'elsewhere', companyId: other });
      await app.makeUser({ account: 'general' });
      await app.makeUser({ account: 'colleague', companyId });
      // ... and people of this company who have not logged in yet: one not an administrator, one
      // disabled (neither is taken over, nor brought back).
      const newcomer = { email: null, phone: null, dept_ids: [root.id] };
      await admin.people.create(cli, { ...newcomer, unique_name: 'newcomer', nick_name: 'New', roles: [] });
      const away = await admin.people.create(cli, {
        ...newcomer,
        unique_name: 'away',
        nick_name: 'Away',
        roles: ['admin'],
      });
      await admin.people.setStatus(cli, away.user.id, 'disabled');
      for (const account of ['elsewhere', 'general', 'colleague', 'newcomer', 'away'])
        expect(await run('setup', 'Acme', account, 'Someone')).toMatchObject({
          code: 1,
          err: 'error: accountInUse',
        });

      const done = await run('setup', 'Acme Ltd', 'boss', 'The Boss', '--email', 'boss@acme.example');
      expect(done, done.err).toMatchObject({ code: 0 });
      const password = /temporary password: (\S+)/.exec(done.out)?.[1] ?? '';
      expect(password).not.toBe(half.temporary_password);
      const login = await app.anonymous().post('/p/login', { account: 'boss', password });
      expect(login.json()).toMatchObject({ must_change_password: true });
      const company = await db
        .selectFrom('companies')
        .selectAll()
        .where('id', '=', companyId)
        .executeTakeFirst();
      expect(company).toMatchObject({ name: 'Acme Ltd', admin_id: half.user.id });
      const boss = await admin.people.get(cli, half.user.id);
      expect(boss).toMatchObject({ email: 'boss@acme.example', roles: ['admin'] });
      expect(boss.depts.map((d) => d.display_path_name)).toEqual(['Acme Ltd']);
      expect(
        await db.selectFrom('users').select('id').where('unique_name', '=', 'boss').execute(),
      ).toHaveLength(1);
      expect(await run('setup', 'Acme', 'boss', 'The Boss')).toMatchObject({
        code: 1,
        err: 'error: setupDone',
      });
    } finally {
      await app.close();
    }
  });

  test('a setup cut short leaves nothing behind: company, department and account come together', async () => {
    const app = await makeTestApp();
    try {
      const { db } = app.database;
      const { admin } = app.services;
      // The process stops while the administrator is written.
      const cutShort = {
        ...admin,
        people: {
          ...admin.people,
          insertNew: async () => {
            throw new Error('killed');
          },
        },
      };
      await expect(
        setupCompany(db, cutShort, { company: 'Acme', account: 'boss', name: 'Boss' }, 1),
      ).rejects.toThrow('killed');
      expect(await db.selectFrom('companies').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('departments').select('id').execute()).toEqual([]);
      const done = await adminOf(app, ['setup', 'Acme', 'boss', 'Boss']);
      expect(done, done.err).toMatchObject({ code: 0 });
    } finally {
      await app.close();
    }
  });
});
