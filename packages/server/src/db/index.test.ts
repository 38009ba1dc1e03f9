import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type OpenedDb, openDb } from './index.ts';

// The SQLite connection keeps its statements and reads rows as arrays (keepingStatements,
// readingRows): what a query answers must not change for it.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-db-'));
let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDb(`sqlite://${path.join(dir, 'x.db')}`);
  await sql`create table t_rows (id integer primary key, name text, size integer, data blob)`.execute(
    opened.db,
  );
});
afterAll(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const all = <R>(query: string) => sql.raw<R>(query).execute(opened.db);

describe('SQLite rows', () => {
  test('are objects keyed by column, with every type as better-sqlite3 reads it', async () => {
    await all(`insert into t_rows (id, name, size, data) values (1, 'a', 10, x'0102'), (2, null, 2.5, null)`);
    const { rows } = await all('select * from t_rows order by id');
    expect(rows).toEqual([
      { id: 1, name: 'a', size: 10, data: Buffer.from([1, 2]) },
      { id: 2, name: null, size: 2.5, data: null },
    ]);
    // The same statement again, from the kept statements, with new values.
    expect((await all('select * from t_rows order by id')).rows).toHaveLength(2);
  });

  test('take the later of two columns of one name, and any name as a key', async () => {
    const { rows } = await all(
      `select id, name as id, 'x' as "a""b}", 1 as "constructor" from t_rows where id = 1`,
    );
    expect(rows).toEqual([{ id: 'a', 'a"b}': 'x', constructor: 1 }]);
    const [proto] = (await all<Record<string, unknown>>(`select 5 as "__proto__"`)).rows;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(proto, '__proto__')?.value).toBe(5);
  });

  test('follow a change of schema under a kept `select *`', async () => {
    const query = 'select * from t_rows where id = 1';
    expect(Object.keys((await all<object>(query)).rows[0] ?? {})).toEqual(['id', 'name', 'size', 'data']);
    await all("alter table t_rows add column extra text default 'e'");
    expect((await all(query)).rows[0]).toEqual({
      id: 1,
      name: 'a',
      size: 10,
      data: Buffer.from([1, 2]),
      extra: 'e',
    });
  });

  test('stream as objects', async () => {
    await opened.db
      .insertInto('settings')
      .values(['p', 'q'].map((name) => ({ company_id: -8, name, value: name, updated_at: 1 })))
      .execute();
    const query = opened.db.selectFrom('settings').select(['name', 'value']).where('company_id', '=', -8);
    const rows = [];
    for await (const row of query.orderBy('name').stream()) rows.push(row);
    expect(rows).toEqual([
      { name: 'p', value: 'p' },
      { name: 'q', value: 'q' },
    ]);
  });

  test('writes answer what they changed', async () => {
    const inserted = await opened.db
      .insertInto('settings')
      .values({ company_id: -9, name: 'n', value: 'v', updated_at: 1 })
      .executeTakeFirst();
    expect(inserted.numInsertedOrUpdatedRows).toBe(1n);
    const returned = await opened.db
      .updateTable('settings')
      .set({ value: 'w' })
      .where('company_id', '=', -9)
      .returning(['name', 'value'])
      .execute();
    expect(returned).toEqual([{ name: 'n', value: 'w' }]);
  });
});

describe('reads outside a transaction', () => {
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

  test('share one snapshot until the turn of the event loop ends; our own writes are seen at once', async () => {
    await all('create table t_turns (id integer primary key, n integer)');
    await all('insert into t_turns (id, n) values (1, 0)');
    await nextTurn();
    const other = new SqliteDatabase(path.join(dir, 'x.db'));
    try {
      const read = async () => (await all<{ n: number }>('select n from t_turns where id = 1')).rows[0].n;
      expect(await read()).toBe(0);
      // Another process commits in the middle of the turn: this turn's reads keep their snapshot.
      other.prepare('update t_turns set n = 5 where id = 1').run();
      expect(await read()).toBe(0);
      // A request arriving ends the shared read: it sees every commit made before it.
      opened.freshReads();
      expect(await read()).toBe(5);
      // A write of ours ends the shared read first, and the next read sees it in the same turn.
      await all('update t_turns set n = 6 where id = 1');
      expect(await read()).toBe(6);
      // So does a transaction.
      await opened.db.transaction().execute(async (trx) => {
        await sql`update t_turns set n = 7 where id = 1`.execute(trx);
      });
      expect(await read()).toBe(7);
      // Nothing is left open once the turn is over: another connection can write and checkpoint.
      await nextTurn();
      other.prepare('update t_turns set n = 8 where id = 1').run();
      expect(other.pragma('wal_checkpoint(TRUNCATE)', { simple: false })).toEqual([
        { busy: 0, log: 0, checkpointed: 0 },
      ]);
      expect(await read()).toBe(8);
    } finally {
      other.close();
    }
  });
});
