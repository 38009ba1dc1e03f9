import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * The messages side (modules/chat). `conversation` names a team's ('g:12') or two people's
 * ('p:3:7', the smaller id first); `recipient_id` is the other person of a private one, so that a
 * user's private conversations are found from either side. `chat_reads` keeps, per user and
 * conversation, the newest message they have seen.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await withId(db.schema.createTable('chat_messages'), dialect)
        .addColumn('conversation', 'text', notNull)
        .addColumn('sender_id', 'integer', notNull)
        .addColumn('recipient_id', 'integer')
        .addColumn('body', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('chat_messages_conversation')
        .on('chat_messages')
        .columns(['conversation', 'id'])
        .execute();
      await db.schema
        .createIndex('chat_messages_sender')
        .on('chat_messages')
        .columns(['sender_id'])
        .execute();
      await db.schema
        .createIndex('chat_messages_recipient')
        .on('chat_messages')
        .columns(['recipient_id'])
        .execute();
      await db.schema
        .createTable('chat_reads')
        .addColumn('user_id', 'integer', notNull)
        .addColumn('conversation', 'text', notNull)
        .addColumn('last_read_id', 'integer', notNull)
        .addPrimaryKeyConstraint('chat_reads_pk', ['user_id', 'conversation'])
        .execute();
    },
  };
}
