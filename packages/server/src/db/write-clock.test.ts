import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Client, makeTestApp, type TestApp } from '../../test/helpers.ts';
import { createReadCache, TRIGGERED } from './write-clock.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const sqlite = () => t.database.dialect === 'sqlite';

describe('the write clock', () => {
  test('moves on after a write, at commit for a transaction, not on a rollback, not on reads', async () => {
    if (!sqlite()) {
      // Other processes' commits cannot be seen on PostgreSQL: nothing is cached there.
      expect(t.database.writes.version()).toBeUndefined();
      return;
    }
    const { db, writes } = t.database;
    const v0 = writes.version();
    await db.selectFrom('users').select('id').execute();
    await sql`select 1`.execute(db);
    expect(writes.version()).toBe(v0);
    await db.updateTable('settings').set({ updated_at: 1 }).where('company_id', '=', -1).execute();
    const v1 = writes.version();
    expect(v1).not.toBe(v0);

    let inside: string | undefined;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('settings').set({ updated_at: 2 }).where('company_id', '=', -1).execute();
      inside = writes.version();
    });
    expect(inside).toBe(v1);
    const v2 = writes.version();
    expect(v2).not.toBe(v1);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.updateTable('settings').set({ updated_at: 3 }).where('company_id', '=', -1).execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(writes.version()).toBe(v2);
  });

  test('sees a commit made by another process (the admin CLI) to the same SQLite file', async () => {
    if (!sqlite()) return;
    const before = t.database.writes.version();
    const other = new SqliteDatabase(path.join(t.config.dataDir, 'cirrus.db'));
    try {
      other
        .prepare(`insert into settings (company_id, name, value, updated_at) values (-1, 'probe', '1', 4)`)
        .run();
    } finally {
      other.close();
    }
    // As the next request does: reads of one turn share one snapshot (db/index.ts sharedReads).
    t.database.freshReads();
    expect(t.database.writes.version()).not.toBe(before);
  });

  test('moves on for the tables a write changes, those its triggers change, and all for raw SQL', async () => {
    if (!sqlite()) return;
    const { db, writes } = t.database;
    const settings = writes.version(['settings']);
    const counts = writes.version(['folder_counts']);
    const users = writes.version(['users', 'sessions']);
    await db.updateTable('users').set({ sex: 0 }).where('id', '=', -1).execute();
    expect(writes.version(['settings'])).toBe(settings);
    expect(writes.version(['folder_counts'])).toBe(counts);
    expect(writes.version(['users', 'sessions'])).not.toBe(users);
    // A transaction counts at its commit, for every table it wrote.
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('sessions as s').where('s.id', '=', 'none').execute();
      await trx
        .insertInto('settings')
        .values({ company_id: -3, name: 'probe', value: '1', updated_at: 1 })
        .execute();
      expect(writes.version(['settings'])).toBe(settings);
    });
    const afterSettings = writes.version(['settings']);
    expect(afterSettings).not.toBe(settings);
    expect(writes.version(['folder_counts'])).toBe(counts);
    // files' trigger keeps folder_counts: a write to files moves it.
    await db.updateTable('files').set({ mtime: 0 }).where('id', '=', -1).execute();
    expect(writes.version(['folder_counts'])).not.toBe(counts);
    // Raw SQL may write anything: every cache moves.
    const raw = writes.version(['sessions']);
    await sql`delete from throttles where key = 'none'`.execute(db);
    expect(writes.version(['sessions'])).not.toBe(raw);
  });

  test('a shared transaction moves the tables its calls wrote, not the others (its savepoints write none)', async () => {
    if (!sqlite()) return;
    const { writes, shared } = t.database;
    const settings = writes.version(['settings']);
    const sessions = writes.version(['sessions']);
    await Promise.all(
      [-5, -6].map((company) =>
        shared((trx) =>
          trx
            .insertInto('settings')
            .values({ company_id: company, name: 'probe', value: '1', updated_at: 1 })
            .execute(),
        ),
      ),
    );
    expect(writes.version(['settings'])).not.toBe(settings);
    expect(writes.version(['sessions'])).toBe(sessions);
  });

  test("TRIGGERED names every table the schema's triggers write", async () => {
    if (!sqlite()) return;
    const { rows } = await sql<{ tbl_name: string; sql: string }>`
      select tbl_name, sql from sqlite_master where type = 'trigger'`.execute(t.database.db);
    const found: Record<string, Set<string>> = {};
    for (const row of rows) {
      for (const m of row.sql.matchAll(
        /\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?\s*(?:\(|SET|WHERE)/gi,
      )) {
        found[row.tbl_name] = new Set([...(found[row.tbl_name] ?? []), m[1]]);
      }
    }
    const expected = Object.fromEntries(Object.entries(found).map(([k, v]) => [k, [...v].sort()]));
    const declared = Object.fromEntries(Object.entries(TRIGGERED).map(([k, v]) => [k, [...v].sort()]));
    expect(declared).toEqual(expected);
  });

  test('a read cache answers its copy until the version moves', async () => {
    let version: string | undefined = 'a';
    const cache = createReadCache<string, number>({ version: () => version });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    version = 'b';
    expect(await cache.get('k', load)).toBe(2);
    version = undefined;
    expect(await cache.get('k', load)).toBe(3);
    expect(await cache.get('k', load)).toBe(4);
  });

  test('a read cache keeps only the values it is told to keep', async () => {
    const cache = createReadCache<string, number>({ version: () => 'a' }, { keep: (n) => n % 2 === 0 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
  });
});

describe('what is cached stays true', () => {
  async function person(): Promise<{ id: number; c: Client }> {
    const user = await t.makeUser();
    return { id: user.id, c: await user.client() };
  }

  test('a disabled user and a logged-out session are refused on the next request', async () => {
    const a = await person();
    expect((await a.c.get('/v1/users/self')).statusCode).toBe(200);
    expect((await a.c.get('/v1/users/self')).statusCode).toBe(200);
    await t.database.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', a.id).execute();
    expect((await a.c.get('/v1/users/self')).statusCode).toBe(401);

    const b = await person();
    expect((await b.c.get('/v1/users/self')).statusCode).toBe(200);
    await b.c.post('/p/logout', {});
    expect((await b.c.get('/v1/users/self')).statusCode).toBe(401);
  });

  test('a disabled user is refused at once when another process disabled them (SQLite)', async () => {
    if (!sqlite()) return;
    const a = await person();
    expect((await a.c.get('/v1/users/self')).statusCode).toBe(200);
    const other = new SqliteDatabase(path.join(t.config.dataDir, 'cirrus.db'));
    try {
      other.prepare(`update users set status = 'disabled' where id = ?`).run(a.id);
    } finally {
      other.close();
    }
    expect((await a.c.get('/v1/users/self')).statusCode).toBe(401);
  });

  test('a changed setting reaches the next request', async () => {
    const a = await person();
    const limit = async () =>
      (await a.c.get('/portal/v1/companies/encrypted_settings?names=max_file_size')).json().settings;
    const before = await limit();
    await t.services.settings.set(0, 'max_file_size', 12345);
    expect(await limit()).toEqual({ max_file_size: 12345 });
    expect(before).not.toEqual({ max_file_size: 12345 });
  });
});
