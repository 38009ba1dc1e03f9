import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * A file queued again bumps its row's `rev` (modules/search/repo.ts queueFile): the indexer clears
 * a row only at the rev it read, so a change that commits while its file is being indexed (on
 * PostgreSQL, whose transactions run side by side) stays queued. Before, the indexer matched the
 * row's `work`, which a second rename leaves as it was: the rename was lost from the index.
 */
export function migration(_dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('search_queue')
        .addColumn('rev', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
