import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoOf } from '../../test/demo.ts';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { claimDemoSeeding, DEMO_CLAIM_SECONDS, demoPending, markDemoComplete, seedDemo } from './demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

test('the demo organisation is seeded once, and its users can log in', async () => {
  const first = await demoOf(t.database.db, { dataDir: t.config.dataDir, now: () => t.clock.now });
  expect(first.created).toBe(true);
  const second = await demoOf(t.database.db, { dataDir: t.config.dataDir, now: () => t.clock.now });
  expect(second.created).toBe(false);
  expect(second.password).toBe(first.password);

  const { db } = t.database;
  const users = await db.selectFrom('users').selectAll().execute();
  expect(users.length).toBeGreaterThanOrEqual(31);
  expect(new Set(users.map((u) => u.unique_name)).size).toBe(users.length);
  expect(users.filter((u) => u.source === 'sync')).toHaveLength(1);
  expect(users.some((u) => /[\u4e00-\u9fff]/.test(u.nick_name))).toBe(true);
  expect(users.some((u) => /^[A-Za-z ]+$/.test(u.nick_name))).toBe(true);

  const members = await db.selectFrom('company_members').select('user_id').execute();
  const general = users.filter((u) => !members.some((m) => m.user_id === u.id));
  expect(general).toHaveLength(1);
  expect(general[0].vip_level).toBeGreaterThan(0);

  // three levels: company root -> centre -> group
  const depts = await db.selectFrom('departments').selectAll().execute();
  expect(Math.max(...depts.map((d) => d.path.split('/').filter(Boolean).length))).toBe(3);

  const file = `${t.config.dataDir}/demo-logins.txt`;
  expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  expect(fs.readFileSync(file, 'utf8')).toContain(first.password);

  const admin = await t.login('admin', first.password);
  expect((await admin.get('/v1/users/self')).json()).toMatchObject({
    unique_name: 'admin',
    is_company_admin: true,
  });
});

test('DEMO_PASSWORD sets the shared password', async () => {
  const app = await makeTestApp();
  try {
    const res = await demoOf(app.database.db, {
      dataDir: app.config.dataDir,
      password: 'Fixed-Demo-42',
      now: () => app.clock.now,
    });
    expect(res.password).toBe('Fixed-Demo-42');
    await expect(app.login('alice', 'Fixed-Demo-42')).resolves.toBeDefined();
  } finally {
    await app.close();
  }
});

test('a start stopped before the organisation was stored keeps the password it printed', async () => {
  const app = await makeTestApp();
  try {
    fs.mkdirSync(app.config.dataDir, { recursive: true });
    fs.writeFileSync(
      `${app.config.dataDir}/demo-logins.txt`,
      'Cirrus demo logins\npassword: Printed-Once-7\n',
    );
    const res = await demoOf(app.database.db, { dataDir: app.config.dataDir, now: () => app.clock.now });
    expect(res).toMatchObject({ created: true, pending: true, password: 'Printed-Once-7' });
    await expect(app.login('kate', 'Printed-Once-7')).resolves.toBeDefined();
  } finally {
    await app.close();
  }
});

test('one start seeds the demo: another waits on its claim, and takes over one not renewed', async () => {
  const app = await makeTestApp();
  try {
    const { db } = app.database;
    await demoOf(db, { dataDir: app.config.dataDir, now: () => app.clock.now });
    const t0 = app.clock.now;
    expect(await claimDemoSeeding(db, t0, 'a')).toBe(true);
    expect(await claimDemoSeeding(db, t0 + 1, 'b')).toBe(false);
    expect(await claimDemoSeeding(db, t0 + 20, 'a')).toBe(true);
    expect(await claimDemoSeeding(db, t0 + 20 + DEMO_CLAIM_SECONDS, 'b')).toBe(false);
    expect(await claimDemoSeeding(db, t0 + 21 + DEMO_CLAIM_SECONDS, 'b')).toBe(true);
    await markDemoComplete(db);
    expect(await demoPending(db)).toBe(false);
    expect(await claimDemoSeeding(db, t0 + 100, 'c')).toBe(false);
  } finally {
    await app.close();
  }
});

test('a deployment made with setup gets no demo beside its company, even with an account named admin', async () => {
  const app = await makeTestApp();
  try {
    const companyId = await app.makeCompany('Acme');
    await app.makeUser({ account: 'admin', companyId, roles: 'admin' });
    expect(
      await seedDemo(app.database.db, { dataDir: app.config.dataDir, now: () => app.clock.now }),
    ).toBeUndefined();
    expect(await app.database.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect(fs.existsSync(`${app.config.dataDir}/demo-logins.txt`)).toBe(false);
  } finally {
    await app.close();
  }
});
