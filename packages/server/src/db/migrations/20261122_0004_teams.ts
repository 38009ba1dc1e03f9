import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Teams beyond their space: team settings on the group row, department entries of teams, pins of
 * people who belong through a department, group-creation approval with its approvers, in-app
 * notices and recent contacts.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // spec 000 §3: auto_convert_state 0 off, 1 on, 2 on and converting.
      await db.schema
        .alterTable('groups')
        .addColumn('auto_convert_state', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // File-message push of the team (spec 000 §2), on by default.
      await db.schema
        .alterTable('groups')
        .addColumn('im_push', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      // History versions a file keeps; null: the deployment's history_version_count.
      await db.schema.alterTable('groups').addColumn('history_limit', 'integer').execute();
      // The team's invite code (GET invite_info makes one, PUT .../link replaces it); null: none yet.
      await db.schema.alterTable('groups').addColumn('invite_code', 'text').execute();
      await db.schema.createIndex('groups_invite_code').on('groups').column('invite_code').unique().execute();

      // A whole department as a member of a team (spec 000 §3 member type 2): it brings the
      // department's current members, sub-departments included, resolved when read.
      await db.schema
        .createTable('group_depts')
        .addColumn('group_id', 'integer', notNull)
        .addColumn('dept_id', 'integer', notNull)
        .addColumn('joined_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('group_depts_pk', ['group_id', 'dept_id'])
        .execute();
      await db.schema.createIndex('group_depts_dept').on('group_depts').column('dept_id').execute();

      // Pins of people who belong to a team only through a department (no group_members row to
      // carry is_top).
      await db.schema
        .createTable('group_pins')
        .addColumn('group_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addPrimaryKeyConstraint('group_pins_pk', ['group_id', 'user_id'])
        .execute();

      // Who approves group creation in a company besides its administrators.
      await db.schema
        .createTable('group_approvers')
        .addColumn('company_id', 'integer', notNull)
        .addColumn('user_id', 'integer', notNull)
        .addPrimaryKeyConstraint('group_approvers_pk', ['company_id', 'user_id'])
        .execute();

      // spec 000 §3 "Group-approval request". status: pending, approved, rejected, cancelled.
      // member_ids and dept_ids are JSON arrays of ids.
      await withId(db.schema.createTable('group_approvals'), dialect)
        .addColumn('company_id', 'integer', notNull)
        .addColumn('applicant_id', 'integer', notNull)
        .addColumn('type', 'integer', notNull)
        .addColumn('name', 'text', notNull)
        .addColumn('avatar', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notice', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('description', 'text', notNull)
        .addColumn('auto_convert_group', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('member_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('dept_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('status', 'text', notNull)
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('decided_by', 'integer')
        .addColumn('decided_at', 'bigint')
        .addColumn('group_id', 'integer')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('group_approvals_applicant')
        .on('group_approvals')
        .columns(['applicant_id', 'id'])
        .execute();

      // The approvers a request was sent to (designated_approver_ids).
      await db.schema
        .createTable('group_approval_approvers')
        .addColumn('approval_id', 'integer', notNull)
        .addColumn('approver_id', 'integer', notNull)
        .addPrimaryKeyConstraint('group_approval_approvers_pk', ['approval_id', 'approver_id'])
        .execute();
      await db.schema
        .createIndex('group_approval_approvers_approver')
        .on('group_approval_approvers')
        .columns(['approver_id', 'approval_id'])
        .execute();

      // In-app notices (GET /xnc/v1/notices); params is JSON for the wording.
      await withId(db.schema.createTable('notices'), dialect)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('read_at', 'bigint')
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema.createIndex('notices_user').on('notices').columns(['user_id', 'id']).execute();

      // The picker's recent tab: people and teams the user last picked or worked with.
      // type follows spec 000 §3 contact items: 1 multi-chat, 3 team, 4 user.
      await db.schema
        .createTable('recent_contacts')
        .addColumn('user_id', 'integer', notNull)
        .addColumn('type', 'integer', notNull)
        .addColumn('entity_id', 'integer', notNull)
        .addColumn('used_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('recent_contacts_pk', ['user_id', 'type', 'entity_id'])
        .execute();
      await db.schema
        .createIndex('recent_contacts_user')
        .on('recent_contacts')
        .columns(['user_id', 'used_at'])
        .execute();
    },
  };
}
