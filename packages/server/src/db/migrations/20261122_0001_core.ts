import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/** Companies, departments, users and their memberships, sessions, settings, throttles, feedback. */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('companies'), dialect)
        .addColumn('name', 'text', notNull)
        .addColumn('admin_id', 'integer')
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('departments'), dialect)
        .addColumn('company_id', 'integer', notNull)
        .addColumn('parent_id', 'integer')
        .addColumn('name', 'text', notNull)
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('path', 'text', notNull)
        .addColumn('display_path_name', 'text', notNull)
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('departments_parent')
        .on('departments')
        .columns(['company_id', 'parent_id'])
        .execute();
      await db.schema.createIndex('departments_path').on('departments').column('path').execute();

      await withId(db.schema.createTable('users'), dialect)
        .addColumn('unique_name', 'text', notNull)
        .addColumn('nick_name', 'text', notNull)
        .addColumn('pinyin', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('pinyin_initials', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('password_hash', 'text', notNull)
        .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('sex', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('source', 'text', (c) => c.notNull().defaultTo('local'))
        .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('password_changed_at', 'bigint', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      // Accounts are matched case-insensitively: store and look up lower-case.
      await db.schema.createIndex('users_unique_name').on('users').column('unique_name').unique().execute();
      await db.schema.createIndex('users_email').on('users').column('email').unique().execute();
      await db.schema.createIndex('users_phone').on('users').column('phone').unique().execute();

      await db.schema
        .createTable('company_members')
        .addColumn('company_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('employee_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('ext_phone_number', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('main_dept_id', 'integer')
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('company_members_pk', ['company_id', 'user_id'])
        .execute();
      await db.schema.createIndex('company_members_user').on('company_members').column('user_id').execute();

      await db.schema
        .createTable('dept_members')
        .addColumn('dept_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addPrimaryKeyConstraint('dept_members_pk', ['dept_id', 'user_id'])
        .execute();
      await db.schema.createIndex('dept_members_user').on('dept_members').column('user_id').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', notNull)
        .addColumn('csrf_token', 'text', notNull)
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('last_seen_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('settings')
        .addColumn('company_id', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('value', 'text', notNull)
        .addColumn('updated_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('settings_pk', ['company_id', 'name'])
        .execute();

      await db.schema
        .createTable('throttles')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('failures', 'integer', notNull)
        .addColumn('window_start', 'bigint', notNull)
        .addColumn('locked_until', 'bigint', notNull)
        .execute();

      await withId(db.schema.createTable('feedback'), dialect)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('content', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
    },
  };
}
