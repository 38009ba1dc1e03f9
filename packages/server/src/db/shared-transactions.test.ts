import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type OpenedDb, openDb, type Trx } from './index.ts';
import { sharedTransactions } from './shared-transactions.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-shared-'));
const file = path.join(dir, 'x.db');
let opened: OpenedDb;
beforeAll(async () => {
  opened = await openDb(`sqlite://${file}`);
  await sql`create table t_items (id integer primary key, name text)`.execute(opened.db);
});
beforeEach(async () => {
  await sql`delete from t_items`.execute(opened.db);
});
afterAll(async () => {
  await opened.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const insert = (trx: Trx, id: number) =>
  sql`insert into t_items (id, name) values (${id}, ${`n${id}`})`.execute(trx);
const ids = async () =>
  (await sql<{ id: number }>`select id from t_items order by id`.execute(opened.db)).rows.map((r) => r.id);
/** How many commits this process has made (the write clock counts them). */
const commits = () => Number(opened.writes.version()?.split(':')[0]);

describe('shared transactions', () => {
  test('the calls of one turn commit together, each seeing what the ones before it wrote', async () => {
    const before = commits();
    const seen: number[] = [];
    const calls = [1, 2, 3].map((id) =>
      opened.shared(async (trx) => {
        seen.push(
          Number((await sql<{ n: number }>`select count(*) as n from t_items`.execute(trx)).rows[0].n),
        );
        await insert(trx, id);
        return id * 10;
      }),
    );
    expect(await Promise.all(calls)).toEqual([10, 20, 30]);
    expect(seen).toEqual([0, 1, 2]);
    expect(await ids()).toEqual([1, 2, 3]);
    expect(commits() - before).toBe(1);
  });

  test('calls of later turns have transactions of their own', async () => {
    const before = commits();
    await opened.shared((trx) => insert(trx, 1));
    await opened.shared((trx) => insert(trx, 2));
    expect(await ids()).toEqual([1, 2]);
    expect(commits() - before).toBe(2);
  });

  test('a call that fails rolls back only its own writes, and fails alone', async () => {
    const first = opened.shared((trx) => insert(trx, 1));
    const failing = opened.shared(async (trx) => {
      await insert(trx, 2);
      throw new Error('refused');
    });
    // A constraint that fails a statement half way through the call.
    const duplicate = opened.shared(async (trx) => {
      await insert(trx, 4);
      await insert(trx, 1);
    });
    const last = opened.shared((trx) => insert(trx, 3));
    await expect(failing).rejects.toThrow('refused');
    await expect(duplicate).rejects.toThrow(/UNIQUE|PRIMARY KEY/);
    await first;
    await last;
    expect(await ids()).toEqual([1, 3]);
  });

  test('a call is answered only once the shared transaction has committed', async () => {
    const other = new SqliteDatabase(file, { readonly: true });
    try {
      const count = () => (other.prepare('select count(*) as n from t_items').get() as { n: number }).n;
      const calls = [1, 2].map((id) => opened.shared((trx) => insert(trx, id)));
      await calls[0];
      // Another connection (another process, say) sees both rows once the first call is answered.
      expect(count()).toBe(2);
      await calls[1];
    } finally {
      other.close();
    }
  });

  test('a failure that ends the whole transaction fails every call of it, and nothing is kept', async () => {
    const first = opened.shared((trx) => insert(trx, 1));
    const ending = opened.shared(async (trx) => {
      await insert(trx, 2);
      // What SQLite does by itself on a full disk or an I/O error: the transaction is gone.
      await sql`rollback`.execute(trx);
      throw new Error('disk full');
    });
    const last = opened.shared((trx) => insert(trx, 3));
    const outcomes = await Promise.allSettled([first, ending, last]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(await ids()).toEqual([]);
    // The connection is usable again.
    await opened.shared((trx) => insert(trx, 5));
    expect(await ids()).toEqual([5]);
  });

  test('calls made while the WAL is being flushed wait for the flush and commit together', async () => {
    let endFlush = () => {};
    let running: Promise<void> | undefined = new Promise<void>((resolve) => {
      endFlush = () => {
        running = undefined;
        resolve();
      };
    });
    const own = sharedTransactions(opened.db, { sharing: true, flushing: () => running });
    const before = commits();
    const first = own((trx) => insert(trx, 1));
    // Calls of later turns, all while the flush runs.
    await new Promise((r) => setImmediate(r));
    const second = own((trx) => insert(trx, 2));
    await new Promise((r) => setTimeout(r, 5));
    const third = own((trx) => insert(trx, 3));
    await new Promise((r) => setTimeout(r, 5));
    expect(await ids()).toEqual([]);
    endFlush();
    await Promise.all([first, second, third]);
    expect(await ids()).toEqual([1, 2, 3]);
    expect(commits() - before).toBe(1);
    // With no flush running, a call commits at the end of its turn.
    await own((trx) => insert(trx, 4));
    expect(commits() - before).toBe(2);
  });

  test('without sharing, each call has a transaction of its own', async () => {
    const own = sharedTransactions(opened.db, { sharing: false });
    const before = commits();
    await Promise.all([1, 2, 3].map((id) => own((trx) => insert(trx, id))));
    expect(await ids()).toEqual([1, 2, 3]);
    expect(commits() - before).toBe(3);
  });
});
