import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull } from './helpers.ts';

/**
 * File locks (spec 001 §3 "File lock") and preview renditions (issue 10): what the previews made
 * of a content once (a PDF of an office document, a picture for the viewer, a thumbnail, what a
 * PDF needs to open), kept by the content's sha256 so that each version converts once.
 */
export function migration(_dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // One lock per file. A lock past expires_at counts as none (modules/locks); the next
      // acquire replaces it, so expired rows need no sweeping to stay harmless.
      await db.schema
        .createTable('file_locks')
        .addColumn('file_id', 'integer', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', notNull)
        .addColumn('locked_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('file_locks_user').on('file_locks').column('user_id').execute();

      // name: pdf (office conversion), image, thumb, inspect (a PDF's encryption) ...
      // state: queued, running, done, failed. A done rendition's bytes are the blob result_sha256
      // (the blob collector must keep it); a failed one keeps its error key (convertFail ...).
      await db.schema
        .createTable('preview_renditions')
        .addColumn('source_sha256', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('result_sha256', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('result_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('content_type', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('preview_renditions_pk', ['source_sha256', 'name'])
        .execute();
      await db.schema
        .createIndex('preview_renditions_result')
        .on('preview_renditions')
        .column('result_sha256')
        .execute();
    },
  };
}
