import { type Kysely, type Migration, sql } from 'kysely';
import { nameGramsOf } from '../../modules/search/query.ts';
import type { MigrationDialect } from '../migrate.ts';

/**
 * The short grams of names now hold Latin letters and digits too (search/query.ts nameGramsOf),
 * so that a one- or two-character term such as "jz" or "7" is looked up in SQLite's short-gram
 * index instead of a scan of every name (issue 11, W5). This migration writes them for the names
 * indexed before: the grams column of search_docs and the search_short FTS table, which is
 * emptied and filled again from search_docs (the initials' grams are unchanged). The update
 * trigger of search_docs is set aside meanwhile, so that the trigram table of the names is not
 * rewritten with them; its definition is taken from the schema as it is and put back unchanged.
 *
 * PostgreSQL reads neither column (pg_trgm answers short terms there): new and renamed names get
 * the new grams from the indexer, and nothing is rewritten.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await upSqlite(db);
    },
  };
}

/** Names per UPDATE (two parameters each). */
const BATCH = 2000;

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
async function upSqlite(db: Kysely<any>) {
  const trigger = await sql<{ sql: string }>`
    SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = 'search_docs_au'`.execute(db);
  const updateTrigger = trigger.rows[0]?.sql;
  if (updateTrigger) await sql`DROP TRIGGER search_docs_au`.execute(db);
  await sql`INSERT INTO search_short(search_short) VALUES ('delete-all')`.execute(db);

  for (let after: number | null = null; ; ) {
    const rows: { sort_key: number; name_key: string; grams: string }[] = (
      await sql<{ sort_key: number; name_key: string; grams: string }>`
        SELECT sort_key, name_key, grams FROM search_docs
        WHERE ${after === null ? sql`1 = 1` : sql`sort_key > ${after}`}
        ORDER BY sort_key LIMIT ${BATCH}`.execute(db)
    ).rows;
    if (rows.length === 0) break;
    const changed = rows
      .map((r) => ({ key: r.sort_key, grams: nameGramsOf(r.name_key), old: r.grams }))
      .filter((r) => r.grams !== r.old);
    if (changed.length) {
      const values = sql.join(changed.map((r) => sql`(${r.key}, ${r.grams})`));
      await sql`WITH v(sort_key, grams) AS (VALUES ${values})
        UPDATE search_docs SET grams = v.grams FROM v WHERE search_docs.sort_key = v.sort_key`.execute(db);
    }
    after = rows[rows.length - 1].sort_key;
  }

  await sql`INSERT INTO search_short(rowid, grams, initials)
    SELECT sort_key, grams, initial_grams FROM search_docs WHERE grams <> '' OR initial_grams <> ''`.execute(
    db,
  );
  if (updateTrigger) await sql.raw(updateTrigger).execute(db);
}
