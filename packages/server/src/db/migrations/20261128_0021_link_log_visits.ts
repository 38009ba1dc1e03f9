import type { Kysely, Migration } from 'kysely';

/**
 * A link's log by what was done to which file: whether a visitor downloaded a file lately (a range
 * or a 304 is free for whoever began that download, modules/links loggedLately) is read for every
 * such request, and over a day of a busy link's log the (link_id, at) index alone scans them all.
 */
export function migration(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('link_access_log_visits')
        .on('link_access_log')
        .columns(['link_id', 'file_id', 'action', 'at'])
        .execute();
    },
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('link_access_log_visits').execute();
    },
  };
}
