import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { BACKSTOP_PAGES, checkpointer, WRITER_CHECKPOINT_PAGES } from './checkpointer.ts';

let dir: string;
let file: string;
let writer: SqliteDatabase.Database;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-checkpoint-'));
  file = path.join(dir, 'db.sqlite');
  writer = new SqliteDatabase(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = NORMAL');
  writer.exec('create table t (id integer primary key, body blob)');
});

afterEach(() => {
  if (writer.open) writer.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const writerCheckpoint = () => writer.pragma('wal_autocheckpoint', { simple: true });
const setWriterCheckpoint = (pages: number) => void writer.pragma(`wal_autocheckpoint = ${pages}`);
const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

test('fast commits hand the checkpoints to the thread, which copies the WAL; idle, it hands them back and ends', async () => {
  const c = checkpointer(file, setWriterCheckpoint, { startAt: 5, delayMs: 20, idleMs: 300 });
  const insert = writer.prepare('insert into t (body) values (?)');
  // Slow commits: the writer keeps its own checkpoints.
  insert.run(Buffer.alloc(4096));
  c.committed();
  expect(c.offThread).toBe(false);
  expect(writerCheckpoint()).toBe(WRITER_CHECKPOINT_PAGES);

  for (let i = 0; i < 5; i++) {
    insert.run(Buffer.alloc(4096));
    c.committed();
  }
  await until(() => c.offThread);
  expect(writerCheckpoint()).toBe(BACKSTOP_PAGES);

  // Commits told to the thread reach the database file shortly after; the writer, whose own
  // checkpoint is now the backstop's, does not copy them.
  const before = fs.statSync(file).size;
  for (let i = 0; i < 20; i++) {
    insert.run(Buffer.alloc(4096));
    c.committed();
  }
  await until(() => fs.statSync(file).size >= before + 20 * 4096);

  // Nothing written for idleMs: the writer has its checkpoints back.
  await until(() => !c.offThread && writerCheckpoint() === WRITER_CHECKPOINT_PAGES);
  expect(writer.prepare('select count(*) as n from t').get()).toEqual({ n: 26 });
  await c.close();
});

test('closing ends the thread after a last checkpoint, so the writer closes last and removes the WAL', async () => {
  const c = checkpointer(file, setWriterCheckpoint, { startAt: 1, delayMs: 1000, idleMs: 60_000 });
  writer.prepare('insert into t (body) values (?)').run(Buffer.alloc(4096));
  c.committed();
  await until(() => c.offThread);
  writer.prepare('insert into t (body) values (?)').run(Buffer.alloc(4096));
  c.committed();
  await c.close();
  expect(c.offThread).toBe(false);
  expect(writerCheckpoint()).toBe(WRITER_CHECKPOINT_PAGES);
  writer.close();
  expect(fs.existsSync(`${file}-wal`)).toBe(false);
  const reopened = new SqliteDatabase(file, { readonly: true });
  expect(reopened.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
  reopened.close();
});
