import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type OtherWrites, otherWritesOf } from './other-writes.ts';

let dir: string;
let file: string;
let ours: SqliteDatabase.Database;
let watch: OtherWrites;
/** How often the pragma was asked. */
let asked: number;
/** Whether our connection holds a read open, as the server's shared read does. */
let readOpen: boolean;
/** Statements read in the shared read so far (requests that read the database). */
let statementsRead: number;

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Another process's commit (the admin CLI, say). */
function otherCommits(n: number) {
  const other = new SqliteDatabase(file);
  try {
    other.prepare('insert into t (n) values (?)').run(n);
  } finally {
    other.close();
  }
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-other-writes-'));
  file = path.join(dir, 'db.sqlite');
  ours = new SqliteDatabase(file);
  ours.pragma('journal_mode = WAL');
  ours.exec('create table t (id integer primary key, n integer)');
  const dataVersion = ours.prepare('PRAGMA data_version').pluck();
  asked = 0;
  readOpen = false;
  statementsRead = 0;
  watch = otherWritesOf(
    `${file}-shm`,
    () => {
      asked++;
      return dataVersion.get() as number;
    },
    () => !readOpen,
    () => statementsRead,
  );
});

afterEach(() => {
  watch.close();
  ours.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('otherWritesOf', () => {
  test('asks the pragma once while nothing is committed, and again after another process commits', async () => {
    const first = watch.version();
    expect(asked).toBe(1);
    for (let i = 0; i < 5; i++) {
      await nextTurn();
      expect(watch.version()).toBe(first);
    }
    // The header had not changed: no pragma, so no lock on the -shm file.
    expect(asked).toBe(1);

    otherCommits(1);
    // A request arriving reads it afresh.
    watch.forget();
    expect(watch.version()).not.toBe(first);
    expect(asked).toBe(2);
  });

  test('one answer a turn: a commit in the middle of the turn is seen from the next turn, or the next request', async () => {
    const first = watch.version();
    otherCommits(1);
    expect(watch.version()).toBe(first);
    await nextTurn();
    const second = watch.version();
    expect(second).not.toBe(first);

    otherCommits(2);
    expect(watch.version()).toBe(second);
    watch.forget();
    expect(watch.version()).not.toBe(second);
  });

  test('our own commits change the header but not the version', async () => {
    const first = watch.version();
    ours.prepare('insert into t (n) values (1)').run();
    await nextTurn();
    expect(watch.version()).toBe(first);
    // Asked again (the header moved), then remembered.
    expect(asked).toBe(2);
    await nextTurn();
    expect(watch.version()).toBe(first);
    expect(asked).toBe(2);
  });

  test('an answer from a read begun before the header was read is not remembered', async () => {
    readOpen = true;
    const first = watch.version();
    await nextTurn();
    watch.version();
    // Not known to include what the header showed: asked each time.
    expect(asked).toBe(2);
    readOpen = false;
    await nextTurn();
    expect(watch.version()).toBe(first);
    await nextTurn();
    watch.version();
    expect(asked).toBe(3);
  });

  test('while requests read the database, it asks the pragma (their read is open anyway); served from caches, the header', async () => {
    const first = watch.version();
    expect(asked).toBe(1);
    for (let i = 0; i < 3; i++) {
      statementsRead += 4;
      await nextTurn();
      expect(watch.version()).toBe(first);
    }
    expect(asked).toBe(4);
    // No statements since: the header is read, then remembered.
    await nextTurn();
    watch.version();
    expect(asked).toBe(5);
    await nextTurn();
    watch.version();
    expect(asked).toBe(5);
    // Another process's commit is seen on either way.
    otherCommits(1);
    statementsRead++;
    watch.forget();
    expect(watch.version()).not.toBe(first);
  });

  test('without a -shm file (a database in memory) it asks once a turn', async () => {
    const memory = otherWritesOf(
      undefined,
      () => ++asked,
      () => true,
    );
    try {
      asked = 0;
      expect(memory.version()).toBe(1);
      expect(memory.version()).toBe(1);
      await nextTurn();
      expect(memory.version()).toBe(2);
    } finally {
      memory.close();
    }
  });
});
