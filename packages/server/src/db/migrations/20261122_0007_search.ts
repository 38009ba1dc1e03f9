import { type Kysely, type Migration, sql } from 'kysely';
import type { MigrationDialect } from '../migrate.ts';
import { notNull } from './helpers.ts';

/**
 * The file search index (modules/search): one row per file or folder with its name, the name's
 * pinyin and the extension (search_docs), and the extracted text of contents, one row per blob
 * (search_contents; copies of a file share it). Status, space, folder and times are not copied:
 * searches join the files table, so delete, recover and move need no index work.
 *
 * SQLite: FTS5 with the trigram tokenizer (substrings and Chinese match; case-insensitive),
 * contentless with deletes, kept in step with the two tables by triggers. The FTS rowid of a name
 * is its sort key (mtime * 2^21 + the low 21 bits of the file id, search/query.ts), so a match
 * streams newest first straight out of the index and a first page reads a few dozen rows. A
 * trigram index cannot look up one or two characters, the usual length of a Chinese word: a
 * second FTS5 table (unicode61) holds the one- and two-character grams of the non-ASCII letters
 * of names and of their pinyin initials for those (search/query.ts shortGrams), a third those of
 * content texts. A content's id is
 * likewise the sort key of the newest file that held it when its text was read.
 *
 * PostgreSQL: pg_trgm GIN indexes on the same columns answer the same substring matches (LIKE
 * '%term%', ILIKE for contents). We do not add a tsvector: it matches words, not substrings, so
 * the two databases would answer the same search differently (see README "Search").
 */
export function migration(dialect: MigrationDialect): Migration {
  return {
    // biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
    async up(db: Kysely<any>) {
      if (dialect === 'sqlite') await upSqlite(db);
      else await upPostgres(db);
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
async function upSqlite(db: Kysely<any>) {
  await db.schema
    .createTable('search_docs')
    // The rowid: newest first is the index's own order.
    .addColumn('sort_key', 'integer', (c) => c.primaryKey())
    .addColumn('file_id', 'integer', (c) => c.notNull().unique())
    .addColumn('name_key', 'text', notNull)
    .addColumn('pinyin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('initials', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('grams', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('initial_grams', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`CREATE VIRTUAL TABLE search_names USING fts5(
    name, pinyin, initials, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`CREATE VIRTUAL TABLE search_short USING fts5(
    grams, initials, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
  const insertDoc = `
    INSERT INTO search_names(rowid, name, pinyin, initials)
      VALUES (new.sort_key, new.name_key, new.pinyin, new.initials);
    INSERT INTO search_short(rowid, grams, initials)
      SELECT new.sort_key, new.grams, new.initial_grams WHERE new.grams <> '' OR new.initial_grams <> '';`;
  const deleteDoc = `
    DELETE FROM search_names WHERE rowid = old.sort_key;
    DELETE FROM search_short WHERE rowid = old.sort_key;`;
  await sql
    .raw(`CREATE TRIGGER search_docs_ai AFTER INSERT ON search_docs BEGIN ${insertDoc} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_docs_ad AFTER DELETE ON search_docs BEGIN ${deleteDoc} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER search_docs_au AFTER UPDATE ON search_docs BEGIN ${deleteDoc} ${insertDoc} END`)
    .execute(db);

  await db.schema
    .createTable('search_contents')
    // Set by the indexer (a sort key), so contents stream newest first too.
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', notNull)
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('extracted_at', 'bigint', notNull)
    .execute();
  await sql`CREATE VIRTUAL TABLE search_bodies USING fts5(
    body, content='', contentless_delete=1, tokenize='trigram')`.execute(db);
  await sql`CREATE TRIGGER search_contents_ai AFTER INSERT ON search_contents BEGIN
    INSERT INTO search_bodies(rowid, body) VALUES (new.id, new.body);
  END`.execute(db);
  // The short grams of a text are written by the indexer (repo.ts saveContents); they leave with it.
  await sql`CREATE VIRTUAL TABLE search_body_grams USING fts5(
    grams, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0')`.execute(db);
  await sql`CREATE TRIGGER search_contents_ad AFTER DELETE ON search_contents BEGIN
    DELETE FROM search_bodies WHERE rowid = old.id;
    DELETE FROM search_body_grams WHERE rowid = old.id;
  END`.execute(db);
  await sql`CREATE TRIGGER search_contents_au AFTER UPDATE OF body ON search_contents BEGIN
    DELETE FROM search_bodies WHERE rowid = old.id;
    INSERT INTO search_bodies(rowid, body) VALUES (new.id, new.body);
  END`.execute(db);
  // Merge two segments of a level, not four (the default): fewer segments for a query to read.
  for (const table of ['search_names', 'search_short', 'search_bodies', 'search_body_grams']) {
    await sql.raw(`INSERT INTO ${table}(${table}, rank) VALUES ('usermerge', 2)`).execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the untyped schema
async function upPostgres(db: Kysely<any>) {
  // A trusted extension since PostgreSQL 13: a database owner may create it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
  // The extension lives in one schema per database (public, as a rule), which need not be on the
  // search_path of this connection (the tests give each run a schema of its own).
  const found = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  const ops = sql.raw(`${quoteIdent(found.rows[0]?.schema ?? 'public')}.gin_trgm_ops`);

  await db.schema
    .createTable('search_docs')
    .addColumn('file_id', 'integer', (c) => c.primaryKey())
    .addColumn('sort_key', 'bigint', notNull)
    .addColumn('name_key', 'text', notNull)
    .addColumn('pinyin', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('initials', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    // The short-gram columns serve SQLite's second FTS table; here pg_trgm's LIKE answers short terms.
    .addColumn('grams', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('initial_grams', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`CREATE INDEX search_docs_sort ON search_docs (sort_key DESC, file_id DESC)`.execute(db);
  await sql`CREATE INDEX search_docs_name ON search_docs USING gin (name_key ${ops})`.execute(db);
  await sql`CREATE INDEX search_docs_pinyin ON search_docs USING gin (pinyin ${ops})`.execute(db);
  await sql`CREATE INDEX search_docs_initials ON search_docs USING gin (initials ${ops})`.execute(db);

  await db.schema
    .createTable('search_contents')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', notNull)
    .addColumn('ext', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('truncated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('extracted_at', 'bigint', notNull)
    .execute();
  await sql`CREATE INDEX search_contents_body ON search_contents USING gin (body ${ops})`.execute(db);
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
