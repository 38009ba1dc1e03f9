import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The administrator's console (issue 6): the audit log of administrative actions, blocked files,
 * the appeal of a blocked file or link on its report, and the feedback inbox's handled mark.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // Who changed what, when. actor_id 0 with via 'cli' is the command line (npm run admin).
      // company_id 0: a deployment-wide change (defaults, general users). detail: JSON text.
      await withId(db.schema.createTable('audit_log'), dialect)
        .addColumn('company_id', 'integer', notNull)
        .addColumn('actor_id', 'integer', notNull)
        .addColumn('actor_name', 'text', notNull)
        .addColumn('via', 'text', notNull)
        .addColumn('action', 'text', notNull)
        .addColumn('target_type', 'text', notNull)
        .addColumn('target_id', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('target_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('detail', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('ip', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('audit_log_company')
        .on('audit_log')
        .columns(['company_id', 'id'])
        .execute();

      // A file blocked by moderation: its previews answer illegalFile, its links forbidLink.
      await db.schema
        .createTable('file_blocks')
        .addColumn('file_id', 'integer', (c) => c.primaryKey())
        .addColumn('report_id', 'integer')
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('blocked_by', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();

      // The owner's appeal of a block (POST /api/v3/{kind}/{id}/appeal) sends the report back to
      // the queue with status appealed; note: what the administrator wrote when deciding.
      await db.schema
        .alterTable('reports')
        .addColumn('appeal_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('reports').addColumn('appealed_by', 'integer').execute();
      await db.schema.alterTable('reports').addColumn('appealed_at', 'bigint').execute();
      await db.schema
        .alterTable('reports')
        .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
        .execute();

      await db.schema.alterTable('feedback').addColumn('handled_by', 'integer').execute();
      await db.schema.alterTable('feedback').addColumn('handled_at', 'bigint').execute();
    },
  };
}
