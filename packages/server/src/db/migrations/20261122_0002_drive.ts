import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The drive: spaces (groups) and their members, quotas, files and folders with their versions,
 * role defaults and per-file permission entries, file events and upload transactions.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // One row per space: my drive (special), uploaded files (tmp), every team (team_type 1/2/3).
      // A team's id is also its contacts id (ARCHITECTURE "API conventions").
      await withId(db.schema.createTable('groups'), dialect)
        .addColumn('type', 'text', notNull)
        .addColumn('team_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('owner_id', 'integer', notNull)
        .addColumn('company_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dept_id', 'integer')
        .addColumn('name', 'text', notNull)
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      // At most one my drive and one uploaded-files area per user, even under concurrent first use.
      await db.schema
        .createIndex('groups_personal')
        .on('groups')
        .columns(['owner_id', 'type'])
        .unique()
        .where(sql.ref('type'), 'in', ['special', 'tmp'])
        .execute();
      await db.schema.createIndex('groups_company').on('groups').columns(['company_id', 'dept_id']).execute();

      await db.schema
        .createTable('group_members')
        .addColumn('group_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('team_role', 'integer', notNull)
        .addColumn('is_top', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('joined_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('group_members_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute();

      // What each team role may do in a space, where the team changed the shared default.
      await db.schema
        .createTable('group_role_masks')
        .addColumn('group_id', 'integer', notNull)
        .addColumn('team_role', 'integer', notNull)
        .addColumn('mask', 'integer', notNull)
        .addPrimaryKeyConstraint('group_role_masks_pk', ['group_id', 'team_role'])
        .execute();

      // Quota counters, one row per scope that limits writes (see modules/spaces/quota.ts).
      // total and max_files null: the configured default; 0: unlimited.
      await db.schema
        .createTable('space_quotas')
        .addColumn('scope', 'text', notNull)
        .addColumn('scope_id', 'integer', notNull)
        .addColumn('total', 'bigint')
        .addColumn('expand_self', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('used', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('max_files', 'bigint')
        .addColumn('file_count', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('space_quotas_pk', ['scope', 'scope_id'])
        .execute();

      // One row per file or folder. `path` holds the ids of the ancestors, "/12/40/" ("/" at the
      // root), so subtrees are found and moved with one statement.
      await withId(db.schema.createTable('files'), dialect)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('parent_id', 'integer', notNull)
        .addColumn('path', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('name_key', 'text', notNull)
        .addColumn('is_folder', 'integer', notNull)
        .addColumn('size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('sha256', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sha1', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ver', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('ctime', 'bigint', notNull)
        .addColumn('mtime', 'bigint', notNull)
        .addColumn('creator_id', 'integer', notNull)
        .addColumn('modifier_id', 'integer', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('live'))
        .addColumn('deleted_at', 'bigint')
        .addColumn('deleted_by', 'integer')
        // The item whose deletion took this one to the bin (itself for the item the user deleted).
        .addColumn('delete_root', 'integer')
        .addColumn('secret_label', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // spec 001 §5 via fileNameConflict: one live item per name (case-insensitive) in a folder.
      await db.schema
        .createIndex('files_live_name')
        .on('files')
        .columns(['group_id', 'parent_id', 'name_key'])
        .unique()
        .where(sql.ref('status'), '=', 'live')
        .execute();
      await db.schema
        .createIndex('files_parent')
        .on('files')
        .columns(['group_id', 'parent_id', 'status'])
        .execute();
      await db.schema.createIndex('files_path').on('files').columns(['group_id', 'path']).execute();
      await db.schema.createIndex('files_sha256').on('files').column('sha256').execute();

      // Every content change adds a version; the current content is the newest row.
      await withId(db.schema.createTable('file_versions'), dialect)
        .addColumn('file_id', 'integer', notNull)
        .addColumn('ver', 'integer', notNull)
        .addColumn('size', 'bigint', notNull)
        .addColumn('sha256', 'text', notNull)
        .addColumn('sha1', 'text', notNull)
        .addColumn('modifier_id', 'integer', notNull)
        .addColumn('log', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('file_versions_file')
        .on('file_versions')
        .columns(['file_id', 'ver'])
        .unique()
        .execute();
      await db.schema.createIndex('file_versions_sha256').on('file_versions').column('sha256').execute();

      // A folder's or file's own permission entries for users and departments (user_acl masks).
      await db.schema
        .createTable('file_acl')
        .addColumn('file_id', 'integer', notNull)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('principal_type', 'text', notNull)
        .addColumn('principal_id', 'integer', notNull)
        .addColumn('mask', 'integer', notNull)
        .addPrimaryKeyConstraint('file_acl_pk', ['file_id', 'principal_type', 'principal_id'])
        .execute();
      await db.schema.createIndex('file_acl_group').on('file_acl').column('group_id').execute();

      // spec 001 §3 "File event names", for the activity screens.
      await withId(db.schema.createTable('file_events'), dialect)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('file_id', 'integer', notNull)
        .addColumn('actor_id', 'integer', notNull)
        .addColumn('type', 'text', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('is_folder', 'integer', notNull)
        .addColumn('parent_id', 'integer', notNull)
        /** JSON text with what the event needs besides (old name, source space ...). */
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('file_events_group')
        .on('file_events')
        .columns(['group_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('file_events_file')
        .on('file_events')
        .columns(['file_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('upload_transactions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', notNull)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('parent_id', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('size', 'bigint', notNull)
        .addColumn('sha1', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('upload_transactions_user')
        .on('upload_transactions')
        .column('user_id')
        .execute();
    },
  };
}
