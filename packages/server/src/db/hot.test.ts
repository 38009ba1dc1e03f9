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

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve: () => resolve() };
}

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

  test('a select outside a transaction never sees the uncommitted writes of one under way', async () => {
    const { db } = t.database;
    const held = deferred();
    const inserted = deferred();
    const writing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('settings')
        .values({ company_id: -7, name: 'f', value: '5', updated_at: 5 })
        .execute();
      inserted.resolve();
      await held.promise;
    });
    await inserted.promise;
    let committed = false;
    // SQLite: the read waits for the one connection and then sees the commit; PostgreSQL: another
    // connection answers at once, without the row. Never the row before its commit.
    const reading = byNames.first(db, -7, ['f']).then((row) => ({ row, committed }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    committed = true;
    held.resolve();
    await writing;
    const seen = await reading;
    const row = { name: 'f', value: '5' };
    if (!seen.committed) expect(seen.row).toBeUndefined();
    // SQLite's read waited for the commit, so it has the row. PostgreSQL's may have been answered
    // before the commit and reached us after it (a slow machine): then without the row.
    else if (t.database.dialect === 'sqlite') expect(seen.row).toEqual(row);
    else expect([undefined, row]).toContainEqual(seen.row);
  });

  test('a select does not wait for a connection held outside a transaction', async () => {
    const { db } = t.database;
    const held = deferred();
    const holding = deferred();
    const holder = db.connection().execute(async () => {
      holding.resolve();
      await held.promise;
    });
    await holding.promise;
    // Nothing is uncommitted on the held connection, so the read goes ahead (db/hot.ts).
    expect(await byNames.first(db, -7, ['a'])).toEqual({ name: 'a', value: '0' });
    held.resolve();
    await holder;
  });

  test('takes records (the row of an insert) one parameter per defined property, and runs writes', async () => {
    const { db } = t.database;
    const insert = hotQuery(
      (db, row: { company_id: number; name: string; value: string; updated_at?: number }) =>
        db.insertInto('settings').values({ updated_at: 0, ...row }),
    );
    const first = await insert.run(db, { company_id: -9, name: 'x', value: '1', updated_at: 5 });
    expect(first.numAffectedRows).toBe(1n);
    // Without updated_at: another shape, whose SQL leaves the column to the builder's default.
    await insert.run(db, { company_id: -9, name: 'y', value: '2', updated_at: undefined });
    await insert.run(db, { company_id: -9, name: 'z', value: '3' });
    const rows = await db
      .selectFrom('settings')
      .select(['name', 'value', 'updated_at'])
      .where('company_id', '=', -9)
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: 'x', value: '1', updated_at: 5 },
      { name: 'y', value: '2', updated_at: 0 },
      { name: 'z', value: '3', updated_at: 0 },
    ]);
    const bump = hotQuery((db, companyId: number, by: number) =>
      db
        .updateTable('settings')
        .set((eb) => ({ updated_at: eb('updated_at', '+', by) }))
        .where('company_id', '=', companyId),
    );
    expect((await bump.run(db, -9, 10)).numAffectedRows).toBe(3n);
    expect(await byNames.all(db, -9, ['x'])).toEqual([{ name: 'x', value: '1' }]);
    const after = await db.selectFrom('settings').select('updated_at').where('company_id', '=', -9).execute();
    expect(after.map((r) => r.updated_at).sort()).toEqual([10, 10, 15]);
  });

  test("a transaction's hot writes move the write clock when it commits, never before nor on a rollback", async () => {
    const { db, writes, dialect } = t.database;
    const insert = hotQuery(
      (db, row: { company_id: number; name: string; value: string; updated_at: number }) =>
        db.insertInto('settings').values(row),
    );
    const setValue = hotQuery((db, companyId: number, value: string) =>
      db.updateTable('settings').set({ value }).where('company_id', '=', companyId),
    );
    // PostgreSQL cannot see other processes' commits, so nothing is cached there (version undefined).
    const clocked = dialect === 'sqlite';
    const before = writes.version(['settings']);
    await db.transaction().execute(async (trx) => {
      const inserted = await insert.run(trx, { company_id: -11, name: 'p', value: '1', updated_at: 1 });
      expect(inserted.numAffectedRows).toBe(1n);
      await insert.run(trx, { company_id: -11, name: 'q', value: '2', updated_at: 2 });
      expect((await setValue.run(trx, -11, 'w')).numAffectedRows).toBe(2n);
      expect(await byNames.all(trx, -11, ['p', 'q'])).toEqual([
        { name: 'p', value: 'w' },
        { name: 'q', value: 'w' },
      ]);
      // Uncommitted: a cache may keep what it read before.
      expect(writes.version(['settings'])).toBe(before);
    });
    const committed = writes.version(['settings']);
    if (clocked) expect(committed).not.toBe(before);

    await expect(
      db.transaction().execute(async (trx) => {
        await setValue.run(trx, -11, 'z');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(writes.version(['settings'])).toBe(committed);
    expect((await byNames.all(db, -11, ['p', 'q'])).map((r) => r.value)).toEqual(['w', 'w']);
  });

  test('refuses a builder that does not take every argument as a parameter', async () => {
    const fixed = hotQuery((db, _companyId: number) =>
      db.selectFrom('settings').select('name').where('company_id', '=', -7),
    );
    await expect(fixed.all(t.database.db, -7)).rejects.toThrow('1 arguments but 0 parameters');
  });
});
