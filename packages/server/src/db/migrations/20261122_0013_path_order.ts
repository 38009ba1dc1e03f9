import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * `files.path` compared byte by byte in PostgreSQL too, as SQLite compares it (BINARY): the
 * queries of a folder's subtree ask for a range of paths (modules/files/subtree.ts), which a
 * language's collation would order differently (en_US skips the slashes at first), and the
 * files_path index then serves that range. Rebuilding the column's indexes is part of the change.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      if (dialect === 'postgres')
        await sql`ALTER TABLE files ALTER COLUMN path TYPE text COLLATE "C"`.execute(db);
    },
  };
}
