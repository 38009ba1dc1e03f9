import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';

/**
 * How many live items each folder holds, kept by triggers on `files`, so that a page of a large
 * folder does not count its children again (modules/files/repo.ts countChildren; issue 11 W4: the
 * COUNT over 100,000 entries was most of the first page's time). Triggers rather than the
 * services: every way a row is added, moved, binned, restored or purged keeps the count, in the
 * same transaction, including rows written straight into the database (the bench's seed).
 * The root of a space is parent_id 0.
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('folder_counts')
        .addColumn('group_id', 'integer', (c) => c.notNull())
        .addColumn('parent_id', 'integer', (c) => c.notNull())
        .addColumn('live', 'bigint', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('folder_counts_pk', ['group_id', 'parent_id'])
        .execute();
      await sql`INSERT INTO folder_counts (group_id, parent_id, live)
        SELECT group_id, parent_id, COUNT(*) FROM files WHERE status = 'live' GROUP BY group_id, parent_id`.execute(
        db,
      );
      if (dialect === 'sqlite') await sqliteTriggers(db);
      else await postgresTriggers(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
async function sqliteTriggers(db: Kysely<any>) {
  const add = (row: 'NEW') =>
    sql.raw(`INSERT INTO folder_counts (group_id, parent_id, live)
      SELECT ${row}.group_id, ${row}.parent_id, 1 WHERE ${row}.status = 'live'
      ON CONFLICT (group_id, parent_id) DO UPDATE SET live = live + 1;`);
  const remove = (row: 'OLD') =>
    sql.raw(`UPDATE folder_counts SET live = live - 1
      WHERE ${row}.status = 'live' AND group_id = ${row}.group_id AND parent_id = ${row}.parent_id;`);
  await sql`CREATE TRIGGER files_count_insert AFTER INSERT ON files
    BEGIN ${add('NEW')} END`.execute(db);
  await sql`CREATE TRIGGER files_count_delete AFTER DELETE ON files
    BEGIN ${remove('OLD')} END`.execute(db);
  await sql`CREATE TRIGGER files_count_update AFTER UPDATE OF group_id, parent_id, status ON files
    WHEN OLD.status IS NOT NEW.status OR OLD.group_id <> NEW.group_id OR OLD.parent_id <> NEW.parent_id
    BEGIN ${remove('OLD')} ${add('NEW')} END`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
async function postgresTriggers(db: Kysely<any>) {
  await sql`CREATE FUNCTION files_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF OLD.status IS NOT DISTINCT FROM NEW.status AND OLD.group_id = NEW.group_id
          AND OLD.parent_id = NEW.parent_id THEN
          RETURN NULL;
        END IF;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        IF OLD.status = 'live' THEN
          UPDATE folder_counts SET live = live - 1
            WHERE group_id = OLD.group_id AND parent_id = OLD.parent_id;
        END IF;
      END IF;
      IF TG_OP IN ('UPDATE', 'INSERT') THEN
        IF NEW.status = 'live' THEN
          INSERT INTO folder_counts (group_id, parent_id, live) VALUES (NEW.group_id, NEW.parent_id, 1)
            ON CONFLICT (group_id, parent_id) DO UPDATE SET live = folder_counts.live + 1;
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER files_count AFTER INSERT OR DELETE OR UPDATE OF group_id, parent_id, status
    ON files FOR EACH ROW EXECUTE FUNCTION files_count()`.execute(db);
}
