import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { myDrive, upload } from '../../../test/drive.ts';
import { makeTestApp, type TestApp } from '../../../test/helpers.ts';

// The maintenance job's read of the drift, with a hook to run a real request right after it: the
// way to put a rename between that read and the job's writes, as the hourly job meets live traffic.
const afterDriftRead = vi.hoisted(() => ({ run: undefined as (() => Promise<void>) | undefined }));
vi.mock('./repo.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('./repo.ts')>();
  return {
    ...original,
    async driftIn(...args: Parameters<typeof original.driftIn>) {
      const drift = await original.driftIn(...args);
      const run = afterDriftRead.run;
      afterDriftRead.run = undefined;
      await run?.();
      return drift;
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

test('a rename that commits while the maintenance job runs is not overwritten with the old name', async () => {
  const user = await t.makeUser();
  const c = await user.client();
  const gid = await myDrive(c);
  const f = await upload(c, gid, 0, 'maintained draft.txt', Buffer.from('x'));
  await t.services.searchIndexer.upToDate();
  const db = t.database.db;
  // Its row lost: the job finds it missing and reads it...
  await db.deleteFrom('search_docs').where('file_id', '=', f.fileid).execute();
  afterDriftRead.run = async () => {
    // ...and the file is renamed (and indexed under its new name) before the job writes.
    const renamed = await c.put(`/api/v3/groups/${gid}/files/${f.fileid}`, { fname: 'maintained final.txt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await t.services.searchIndexer.upToDate();
  };
  await t.services.searchIndexer.maintain();
  expect(afterDriftRead.run).toBeUndefined();
  const row = await db
    .selectFrom('search_docs')
    .select('name_key')
    .where('file_id', '=', f.fileid)
    .executeTakeFirst();
  expect(row?.name_key).toBe('maintained final.txt');
  const found = await c.get('/xfisearch/v1/me/base/search/files?searchname=maintained');
  expect(found.json().files.map((x: { fname: string }) => x.fname)).toEqual(['maintained final.txt']);
});
