import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import type { GroupCommit } from './group-commit.ts';

/**
 * Tells a process-local cache whether what it read may have changed since: `version()` moves on
 * whenever a write made by this process commits, and on SQLite also when another process (the
 * admin CLI) commits to the same file (`PRAGMA data_version`). On PostgreSQL another process's
 * commits cannot be seen, so the version is undefined there and nothing is cached.
 */
export interface WriteClock {
  version(): string | undefined;
}

/** A read-only query: a select, or raw SQL that only reads. Everything else counts as a write. */
function reads(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  return (
    kind === 'SelectQueryNode' || (kind === 'RawNode' && /^\s*(select|pragma|explain)\b/i.test(query.sql))
  );
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** A write ran in the open transaction: the clock moves when it commits. */
  dirty = false;
  /** A write committed while this hold of the connection: it waits for its flush at release. */
  committedWrite = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly tick: () => void,
  ) {}

  private wrote(query: CompiledQuery): void {
    if (reads(query)) return;
    if (this.inTransaction) this.dirty = true;
    else this.commit();
  }

  commit(): void {
    this.committedWrite = true;
    this.tick();
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    try {
      return await this.inner.executeQuery<R>(query);
    } finally {
      // After the statement (and also when it failed, to be safe): a cache that read before it
      // holds the older version and is not used again.
      this.wrote(query);
    }
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    try {
      yield* this.inner.streamQuery<R>(query, chunkSize);
    } finally {
      this.wrote(query);
    }
  }
}

/**
 * The dialect with its connections watched for writes; `tick` runs after each committed write.
 * With `flush`, a hold of the connection that committed a write ends only once that write is on
 * disk (db/group-commit.ts): the connection is given back first, so that other writes go on.
 */
function watchedDialect(dialect: Dialect, tick: () => void, flush?: GroupCommit): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => watchedDriver(dialect.createDriver(), tick, flush),
  };
}

function watchedDriver(inner: Driver, tick: () => void, flush?: GroupCommit): Driver {
  const wrappers = new WeakMap<DatabaseConnection, WatchedConnection>();
  const unwrap = (c: DatabaseConnection) => (c as WatchedConnection).inner;
  const driver: Driver = {
    init: () => inner.init(),
    async destroy() {
      await inner.destroy();
      await flush?.close();
    },
    async acquireConnection() {
      const connection = await inner.acquireConnection();
      let wrapper = wrappers.get(connection);
      if (!wrapper) {
        wrapper = new WatchedConnection(connection, tick);
        wrappers.set(connection, wrapper);
      }
      return wrapper;
    },
    async releaseConnection(c: DatabaseConnection) {
      const watched = c as WatchedConnection;
      const commit = watched.committedWrite && flush ? flush.committed() : 0;
      watched.committedWrite = false;
      await inner.releaseConnection(unwrap(c));
      if (commit) await flush?.durable(commit);
    },
    async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(unwrap(c), settings);
      Object.assign(c as WatchedConnection, { inTransaction: true, dirty: false });
    },
    async commitTransaction(c: DatabaseConnection) {
      const watched = c as WatchedConnection;
      try {
        await inner.commitTransaction(unwrap(c));
      } finally {
        watched.inTransaction = false;
        if (watched.dirty) watched.commit();
        watched.dirty = false;
      }
    },
    async rollbackTransaction(c: DatabaseConnection) {
      const watched = c as WatchedConnection;
      try {
        await inner.rollbackTransaction(unwrap(c));
      } finally {
        watched.inTransaction = false;
        watched.dirty = false;
      }
    },
  };
  const { savepoint, rollbackToSavepoint, releaseSavepoint } = inner;
  if (savepoint) driver.savepoint = (c, name, compile) => savepoint.call(inner, unwrap(c), name, compile);
  if (rollbackToSavepoint)
    driver.rollbackToSavepoint = (c, name, compile) =>
      rollbackToSavepoint.call(inner, unwrap(c), name, compile);
  if (releaseSavepoint)
    driver.releaseSavepoint = (c, name, compile) => releaseSavepoint.call(inner, unwrap(c), name, compile);
  return driver;
}

/**
 * Watches a dialect's writes. `otherWrites` answers a number that changes when another process
 * writes (SQLite's data_version), or undefined when that cannot be known (no caching then).
 * `flush`: the group commit that makes committed writes durable (SQLite with synchronous=NORMAL).
 */
export function watchWrites(
  dialect: Dialect,
  otherWrites: () => number | undefined,
  flush?: GroupCommit,
): { dialect: Dialect; clock: WriteClock } {
  let ours = 0;
  return {
    dialect: watchedDialect(
      dialect,
      () => {
        ours++;
      },
      flush,
    ),
    clock: {
      version() {
        const theirs = otherWrites();
        return theirs === undefined ? undefined : `${ours}:${theirs}`;
      },
    },
  };
}

/**
 * A process-local cache of values read from the database, each kept while the clock's version is
 * the one it was read at: any committed write empties it in effect. For the reads made on almost
 * every request (the session's user, the company settings), which change rarely.
 */
export function createReadCache<K, V>(clock: WriteClock, max = 10_000) {
  const entries = new Map<K, { version: string; value: V }>();
  return {
    async get(key: K, load: () => Promise<V>): Promise<V> {
      const version = clock.version();
      if (version === undefined) return load();
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit.value;
      const value = await load();
      if (entries.size >= max && !entries.has(key)) entries.clear();
      entries.set(key, { version, value });
      return value;
    },
  };
}

export type ReadCache<K, V> = ReturnType<typeof createReadCache<K, V>>;
