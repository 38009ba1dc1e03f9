import type { Kysely, Migration } from 'kysely';
import { notNull } from './helpers.ts';

/**
 * Security documents (shared/secdoc.ts). `files.secure_guid` is '' for an ordinary file. A
 * document's rights are rows of `secdoc_rights`: a principal (the contact picker's type: 1 or 3
 * the document's team, 2 a department, 4 a user) and its operations as a bit set (bit n-1 for
 * operation n). `group_id` is the document's team, so that a member's rights in a team are one
 * indexed read.
 */
export function migration(): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('files')
        .addColumn('secure_guid', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('secdoc_rights')
        .addColumn('file_id', 'integer', notNull)
        .addColumn('group_id', 'integer', notNull)
        .addColumn('principal_type', 'integer', notNull)
        .addColumn('principal_id', 'integer', notNull)
        .addColumn('operations', 'integer', notNull)
        .addPrimaryKeyConstraint('secdoc_rights_pk', ['file_id', 'principal_type', 'principal_id'])
        .execute();
      await db.schema
        .createIndex('secdoc_rights_group')
        .on('secdoc_rights')
        .columns(['group_id', 'principal_type', 'principal_id'])
        .execute();
    },
  };
}
