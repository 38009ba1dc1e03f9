import { PostgresAdapter, sql } from 'kysely';
import type { DbOrTrx } from './index.ts';

/**
 * Takes the lock of one row until the transaction ends, so that changes that replace the rows
 * hanging off it (delete all, insert the new set) run one after the other: two at once on
 * PostgreSQL both delete what they see and then collide on the same new keys. SQLite runs one
 * writer at a time and needs nothing.
 */
export async function lockRow(
  trx: DbOrTrx,
  table: 'users' | 'files' | 'companies',
  id: number,
): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().execute();
}

/**
 * Makes the transactions that create a deployment's first company (the demo's seeding, `npm run
 * admin -- setup`) take turns, so that each sees whether the other made one. SQLite runs one writer
 * at a time (and a reader that writes after another's commit fails), so it needs nothing.
 */
export async function lockFirstCompany(trx: DbOrTrx): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`SELECT pg_advisory_xact_lock(7270010)`.execute(trx);
}
