import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { createCheckpointer, DEFAULT_INLINE_PAGES, THREAD_INLINE_PAGES } from './checkpointer.ts';
import { openDb } from './index.ts';

const dirs: string[] = [];
function tempFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-ckpt-'));
  dirs.push(dir);
  return path.join(dir, 'test.db');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The rows of `t` as the database file alone holds them: what a checkpoint has copied there. */
function rowsInFileAlone(file: string): number {
  const copy = `${file}.copy`;
  fs.copyFileSync(file, copy);
  const db = new SqliteDatabase(copy, { readonly: true });
  try {
    const exists = db.prepare("select count(*) as n from sqlite_schema where name = 't'").get() as {
      n: number;
    };
    return exists.n === 0 ? 0 : (db.prepare('select count(*) as n from t').get() as { n: number }).n;
  } finally {
    db.close();
    fs.rmSync(copy, { force: true });
  }
}

/** A database in WAL mode whose connection copies nothing into the file itself. */
function walDatabase(file: string) {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('create table t (x integer)');
  return db;
}

describe('the checkpoint thread', () => {
  test('copies what was committed to the WAL into the database file, and only when there is something new', async () => {
    const file = tempFile();
    const db = walDatabase(file);
    const insert = db.prepare('insert into t (x) values (?)');
    for (let i = 0; i < 50; i++) insert.run(i);
    expect(rowsInFileAlone(file)).toBe(0);

    // A long interval: only the passes the test asks for run.
    const inline: number[] = [];
    const checkpointer = createCheckpointer(file, {
      everyMs: 60_000,
      setInlinePages: (pages) => inline.push(pages),
    });
    try {
      expect(await checkpointer.pass()).toBe(1);
      expect(rowsInFileAlone(file)).toBe(50);
      // Nothing committed since: no checkpoint.
      expect(await checkpointer.pass()).toBe(1);
      insert.run(50);
      expect(await checkpointer.pass()).toBe(2);
      expect(rowsInFileAlone(file)).toBe(51);
      expect(inline).toEqual([THREAD_INLINE_PAGES]);
    } finally {
      await checkpointer.close();
    }
    expect(checkpointer.running).toBe(false);
    expect(inline).toEqual([THREAD_INLINE_PAGES, DEFAULT_INLINE_PAGES]);
    // The connection goes on after the thread stopped, and its close removes the WAL.
    insert.run(51);
    db.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(rowsInFileAlone(file)).toBe(52);
  });

  test('starts under many commits a second, checkpoints on its own meanwhile, and stops once they are few', async () => {
    const file = tempFile();
    const db = walDatabase(file);
    const inline: number[] = [];
    const checkpointer = createCheckpointer(file, {
      everyMs: 20,
      setInlinePages: (pages) => inline.push(pages),
      startPerSecond: 20,
      quietSeconds: 2,
      secondMs: 100,
    });
    try {
      const insert = db.prepare('insert into t (x) values (?)');
      // A few commits: SQLite's own checkpoints are enough.
      for (let i = 0; i < 5; i++) {
        insert.run(i);
        checkpointer.committed();
      }
      expect(checkpointer.running).toBe(false);
      for (let i = 5; i < 25; i++) {
        insert.run(i);
        checkpointer.committed();
      }
      expect(checkpointer.running).toBe(true);
      expect(inline).toEqual([THREAD_INLINE_PAGES]);
      // The thread copies the WAL on its own.
      let until = Date.now() + 5_000;
      while (rowsInFileAlone(file) < 25 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(rowsInFileAlone(file)).toBe(25);
      // Two quiet "seconds" of 100 ms: it stops, and the connection checkpoints as by default.
      until = Date.now() + 5_000;
      while (checkpointer.running && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      expect(checkpointer.running).toBe(false);
      expect(inline).toEqual([THREAD_INLINE_PAGES, DEFAULT_INLINE_PAGES]);
    } finally {
      await checkpointer.close();
      db.close();
    }
  });

  test('openDb with checkpointThread: writes as usual, and closes after the thread', async () => {
    const file = tempFile();
    const opened = await openDb(`sqlite://${file}`, { checkpointThread: true });
    try {
      await sql`create table t (x integer)`.execute(opened.db);
      // Enough commits at once to start the thread.
      await Promise.all(
        Array.from({ length: 150 }, (_, i) => sql`insert into t (x) values (${i})`.execute(opened.db)),
      );
      const [{ wal_autocheckpoint }] = (
        await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(opened.db)
      ).rows;
      expect(wal_autocheckpoint).toBe(THREAD_INLINE_PAGES);
      const until = Date.now() + 5_000;
      while (rowsInFileAlone(file) < 150 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(rowsInFileAlone(file)).toBe(150);
    } finally {
      await opened.close();
    }
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  test('without checkpointThread, SQLite checkpoints after commits as usual', async () => {
    const opened = await openDb(`sqlite://${tempFile()}`);
    try {
      const [{ wal_autocheckpoint }] = (
        await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(opened.db)
      ).rows;
      expect(wal_autocheckpoint).toBe(DEFAULT_INLINE_PAGES);
    } finally {
      await opened.close();
    }
  });
});
