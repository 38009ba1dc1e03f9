import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * File messages (a team's im_push): the file a message tells of, as it was when added (null in a
 * typed message). `file_more` counts the files that joined it in one batch and `file_added_at` is
 * when the latest of them came (CHAT_FILE_BATCH_SECONDS, packages/shared chat.ts). One column per
 * statement: SQLite adds one at a time.
 */
export function migration(_dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      const columns = [
        ['file_id', 'integer'],
        ['file_name', 'text'],
        ['file_size', 'bigint'],
        ['file_group_id', 'integer'],
        ['file_parent_id', 'integer'],
        ['file_more', 'integer'],
        ['file_added_at', 'bigint'],
      ] as const;
      for (const [name, type] of columns)
        await db.schema.alterTable('chat_messages').addColumn(name, type).execute();
    },
  };
}
