import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { type GroupCommit, groupCommit } from './group-commit.ts';
import { openDb } from './index.ts';
import { watchWrites } from './write-clock.ts';

/** A flush that finishes only when the test says so, counting how often it began. */
function manualFlush() {
  const pending: Array<{ resolve: () => void; reject: (err: Error) => void }> = [];
  return {
    started: () => pending.length,
    finish: (i: number) => pending[i].resolve(),
    fail: (i: number, err: Error) => pending[i].reject(err),
    flush: () => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })),
  };
}

const settled = async <T>(p: Promise<T>) => {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setTimeout(r, 5));
  return done;
};

describe('group commit', () => {
  test('commits made while a flush runs share the next flush, and wait for it', async () => {
    const m = manualFlush();
    const group = groupCommit(m.flush);
    const first = group.durable(group.committed());
    expect(m.started()).toBe(1);
    // Three commits while the first flush runs: it began before them, so it does not cover them.
    const later = [1, 2, 3].map(() => group.durable(group.committed()));
    m.finish(0);
    await first;
    expect(await settled(Promise.all(later))).toBe(false);
    expect(m.started()).toBe(2);
    m.finish(1);
    await Promise.all(later);
    expect(m.started()).toBe(2);
    // A commit already covered by a finished flush waits for nothing.
    await group.durable(3);
    expect(m.started()).toBe(2);
  });

  test('tells which flush is running, if one is', async () => {
    const m = manualFlush();
    const group = groupCommit(m.flush);
    expect(group.flushing()).toBeUndefined();
    const first = group.durable(group.committed());
    const running = group.flushing();
    expect(running).toBeDefined();
    expect(await settled(running as Promise<void>)).toBe(false);
    m.finish(0);
    await first;
    expect(group.flushing()).toBeUndefined();
  });

  test('a failed flush fails its waiters, and the next commit flushes again', async () => {
    const m = manualFlush();
    const group = groupCommit(m.flush);
    const failing = group.durable(group.committed());
    m.fail(0, new Error('EIO'));
    await expect(failing).rejects.toThrow('EIO');
    const next = group.durable(group.committed());
    expect(m.started()).toBe(2);
    m.finish(1);
    await next;
  });

  test('a query that wrote resolves only after its flush; reads and rollbacks never wait', async () => {
    const m = manualFlush();
    const group: GroupCommit = groupCommit(m.flush);
    const watched = watchWrites(
      new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
      () => 0,
      group,
    );
    const db = new Kysely<{ t: { v: number } }>({ dialect: watched.dialect });
    try {
      const create = sql`create table t (v integer)`.execute(db);
      await settled(create);
      m.finish(0);
      await create;
      const insert = db.insertInto('t').values({ v: 1 }).execute();
      expect(await settled(insert)).toBe(false);
      // The connection was given back before the wait: reads go on meanwhile.
      expect(await db.selectFrom('t').selectAll().execute()).toEqual([{ v: 1 }]);
      const inTransaction = db.transaction().execute((trx) => trx.insertInto('t').values({ v: 2 }).execute());
      expect(await settled(inTransaction)).toBe(false);
      expect(m.started()).toBe(2);
      m.finish(1);
      await insert;
      expect(m.started()).toBe(3);
      m.finish(2);
      await inTransaction;
      await expect(
        db.transaction().execute(async (trx) => {
          await trx.insertInto('t').values({ v: 3 }).execute();
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(m.started()).toBe(3);
    } finally {
      m.finish(m.started() - 1);
      await db.destroy();
    }
  });

  test('a SQLite file runs with synchronous=NORMAL and its WAL flushed by group commit', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-gc-'));
    const opened = await openDb(`sqlite://${path.join(dir, 'test.db')}`);
    try {
      const mode = await sql<{ synchronous: number }>`pragma synchronous`.execute(opened.db);
      expect(mode.rows[0].synchronous).toBe(1);
      // Many writes at once all land (and each waited for a flush of the WAL).
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          opened.db
            .insertInto('settings')
            .values({ company_id: -1, name: `k${i}`, value: '1', updated_at: i })
            .execute(),
        ),
      );
      const n = await opened.db
        .selectFrom('settings')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('company_id', '=', -1)
        .executeTakeFirstOrThrow();
      expect(Number(n.n)).toBe(20);
    } finally {
      await opened.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
