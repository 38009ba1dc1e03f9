import type {
  CompiledQuery,
  DatabaseConnection,
  Dialect,
  Driver,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  type OperationNode,
  TableNode,
  UpdateQueryNode,
} from 'kysely';
import type { GroupCommit } from './group-commit.ts';

/**
 * Tells a process-local cache whether what it read may have changed since: `version(tables)` moves
 * on whenever a write of this process to one of those tables commits (any write at all without
 * `tables`), and on SQLite also when another process (the admin CLI) commits anything to the same
 * file (`PRAGMA data_version`). On PostgreSQL another process's commits cannot be seen, so the
 * version is undefined there and nothing is cached.
 */
export interface WriteClock {
  version(tables?: readonly string[]): string | undefined;
}

/**
 * A query that writes no table: a select, raw SQL that only reads, or a savepoint's statements
 * (db/shared-transactions.ts; what the transaction writes is counted by its own statements).
 * Everything else counts as a write.
 */
function reads(query: CompiledQuery): boolean {
  const kind = query.query.kind;
  return (
    kind === 'SelectQueryNode' ||
    (kind === 'RawNode' && /^\s*(select|pragma|explain|savepoint|release|rollback\s+to)\b/i.test(query.sql))
  );
}

/** Stands for every table: a write whose tables cannot be told (raw SQL, a query with a CTE). */
const ANY_TABLE = '*';

/**
 * The tables that triggers write when a table is written (migrations 0007, 0012): a cache of one
 * of them must move on with the table itself. write-clock.test.ts checks this against the schema.
 */
export const TRIGGERED: Readonly<Record<string, readonly string[]>> = {
  files: ['folder_counts'],
  search_docs: ['search_names', 'search_short'],
  search_contents: ['search_bodies', 'search_body_grams'],
};

function tableName(node: OperationNode | undefined): string | undefined {
  if (node && AliasNode.is(node)) return tableName(node.node);
  return node && TableNode.is(node) ? node.table.identifier.name : undefined;
}

/** The tables a write changes, triggers included; [ANY_TABLE] when that cannot be told. */
export function tablesWritten(query: CompiledQuery): readonly string[] {
  const node = query.query;
  let target: string | undefined;
  if (InsertQueryNode.is(node) && !node.with) target = tableName(node.into);
  else if (UpdateQueryNode.is(node) && !node.with && !node.from) target = tableName(node.table);
  else if (DeleteQueryNode.is(node) && !node.with && node.from.froms.length === 1)
    target = tableName(node.from.froms[0]);
  if (!target) return [ANY_TABLE];
  return [target, ...(TRIGGERED[target] ?? [])];
}

class WatchedConnection implements DatabaseConnection {
  inTransaction = false;
  /** The tables written in the open transaction: the clock moves for them when it commits. */
  readonly dirty = new Set<string>();
  /** A write committed while this hold of the connection: it waits for its flush at release. */
  committedWrite = false;

  constructor(
    readonly inner: DatabaseConnection,
    private readonly tick: (tables: Iterable<string>) => void,
  ) {}

  wrote(query: CompiledQuery): void {
    if (reads(query)) return;
    const tables = tablesWritten(query);
    if (this.inTransaction) for (const table of tables) this.dirty.add(table);
    else this.commit(tables);
  }

  commit(tables: Iterable<string>): void {
    this.committedWrite = true;
    this.tick(tables);
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
function watchedDialect(
  dialect: Dialect,
  tick: (tables: Iterable<string>) => void,
  held: Set<WatchedConnection>,
  flush?: GroupCommit,
): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver: () => watchedDriver(dialect.createDriver(), tick, held, flush),
  };
}

function watchedDriver(
  inner: Driver,
  tick: (tables: Iterable<string>) => void,
  held: Set<WatchedConnection>,
  flush?: GroupCommit,
): Driver {
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
      held.add(wrapper);
      return wrapper;
    },
    async releaseConnection(c: DatabaseConnection) {
      const watched = c as WatchedConnection;
      held.delete(watched);
      const commit = watched.committedWrite && flush ? flush.committed() : 0;
      watched.committedWrite = false;
      await inner.releaseConnection(unwrap(c));
      if (commit) await flush?.durable(commit);
    },
    async beginTransaction(c: DatabaseConnection, settings: TransactionSettings) {
      await inner.beginTransaction(unwrap(c), settings);
      const watched = c as WatchedConnection;
      watched.inTransaction = true;
      watched.dirty.clear();
    },
    async commitTransaction(c: DatabaseConnection) {
      const watched = c as WatchedConnection;
      try {
        await inner.commitTransaction(unwrap(c));
      } finally {
        watched.inTransaction = false;
        if (watched.dirty.size > 0) watched.commit(watched.dirty);
        watched.dirty.clear();
      }
    },
    async rollbackTransaction(c: DatabaseConnection) {
      const watched = c as WatchedConnection;
      try {
        await inner.rollbackTransaction(unwrap(c));
      } finally {
        watched.inTransaction = false;
        watched.dirty.clear();
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
 * Runs `statement` (`query` run straight on the database, bypassing Kysely's executor) as a
 * statement of the transaction open on the one connection, counting what it writes as the
 * executor would: answers its result, or undefined, without running it, when no transaction holds
 * the connection.
 */
export type InTransaction = <R>(
  query: CompiledQuery,
  statement: () => QueryResult<R>,
) => QueryResult<R> | undefined;

/**
 * Watches a dialect's writes. `otherWrites` answers a number that changes when another process
 * writes (SQLite's data_version), or undefined when that cannot be known (no caching then).
 * `flush`: the group commit that makes committed writes durable (SQLite with synchronous=NORMAL).
 */
export function watchWrites(
  dialect: Dialect,
  otherWrites: () => number | undefined,
  flush?: GroupCommit,
): { dialect: Dialect; clock: WriteClock; inTransaction: InTransaction } {
  // Commits of this process are counted; each table remembers the count at its last write.
  let ours = 0;
  const lastWrite = new Map<string, number>();
  const held = new Set<WatchedConnection>();
  return {
    dialect: watchedDialect(
      dialect,
      (tables) => {
        ours++;
        for (const table of tables) lastWrite.set(table, ours);
      },
      held,
      flush,
    ),
    inTransaction(query, statement) {
      // Only with one connection (SQLite's): with several, the open transaction could be another's.
      if (held.size !== 1) return undefined;
      const [connection] = held;
      if (!connection.inTransaction) return undefined;
      try {
        return statement();
      } finally {
        connection.wrote(query);
      }
    },
    clock: {
      version(tables) {
        const theirs = otherWrites();
        if (theirs === undefined) return undefined;
        if (!tables) return `${ours}:${theirs}`;
        let at = lastWrite.get(ANY_TABLE) ?? 0;
        for (const table of tables) at = Math.max(at, lastWrite.get(table) ?? 0);
        return `${at}:${theirs}`;
      },
    },
  };
}

/**
 * A process-local cache of values read from the database, each kept while the clock's version is
 * the one it was read at: a committed write to one of `tables`, the tables its values are read
 * from (any write at all without them), empties it in effect. For the reads made on almost every
 * request (the session's user, the company settings), which change rarely.
 */
export function createReadCache<K, V>(
  clock: WriteClock,
  {
    max = 10_000,
    tables,
    keep = () => true,
  }: {
    max?: number;
    tables?: readonly string[];
    /** Whether a value just read is kept (a value not kept is read again next time). */
    keep?: (value: V) => boolean;
  } = {},
) {
  const entries = new Map<K, { version: string; value: V }>();
  return {
    async get(key: K, load: () => Promise<V>): Promise<V> {
      const version = clock.version(tables);
      if (version === undefined) return load();
      const hit = entries.get(key);
      if (hit && hit.version === version) return hit.value;
      const value = await load();
      if (!keep(value)) {
        entries.delete(key);
        return value;
      }
      if (entries.size >= max && !entries.has(key)) entries.clear();
      entries.set(key, { version, value });
      return value;
    },
  };
}

export type ReadCache<K, V> = ReturnType<typeof createReadCache<K, V>>;
