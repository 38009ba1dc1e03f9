import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * Indexes that answer a folder's list in its order (modules/files/repo.ts listChildren): the
 * live children of a folder, folders first, by name or by time, then by id. Without them a page
 * sorted the whole folder (a 100,000-entry folder: 85 ms for the first page, 450 ms deep; issue 11
 * W4). An index is read in one direction, and "folders first" with the name ascending or
 * descending needs the folder flag the other way round relative to the name: one index each.
 * Listing by size keeps the sort (it is rarely asked for).
 */
export function migration(_dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      for (const [name, column] of [
        ['name', 'name_key'],
        ['mtime', 'mtime'],
      ] as const) {
        // Folders first with the column descending: this index read backwards.
        await db.schema
          .createIndex(`files_list_${name}`)
          .on('files')
          .columns(['group_id', 'parent_id', 'status', 'is_folder', column, 'id'])
          .execute();
        // Folders first with the column ascending.
        await db.schema
          .createIndex(`files_list_${name}_folders_first`)
          .on('files')
          .columns(['group_id', 'parent_id', 'status', 'is_folder desc', column, 'id'])
          .execute();
      }
    },
  };
}
