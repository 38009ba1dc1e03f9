import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  type SqliteDatabase as KyselySqliteDatabase,
  type SqliteStatement as KyselySqliteStatement,
  PostgresDialect,
  SqliteDialect,
  type Transaction,
} from 'kysely';
import { type Checkpointer, checkpointer as checkpointsFor } from './checkpointer.ts';
import { type GroupCommit, walGroupCommit } from './group-commit.ts';
import { allowDirectReads, allowDirectStatements } from './hot.ts';
import { migrateToLatest } from './migrate.ts';
import { otherWritesOf } from './other-writes.ts';
import type { Database } from './schema.ts';
import { type SharedTransactions, sharedTransactions } from './shared-transactions.ts';
import { type WriteClock, watchWrites } from './write-clock.ts';

export type Db = Kysely<Database>;
export type Trx = Transaction<Database>;
/** A repository takes the database or a transaction. */
export type DbOrTrx = Db | Trx;
export type Dialect = 'sqlite' | 'postgres';

export interface OpenedDb {
  db: Db;
  dialect: Dialect;
  /** Moves on with every committed write: process-local caches check it (db/write-clock.ts). */
  writes: WriteClock;
  /**
   * Ends the read transaction that SQLite reads share (sharedReads), so that the next read sees
   * every commit made so far, another process's too, and the caches' next look at the write clock
   * checks for them (other-writes.ts); called as each request arrives.
   */
  freshReads(): void;
  /** Transactions that may commit together with others of the same turn (db/shared-transactions.ts). */
  shared: SharedTransactions;
  close(): Promise<void>;
}

/**
 * Opens the metadata database named by the URL (sqlite://path or postgres://...) and applies the
 * migrations. `schema` puts a PostgreSQL connection into its own schema (tests use one each).
 */
export async function openDb(url: string, opts: { schema?: string } = {}): Promise<OpenedDb> {
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    // Loaded only for PostgreSQL: the embedded default never needs it.
    const { default: pg } = await import('pg');
    // int8 (counts, sizes) as numbers: our values stay far below 2^53.
    pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
    const pool = new pg.Pool({
      connectionString: url,
      max: 10,
      options: opts.schema ? `-c search_path=${opts.schema}` : undefined,
    });
    if (opts.schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${opts.schema}"`);
    // Other processes' commits cannot be seen here: no caching on PostgreSQL.
    const watched = watchWrites(new PostgresDialect({ pool }), () => undefined);
    const db = new Kysely<Database>({ dialect: watched.dialect });
    await migrateToLatest(db, 'postgres', opts.schema);
    return {
      db,
      dialect: 'postgres',
      writes: watched.clock,
      freshReads: () => undefined,
      shared: sharedTransactions(db, { sharing: false }),
      close: () => db.destroy(),
    };
  }
  const file = url.replace(/^sqlite:\/\//, '');
  // A data dir made here is the owner's only: the database holds password hashes and small files.
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers go on while one writer commits. A commit does not wait for the disk on the
  // JavaScript thread (synchronous=NORMAL); instead every committed write waits for a flush of the
  // WAL shared with the writes committed meanwhile (group commit, db/group-commit.ts) before it
  // is answered. In memory there is no disk to wait for.
  const wal = file === ':memory:' ? undefined : walGroupCommit(file);
  // While writes come fast, checkpoints run on a thread of their own (db/checkpointer.ts), told of
  // each commit once the database exists.
  let checkpointer: Checkpointer | undefined;
  const flush: GroupCommit | undefined = wal && {
    ...wal,
    committed() {
      checkpointer?.committed();
      return wal.committed();
    },
  };
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(flush ? 'synchronous = NORMAL' : 'synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // Statement and savepoint journals in memory: a shared transaction (db/shared-transactions.ts)
  // keeps the pages each of its calls changed until that call is done, about 100 KB for a small
  // upload, which in a temporary file cost more than sharing the commit saved (issue 11 W3).
  sqlite.pragma('temp_store = MEMORY');
  sqlite.pragma('busy_timeout = 5000');
  // data_version changes when another connection (the admin CLI, say) commits to the file; it is
  // asked only when the WAL index's header shows a commit since it was last asked (other-writes.ts).
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const reads = sharedReads(sqlite);
  const statements = keepingStatements(sqlite, reads);
  const otherWrites = otherWritesOf(
    file === ':memory:' ? undefined : `${file}-shm`,
    // Read inside the shared read: on its own the pragma takes a read lock of its own.
    () => reads.within(() => dataVersion.get()) as number,
    () => !reads.isOpen() && !sqlite.inTransaction,
    reads.statementsRead,
  );
  const watched = watchWrites(
    new SqliteDialect({ database: statements }),
    () => (sqlite.open ? otherWrites.version() : undefined),
    flush,
  );
  const db = new Kysely<Database>({ dialect: watched.dialect });
  await migrateToLatest(db, 'sqlite');
  if (flush) checkpointer = checkpointsFor(file, (pages) => sqlite.pragma(`wal_autocheckpoint = ${pages}`));
  // Hot selects run at once unless a transaction holds the one connection (db/hot.ts). Such a
  // read takes the connection between two statements of whoever else holds it outside a
  // transaction, which reads exactly what waiting for them would, since nothing is left uncommitted.
  allowDirectReads(db, (query, parameters) =>
    sqlite.inTransaction && !reads.isOpen() ? undefined : statements.prepare(query).all(parameters),
  );
  // Hot queries of a transaction run at once on the connection it holds, as Kysely's SQLite driver
  // would run them (db/hot.ts).
  allowDirectStatements(db, (query) =>
    watched.inTransaction(query, () => {
      const statement = statements.prepare(query.sql);
      if (statement.reader) return { rows: statement.all(query.parameters) };
      const { changes, lastInsertRowid } = statement.run(query.parameters);
      return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
    }),
  );
  return {
    db,
    dialect: 'sqlite',
    writes: watched.clock,
    freshReads() {
      reads.end();
      otherWrites.forget();
    },
    shared: sharedTransactions(db, { sharing: true, flushing: flush?.flushing }),
    async close() {
      // The checkpointer's connection first, so that the last one to close can remove the WAL.
      await checkpointer?.close();
      otherWrites.close();
      await db.destroy();
    },
  };
}

/**
 * The SQLite database as Kysely's dialect sees it, with prepared statements kept by their SQL:
 * Kysely prepares every query anew, and preparing costs about as much as running a short query
 * (issue 11, bench/RESULTS.md). The app issues a few hundred shapes of SQL; lists of variable
 * length (`in (?, ?, ...)`) make more, so beyond `max` the oldest statement is forgotten.
 * Kysely runs one query at a time on this connection, so a statement is never in use twice.
 */
function keepingStatements(
  sqlite: SqliteDatabase.Database,
  reads: SharedReads,
  max = 2000,
): KyselySqliteDatabase {
  const statements = new Map<string, KyselySqliteStatement>();
  return {
    close: () => {
      reads.end();
      sqlite.close();
    },
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        const prepared = sqlite.prepare(sql);
        statement = reads.around(readingRows(prepared), prepared.readonly && isPlainRead(sql));
        if (statements.size >= max) statements.delete(statements.keys().next().value as string);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** A select may share a read transaction; a pragma or transaction control may not (all "read-only"). */
const isPlainRead = (sql: string) => /^\s*(select|with)\b/i.test(sql);

type SharedReads = ReturnType<typeof sharedReads>;

/**
 * Reads made outside a transaction share one read transaction until the event loop's current turn
 * ends or a request arrives (OpenedDb.freshReads). In WAL mode every statement run on its own
 * begins and ends a read transaction, which takes and drops a lock on the -shm file and checks the
 * WAL: three system calls, about 3 us here, as much as a short query itself (issue 11 W6: a
 * folder page makes about eight reads). Anything else (a write, BEGIN, a pragma) first ends the
 * shared read, so writes run exactly as before; and since every write of this process goes through
 * this connection, a read never misses one of ours. Another process's commit (the admin CLI) is
 * seen by the next request, and by anything else from the next turn on.
 */
function sharedReads(sqlite: SqliteDatabase.Database) {
  const begin = sqlite.prepare('BEGIN');
  const commit = sqlite.prepare('COMMIT');
  let open = false;
  let scheduled = false;
  /** Statements run as shared reads so far (other-writes.ts: whether requests lately read at all). */
  let statementsRead = 0;

  function end(): void {
    if (!open) return;
    if (sqlite.inTransaction) {
      try {
        commit.run();
      } catch {
        // A read still under way (an iterator not finished): ended at a later turn.
        schedule();
        return;
      }
    }
    open = false;
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      end();
    });
  }

  function beforeRead(): void {
    if (open || sqlite.inTransaction) return;
    begin.run();
    open = true;
    schedule();
  }

  function beforeStatementRead(): void {
    statementsRead++;
    beforeRead();
  }

  return {
    end,
    /** Runs `read` (a statement run directly) inside the shared read, as a select would be. */
    within<T>(read: () => T): T {
      beforeRead();
      return read();
    },
    /** Whether the shared read is open (rather than nothing, or another transaction). */
    isOpen: () => open,
    /** How many statements have run as shared reads (not counting `within`). */
    statementsRead: () => statementsRead,
    /** The statement, run inside the shared read when `read`, else after ending it. */
    around(statement: KyselySqliteStatement, read: boolean): KyselySqliteStatement {
      const before = read ? beforeStatementRead : end;
      return {
        reader: statement.reader,
        all(parameters) {
          before();
          return statement.all(parameters);
        },
        run(parameters) {
          before();
          return statement.run(parameters);
        },
        iterate(parameters) {
          before();
          return statement.iterate(parameters);
        },
      };
    },
  };
}

/**
 * A statement whose rows are read as arrays and made into objects by a function built for its
 * columns. better-sqlite3 builds a row object key by key, which costs twice what the query does
 * for a page of files (a page of 20 files: 72 -> 36 us; issue 11 W6, bench/RESULTS.md). Where
 * two columns share a name the later one wins, as in better-sqlite3's own rows.
 */
function readingRows(statement: SqliteDatabase.Statement): KyselySqliteStatement {
  if (!statement.reader) return statement;
  statement.raw(true);
  let width = -1;
  let toObject: (row: unknown[]) => unknown = () => undefined;
  // Built again if a change of schema gave the statement other columns (`select *`).
  const rowOf = (row: unknown[]) => {
    if (row.length !== width) {
      const columns = statement.columns();
      // The keys are JSON string literals: a column's name cannot be anything but a key; computed
      // (in brackets), so that even a column named __proto__ is a property like any other.
      const keys = columns.map((column, i) => `[${JSON.stringify(column.name)}]: row[${i}]`);
      toObject = new Function('row', `return { ${keys.join(', ')} };`) as typeof toObject;
      width = columns.length;
    }
    return toObject(row);
  };
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(rowOf),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) yield rowOf(row);
    },
  };
}
