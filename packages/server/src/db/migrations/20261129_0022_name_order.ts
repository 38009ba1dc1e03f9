import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * `files.name_key` compared by code point in PostgreSQL too, as SQLite compares it (BINARY) and as
 * `compareFileNames` (packages/shared) orders a zip's entries: a folder listed by name, its keyset
 * pages (`name_key > ?`) and a shared folder's items then come in the same order whatever the
 * database's own collation is (en_US, say, skips punctuation and spaces at first, so 'a b' came
 * after 'ab' there and before it here). Rebuilding the column's indexes is part of the change.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      if (dialect === 'postgres')
        await sql`ALTER TABLE files ALTER COLUMN name_key TYPE text COLLATE "C"`.execute(db);
    },
  };
}
