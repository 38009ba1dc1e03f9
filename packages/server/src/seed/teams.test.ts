import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoOf } from '../../test/demo.ts';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { markDemoComplete, seedDemo } from './demo.ts';
import { seedDemoDrive } from './drive.ts';
import { seedDemoTeams } from './teams.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

test('the demo teams follow their departments; a chat and a waiting approval exist', async () => {
  const { password } = await demoOf(t.database.db, {
    dataDir: t.config.dataDir,
    password: 'Demo-pass-1',
    now: () => t.clock.now,
  });
  await seedDemoDrive({ db: t.database.db, ...t.services, now: () => t.clock.now });
  await seedDemoTeams({ db: t.database.db, ...t.services });

  // huangting has no role of her own in 研发中心: the department brings her in as a member
  const tester = await t.login('huangting', password);
  const rd = (await tester.get('/api/v3/groups?ignore=tmp,special'))
    .json()
    .groups.find((g: { name: string }) => g.name === '研发中心');
  expect(rd).toMatchObject({ type: 2, user_role: 'member' });
  // people with roles keep them (named, and in the department: they leave with it)
  const reader = await t.login('david', password);
  expect((await reader.get(`/api/v3/groups/${rd.id}`)).json().self_member).toEqual({
    team_role: 4,
    via_dept: false,
    in_dept: true,
  });

  const zhang = await t.login('zhangwei', password);
  const chats = (await zhang.get('/v1/companies/self/users/self/groups?type=1')).json().groups;
  expect(chats).toMatchObject([{ name: '午餐小分队', member_count: 5 }]);
  // the team conversations open on a few messages; those after his own are unread
  const conversations = (await zhang.get('/api/v3/yun_msg/conversations')).json();
  expect(conversations).toMatchObject({
    conversations: expect.arrayContaining([
      expect.objectContaining({ name: '午餐小分队', unread: 2 }),
      expect.objectContaining({ name: '研发中心', unread: 1 }),
    ]),
  });

  const admin = await t.login('admin', password);
  const waiting = (await admin.get('/v1/companies/self/group_approval')).json().approvals;
  expect(waiting).toMatchObject([
    { name: '2026 用户调研', status: 'pending', applicant: { nick_name: '吴昊' } },
  ]);
  expect((await admin.get('/xnc/v1/notices')).json().unread).toBe(1);
  // The demo drive writes a few hundred files first: slow on a busy PostgreSQL.
}, 120_000);

test('a start stopped half-way through seeding carries on the next time, without doubles', async () => {
  const app = await makeTestApp();
  try {
    const { db } = app.database;
    const now = () => app.clock.now;
    const seed = () => demoOf(db, { dataDir: app.config.dataDir, now });
    const first = await seed();
    expect(first.pending).toBe(true);
    // the process dies at the 40th file
    let puts = 0;
    const dying = {
      ...app.services.blobs,
      putBuffer: (bytes: Buffer) => {
        if (++puts === 40) throw new Error('killed');
        return app.services.blobs.putBuffer(bytes);
      },
    };
    await expect(seedDemoDrive({ db, ...app.services, blobs: dying, now })).rejects.toThrow('killed');

    const again = await seed();
    expect(again).toMatchObject({ created: false, pending: true, password: first.password });
    await seedDemoDrive({ db, ...app.services, now });
    await seedDemoTeams({ db, ...app.services });
    await seedDemoTeams({ db, ...app.services });
    await markDemoComplete(db);
    expect((await seed()).pending).toBe(false);

    const teams = await db.selectFrom('groups').select('name').where('type', '=', 'team').execute();
    const names = teams.map((g) => g.name);
    expect(names.filter((n) => n === '研发中心')).toHaveLength(1);
    expect(names.filter((n) => n === '午餐小分队')).toHaveLength(1);
    const approvals = await db.selectFrom('group_approvals').select('id').execute();
    expect(approvals).toHaveLength(1);
    const messages = await db.selectFrom('chat_messages').select('id').execute();
    expect(messages).toHaveLength(6);
    // the same files as a seeding that never stopped: one of each name in each folder, one version each
    const files = await db.selectFrom('files').select(['group_id', 'parent_id', 'name_key']).execute();
    const keys = new Set(files.map((f) => `${f.group_id}/${f.parent_id}/${f.name_key}`));
    expect(keys.size).toBe(files.length);
    const clean = await makeTestApp();
    try {
      await seedDemo(clean.database.db, { dataDir: clean.config.dataDir, now });
      await seedDemoDrive({ db: clean.database.db, ...clean.services, now });
      const cleanFiles = await clean.database.db.selectFrom('files').select('id').execute();
      expect(files).toHaveLength(cleanFiles.length);
    } finally {
      await clean.close();
    }
  } finally {
    await app.close();
  }
});
