import { type Insertable, type RawBuilder, sql } from 'kysely';
import { hotQuery } from '../../db/hot.ts';
import type { Db, DbOrTrx, Dialect, Trx } from '../../db/index.ts';
import { containsPattern } from '../../db/like.ts';
import type { SearchDocsTable, SearchNamesTable, SearchShortTable } from '../../db/schema.ts';
import type { FileWithNames } from '../files/repo.ts';
import { below } from '../files/subtree.ts';
import {
  ftsPhrase,
  impliedNameGrams,
  isIndexable,
  isInitialsGramTerm,
  isTextGramTerm,
  type NameTerms,
  nameTermsOf,
  SNIPPET_BEFORE,
  SNIPPET_LENGTH,
  SORT_KEY_LOW,
  sortKeyOf,
  sortKeyRange,
  textGramsOf,
} from './query.ts';

/**
 * The search index behind one interface for both databases (see migration 0007): SQLite answers
 * from FTS5 trigram tables, PostgreSQL from pg_trgm indexes, with the same substring semantics.
 * Hits are file rows joined live from the files table, so a file's state, space and place are
 * always current; the index keeps only what is searched (names, pinyin, extension, content text).
 */

/** What every hit must also satisfy. */
export interface SearchFilters {
  /** Spaces the actor may see (and asked for); never empty (the service answers nothing instead). */
  groupIds: number[];
  /** Extensions, lower-case without the dot. */
  exts?: string[];
  /** mtime window, unix seconds, both ends included. */
  from?: number;
  to?: number;
  secretLabel?: number;
}

/** Every term must be in the name (literally), or with `pinyin` in the name or its pinyin. */
export interface NameCondition {
  terms: string[];
  pinyin: boolean;
}

/**
 * One ranked tier of a search: name matches, pinyin matches, content matches. Within a tier hits
 * come newest first (sort key). `except` leaves out what an earlier tier already answered.
 */
export interface TierQuery {
  source: 'names' | 'contents';
  /** names: the match itself; contents: a further condition on the name (advanced search). */
  name?: NameCondition;
  /** contents: the terms the text must hold. */
  body?: string[];
  except?: NameCondition;
  filters: SearchFilters;
}

export interface Hit extends FileWithNames {
  sort_key: number;
}

/** The text around the first match of a content, for its snippet. */
export interface ContentWindow {
  text: string;
  cutStart: boolean;
  cutEnd: boolean;
}

export interface SearchRepo {
  page(q: TierQuery, offset: number, limit: number): Promise<Hit[]>;
  count(q: TierQuery): Promise<number>;
  /** Snippet windows of contents by sha256 (contents without text are left out). */
  windows(sha256s: string[], terms: string[]): Promise<Map<string, ContentWindow>>;
}

export function createSearchRepo(db: Db, dialect: Dialect): SearchRepo {
  return dialect === 'sqlite' ? sqliteRepo(db) : postgresRepo(db);
}

// --- SQL pieces shared by both ------------------------------------------------------------------

const FILE_COLUMNS = sql`f.*, c.nick_name AS creator_name, m.nick_name AS modifier_name, d.sort_key AS sort_key`;
const USER_JOINS = sql`LEFT JOIN users c ON c.id = f.creator_id LEFT JOIN users m ON m.id = f.modifier_id`;

function filterClauses(f: SearchFilters): RawBuilder<unknown>[] {
  const where = [sql`f.status = 'live'`, sql`f.group_id IN (${sql.join(f.groupIds)})`];
  if (f.exts?.length) where.push(sql`d.ext IN (${sql.join(f.exts)})`);
  if (f.secretLabel !== undefined) where.push(sql`f.secret_label = ${f.secretLabel}`);
  const { min, max } = sortKeyRange(f.from, f.to);
  if (min !== undefined) where.push(sql`d.sort_key >= ${min}`);
  if (max !== undefined) where.push(sql`d.sort_key <= ${max}`);
  return where;
}

const and = (parts: RawBuilder<unknown>[]) => (parts.length ? sql.join(parts, sql` AND `) : sql`1 = 1`);

type Contains = (column: string, term: string) => RawBuilder<unknown>;

/**
 * A name condition checked on the row itself: a substring test per term. With `pinyin`, a term
 * may also be in the full pinyin (3 letters or more: two letters of full pinyin match nearly
 * every Chinese name) or in the initials ("zw" for 张伟).
 */
function namePredicate(cond: NameCondition, contains: Contains) {
  return and(
    cond.terms.map((t) => {
      if (!cond.pinyin) return contains('d.name_key', t);
      const spelled = isIndexable(t)
        ? [contains('d.pinyin', t), contains('d.initials', t)]
        : [contains('d.initials', t)];
      return sql`(${sql.join([contains('d.name_key', t), ...spelled], sql` OR `)})`;
    }),
  );
}

/**
 * Whether a names tier can answer anything: a pinyin match that is not a literal one (the tier
 * leaves those out) needs a term the pinyin or the initials can hold, one of 3 characters or more
 * with Latin letters, or one or two Latin letters (the initials). Only for names tiers: a content
 * tier's name condition takes literal matches as well.
 */
const canAnswer = (q: TierQuery) =>
  q.source !== 'names' ||
  !q.name?.pinyin ||
  q.name.terms.some((t) => (isIndexable(t) ? /[a-z]/.test(t) : isInitialsGramTerm(t)));

function toHits(rows: Hit[]): Hit[] {
  return rows.map((r) => ({ ...r, sort_key: Number(r.sort_key) }));
}

// --- SQLite: FTS5 ---------------------------------------------------------------------------------

/** Which index drives a name search, with its FTS5 query; `scan` walks the names newest first. */
type NameDriver = { index: 'names' | 'short'; match: string } | { index: 'scan' };

const ftsAll = (terms: string[], op = 'AND') => `(${terms.map(ftsPhrase).join(` ${op} `)})`;

/**
 * The index that narrows a name condition most: the trigram names for terms of 3 characters or
 * more; else the short grams (query.ts nameGramsOf: every letter and digit of a name and every
 * pair, Latin or not, and the same of the initials), which a term of one or two characters looks
 * up however rare it is; a scan of the names newest first only for terms without a letter or
 * digit ("-", "."). FTS5 hands matches out by rowid, the sort key, so a common gram ends after the
 * first page too. The residual predicates (namePredicate) then decide exactly.
 */
export function nameDriver(cond: NameCondition): NameDriver {
  const long = cond.terms.filter(isIndexable);
  const short = cond.terms.filter((t) => !isIndexable(t));
  if (!cond.pinyin) {
    if (long.length) return { index: 'names', match: `{name} : ${ftsAll(long)}` };
    const grams = [...new Set(short.flatMap(impliedNameGrams))];
    return grams.length ? { index: 'short', match: `{grams} : ${ftsAll(grams)}` } : { index: 'scan' };
  }
  const latin = cond.terms.filter((t) => /[a-z]/.test(t));
  if (long.length) {
    // When every Latin term is long, one of them must be in the pinyin: say so to the index.
    const spelled = latin.every(isIndexable) ? ` AND {pinyin initials} : ${ftsAll(latin, 'OR')}` : '';
    return { index: 'names', match: `${ftsAll(long)}${spelled}` };
  }
  // A pinyin match is not a literal one (the tier leaves those out): some term the initials can
  // hold is in them. Each of those is in the name or the initials; every other term in the name.
  const initialTerms = short.filter(isInitialsGramTerm);
  const literal = [...new Set(short.filter((t) => !isInitialsGramTerm(t)).flatMap(impliedNameGrams))];
  const parts: string[] = [];
  if (initialTerms.length) parts.push(`{initials} : ${ftsAll(initialTerms, 'OR')}`);
  if (initialTerms.length > 1) for (const t of initialTerms) parts.push(`{grams initials} : ${ftsAll([t])}`);
  if (literal.length) parts.push(`{grams} : ${ftsAll(literal)}`);
  return parts.length ? { index: 'short', match: parts.join(' AND ') } : { index: 'scan' };
}

function sqliteRepo(db: Db): SearchRepo {
  const contains: Contains = (column, term) => sql`instr(${sql.ref(column)}, ${term}) > 0`;

  /** FROM, WHERE and ORDER BY of a tier; hits stream in that order, newest first. */
  function source(q: TierQuery) {
    const where = filterClauses(q.filters);
    if (q.except) where.push(sql`NOT (${namePredicate(q.except, contains)})`);
    if (q.source === 'names') {
      const cond = q.name ?? { terms: [], pinyin: false };
      const driver = nameDriver(cond);
      // Long terms are decided by the trigram index itself; the rest by the residual test.
      if (driver.index === 'names') {
        const short = cond.terms.filter((t) => !isIndexable(t));
        if (short.length) where.push(namePredicate({ ...cond, terms: short }, contains));
      } else {
        where.push(namePredicate(cond, contains));
      }
      if (driver.index === 'scan') {
        return {
          from: sql`search_docs d JOIN files f ON f.id = d.file_id`,
          where,
          order: sql`d.sort_key DESC`,
        };
      }
      const table = driver.index === 'names' ? sql`search_names` : sql`search_short`;
      where.unshift(sql`${table} MATCH ${driver.match}`);
      return {
        from: sql`${table} s JOIN search_docs d ON d.sort_key = s.rowid JOIN files f ON f.id = d.file_id`,
        where,
        order: sql`s.rowid DESC`,
      };
    }
    const body = q.body ?? [];
    if (q.name) where.push(namePredicate(q.name, contains));
    const long = body.filter(isIndexable);
    const grams = body.filter((t) => !isIndexable(t) && isTextGramTerm(t));
    // Other short terms (one or two ASCII characters): a substring test of the text; contents
    // stream newest first, so it ends early for the common ones.
    for (const t of body.filter((term) => !isIndexable(term) && !isTextGramTerm(term))) {
      where.push(sql`instr(lower(sc.body), ${t}) > 0`);
    }
    const joins = sql`JOIN files f ON f.sha256 = sc.sha256 JOIN search_docs d ON d.file_id = f.id`;
    const driving = long.length
      ? { table: sql`search_bodies`, match: ftsAll(long) }
      : grams.length
        ? { table: sql`search_body_grams`, match: ftsAll(grams) }
        : undefined;
    if (!driving) {
      return { from: sql`search_contents sc ${joins}`, where, order: sql`sc.id DESC, d.sort_key DESC` };
    }
    // With long terms the short Chinese ones are checked by the gram index too.
    if (long.length && grams.length) {
      where.push(
        sql`sc.id IN (SELECT rowid FROM search_body_grams WHERE search_body_grams MATCH ${ftsAll(grams)})`,
      );
    }
    where.unshift(sql`${driving.table} MATCH ${driving.match}`);
    // Only the index's own order, so that it streams (a second sort key would sort every match);
    // copies of one content follow each other in the order of the files_sha256 index.
    return {
      from: sql`${driving.table} b JOIN search_contents sc ON sc.id = b.rowid ${joins}`,
      where,
      order: sql`b.rowid DESC`,
    };
  }

  return {
    async page(q, offset, limit) {
      if (!canAnswer(q)) return [];
      const { from, where, order } = source(q);
      const { rows } = await sql<Hit>`SELECT ${FILE_COLUMNS} FROM ${from} ${USER_JOINS}
        WHERE ${and(where)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return toHits(rows);
    },

    async count(q) {
      if (!canAnswer(q)) return 0;
      const { from, where } = source(q);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${from} WHERE ${and(where)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async windows(sha256s, terms) {
      if (sha256s.length === 0) return new Map();
      const none = Number.MAX_SAFE_INTEGER;
      const head = sql`lower(substr(body, 1, ${SNIPPET_SCAN}))`;
      const positions = terms.map((t) => sql`coalesce(nullif(instr(${head}, ${t}), 0), ${none})`);
      const first =
        positions.length === 0
          ? sql`1`
          : positions.length === 1
            ? positions[0]
            : sql`min(${sql.join(positions)})`;
      // One character more than the window: whether the text goes on after it.
      const { rows } = await sql<{ sha256: string; start: number; win: string }>`
        SELECT sha256, start, substr(body, start, ${SNIPPET_WINDOW + 1}) AS win FROM (
          SELECT sha256, body, CASE WHEN p >= ${none} THEN 1 ELSE max(1, p - ${SNIPPET_BEFORE}) END AS start
          FROM (SELECT sha256, body, ${first} AS p FROM search_contents
                WHERE sha256 IN (${sql.join(sha256s)}) AND state = 'done' AND body <> ''))`.execute(db);
      return windowMap(rows);
    },
  };
}

/**
 * The first match is looked for in the first SNIPPET_SCAN characters of a text only (a text may
 * hold a million): lower-casing all of it for every hit of a page would cost more than the search.
 */
const SNIPPET_SCAN = 65_536;
const SNIPPET_WINDOW = SNIPPET_LENGTH + SNIPPET_BEFORE;

function windowMap(rows: { sha256: string; start: number; win: string }[]) {
  return new Map(
    rows.map((r) => [
      r.sha256,
      {
        text: r.win.slice(0, SNIPPET_WINDOW),
        cutStart: Number(r.start) > 1,
        cutEnd: r.win.length > SNIPPET_WINDOW,
      },
    ]),
  );
}

// --- PostgreSQL: pg_trgm ---------------------------------------------------------------------------

function postgresRepo(db: Db): SearchRepo {
  // LIKE with the pattern's wildcards escaped; a GIN trigram index serves it from 3 characters on.
  const contains: Contains = (column, term) => sql`${sql.ref(column)} LIKE ${containsPattern(term)}`;

  function source(q: TierQuery) {
    const where = filterClauses(q.filters);
    if (q.except) where.push(sql`NOT (${namePredicate(q.except, contains)})`);
    if (q.source === 'names') {
      where.push(namePredicate(q.name ?? { terms: [], pinyin: false }, contains));
      return {
        from: sql`search_docs d JOIN files f ON f.id = d.file_id`,
        where,
        order: sql`d.sort_key DESC, d.file_id DESC`,
      };
    }
    if (q.name) where.push(namePredicate(q.name, contains));
    for (const t of q.body ?? []) where.push(sql`sc.body ILIKE ${containsPattern(t)}`);
    return {
      from: sql`search_contents sc JOIN files f ON f.sha256 = sc.sha256 JOIN search_docs d ON d.file_id = f.id`,
      where,
      order: sql`sc.id DESC, d.sort_key DESC, d.file_id DESC`,
    };
  }

  return {
    async page(q, offset, limit) {
      if (!canAnswer(q)) return [];
      const { from, where, order } = source(q);
      const { rows } = await sql<Hit>`SELECT ${FILE_COLUMNS} FROM ${from} ${USER_JOINS}
        WHERE ${and(where)} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`.execute(db);
      return toHits(rows);
    },

    async count(q) {
      if (!canAnswer(q)) return 0;
      const { from, where } = source(q);
      const { rows } = await sql<{
        n: number;
      }>`SELECT count(*) AS n FROM ${from} WHERE ${and(where)}`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async windows(sha256s, terms) {
      if (sha256s.length === 0) return new Map();
      const head = sql`lower(substr(body, 1, ${SNIPPET_SCAN}))`;
      const positions = terms.map((t) => sql`nullif(strpos(${head}, ${t}), 0)`);
      const first = positions.length === 0 ? sql`1` : sql`coalesce(least(${sql.join(positions)}), 1)`;
      const { rows } = await sql<{ sha256: string; start: number; win: string }>`
        SELECT sha256, start, substr(body, start, ${SNIPPET_WINDOW + 1}) AS win FROM (
          SELECT sha256, body, greatest(1, ${first} - ${SNIPPET_BEFORE}) AS start
          FROM search_contents WHERE sha256 IN (${sql.join(sha256s)}) AND state = 'done' AND body <> '') w`.execute(
        db,
      );
      return windowMap(rows);
    },
  };
}

// --- Keeping the index in step (the same SQL on both databases) ------------------------------------

export interface IndexedFile {
  id: number;
  name: string;
  is_folder: number;
  mtime: number;
}

/** Kept compiled: every upload indexes its name (issue 11 W3). */
const docInsert = hotQuery((db, doc: Insertable<SearchDocsTable>) =>
  db.insertInto('search_docs').values(doc),
);
/** SQLite: a new name's FTS rows (migration 0018: written here, not by a trigger). */
const namesInsert = hotQuery((db, row: Insertable<SearchNamesTable>) =>
  db.insertInto('search_names').values(row),
);
const shortInsert = hotQuery((db, row: Insertable<SearchShortTable>) =>
  db.insertInto('search_short').values(row),
);
const docsOf = hotQuery((db, fileIds: number[]) =>
  db.selectFrom('search_docs').select(['file_id', 'sort_key', 'name_key']).where('file_id', 'in', fileIds),
);
const docBySortKey = hotQuery((db, key: number) =>
  db.selectFrom('search_docs').select('file_id').where('sort_key', '=', key),
);

/**
 * An id list of up to 500 padded with its last id to one of a few lengths: each length of an
 * `in (...)` list is a statement of its own, prepared and kept (db/index.ts), and the queue's
 * batches come in every length.
 */
function padded(ids: number[]): number[] {
  const length = [1, 8, 64, 500].find((n) => n >= ids.length) ?? ids.length;
  return ids.length === length ? ids : [...ids, ...Array(length - ids.length).fill(ids[ids.length - 1])];
}

/**
 * Writes the index rows of files: new ones, renamed ones, ones with a new time; unchanged ones
 * stay. In the order of their sort keys: on SQLite, FTS5 writes the new names of a transaction as
 * one segment only while their rowids ascend (migration 0018).
 */
export async function indexFiles(dbx: DbOrTrx, dialect: Dialect, files: IndexedFile[]): Promise<void> {
  if (files.length === 0) return;
  const existing = new Map<number, { sort_key: number; name_key: string }>();
  for (let i = 0; i < files.length; i += 500) {
    const rows = await docsOf.all(dbx, padded(files.slice(i, i + 500).map((f) => f.id)));
    for (const r of rows) existing.set(r.file_id, { sort_key: Number(r.sort_key), name_key: r.name_key });
  }
  const inKeyOrder = files
    .map((file) => ({ file, wanted: sortKeyOf(Number(file.mtime), file.id) }))
    .sort((a, b) => a.wanted - b.wanted);
  for (const { file, wanted } of inKeyOrder) {
    const terms: NameTerms = nameTermsOf(file.name, file.is_folder === 1);
    const old = existing.get(file.id);
    // The key keeps its place unless the time changed (a taken key was moved below: keep that).
    const sameTime = old && Math.floor(old.sort_key / SORT_KEY_LOW) === Math.floor(wanted / SORT_KEY_LOW);
    const sortKey = sameTime ? old.sort_key : await freeSortKey(dbx, wanted, file.id);
    if (old && old.sort_key === sortKey && old.name_key === terms.name_key) continue;
    if (old) {
      await dbx
        .updateTable('search_docs')
        .set({ sort_key: sortKey, ...terms })
        .where('file_id', '=', file.id)
        .execute();
    } else {
      await docInsert.run(dbx, { file_id: file.id, sort_key: sortKey, ...terms });
      if (dialect === 'sqlite') {
        const { name_key: name, pinyin, initials, grams, initial_grams } = terms;
        await namesInsert.run(dbx, { rowid: sortKey, name, pinyin, initials });
        if (grams !== '' || initial_grams !== '')
          await shortInsert.run(dbx, { rowid: sortKey, grams, initials: initial_grams });
      }
    }
  }
}

/** The key itself, or the next one below that no other file holds (see query.ts sortKeyOf). */
async function freeSortKey(dbx: DbOrTrx, wanted: number, fileId: number): Promise<number> {
  for (let key = wanted; ; key--) {
    const taken = await docBySortKey.first(dbx, key);
    if (!taken || taken.file_id === fileId) return key;
  }
}

export async function removeFiles(dbx: DbOrTrx, fileIds: number[]): Promise<void> {
  for (let i = 0; i < fileIds.length; i += 500) {
    await dbx
      .deleteFrom('search_docs')
      .where('file_id', 'in', fileIds.slice(i, i + 500))
      .execute();
  }
}

/** A queued file (search_queue): the work it is due, and the rev at which that was read. */
export interface QueuedFile {
  file_id: number;
  work: number;
  rev: number;
}

/**
 * Queues a file, or adds `work` to its row and bumps the row's rev: work queued after the indexer
 * read the row is then not cleared with it (dequeueFile).
 */
export const queueFile = hotQuery((db, row: { file_id: number; work: number }) =>
  db
    .insertInto('search_queue')
    .values(row)
    .onConflict((oc) =>
      oc.column('file_id').doUpdateSet({
        work: sql<number>`search_queue.work | excluded.work`,
        rev: sql<number>`search_queue.rev + 1`,
      }),
    ),
);

export const queuedFiles = hotQuery((db, limit: number) =>
  db.selectFrom('search_queue').select(['file_id', 'work', 'rev']).orderBy('file_id').limit(limit),
);

/**
 * Clears a queued file as it was read: queued again since (its rev moved on), it stays for the
 * next batch. A row cleared and queued anew starts again at rev 0, so the queue has one reader at
 * a time: the indexer's batches, which run one after another (indexer.ts upToDate).
 */
export const dequeueFile = hotQuery((db, fileId: number, rev: number) =>
  db.deleteFrom('search_queue').where('file_id', '=', fileId).where('rev', '=', rev),
);

/** A file as the queue indexes it: its index row's columns, and its content for the text. */
export interface FileToIndex extends IndexedFile {
  sha256: string;
}

const TO_INDEX = ['f.id', 'f.name', 'f.is_folder', 'f.mtime', 'f.sha256'] as const;

/** The files of these ids that exist (a queued batch: read together, issue 11 W3). */
export async function filesToIndex(dbx: DbOrTrx, fileIds: number[]): Promise<FileToIndex[]> {
  const files: FileToIndex[] = [];
  for (let i = 0; i < fileIds.length; i += 500) {
    files.push(
      ...(await dbx
        .selectFrom('files as f')
        .select(TO_INDEX)
        .where('f.id', 'in', padded(fileIds.slice(i, i + 500)))
        .execute()),
    );
  }
  return files;
}

/** Everything below a folder (a copied folder arrives as one event). */
export async function filesBelow(dbx: DbOrTrx, folderId: number): Promise<FileToIndex[]> {
  const root = await dbx
    .selectFrom('files')
    .select(['group_id', 'path', 'id'])
    .where('id', '=', folderId)
    .executeTakeFirstOrThrow();
  const { from, to } = below(root);
  return dbx
    .selectFrom('files as f')
    .select(TO_INDEX)
    .where('f.group_id', '=', root.group_id)
    .where('f.path', '>=', from)
    .where('f.path', '<', to)
    .execute();
}

/** The highest file id in the files or the index (0 without any): the maintenance job walks ids up to it. */
export async function maxFileId(db: DbOrTrx): Promise<number> {
  const [files, docs] = await Promise.all([
    db
      .selectFrom('files')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst(),
    db
      .selectFrom('search_docs')
      .select((eb) => eb.fn.max('file_id').as('id'))
      .executeTakeFirst(),
  ]);
  return Math.max(Number(files?.id ?? 0), Number(docs?.id ?? 0));
}

/**
 * Ids in [from, to) of files whose index row is missing or out of date: no row yet (files written
 * before this index, or by hand), or a name or time that changed without an event (the demo
 * spreads its files' times with one UPDATE); and of index rows whose file is gone.
 */
export async function driftIn(db: DbOrTrx, from: number, to: number): Promise<number[]> {
  const [missing, stale, orphans] = await Promise.all([
    db
      .selectFrom('files as f')
      .leftJoin('search_docs as d', 'd.file_id', 'f.id')
      .select('f.id')
      .where('f.id', '>=', from)
      .where('f.id', '<', to)
      .where('d.file_id', 'is', null)
      .execute(),
    db
      .selectFrom('search_docs as d')
      .innerJoin('files as f', 'f.id', 'd.file_id')
      .select('f.id')
      .where('d.file_id', '>=', from)
      .where('d.file_id', '<', to)
      .where((eb) =>
        eb.or([
          eb('d.name_key', '<>', eb.ref('f.name_key')),
          // The time the key was made from (integer division on both databases).
          eb(sql<number>`d.sort_key / ${SORT_KEY_LOW}`, '<>', eb.ref('f.mtime')),
        ]),
      )
      .execute(),
    db
      .selectFrom('search_docs as d')
      .leftJoin('files as f', 'f.id', 'd.file_id')
      .select('d.file_id as id')
      .where('d.file_id', '>=', from)
      .where('d.file_id', '<', to)
      .where('f.id', 'is', null)
      .execute(),
  ]);
  return [...missing, ...stale, ...orphans].map((r) => r.id);
}

/** The FTS5 tables of the SQLite index (migration 0007). */
const FTS_TABLES = ['search_names', 'search_short', 'search_bodies', 'search_body_grams'] as const;

/**
 * SQLite: merges the FTS5 tables' segments a little at a time. Every write transaction leaves a
 * small segment, and a query reads every segment, so a busy index slows down until merged; FTS5
 * merges on its own only as segments pile up. Each step is one short write of up to 500 pages;
 * it stops when a step finds nothing to merge (FTS5 says so through total_changes) or at the deadline.
 */
export async function mergeSegments(db: Db, deadline: number): Promise<void> {
  const changes = async () =>
    Number((await sql<{ n: number }>`SELECT total_changes() AS n`.execute(db)).rows[0].n);
  for (const table of FTS_TABLES) {
    for (;;) {
      if (Date.now() > deadline) return;
      const before = await changes();
      await sql`INSERT INTO ${sql.table(table)}(${sql.ref(table)}, rank) VALUES ('merge', 500)`.execute(db);
      if ((await changes()) - before < 2) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

// --- Contents --------------------------------------------------------------------------------------

export function contentState(dbx: DbOrTrx, sha256: string) {
  return dbx
    .selectFrom('search_contents')
    .select(['state', 'ext'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/** Some live file with this content (to learn the type to read it as), extractable ones first. */
export function fileWithContent(dbx: DbOrTrx, sha256: string, exts: string[]) {
  return dbx
    .selectFrom('files as f')
    .innerJoin('search_docs as d', 'd.file_id', 'f.id')
    .select(['f.id', 'f.size', 'd.ext'])
    .where('f.sha256', '=', sha256)
    .where('f.is_folder', '=', 0)
    .orderBy(sql`CASE WHEN d.ext IN (${sql.join(exts.length ? exts : [''])}) THEN 0 ELSE 1 END`)
    .orderBy('f.id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface ContentText {
  state: 'done' | 'none' | 'failed';
  ext: string;
  body: string;
  truncated: boolean;
  error: string;
}

/** A content's text to save (saveContents). */
export interface SavedContent {
  sha256: string;
  content: ContentText;
}

/**
 * Characters of text written in one transaction at most (saveContents), past its first text: a
 * batch of ordinary documents goes in one commit, the largest texts (CONTENT_TEXT_MAX) one each,
 * so that no transaction holds the database (on SQLite, the event loop) much longer than one of
 * them did.
 */
export const TEXT_PER_TRANSACTION = 1_000_000;

/**
 * Saves contents' texts, many in one transaction: each transaction writes new segments of the
 * full-text indexes (with the merges that follow) and waits for its own flush, which a batch of
 * texts then shares.
 */
export async function saveContents(
  db: Db,
  dialect: Dialect,
  contents: SavedContent[],
  at: number,
): Promise<void> {
  for (let start = 0; start < contents.length; ) {
    let end = start + 1;
    let length = contents[start].content.body.length;
    while (end < contents.length && length + contents[end].content.body.length <= TEXT_PER_TRANSACTION)
      length += contents[end++].content.body.length;
    const batch = contents.slice(start, end);
    await db.transaction().execute(async (trx) => {
      for (const { sha256, content } of batch) await writeContent(trx, dialect, sha256, content, at);
    });
    start = end;
  }
}

async function writeContent(
  trx: Trx,
  dialect: Dialect,
  sha256: string,
  content: ContentText,
  at: number,
): Promise<void> {
  const values = {
    state: content.state,
    ext: content.ext,
    body: content.body,
    truncated: content.truncated ? 1 : 0,
    error: content.error.slice(0, 500),
    extracted_at: at,
  };
  // A delete and insert rather than an update: the FTS triggers then see one clean change.
  await trx.deleteFrom('search_contents').where('sha256', '=', sha256).execute();
  // Its id places it among the contents newest first: the sort key of its newest file.
  const newest = await trx
    .selectFrom('files as f')
    .innerJoin('search_docs as d', 'd.file_id', 'f.id')
    .select((eb) => eb.fn.max('d.sort_key').as('key'))
    .where('f.sha256', '=', sha256)
    .executeTakeFirst();
  let id = Number(newest?.key ?? sortKeyOf(at, 0));
  while (await trx.selectFrom('search_contents').select('id').where('id', '=', id).executeTakeFirst()) id--;
  await trx
    .insertInto('search_contents')
    .values({ id, sha256, ...values })
    .execute();
  // SQLite: the one- and two-character grams of the text's non-ASCII letters (see migration 0007).
  const grams = dialect === 'sqlite' ? textGramsOf(content.body) : '';
  if (grams) await sql`INSERT INTO search_body_grams(rowid, grams) VALUES (${id}, ${grams})`.execute(trx);
}

/** Contents of live files of an extractable type that have no text yet (backfill). */
export function contentsToExtract(db: DbOrTrx, exts: string[], limit: number) {
  return db
    .selectFrom('files as f')
    .innerJoin('search_docs as d', 'd.file_id', 'f.id')
    .leftJoin('search_contents as sc', 'sc.sha256', 'f.sha256')
    .select('f.sha256')
    .distinct()
    .where('f.status', '=', sql.lit('live'))
    .where('f.is_folder', '=', 0)
    .where('f.sha256', '<>', '')
    .where('d.ext', 'in', exts)
    .where('sc.sha256', 'is', null)
    .limit(limit)
    .execute();
}

/** Texts of contents no file holds any more. */
export async function removeOrphanContents(db: DbOrTrx, limit: number): Promise<number> {
  const rows = await db
    .selectFrom('search_contents as sc')
    .select('sc.sha256')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('files as f').select('f.id').whereRef('f.sha256', '=', 'sc.sha256'))),
    )
    .limit(limit)
    .execute();
  if (rows.length) {
    await db
      .deleteFrom('search_contents')
      .where(
        'sha256',
        'in',
        rows.map((r) => r.sha256),
      )
      .execute();
  }
  return rows.length;
}
