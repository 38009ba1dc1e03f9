import { afterAll, beforeAll, expect, test } from 'vitest';
import { demoOf } from '../../test/demo.ts';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { seedDemo } from './demo.ts';
import { seedDemoDrive } from './drive.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

test('the demo drive gives teams members and a lived-in tree of files', async () => {
  const { password } = await demoOf(t.database.db, {
    dataDir: t.config.dataDir,
    password: 'Demo-pass-1',
    now: () => t.clock.now,
  });
  const { spaces, files, blobs } = t.services;
  await seedDemoDrive({ db: t.database.db, spaces, files, blobs, now: () => t.clock.now });

  const c = await t.login('wangfang', password);
  const groups = (await c.get('/api/v3/groups?ignore=tmp,special')).json().groups;
  const rd = groups.find((g: { name: string }) => g.name === '研发中心');
  expect(rd).toMatchObject({ type: 2, user_role: 'member' });
  expect(rd.member_count).toBe(11);

  const root = (await c.get(`/api/v3/groups/${rd.id}/files?orderby=name&order=asc`)).json();
  expect(root.files.map((f: { fname: string }) => f.fname)).toEqual(
    expect.arrayContaining(['需求文档', '设计方案', '周报', '测试报告', 'README.txt']),
  );
  const weekly = root.files.find((f: { fname: string }) => f.fname === '周报');
  const page = (await c.get(`/api/v3/groups/${rd.id}/files?parentid=${weekly.fileid}`)).json();
  expect(page.total).toBeGreaterThanOrEqual(200);
  expect(page.more).toBe(true);
  expect(new Set(page.files.map((f: { modifier: { id: number } }) => f.modifier.id)).size).toBeGreaterThan(1);

  const design = root.files.find((f: { fname: string }) => f.fname === '设计方案');
  const pdf = (await c.get(`/api/v3/groups/${rd.id}/files?parentid=${design.fileid}`))
    .json()
    .files.find((f: { extname: string }) => f.extname === 'pdf');
  const bytes = (await c.get(`/api/v3/groups/${rd.id}/files/${pdf.fileid}/download`)).rawPayload;
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect(bytes.toString('latin1')).toMatch(/%%EOF\n$/);

  const mine = await t.login('zhangwei', password);
  const drive = (await mine.get('/api/v3/groups/special')).json();
  expect(drive.space.used).toBeGreaterThan(0);
  // read-only members see the team but cannot write
  const reader = await t.login('david', password);
  const denied = await reader.post(`/api/v3/groups/${rd.id}/files`, { parentid: 0, name: 'x' });
  expect(denied.statusCode).toBe(403);

  // Contracts converts office documents: they are security documents, the text file is not.
  const emma = await t.login('emma', password);
  const contracts = (await emma.get('/api/v3/groups?ignore=tmp,special'))
    .json()
    .groups.find((g: { name: string }) => g.name === 'Contracts');
  expect((await emma.get(`/api/v3/groups/${contracts.id}`)).json()).toMatchObject({ auto_convert_state: 1 });
  const docs = (await emma.get(`/api/v3/groups/${contracts.id}/files?orderby=name&order=asc`)).json().files;
  expect(docs.map((f: { fname: string; safeFile: boolean }) => [f.fname, f.safeFile])).toEqual([
    ['How we keep contracts.txt', false],
    ['NDA template.docx', true],
    ['Price list 2026.xlsx', true],
  ]);
});
