import { afterAll, beforeAll, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { seedDemo } from './demo.ts';
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
  const { password } = await seedDemo(t.database.db, {
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

  const admin = await t.login('admin', password);
  const waiting = (await admin.get('/v1/companies/self/group_approval')).json().approvals;
  expect(waiting).toMatchObject([
    { name: '2026 用户调研', status: 'pending', applicant: { nick_name: '吴昊' } },
  ]);
  expect((await admin.get('/xnc/v1/notices')).json().unread).toBe(1);
  // The demo drive writes a few hundred files first: slow on a busy PostgreSQL.
}, 120_000);
