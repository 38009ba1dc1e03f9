import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Recycle bins, stars, history, recent files, comments, and the durable job queue that purges
 * expired bin items and collects unreferenced blobs (issue 4). The history limit itself is the
 * groups.history_limit column of migration 0004.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // The bin of a space lists the items a user deleted (delete_root = id), newest first.
      await db.schema
        .createIndex('files_bin')
        .on('files')
        .columns(['group_id', 'status', 'deleted_at'])
        .execute();
      // The retention purge finds expired bin items across all spaces.
      await db.schema.createIndex('files_deleted_at').on('files').columns(['status', 'deleted_at']).execute();
      await db.schema.createIndex('files_delete_root').on('files').column('delete_root').execute();

      // Durable jobs (packages/server/src/jobs): a worker leases a row (locked_by, locked_until),
      // runs it, and deletes it; a failure is retried later until max_attempts, then kept as failed.
      // status: queued, running, failed.
      await withId(db.schema.createTable('jobs'), dialect)
        .addColumn('kind', 'text', notNull)
        .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('dedupe_key', 'text')
        .addColumn('status', 'text', notNull)
        .addColumn('run_at', 'bigint', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('max_attempts', 'integer', notNull)
        .addColumn('locked_by', 'text')
        .addColumn('locked_until', 'bigint')
        .addColumn('last_error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
      // At most one waiting or running job per dedupe key (a periodic job, "collect blobs").
      await db.schema
        .createIndex('jobs_dedupe')
        .on('jobs')
        .column('dedupe_key')
        .unique()
        .where(sql.ref('status'), 'in', ['queued', 'running'])
        .execute();
      // When each periodic job is next due; several server processes share it.
      await db.schema
        .createTable('job_schedules')
        .addColumn('kind', 'text', (c) => c.primaryKey())
        .addColumn('next_run_at', 'bigint', notNull)
        .execute();

      // Blob keys whose last reference may have gone (purge, dropped versions); the collector
      // checks each against every table that holds blob keys before deleting the blob.
      await db.schema
        .createTable('blob_orphans')
        .addColumn('sha256', 'text', (c) => c.primaryKey())
        .addColumn('since', 'bigint', notNull)
        .execute();

      // Labels a user put on files; label 1 is the star (spec 001 §3, §9).
      await db.schema
        .createTable('file_labels')
        .addColumn('user_id', 'integer', notNull)
        .addColumn('label_id', 'integer', notNull)
        .addColumn('file_id', 'integer', notNull)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('file_labels_pk', ['user_id', 'label_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('file_labels_list')
        .on('file_labels')
        .columns(['user_id', 'label_id', 'created_at'])
        .execute();
      await db.schema.createIndex('file_labels_file').on('file_labels').column('file_id').execute();

      // Recent files (GET /api/v3/roaming): one row per user and file, moved to the top whenever
      // the user opens, uploads or changes the file. action: open, create, update, rename, recover.
      await db.schema
        .createTable('roaming')
        .addColumn('user_id', 'integer', notNull)
        .addColumn('file_id', 'integer', notNull)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('at', 'bigint', notNull)
        .addPrimaryKeyConstraint('roaming_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema.createIndex('roaming_user_at').on('roaming').columns(['user_id', 'at']).execute();
      await db.schema.createIndex('roaming_file').on('roaming').column('file_id').execute();

      // Comments on files (POST/DELETE /api/v3/files/{fileid}/comments).
      await withId(db.schema.createTable('file_comments'), dialect)
        .addColumn('file_id', 'integer', notNull)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('content', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('file_comments_file')
        .on('file_comments')
        .columns(['file_id', 'created_at'])
        .execute();

      // The history list filters by modifier; the current file's versions are read by file_id.
      await db.schema
        .createIndex('file_versions_modifier')
        .on('file_versions')
        .columns(['file_id', 'modifier_id'])
        .execute();
    },
  };
}
