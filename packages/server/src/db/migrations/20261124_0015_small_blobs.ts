import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull } from './helpers.ts';

/**
 * Small blobs in the database (storage/small-blobs.ts): a small upload's bytes commit in the same
 * transaction as the file that refers to them, instead of a file of their own made durable first.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('small_blobs')
        .addColumn('sha256', 'text', (c) => c.primaryKey())
        .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', notNull)
        .addColumn('put_at', 'bigint', notNull)
        .execute();
    },
  };
}
