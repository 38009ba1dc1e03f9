import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * Fewer indexes for an upload to write (issue 11 W3: every index of `files` is a page more in the
 * commit of every new file). files_parent (group_id, parent_id, status) is the start of the folder
 * list's indexes (migration 0010), which answer whatever it answered. The recycle bin's three
 * indexes hold binned items only: every query of the bin asks for status = 'deleted' (the literal,
 * which SQLite needs to see to use a partial index), and a live file no longer has an entry in them.
 */
export function migration(_dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      for (const index of ['files_parent', 'files_bin', 'files_deleted_at', 'files_delete_root'])
        await db.schema.dropIndex(index).execute();
      // The bin of a space, newest first; the retention purge across spaces; an item's subtree.
      await sql`CREATE INDEX files_bin ON files (group_id, deleted_at) WHERE status = 'deleted'`.execute(db);
      await sql`CREATE INDEX files_deleted_at ON files (deleted_at) WHERE status = 'deleted'`.execute(db);
      await sql`CREATE INDEX files_delete_root ON files (delete_root) WHERE status = 'deleted'`.execute(db);
    },
  };
}
