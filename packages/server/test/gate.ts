import type { TestApp } from './helpers.ts';

/**
 * Holds the next transaction that code in `from` (a source file's name, as in a stack trace) begins
 * on the app's database, until released: the window between a request's checks and its
 * transaction, in which another request may run to its end. Races that timing alone shows only now
 * and then happen every time.
 */
export function holdNextTransaction(t: TestApp, from: string): { reached: Promise<void>; release(): void } {
  // biome-ignore lint/suspicious/noExplicitAny: the Kysely instance is patched for the test only
  const db = t.database.db as any;
  const original = db.transaction;
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reachedIt!: () => void;
  const reached = new Promise<void>((resolve) => {
    reachedIt = resolve;
  });
  db.transaction = function patched() {
    const builder = original.call(db);
    if (!String(new Error().stack).includes(from)) return builder;
    db.transaction = original;
    const execute = builder.execute.bind(builder);
    builder.execute = async (fn: unknown) => {
      reachedIt();
      await gate;
      return execute(fn);
    };
    return builder;
  };
  return { reached, release };
}
