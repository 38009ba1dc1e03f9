import {
  type Compilable,
  type CompiledQuery,
  createQueryId,
  type QueryResult,
  type RootOperationNode,
} from 'kysely';
import type { DbOrTrx } from './index.ts';

/**
 * Where an argument goes in a compiled query: argument `arg` itself (`item` null), item `item` of
 * it (a list), or its property `item` (a record, such as the row of an insert).
 */
class Slot {
  constructor(
    readonly arg: number,
    readonly item: number | string | null,
  ) {}
}

/** A record argument: a plain object, whose defined properties are each a parameter. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** The keys of a record's defined properties, in their order (Kysely leaves undefined ones out). */
const definedKeys = (record: Record<string, unknown>) =>
  Object.keys(record).filter((key) => record[key] !== undefined);

/** The shape of an argument, which decides its SQL: a list's length, a record's defined keys. */
function shapeOf(value: unknown): string {
  if (Array.isArray(value)) return String(value.length);
  if (isRecord(value)) return `{${definedKeys(value).join(',')}}`;
  return '';
}

function slotsFor(value: unknown, arg: number): unknown {
  if (Array.isArray(value)) return value.map((_, i) => new Slot(arg, i));
  if (isRecord(value)) return Object.fromEntries(definedKeys(value).map((key) => [key, new Slot(arg, key)]));
  return new Slot(arg, null);
}

const slotCount = (slots: unknown) =>
  slots instanceof Slot ? 1 : Array.isArray(slots) ? slots.length : Object.keys(slots as object).length;

function valueAt(args: unknown[], slot: Slot): unknown {
  const arg = args[slot.arg];
  if (slot.item === null) return arg;
  return (arg as Record<string | number, unknown>)[slot.item];
}

interface Plan {
  query: RootOperationNode;
  sql: string;
  /** Per parameter: the argument (or its item) it takes, or a value fixed by the builder. */
  parameters: unknown[];
  /** A select: it may be answered by the database's direct reads. */
  read: boolean;
}

/**
 * Runs a select on the database's one connection at once and answers its rows, or undefined when
 * it cannot now (a transaction of another request holds the connection): then the query goes the
 * usual way, through Kysely's executor.
 */
export type DirectRead = (sql: string, parameters: readonly unknown[]) => unknown[] | undefined;

const directReads = new WeakMap<object, DirectRead>();

/**
 * Lets hot selects run on `db` (not its transactions) without Kysely's executor: its connection
 * mutex, driver and plugins are a chain of promises per query (a file and its space, each looked
 * up by id: 9.9 -> 7.4 us in a loop; issue 11 W6 in one run: GET a file 12,170 -> 14,452 req/s).
 */
export function allowDirectReads(db: object, read: DirectRead): void {
  directReads.set(db, read);
}

/**
 * Runs a query of a transaction at once on the connection the transaction holds and answers its
 * result, or undefined when it cannot (then it goes through Kysely's executor).
 */
export type DirectStatement = (query: CompiledQuery) => QueryResult<unknown> | undefined;

const directStatements = new WeakMap<object, DirectStatement>();

/**
 * Lets hot queries of `db`'s transactions run without Kysely's executor: inside a transaction the
 * connection is the transaction's, so each statement can run at once. A small upload's shared
 * transaction runs some twenty statements; skipping the executor's chain of promises for each took
 * Kysely's own code from 6 % to 4 % of the JavaScript thread under W3, and the thread's time per
 * upload by about 5 % (issue 11, bench/RESULTS.md).
 */
export function allowDirectStatements(db: DbOrTrx, run: DirectStatement): void {
  directStatements.set(db.getExecutor().adapter, run);
}

/** Runs a compiled query: at once when `db` is a transaction allowed to, else through Kysely's executor. */
export async function executeQuery<R>(db: DbOrTrx, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (db.isTransaction) {
    const result = directStatements.get(db.getExecutor().adapter)?.(query);
    if (result) return result as QueryResult<R>;
  }
  return db.executeQuery(query);
}

/**
 * A query that runs on almost every request (a read of W6, a write of every upload), built and
 * compiled by Kysely once per dialect and shape (the lengths of its list arguments, the defined
 * keys of its record arguments) and then run again with new values. Kysely builds and compiles a
 * query anew on every call, about 17 us each, more than SQLite takes to answer most of them
 * (issue 11 W3 and W6, bench/RESULTS.md).
 *
 * `build` must give the same SQL for any values of its arguments (no branching on them): it is
 * called once with placeholders, and each argument must become parameters of the query, list
 * arguments one per item and record arguments (plain objects, such as an insert's row) one per
 * defined property.
 */
export function hotQuery<A extends unknown[], R>(build: (db: DbOrTrx, ...args: A) => Compilable<R>) {
  // Per dialect adapter (shared by a database and its transactions), per shape.
  const plans = new WeakMap<object, Map<string, Plan>>();

  function planFor(db: DbOrTrx, args: A): Plan {
    const adapter = db.getExecutor().adapter;
    let byShape = plans.get(adapter);
    if (!byShape) {
      byShape = new Map();
      plans.set(adapter, byShape);
    }
    const shape = args.map(shapeOf).join(';');
    let plan = byShape.get(shape);
    if (!plan) {
      const slots = args.map(slotsFor);
      const compiled = build(db, ...(slots as A)).compile();
      // An argument may be a parameter more than once (a value inserted and added on conflict).
      const used = new Set(compiled.parameters.filter((p) => p instanceof Slot)).size;
      const expected = slots.reduce<number>((n, s) => n + slotCount(s), 0);
      if (used !== expected) throw new Error(`hotQuery: ${expected} arguments but ${used} parameters`);
      plan = {
        query: compiled.query,
        sql: compiled.sql,
        parameters: [...compiled.parameters],
        read: compiled.query.kind === 'SelectQueryNode',
      };
      byShape.set(shape, plan);
    }
    return plan;
  }

  async function run(db: DbOrTrx, ...args: A): Promise<QueryResult<R>> {
    const plan = planFor(db, args);
    const parameters = plan.parameters.map((p) => (p instanceof Slot ? valueAt(args, p) : p));
    if (!db.isTransaction) {
      const rows = plan.read ? directReads.get(db)?.(plan.sql, parameters) : undefined;
      if (rows) return { rows: rows as R[] };
    }
    return executeQuery(db, { query: plan.query, sql: plan.sql, parameters, queryId: createQueryId() });
  }

  async function all(db: DbOrTrx, ...args: A): Promise<R[]> {
    return (await run(db, ...args)).rows;
  }

  return {
    /** Runs the query: its rows, and for a write the rows it changed and the id it inserted. */
    run,
    all,
    async first(db: DbOrTrx, ...args: A): Promise<R | undefined> {
      return (await all(db, ...args))[0];
    },
  };
}
