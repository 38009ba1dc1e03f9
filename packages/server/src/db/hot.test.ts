import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/helpers.ts';
import { hotQuery } from './hot.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
  await t.database.db
    .insertInto('settings')
    .values(
      ['a', 'b', 'c', 'd'].map((name, i) => ({ company_id: -7, name, value: String(i), updated_at: i })),
    )
    .execute();
});
afterAll(async () => {
  await t.close();
});

const byNames = hotQuery((db, companyId: number, names: string[]) =>
  db
    .selectFrom('settings')
    .select(['name', 'value'])
    .where('company_id', '=', companyId)
    .where('name', 'in', names)
    .orderBy('name'),
);

describe('hotQuery', () => {
  test('answers what the builder answers, for new values and lists of any length', async () => {
    const { db } = t.database;
    expect(await byNames.all(db, -7, ['a', 'c'])).toEqual([
      { name: 'a', value: '0' },
      { name: 'c', value: '2' },
    ]);
    // The same shape with other values, then other lengths: each list length has its own plan.
    expect(await byNames.all(db, -7, ['b', 'd'])).toEqual([
      { name: 'b', value: '1' },
      { name: 'd', value: '3' },
    ]);
    expect((await byNames.all(db, -7, ['d'])).map((r) => r.name)).toEqual(['d']);
    expect((await byNames.all(db, -7, ['a', 'b', 'c'])).map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(await byNames.all(db, -8, ['a', 'b'])).toEqual([]);
    expect(await byNames.first(db, -7, ['c', 'x'])).toEqual({ name: 'c', value: '2' });
  });

  test('runs inside a transaction and sees its writes', async () => {
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('settings')
        .values({ company_id: -7, name: 'e', value: '4', updated_at: 4 })
        .execute();
      expect(await byNames.first(trx, -7, ['e'])).toEqual({ name: 'e', value: '4' });
    });
  });

  test('refuses a builder that does not take every argument as a parameter', async () => {
    const fixed = hotQuery((db, _companyId: number) =>
      db.selectFrom('settings').select('name').where('company_id', '=', -7),
    );
    await expect(fixed.all(t.database.db, -7)).rejects.toThrow('1 arguments but 0 parameters');
  });
});
