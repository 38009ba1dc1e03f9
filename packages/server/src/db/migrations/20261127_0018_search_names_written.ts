import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * SQLite: a new name's rows in the FTS tables (search_names, search_short) are written by the
 * indexer itself (modules/search/repo.ts indexFiles), in the order of their sort keys, instead of
 * by search_docs' insert trigger. FTS5 keeps the terms of a transaction in memory and writes them
 * as one segment when it commits, but only while rowids come in ascending order, and a statement
 * that fires a trigger makes it write what it holds first: through the trigger, every name became
 * segments of its own, which FTS5 then merges again and again. Building 100,000 names into two
 * FTS tables took 7.6-8.2 s through the trigger and 3.6 s written in key order (bench/RESULTS.md,
 * twenty-seventh pass). The update and delete triggers stay: renames and removals are few.
 *
 * PostgreSQL has no such tables (pg_trgm indexes search_docs' own columns).
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await sql`DROP TRIGGER IF EXISTS search_docs_ai`.execute(db);
    },
  };
}
