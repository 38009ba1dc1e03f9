import { GIB, generateTemporaryPassword } from '@cirrus/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp, type TestUser } from '../../../test/helpers.ts';

let t: TestApp;
let companyId: number;
let admin: TestUser;
let adminClient: Client;
let rootId: number;

beforeAll(async () => {
  t = await makeTestApp();
  companyId = await t.makeCompany('Acme');
  admin = await t.makeUser({ account: 'boss', companyId, roles: 'admin' });
  adminClient = await admin.client();
  const root = await adminClient.post('/admin/v1/depts', { name: 'Acme', parent_id: null });
  expect(root.statusCode, root.body).toBe(201);
  rootId = root.json().id;
});
afterAll(async () => {
  await t.close();
});

describe('access', () => {
  test('401 logged out, 404 for a plain user, 200 for the administrator, 403 on a viewer’s writes', async () => {
    expect((await t.anonymous().get('/admin/v1/users')).statusCode).toBe(401);
    const plain = await (await t.makeUser({ companyId })).client();
    for (const url of [
      '/admin/v1/me',
      '/admin/v1/users',
      '/admin/v1/settings',
      '/admin/v1/reports',
      '/admin/v1/identities',
    ]) {
      const res = await plain.get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().result).toBe('notFound');
    }
    expect((await plain.post('/admin/v1/users', { unique_name: 'x1', nick_name: 'X' })).statusCode).toBe(404);

    const me = await adminClient.get('/admin/v1/me');
    expect(me.json()).toMatchObject({
      access: 'manage',
      operator: true,
      company: { id: companyId, name: 'Acme' },
    });

    // The company's admin_id makes an administrator too, without the role.
    const owner = await t.makeUser({ companyId });
    await t.database.db
      .updateTable('companies')
      .set({ admin_id: owner.id })
      .where('id', '=', companyId)
      .execute();
    expect((await (await owner.client()).get('/admin/v1/me')).json().access).toBe('manage');
    await t.database.db
      .updateTable('companies')
      .set({ admin_id: null })
      .where('id', '=', companyId)
      .execute();

    const auditor = await (await t.makeUser({ companyId, roles: 'auditor' })).client();
    expect((await auditor.get('/admin/v1/users')).statusCode).toBe(200);
    const write = await auditor.post('/admin/v1/depts', { name: 'Nope', parent_id: rootId });
    expect(write.statusCode).toBe(403);
    expect(write.json().result).toBe('permissionDenied');
  });
});

describe('people', () => {
  test('create with a temporary password shown once; the first login must change it', async () => {
    const dept = (await adminClient.post('/admin/v1/depts', { name: 'Sales', parent_id: rootId })).json();
    expect(
      (await adminClient.post('/admin/v1/users', { unique_name: '1234', nick_name: 'N' })).json().result,
    ).toBe('InvalidAccount');
    expect(
      (await adminClient.post('/admin/v1/users', { unique_name: 'ok', nick_name: 'N', email: 'bad' })).json()
        .result,
    ).toBe('InvalidEmail');
    const res = await adminClient.post('/admin/v1/users', {
      unique_name: 'Zhaolei',
      nick_name: '赵雷',
      email: 'zhaolei@acme.example',
      dept_ids: [dept.id],
      vip_level: 2,
      quota: 5 * GIB,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { user, temporary_password } = res.json();
    expect(user).toMatchObject({
      unique_name: 'zhaolei',
      must_change_password: true,
      vip_level: 2,
      main_dept_id: dept.id,
      depts: [{ id: dept.id, display_path_name: 'Acme/Sales' }],
      quota: { total: 5 * GIB, own_total: 5 * GIB, used: 0 },
    });
    expect(temporary_password).toMatch(/^[A-Za-z0-9]+\d{4}$/);
    // Shown once: nothing else answers it.
    expect((await adminClient.get(`/admin/v1/users/${user.id}`)).body).not.toContain(temporary_password);
    expect(
      (await adminClient.post('/admin/v1/users', { unique_name: 'zhaolei', nick_name: 'Again' })).json()
        .result,
    ).toBe('accountInUse');

    // Search by name, pinyin, initials and account.
    for (const q of ['赵', 'zhaolei', 'zl', 'ZHAO']) {
      const found = (await adminClient.get(`/admin/v1/users?q=${encodeURIComponent(q)}`)).json();
      expect(
        found.users.map((u: { id: number }) => u.id),
        q,
      ).toContain(user.id);
    }

    // First login: no session, a token to change the password with.
    const login = await t.app.inject({
      method: 'POST',
      url: '/p/login',
      payload: { account: 'zhaolei', password: temporary_password },
    });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body.must_change_password).toBe(true);
    expect(login.cookies.find((c) => c.name === 'cirrus_sid')).toBeUndefined();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/p/user/password',
      payload: { token: body.token, old_password: temporary_password, new_password: 'Brand-New-Pass9' },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);
    const client = await t.login('zhaolei', 'Brand-New-Pass9');
    expect((await client.get('/v1/users/self')).json().must_change_password).toBe(false);
  });

  test('disable ends sessions and stops login; reset password ends sessions and forces a change', async () => {
    const person = await t.makeUser({ companyId, account: 'ding' });
    const session = await person.client();
    expect((await session.get('/v1/users/self')).statusCode).toBe(200);

    const disabled = await adminClient.post(`/admin/v1/users/${person.id}/disable`);
    expect(disabled.json().status).toBe('disabled');
    expect((await session.get('/v1/users/self')).statusCode).toBe(401);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/p/login',
      payload: { account: 'ding', password: person.password },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().result).toBe('InvalidAccount');
    expect((await adminClient.post(`/admin/v1/users/${admin.id}/disable`)).json().result).toBe(
      'cannotDisableSelf',
    );

    await adminClient.post(`/admin/v1/users/${person.id}/enable`);
    const again = await person.client();
    const reset = await adminClient.post(`/admin/v1/users/${person.id}/reset-password`);
    expect(reset.statusCode, reset.body).toBe(200);
    const temporary = reset.json().temporary_password;
    expect(reset.json().user.must_change_password).toBe(true);
    expect((await again.get('/v1/users/self')).statusCode).toBe(401);
    const old = await t.app.inject({
      method: 'POST',
      url: '/p/login',
      payload: { account: 'ding', password: person.password },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/p/login',
      payload: { account: 'ding', password: temporary },
    });
    expect(fresh.json().must_change_password).toBe(true);

    // The audit log tells who did it.
    const audit = (await adminClient.get('/admin/v1/audit?q=ding')).json().entries;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['user.disable', 'user.enable', 'user.reset_password']),
    );
    expect(audit[0].actor).toMatchObject({ id: admin.id, via: 'web' });
  });

  /** Departments made through the console, below the company root. */
  const newDepts = (...names: string[]) =>
    Promise.all(
      names.map(
        async (name) =>
          (await adminClient.post('/admin/v1/depts', { name, parent_id: rootId })).json().id as number,
      ),
    );
  /** What a department's count holds. */
  const used = async (deptId: number) =>
    (
      await t.database.db
        .selectFrom('space_quotas')
        .select('used')
        .where('scope', '=', 'dept')
        .where('scope_id', '=', deptId)
        .executeTakeFirst()
    )?.used ?? 0;

  test("a person's usage moves with their main department, by the console and by an import", async () => {
    const person = await t.makeUser({ companyId, account: 'carrier' });
    const [one, two, three] = await newDepts('One', 'Two', 'Three');
    await adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: [one] });
    const c = await person.client();
    const drive = await myDrive(c);
    const file = await upload(c, drive, 0, 'weight.bin', Buffer.alloc(5000, 1));
    expect([await used(one), await used(two)]).toEqual([5000, 0]);

    await adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: [one, two], main_dept_id: two });
    expect([await used(one), await used(two)]).toEqual([0, 5000]);
    // Purged later, it frees the department it counts against now.
    expect((await c.delete(`/api/v3/groups/${drive}/files/${file.fileid}`)).statusCode).toBeLessThan(300);
    expect((await c.post('/api/v3/recycles/batch/destory', { fileids: [file.fileid] })).statusCode).toBe(200);
    expect([await used(one), await used(two)]).toEqual([0, 0]);

    const again = await upload(c, drive, 0, 'again.bin', Buffer.alloc(3000, 2));
    const csv = `name,account,department\nCarrier,carrier,Acme/Three\n`;
    const imported = await adminClient.post('/admin/v1/import/people', { csv, dry_run: false });
    expect(imported.statusCode, imported.body).toBe(200);
    expect([await used(one), await used(two), await used(three)]).toEqual([0, 0, 3000]);
    // Gone again, for the usage tables of the tests below.
    await c.delete(`/api/v3/groups/${drive}/files/${again.fileid}`);
    await c.post('/api/v3/recycles/batch/destory', { fileids: [again.fileid] });
    expect(await used(three)).toBe(0);
  });

  test('a charge under way while the main department moves counts once, against the new one', async () => {
    const person = await t.makeUser({ companyId, account: 'racer' });
    const [one, two] = await newDepts('Race one', 'Race two');
    await adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: [one] });
    const c = await person.client();
    const drive = await myDrive(c);
    const base = await upload(c, drive, 0, 'base.bin', Buffer.alloc(1000, 1));
    const space = await t.database.db
      .selectFrom('groups')
      .selectAll()
      .where('id', '=', drive)
      .executeTakeFirstOrThrow();
    // An upload's charge, its transaction held open while the console moves the person: on
    // PostgreSQL the move waits for it (the membership row's lock), then moves all of it.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let charged = () => {};
    const inside = new Promise<void>((resolve) => {
      charged = resolve;
    });
    const charge = t.database.db.transaction().execute(async (trx) => {
      await t.services.quota.charge(trx, person.id, [{ space, bytes: 500, files: 1 }]);
      charged();
      await held;
    });
    await inside;
    const move = adminClient.put(`/admin/v1/users/${person.id}/depts`, {
      dept_ids: [one, two],
      main_dept_id: two,
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    release();
    await charge;
    expect((await move).statusCode).toBe(200);
    expect([await used(one), await used(two)]).toEqual([0, 1500]);
    // Gone again, for the usage tables of the tests below: the held charge and the file.
    await t.database.db
      .transaction()
      .execute((trx) => t.services.quota.charge(trx, person.id, [{ space, bytes: -500, files: -1 }]));
    await c.delete(`/api/v3/groups/${drive}/files/${base.fileid}`);
    await c.post('/api/v3/recycles/batch/destory', { fileids: [base.fileid] });
    expect(await used(two)).toBe(0);
  });

  test("a person's departments come in the directory's order, the tree's, not by their paths' text", async () => {
    const person = await t.makeUser({ companyId, account: 'twohats' });
    const [harbour, airport] = await newDepts('Harbour', 'Airport');
    // The department whose path's text comes last goes first in the directory, as a directory sync
    // may place it (by their paths' text, a tenth department '/1/10/' also came before '/1/2/').
    const byPath = await t.database.db
      .selectFrom('departments')
      .select('id')
      .where('id', 'in', [harbour, airport])
      .orderBy('path')
      .execute();
    await t.database.db.updateTable('departments').set({ sort: -1 }).where('id', '=', byPath[1].id).execute();
    const tree = ((await adminClient.get('/admin/v1/depts')).json().depts as { id: number }[])
      .map((d) => d.id)
      .filter((id) => id === harbour || id === airport);
    expect(tree).toEqual([byPath[1].id, byPath[0].id]);

    const ids = (body: { depts: { id: number }[] }) => body.depts.map((d) => d.id);
    const set = await adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: [harbour, airport] });
    expect(ids(set.json())).toEqual(tree);
    expect(ids((await adminClient.get(`/admin/v1/users/${person.id}`)).json())).toEqual(tree);
    const listed = (await adminClient.get(`/admin/v1/users?dept_id=${harbour}`)).json().users;
    expect(ids(listed.find((u: { id: number }) => u.id === person.id))).toEqual(tree);
  });

  test('edit, quota and vip level, move between departments, mark as synced', async () => {
    const person = await t.makeUser({ companyId, account: 'mover' });
    const a = (await adminClient.post('/admin/v1/depts', { name: 'Ops', parent_id: rootId })).json();
    const b = (await adminClient.post('/admin/v1/depts', { name: 'Support', parent_id: rootId })).json();
    const edited = await adminClient.patch(`/admin/v1/users/${person.id}`, {
      nick_name: '搬家',
      vip_level: 3,
      quota: GIB,
      title: 'Lead',
    });
    expect(edited.json()).toMatchObject({
      nick_name: '搬家',
      vip_level: 3,
      title: 'Lead',
      quota: { total: GIB },
    });
    expect((await adminClient.patch(`/admin/v1/users/${person.id}`, { vip_level: 99 })).statusCode).toBe(400);

    await adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: [a.id] });
    const moved = await adminClient.put(`/admin/v1/users/${person.id}/depts`, {
      dept_ids: [b.id],
      main_dept_id: b.id,
    });
    expect(moved.json().depts.map((d: { id: number }) => d.id)).toEqual([b.id]);
    const inB = (await adminClient.get(`/admin/v1/users?dept_id=${b.id}`)).json();
    expect(inB.users.map((u: { id: number }) => u.id)).toContain(person.id);

    const synced = await adminClient.put(`/admin/v1/users/${person.id}/source`, { source: 'sync' });
    expect(synced.json().source).toBe('sync');

    // Another company's people are not there.
    const other = await t.makeUser({ companyId: await t.makeCompany('Other') });
    expect((await adminClient.get(`/admin/v1/users/${other.id}`)).statusCode).toBe(404);
  });
});

describe('replacing a set at once (PostgreSQL: one after the other, not a unique violation)', () => {
  test("a person's departments and the approvers, each set six times at once", async () => {
    const person = await t.makeUser({ companyId });
    const approver = await t.makeUser({ companyId });
    const [one, two] = await Promise.all(
      ['Twin A', 'Twin B'].map(
        async (name) =>
          (await adminClient.post('/admin/v1/depts', { name, parent_id: rootId })).json().id as number,
      ),
    );
    const depts = await Promise.all(
      Array.from({ length: 6 }, () =>
        adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: [one, two], main_dept_id: one }),
      ),
    );
    expect(depts.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const approvers = await Promise.all(
      Array.from({ length: 6 }, () =>
        adminClient.put('/admin/v1/group_approvers', { user_ids: [approver.id, admin.id] }),
      ),
    );
    expect(approvers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const set = (await adminClient.get('/admin/v1/group_approvers')).json();
    expect(JSON.stringify(set)).toContain(String(approver.id));
  });
});

describe('departments', () => {
  test('the tree lists departments in the directory order, not by the text of their paths', async () => {
    const parent = (await adminClient.post('/admin/v1/depts', { name: 'Regions', parent_id: rootId })).json();
    const names = Array.from({ length: 12 }, (_, i) => `Region ${i + 1}`);
    for (const name of names) {
      expect((await adminClient.post('/admin/v1/depts', { name, parent_id: parent.id })).statusCode).toBe(
        201,
      );
    }
    const children = async (url: string) =>
      ((await adminClient.get(url)).json().depts as { name: string; parent_id?: number; parentid?: number }[])
        .filter((d) => (d.parent_id ?? d.parentid) === parent.id)
        .map((d) => d.name);
    // By path text '/1/20/' came before '/1/3/': Region 10 to 12 were listed first.
    expect(await children('/admin/v1/depts')).toEqual(names);
    expect(await children('/admin/v1/depts')).toEqual(await children('/v1/companies/self/depts'));
  });

  test('tree, create, rename, move (not into itself), disable, group space', async () => {
    const eng = (await adminClient.post('/admin/v1/depts', { name: 'Eng', parent_id: rootId })).json();
    const backend = (
      await adminClient.post('/admin/v1/depts', { name: 'Backend', parent_id: eng.id })
    ).json();
    expect(backend.display_path_name).toBe('Acme/Eng/Backend');
    expect(
      (await adminClient.post('/admin/v1/depts', { name: 'Eng', parent_id: rootId })).json().result,
    ).toBe('deptNameConflict');
    expect(
      (await adminClient.post('/admin/v1/depts', { name: 'a/b', parent_id: rootId })).json().result,
    ).toBe('illegalDeptName');

    const renamed = await adminClient.patch(`/admin/v1/depts/${eng.id}`, { name: 'R&D' });
    expect(renamed.json().display_path_name).toBe('Acme/R&D');
    const tree = (await adminClient.get('/admin/v1/depts')).json().depts;
    expect(tree.find((d: { id: number }) => d.id === backend.id).display_path_name).toBe('Acme/R&D/Backend');

    expect(
      (await adminClient.patch(`/admin/v1/depts/${eng.id}`, { parent_id: backend.id })).json().result,
    ).toBe('deptMoveIntoSelf');
    const other = (await adminClient.post('/admin/v1/depts', { name: 'Labs', parent_id: rootId })).json();
    const moved = await adminClient.patch(`/admin/v1/depts/${backend.id}`, { parent_id: other.id });
    expect(moved.json()).toMatchObject({ parent_id: other.id, display_path_name: 'Acme/Labs/Backend' });

    const space = await adminClient.put(`/admin/v1/depts/${other.id}/space`, {
      default: 10 * GIB,
      expand_self: 2 * GIB,
    });
    expect(space.json().space).toMatchObject({ default: 10 * GIB, expand_self: 2 * GIB, total: 12 * GIB });

    const disabled = await adminClient.post(`/admin/v1/depts/${other.id}/disable`);
    expect(disabled.json().status).toBe('disabled');
    const after = (await adminClient.get('/admin/v1/depts')).json().depts;
    expect(after.find((d: { id: number }) => d.id === backend.id).status).toBe('disabled');
    expect((await adminClient.post(`/admin/v1/depts/${rootId}/disable`)).statusCode).toBe(403);
  });

  test('a department counts its active people and those below it, once each, as the directory does', async () => {
    const sales = (
      await adminClient.post('/admin/v1/depts', { name: 'Field sales', parent_id: rootId })
    ).json();
    const east = (
      await adminClient.post('/admin/v1/depts', { name: 'East coast', parent_id: sales.id })
    ).json();
    const place = async (deptIds: number[]) => {
      const person = await t.makeUser({ companyId });
      const placed = await adminClient.put(`/admin/v1/users/${person.id}/depts`, { dept_ids: deptIds });
      expect(placed.statusCode, placed.body).toBe(200);
      return person;
    };
    await place([sales.id]);
    await place([east.id]);
    await place([east.id]);
    await place([sales.id, east.id]);
    const gone = await place([sales.id]);
    expect((await adminClient.post(`/admin/v1/users/${gone.id}/disable`)).statusCode).toBe(200);

    const countsAt = async (url: string) => {
      const depts: { id: number; member_count: number }[] = (await adminClient.get(url)).json().depts;
      return new Map(depts.map((d) => [d.id, d.member_count]));
    };
    const consoleCounts = () => countsAt('/admin/v1/depts');
    const directoryCounts = () => countsAt('/v1/companies/self/depts');
    const console1 = await consoleCounts();
    expect([console1.get(sales.id), console1.get(east.id)]).toEqual([4, 3]);
    const directory1 = await directoryCounts();
    expect([directory1.get(sales.id), directory1.get(east.id)]).toEqual([4, 3]);

    // A disabled department leaves the directory and its parent's count; the console still counts its people.
    expect((await adminClient.post(`/admin/v1/depts/${east.id}/disable`)).statusCode).toBe(200);
    const console2 = await consoleCounts();
    expect([console2.get(sales.id), console2.get(east.id)]).toEqual([2, 3]);
    const directory2 = await directoryCounts();
    expect([directory2.get(sales.id), directory2.has(east.id)]).toEqual([2, false]);
  });
});

describe('CSV import', () => {
  const good = [
    'account,name,email,department,title,quota_gb',
    'imp.one,"Li, Ming",imp.one@acme.example,Acme/Imported/Team A,Engineer,2',
    'imp.two,王五,imp.two@acme.example,Imported/Team B,,',
  ].join('\n');

  test('a dry run reports per row; bad rows make the import apply nothing', async () => {
    const bad = `${good}\nimp.three,,,Imported,,\n12345,Digits,,,,\nimp.one,Again,,,,\nimp.four,Four,not-an-email,,,`;
    const dry = await adminClient.post('/admin/v1/import/people', { csv: bad, dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const report = dry.json();
    expect(report.rows.map((r: { action: string }) => r.action)).toEqual([
      'create',
      'create',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(report.rows[2].errors).toEqual(['InvalidNickname']);
    expect(report.rows[3].errors).toEqual(['InvalidAccount']);
    expect(report.rows[4].errors).toEqual(['accountInUse']);
    expect(report.rows[5].errors).toEqual(['InvalidEmail']);
    expect(report.new_departments).toEqual(['Acme/Imported', 'Acme/Imported/Team A', 'Acme/Imported/Team B']);

    const refused = await adminClient.post('/admin/v1/import/people', { csv: bad, dry_run: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().result).toBe('importInvalid');
    const db = t.database.db;
    expect(
      await db.selectFrom('users').select('id').where('unique_name', 'like', 'imp.%').execute(),
    ).toHaveLength(0);
    expect(
      await db.selectFrom('departments').select('id').where('name', '=', 'Imported').execute(),
    ).toHaveLength(0);

    expect(
      (await adminClient.post('/admin/v1/import/people', { csv: 'name\nx', dry_run: true })).json().result,
    ).toBe('importInvalid');
  });

  test('the import applies all rows; the same file again changes nothing', async () => {
    const res = await adminClient.post('/admin/v1/import/people', { csv: good, dry_run: false });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ applied: true, summary: { create: 2, update: 0, error: 0 } });
    expect(report.passwords.map((p: { account: string }) => p.account)).toEqual(['imp.one', 'imp.two']);
    const one = (await adminClient.get('/admin/v1/users?q=imp.one')).json().users[0];
    expect(one).toMatchObject({
      nick_name: 'Li, Ming',
      title: 'Engineer',
      must_change_password: true,
      depts: [{ display_path_name: 'Acme/Imported/Team A' }],
      quota: { own_total: 2 * GIB },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/p/login',
      payload: { account: 'imp.two', password: report.passwords[1].temporary_password },
    });
    expect(login.json().must_change_password).toBe(true);

    const before = await t.database.db.selectFrom('audit_log').select('id').execute();
    const again = await adminClient.post('/admin/v1/import/people', { csv: good, dry_run: false });
    expect(again.json()).toMatchObject({
      applied: true,
      summary: { create: 0, update: 0, unchanged: 2 },
      new_departments: [],
    });
    expect(await t.database.db.selectFrom('audit_log').select('id').execute()).toHaveLength(before.length);

    const changed = good.replace('Engineer', 'Manager');
    const update = (
      await adminClient.post('/admin/v1/import/people', { csv: changed, dry_run: true })
    ).json();
    expect(update.rows[0]).toMatchObject({ action: 'update', changes: ['title'] });
  });
});

describe('settings and quotas', () => {
  test('a changed setting reaches the settings call without a restart; bad values are refused', async () => {
    const plain = await (await t.makeUser({ companyId })).client();
    const read = async () =>
      (
        await plain.get(
          '/portal/v1/companies/encrypted_settings?names=allow_chat,custom_link_label,link_ranges',
        )
      ).json().settings;
    expect(await read()).toMatchObject({ allow_chat: false, custom_link_label: '' });

    const list = (await adminClient.get('/admin/v1/settings')).json().settings;
    expect(list.find((s: { name: string }) => s.name === 'allow_chat')).toMatchObject({
      value: false,
      default: false,
      customised: false,
    });

    expect((await adminClient.put('/admin/v1/settings/allow_chat', { value: true })).statusCode).toBe(200);
    expect(
      (await adminClient.put('/admin/v1/settings/custom_link_label', { value: 'Wiki' })).statusCode,
    ).toBe(200);
    expect(await read()).toMatchObject({ allow_chat: true, custom_link_label: 'Wiki' });

    const bad = await adminClient.put('/admin/v1/settings/allow_chat', { value: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result).toBe('settingInvalid');
    expect(
      (await adminClient.put('/admin/v1/settings/link_ranges', { value: ['group'] })).json().result,
    ).toBe('settingInvalid');
    expect(
      (await adminClient.put('/admin/v1/settings/custom_link_url', { value: 'javascript:alert(1)' }))
        .statusCode,
    ).toBe(400);
    expect((await adminClient.put('/admin/v1/settings/no_such_flag', { value: 1 })).statusCode).toBe(404);
    const audit = (await adminClient.get('/admin/v1/audit?action=setting.set')).json().entries;
    expect(audit[0]).toMatchObject({ target_id: 'custom_link_label', detail: { from: '', to: 'Wiki' } });
  });

  test('a stored setting goes back to its default; one the others would refuse is kept', async () => {
    const plain = await (await t.makeUser({ companyId })).client();
    const chat = async () =>
      (await plain.get('/portal/v1/companies/encrypted_settings?names=allow_chat')).json().settings
        .allow_chat;
    await adminClient.put('/admin/v1/settings/allow_chat', { value: true });
    expect(await chat()).toBe(true);
    const reset = await adminClient.delete('/admin/v1/settings/allow_chat');
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ name: 'allow_chat', value: false, customised: false });
    expect(await chat()).toBe(false);
    const audit = (await adminClient.get('/admin/v1/audit?action=setting.reset')).json().entries;
    expect(audit[0]).toMatchObject({ target_id: 'allow_chat', detail: { from: true, to: false } });

    // The default range (company) would not be among the allowed ranges: refused, nothing changes.
    await adminClient.put('/admin/v1/settings/default_link_range', { value: 'user' });
    await adminClient.put('/admin/v1/settings/link_ranges', { value: ['user'] });
    try {
      const refused = await adminClient.delete('/admin/v1/settings/default_link_range');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().result).toBe('settingInvalid');
      const list = (await adminClient.get('/admin/v1/settings')).json().settings;
      expect(list.find((s: { name: string }) => s.name === 'default_link_range')).toMatchObject({
        value: 'user',
        customised: true,
      });
    } finally {
      await adminClient.delete('/admin/v1/settings/link_ranges');
      await adminClient.delete('/admin/v1/settings/default_link_range');
    }
    expect((await adminClient.delete('/admin/v1/settings/no_such_flag')).statusCode).toBe(404);
  });

  test('the account suffix set in the console reaches the login page, which knows no company yet', async () => {
    const put = await adminClient.put('/admin/v1/settings/account_suffix', { value: '@console.example' });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const loggedOut = await t
        .anonymous()
        .get('/portal/v1/companies/encrypted_settings?names=account_suffix');
      expect(loggedOut.json().settings).toEqual({ account_suffix: '@console.example' });
      const list = (await adminClient.get('/admin/v1/settings')).json().settings;
      expect(list.find((s: { name: string }) => s.name === 'account_suffix')).toMatchObject({
        value: '@console.example',
        scope: 'deployment',
      });
    } finally {
      await adminClient.put('/admin/v1/settings/account_suffix', { value: '' });
    }
  });

  test('a private password rule the console accepts still lets it make people and reset passwords', async () => {
    const rule = {
      length_lowerbound: 6,
      length_upperbound: 6,
      type: ['digit', 'character', 'upper_lower_case', 'symbol'],
    };
    expect(
      (await adminClient.put('/admin/v1/settings/private_password_rule', { value: rule })).statusCode,
    ).toBe(200);
    expect((await adminClient.put('/admin/v1/settings/IS_PRIVATIZATION', { value: true })).statusCode).toBe(
      200,
    );
    try {
      const made = await adminClient.post('/admin/v1/users', {
        unique_name: 'tightrule',
        nick_name: 'Tight Rule',
      });
      expect(made.statusCode, made.body).toBeLessThan(300);
    } finally {
      await adminClient.put('/admin/v1/settings/IS_PRIVATIZATION', { value: false });
    }
  });

  test('usage per person, team and department, largest first; company total and defaults', async () => {
    const heavy = await t.makeUser({ companyId, account: 'heavy' });
    const light = await t.makeUser({ companyId, account: 'light' });
    const heavyClient = await heavy.client();
    const lightClient = await light.client();
    await upload(heavyClient, await myDrive(heavyClient), 0, 'big.bin', Buffer.alloc(5000, 1));
    await upload(lightClient, await myDrive(lightClient), 0, 'small.bin', Buffer.alloc(100, 1));
    const usage = (await adminClient.get('/admin/v1/quotas/usage?kind=user')).json().rows;
    expect(usage[0]).toMatchObject({ id: heavy.id, used: 5000 });
    expect(usage[1]).toMatchObject({ id: light.id, used: 100 });

    const company = await adminClient.put('/admin/v1/quotas/company', { total: 50 * GIB });
    expect(company.json().company).toMatchObject({ total: 50 * GIB, used: 5100 });
    const defaults = await adminClient.put('/admin/v1/quotas/defaults', { user: 1000 });
    expect(defaults.json().defaults.user).toBe(1000);
    // The new default applies at once: light has 100 of 1000, the next 1000 bytes are refused.
    const over = await lightClient.post(
      `/xfi/v1/me/volumes/${await myDrive(lightClient)}/files/0/upload-transactions`,
      { name: 'more.bin', size: 1000 },
    );
    expect(over.json().result).toBe('MySpaceFull');
    await adminClient.put('/admin/v1/quotas/defaults', { user: null });
  });

  test("departments that store as much come in the directory's order, not by their paths' text", async () => {
    const made = await Promise.all(
      ['Quarry', 'Orchard'].map(
        async (name) =>
          (await adminClient.post('/admin/v1/depts', { name, parent_id: rootId })).json().id as number,
      ),
    );
    // The one whose path's text comes last goes first in the directory (its sort).
    const byPath = await t.database.db
      .selectFrom('departments')
      .select('id')
      .where('id', 'in', made)
      .orderBy('path')
      .execute();
    await t.database.db.updateTable('departments').set({ sort: -1 }).where('id', '=', byPath[1].id).execute();
    const tree = ((await adminClient.get('/admin/v1/depts')).json().depts as { id: number }[]).map(
      (d) => d.id,
    );
    const rows = (await adminClient.get('/admin/v1/quotas/usage?kind=dept&limit=100')).json().rows as {
      id: number;
      used: number;
    }[];
    const empty = rows.filter((r) => r.used === 0).map((r) => r.id);
    expect(empty).toEqual(tree.filter((id) => empty.includes(id)));
    expect(empty.filter((id) => made.includes(id))).toEqual([byPath[1].id, byPath[0].id]);
  });
});

describe('inboxes', () => {
  test('feedback lands in the inbox; the outbox lists messages', async () => {
    const user = await (await t.makeUser({ companyId })).client();
    await user.post('/v1/feedback', { content: 'The console is handy' });
    const inbox = (await adminClient.get('/admin/v1/feedback')).json().feedback;
    expect(inbox[0]).toMatchObject({ content: 'The console is handy', handled_at: null });
    await adminClient.post(`/admin/v1/feedback/${inbox[0].id}/handle`);
    expect((await adminClient.get('/admin/v1/feedback')).json().feedback).toHaveLength(0);
    expect((await adminClient.get('/admin/v1/feedback?status=handled')).json().feedback).toHaveLength(1);

    await t.services.outbox.send({
      channel: 'mail',
      to: 'x@acme.example',
      subject: 'Hi',
      body: 'Body',
      kind: 'test',
    });
    const outbox = (await adminClient.get('/admin/v1/outbox?recipient=x@acme')).json().messages;
    expect(outbox[0]).toMatchObject({ recipient: 'x@acme.example', state: 'stored', kind: 'test' });
  });

  test('temporary passwords follow the shared generator', () => {
    expect(generateTemporaryPassword()).toMatch(/\d{4}$/);
  });
});
