import { type Compilable, type CompiledQuery, createQueryId, type RootOperationNode } from 'kysely';
import type { DbOrTrx } from './index.ts';

/** Where an argument goes in a compiled query: argument `arg`, or item `item` of it (a list). */
class Slot {
  constructor(
    readonly arg: number,
    readonly item: number,
  ) {}
}

interface Plan {
  query: RootOperationNode;
  sql: string;
  /** Per parameter: the argument (or list item) it takes, or a value fixed by the builder. */
  parameters: unknown[];
}

/**
 * A read that runs on almost every request, built and compiled by Kysely once per dialect and
 * shape (the lengths of its list arguments) and then run again with new values. Kysely builds and
 * compiles a query anew on every call, about 17 us each, more than SQLite takes to answer most
 * of them (issue 11 W6, bench/RESULTS.md).
 *
 * `build` must give the same SQL for any values of its arguments (no branching on them): it is
 * called once with placeholders, and each argument must become parameters of the query, list
 * arguments one per item.
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
    const shape = args.map((a) => (Array.isArray(a) ? a.length : '')).join(',');
    let plan = byShape.get(shape);
    if (!plan) {
      const slots = args.map((a, i) =>
        Array.isArray(a) ? a.map((_, j) => new Slot(i, j)) : new Slot(i, -1),
      );
      const compiled = build(db, ...(slots as A)).compile();
      const used = compiled.parameters.filter((p) => p instanceof Slot).length;
      const expected = slots.reduce<number>((n, s) => n + (Array.isArray(s) ? s.length : 1), 0);
      if (used !== expected) throw new Error(`hotQuery: ${expected} arguments but ${used} parameters`);
      plan = { query: compiled.query, sql: compiled.sql, parameters: [...compiled.parameters] };
      byShape.set(shape, plan);
    }
    return plan;
  }

  async function all(db: DbOrTrx, ...args: A): Promise<R[]> {
    const plan = planFor(db, args);
    const parameters = plan.parameters.map((p) =>
      p instanceof Slot ? (p.item < 0 ? args[p.arg] : (args[p.arg] as unknown[])[p.item]) : p,
    );
    const query: CompiledQuery<R> = {
      query: plan.query,
      sql: plan.sql,
      parameters,
      queryId: createQueryId(),
    };
    return (await db.executeQuery(query)).rows;
  }

  return {
    all,
    async first(db: DbOrTrx, ...args: A): Promise<R | undefined> {
      return (await all(db, ...args))[0];
    },
  };
}
