import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Share links (spec 002, issue 8): the links themselves, the people and departments named on
 * them, who received them, their access log, and the reports of files and links that the
 * administrator's console reviews.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // status: open or close (a past expire_time makes an open link "expired" when read).
      // download_count counts the downloads so far; download_limits -1 is unlimited, so the
      // remaining count is download_limits - download_count. chkcode is the access code
      // encrypted with AES-GCM (modules/links/secrets.ts); '' when none is set. blocked: set by
      // moderation (forbidLink or linkViolation). version: the optimistic check of concurrent edits.
      await withId(db.schema.createTable('links'), dialect)
        .addColumn('sid', 'text', (c) => c.notNull().unique())
        .addColumn('file_id', 'integer', notNull)
        .addColumn('creator_id', 'integer', notNull)
        .addColumn('ranges', 'text', notNull)
        .addColumn('permission', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('expire_time', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('expire_period', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('download_limits', 'integer', (c) => c.notNull().defaultTo(-1))
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('chkcode', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('blocked', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addColumn('closed_at', 'bigint')
        .execute();
      // One open link per file: two editors creating one at once meet here (lightLinkExist).
      await db.schema
        .createIndex('links_open_file')
        .on('links')
        .column('file_id')
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      await db.schema.createIndex('links_file').on('links').column('file_id').execute();
      await db.schema
        .createIndex('links_creator')
        .on('links')
        .columns(['creator_id', 'updated_at'])
        .execute();

      // principal_type: user, dept, or address (invited by email or phone without an account,
      // status unregister until someone with that address exists). principal_key makes one row
      // per principal: "u:12", "d:5", "a:someone@example.com". permission: read, download,
      // write or owner (the link's owner row).
      await withId(db.schema.createTable('link_members'), dialect)
        .addColumn('link_id', 'integer', notNull)
        .addColumn('principal_type', 'text', notNull)
        .addColumn('principal_id', 'integer', notNull)
        .addColumn('principal_key', 'text', notNull)
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('permission', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('added_by', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('link_members_principal')
        .on('link_members')
        .columns(['link_id', 'principal_key'])
        .unique()
        .execute();
      await db.schema
        .createIndex('link_members_by_principal')
        .on('link_members')
        .columns(['principal_type', 'principal_id'])
        .execute();
      await db.schema
        .createIndex('link_members_address')
        .on('link_members')
        .columns(['status', 'address'])
        .execute();

      // The shared-with-me list: people named on a link, and logged-in people who opened it.
      // exited_at: they left it (DELETE /api/v3/links/{sid}); naming them again brings it back.
      await db.schema
        .createTable('link_received')
        .addColumn('link_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('received_at', 'bigint', notNull)
        .addColumn('exited_at', 'bigint')
        .addPrimaryKeyConstraint('link_received_pk', ['link_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('link_received_user')
        .on('link_received')
        .columns(['user_id', 'received_at'])
        .execute();

      // action: open or download; user_id null for someone not logged in (then ip tells them apart).
      await withId(db.schema.createTable('link_access_log'), dialect)
        .addColumn('link_id', 'integer', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('user_id', 'integer')
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('file_id', 'integer', notNull)
        .addColumn('at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('link_access_log_link')
        .on('link_access_log')
        .columns(['link_id', 'at'])
        .execute();

      // Reports of a file (POST /api/report) or a link (POST /api/v3/links/{sid}/report), for the
      // console's review queue (issue 6). kind: file or link; status: pending until reviewed.
      await withId(db.schema.createTable('reports'), dialect)
        .addColumn('kind', 'text', notNull)
        .addColumn('file_id', 'integer', notNull)
        .addColumn('link_id', 'integer')
        .addColumn('reporter_id', 'integer')
        .addColumn('reporter_ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reason_detail', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('handled_by', 'integer')
        .addColumn('handled_at', 'bigint')
        .addColumn('resolution', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('reports_queue').on('reports').columns(['status', 'created_at']).execute();
      await db.schema.createIndex('reports_file').on('reports').column('file_id').execute();
    },
  };
}
