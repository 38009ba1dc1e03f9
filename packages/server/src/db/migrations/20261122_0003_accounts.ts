import type { Kysely, Migration } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull, withId } from './helpers.ts';

/**
 * Accounts beyond login: the outbox of mail and text messages, verification codes (binding,
 * sign-up, reset by text message), password tokens (forced change, reset link), picture upload
 * keys and stored pictures (avatars, team images), real-name requests and favourites.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      // Every message the product sends (ARCHITECTURE "Outgoing mail and text messages"). state:
      // queued (a transport is sending it), sent, failed, or stored (no transport configured).
      await withId(db.schema.createTable('outbox'), dialect)
        .addColumn('channel', 'text', notNull)
        .addColumn('recipient', 'text', notNull)
        .addColumn('subject', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('body', 'text', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('state', 'text', notNull)
        .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('sent_at', 'bigint')
        .execute();
      await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();

      // One row per code sent; only its hash is kept. purpose: bind, signup or reset.
      await withId(db.schema.createTable('verification_codes'), dialect)
        .addColumn('purpose', 'text', notNull)
        .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('channel', 'text', notNull)
        .addColumn('address', 'text', notNull)
        .addColumn('code_hash', 'text', notNull)
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('verification_codes_address')
        .on('verification_codes')
        .columns(['purpose', 'address', 'created_at'])
        .execute();
      await db.schema
        .createIndex('verification_codes_user')
        .on('verification_codes')
        .columns(['user_id', 'created_at'])
        .execute();

      // Single-use tokens, by sha256: purpose change (login answered a must-change token) or reset
      // (a forgotten-password link).
      await db.schema
        .createTable('password_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', notNull)
        .addColumn('purpose', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema.createIndex('password_tokens_user').on('password_tokens').column('user_id').execute();

      // The key of the two-step picture upload (spec 000 §7), by sha256: single use, short-lived,
      // bound to the user. kind: avatar or image.
      await db.schema
        .createTable('upload_keys')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('expires_at', 'bigint', notNull)
        .addColumn('used_at', 'bigint')
        .execute();

      // Stored pictures (re-encoded png in the blob store). A user's avatar is their newest row of
      // kind avatar. The rows are the blob references the blob collector must keep.
      await withId(db.schema.createTable('pictures'), dialect)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('kind', 'text', notNull)
        .addColumn('sha256', 'text', notNull)
        .addColumn('size', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .execute();
      await db.schema
        .createIndex('pictures_user')
        .on('pictures')
        .columns(['user_id', 'kind', 'id'])
        .execute();

      // Real-name verification requests (spec 002 §1). status: pending, verified, rejected; the
      // newest request of a user is their state.
      await withId(db.schema.createTable('identity_requests'), dialect)
        .addColumn('user_id', 'integer', notNull)
        .addColumn('company_id', 'integer', notNull)
        .addColumn('real_name', 'text', notNull)
        .addColumn('id_number', 'text', notNull)
        .addColumn('status', 'text', notNull)
        .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('reviewer_id', 'integer')
        .addColumn('created_at', 'bigint', notNull)
        .addColumn('reviewed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('identity_requests_user')
        .on('identity_requests')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('identity_requests_queue')
        .on('identity_requests')
        .columns(['company_id', 'status', 'id'])
        .execute();

      // Favourites (spec 000 §3): type 3 team, 4 user.
      await db.schema
        .createTable('favorites')
        .addColumn('user_id', 'integer', notNull)
        .addColumn('type', 'integer', notNull)
        .addColumn('entity_id', 'integer', notNull)
        .addColumn('created_at', 'bigint', notNull)
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'type', 'entity_id'])
        .execute();
    },
  };
}
