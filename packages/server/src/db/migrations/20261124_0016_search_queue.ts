import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull } from './helpers.ts';

/**
 * The files whose search index rows are due (modules/search/indexer.ts): a change of a file queues
 * its id in the change's own transaction, and the indexer indexes what is queued in batches.
 * `work` is a set of bits: the item itself, everything below it (a copied folder), its content text.
 */
export function migration(_dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('search_queue')
        .addColumn('file_id', 'integer', (c) => c.primaryKey())
        .addColumn('work', 'integer', notNull)
        .execute();
    },
  };
}
