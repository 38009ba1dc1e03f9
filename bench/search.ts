/**
 * Search benchmark (issue 9, the benchmark issue's W5): file names and contents on SQLite.
 *
 *   node --import tsx bench/search.ts            # 1,000,000 names, 10,000 documents
 *   SEARCH_BENCH_FILES=100000 node --import tsx bench/search.ts
 *   SEARCH_BENCH_BATCH=5000 ...                  # names per transaction of the build (50,000)
 *
 * Builds a temporary data dir with the real migrations, fills it through the search repository
 * (indexFiles, saveContents: the same code the server runs) and measures the first page of
 * searches through the search service itself (permission checks and presenting included), and
 * the index query alone. Names are made of a large made-up vocabulary, Chinese words and numbers,
 * so trigrams are about as common as in real file names; queries are whole words, fragments of
 * existing names, Chinese words (one, two and more characters) and pinyin.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../packages/server/src/app.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDb } from '../packages/server/src/db/index.ts';
import type { Actor } from '../packages/server/src/http/actor.ts';
import { EXTRACT_BATCH } from '../packages/server/src/modules/search/indexer.ts';
import { searchTerms } from '../packages/server/src/modules/search/query.ts';
import {
  createSearchRepo,
  indexFiles,
  mergeSegments,
  saveContents,
  type TierQuery,
} from '../packages/server/src/modules/search/repo.ts';

const FILES = Number(process.env.SEARCH_BENCH_FILES ?? 1_000_000);
const DOCS = Number(process.env.SEARCH_BENCH_DOCS ?? 10_000);
const TEAMS = 100;
const FOLDERS_PER_TEAM = 100;
const QUERIES = Number(process.env.SEARCH_BENCH_QUERIES ?? 400);

// --- Deterministic data --------------------------------------------------------------------------

// mulberry32: a small generator that stays exact in 32-bit integer arithmetic.
let seed = 42;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)];

const ONSETS = [
  'b',
  'c',
  'd',
  'f',
  'g',
  'h',
  'j',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'w',
  'z',
  'st',
  'tr',
  'pl',
  'ch',
  'sh',
  'br',
  'gr',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'ou', 'io'];
const CODAS = ['', '', 'n', 'r', 's', 't', 'l', 'm', 'nd', 'st', 'ng'];
const word = () => {
  const syllables = 1 + Math.floor(rnd() * 3);
  let w = '';
  for (let i = 0; i < syllables; i++) w += pick(ONSETS) + pick(VOWELS) + pick(CODAS);
  return w;
};
const VOCAB = [...new Set(Array.from({ length: 6000 }, word))].slice(0, 4000);
// biome-ignore format: a pool of common characters
const HAN = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处理'.split('');
const CHINESE = [...new Set(Array.from({ length: 800 }, () => pick(HAN) + pick(HAN)))];
const EXTS = ['docx', 'docx', 'xlsx', 'xlsx', 'pdf', 'pdf', 'pptx', 'txt', 'md', 'png', 'jpg', 'zip', 'csv'];

function fileName(): string {
  const parts: string[] = [];
  const n = 1 + Math.floor(rnd() * 3);
  for (let i = 0; i < n; i++) parts.push(rnd() < 0.3 ? pick(CHINESE) : pick(VOCAB));
  if (rnd() < 0.5)
    parts.push(
      String(2015 + Math.floor(rnd() * 12)) +
        (rnd() < 0.5 ? `-${String(1 + Math.floor(rnd() * 12)).padStart(2, '0')}` : ''),
    );
  if (rnd() < 0.2) parts.push(`v${1 + Math.floor(rnd() * 9)}`);
  const base = parts.join(pick([' ', '_', '-', ' ']));
  return `${rnd() < 0.5 ? base[0].toUpperCase() + base.slice(1) : base}.${pick(EXTS)}`;
}

function documentText(): string {
  const words: string[] = [];
  const length = 300 + Math.floor(rnd() * 2500);
  for (let i = 0; i < length; i++) words.push(rnd() < 0.25 ? pick(CHINESE) : pick(VOCAB));
  return words.join(' ');
}

// --- Measuring -----------------------------------------------------------------------------------

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { n: s.length, median: at(0.5), p90: at(0.9), p99: at(0.99), max: s[s.length - 1] };
}

/** Wall time and this process's CPU time (ms): on a busy machine the CPU time is the steadier one. */
async function timed<T>(fn: () => Promise<T>): Promise<[number, T, number]> {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const result = await fn();
  const c = process.cpuUsage(c0);
  return [Number(process.hrtime.bigint() - t0) / 1e6, result, (c.user + c.system) / 1000];
}

const fmt = (x: number) => x.toFixed(2).padStart(8);

// --- Main ----------------------------------------------------------------------------------------

// SEARCH_BENCH_DIR: measure again on a data dir an earlier run kept (SEARCH_BENCH_KEEP=1), without building.
const reuse = process.env.SEARCH_BENCH_DIR;
const dataDir = reuse ?? fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-bench-search-'));
const config = loadConfig({ DATA_DIR: dataDir, DEMO: '0', LOG_LEVEL: 'silent' });
const database = await openDb(config.databaseUrl);
const { db } = database;
const { services } = await buildApp({ config, database, logger: false });
const now = Math.floor(Date.now() / 1000);

console.log(
  `search benchmark: ${FILES.toLocaleString()} names, ${DOCS.toLocaleString()} documents, SQLite, data in ${dataDir}`,
);

interface Built {
  userId: number;
  narrowId: number;
  teamIds: number[];
  folders: { id: number; groupId: number; path: string }[];
  seconds: { names: number; docs: number };
}

const newUser = async (name: string) =>
  (
    await db
      .insertInto('users')
      .values({
        unique_name: name,
        nick_name: name,
        email: null,
        phone: null,
        password_hash: 'x',
        password_changed_at: now,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

async function build(): Promise<Built> {
  const userId = await newUser('bench');
  const narrowId = await newUser('narrow');
  const teamIds: number[] = [];
  for (let i = 0; i < TEAMS; i++) {
    const g = await services.spaces.createTeamSpace({ ownerId: userId, name: `Team ${i}`, teamType: 3 });
    teamIds.push(g.id);
  }
  // The narrow user belongs to a tenth of the teams, as a member.
  for (const gid of teamIds.slice(0, TEAMS / 10)) {
    await db
      .insertInto('group_members')
      .values({ group_id: gid, user_id: narrowId, team_role: 3, joined_at: now })
      .execute();
  }

  const t0 = Date.now();
  const folders: Built['folders'] = [];
  await db.transaction().execute(async (trx) => {
    for (const gid of teamIds) {
      for (let i = 0; i < FOLDERS_PER_TEAM; i++) {
        const row = await trx
          .insertInto('files')
          .values({
            group_id: gid,
            parent_id: 0,
            path: '/',
            name: `Folder ${i}`,
            name_key: `folder ${i}`,
            is_folder: 1,
            ctime: now,
            mtime: now - 400 * 86400,
            creator_id: userId,
            modifier_id: userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        folders.push({ id: row.id, groupId: gid, path: `/${row.id}/` });
      }
    }
    await indexFiles(
      trx,
      'sqlite',
      await trx.selectFrom('files').select(['id', 'name', 'is_folder', 'mtime']).execute(),
    );
  });

  // Names in transactions of 50,000, each written as the indexer writes a batch (indexFiles: one
  // row per file and its FTS rows, in the order of their sort keys). The queue's batches are of
  // 500 at most; a million names in batches of 5,000 took 330 s on a slow host, in batches of
  // 50,000 185 s (bench/RESULTS.md, twenty-seventh pass), and the harness has 15 minutes. Larger
  // transactions leave fewer FTS segments behind: the "as written" figures are those of an index
  // before the maintenance job's merge, not of the most fragmented one.
  // The first DOCS files hold a document each; their texts are read in afterwards, as the
  // extraction job does after an upload.
  const BATCH = Number(process.env.SEARCH_BENCH_BATCH ?? 50_000);
  const taken = new Set<string>();
  const docShas: string[] = [];
  let written = 0;
  while (written < FILES) {
    const rows = [];
    for (let i = 0; i < BATCH && written + rows.length < FILES; i++) {
      const folder = pick(folders);
      const base = fileName();
      let name = base;
      for (let n = 1; taken.has(`${folder.id}/${name.toLowerCase()}`); n++)
        name = base.replace(/(\.\w+)$/, ` (${n})$1`);
      taken.add(`${folder.id}/${name.toLowerCase()}`);
      const index = written + rows.length;
      const sha256 = index < DOCS ? (index + 1).toString(16).padStart(64, '0') : '';
      if (sha256) docShas.push(sha256);
      rows.push({
        group_id: folder.groupId,
        parent_id: folder.id,
        path: folder.path,
        name,
        name_key: name.toLowerCase(),
        is_folder: 0,
        size: 1000,
        sha256,
        ctime: now,
        mtime: now - Math.floor(rnd() * 5 * 365 * 86400),
        creator_id: userId,
        modifier_id: userId,
      });
    }
    await db.transaction().execute(async (trx) => {
      const ids: { id: number }[] = [];
      for (let i = 0; i < rows.length; i += 500) {
        ids.push(
          ...(await trx
            .insertInto('files')
            .values(rows.slice(i, i + 500))
            .returning('id')
            .execute()),
        );
      }
      await indexFiles(
        trx,
        'sqlite',
        rows.map((r, i) => ({ id: ids[i].id, name: r.name, is_folder: 0, mtime: r.mtime })),
      );
    });
    written += rows.length;
    if (written % 100_000 === 0 || written === FILES)
      process.stdout.write(
        `  indexed ${written.toLocaleString()} names (${((Date.now() - t0) / 1000).toFixed(0)} s)\n`,
      );
  }
  const tNames = Date.now();
  // In batches, as the extraction job saves the texts of the jobs it runs together.
  for (let i = 0; i < docShas.length; i += EXTRACT_BATCH) {
    await saveContents(
      db,
      'sqlite',
      docShas.slice(i, i + EXTRACT_BATCH).map((sha256) => ({
        sha256,
        content: { state: 'done', ext: 'txt', body: documentText(), truncated: false, error: '' },
      })),
      now,
    );
  }
  return {
    userId,
    narrowId,
    teamIds,
    folders,
    seconds: { names: (tNames - t0) / 1000, docs: (Date.now() - tNames) / 1000 },
  };
}

/** A kept data dir: its users, teams and folders, read back. */
async function load(): Promise<Built> {
  const id = async (name: string) =>
    (await db.selectFrom('users').select('id').where('unique_name', '=', name).executeTakeFirstOrThrow()).id;
  const teamIds = (
    await db.selectFrom('groups').select('id').where('type', '=', 'team').orderBy('id').execute()
  ).map((g) => g.id);
  const folders = (
    await db.selectFrom('files').select(['id', 'group_id', 'path']).where('is_folder', '=', 1).execute()
  ).map((f) => ({ id: f.id, groupId: f.group_id, path: `${f.path}${f.id}/` }));
  return {
    userId: await id('bench'),
    narrowId: await id('narrow'),
    teamIds,
    folders,
    seconds: { names: 0, docs: 0 },
  };
}

/**
 * SQLite's page cache while the index is built: two kibibytes per name (about the database's
 * size), at most two gibibytes and an eighth of the memory. The build's transactions put their
 * rows at random places in every index (random folders and times); with the server's cache
 * (better-sqlite3's 16 MB) most of the pages each insert needs come back from the operating
 * system through a read. At 300,000 names on a slow host the names took 104-124 s instead of
 * 133-138, the system time 12-13 s instead of 31 (bench/RESULTS.md, twenty-fourth pass). The
 * server's own cache size is back before anything is measured.
 */
async function withBuildCache<T>(fn: () => Promise<T>): Promise<T> {
  const kib = Math.floor(Math.min(2 * FILES, 2 ** 21, os.totalmem() / 8 / 1024));
  // Negative: KiB; positive: pages (of 4 KiB here).
  const [{ cache_size: own }] = (await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(db)).rows;
  if ((own < 0 ? -own : own * 4) >= kib) return fn();
  await sql.raw(`PRAGMA cache_size = -${kib}`).execute(db);
  try {
    return await fn();
  } finally {
    await sql.raw(`PRAGMA cache_size = ${own}`).execute(db);
  }
}

const built = reuse ? await load() : await withBuildCache(build);
const { teamIds, folders } = built;
const user = { id: built.userId };
const narrowUser = { id: built.narrowId };
await sql`ANALYZE`.execute(db);
const size = fs
  .readdirSync(dataDir)
  .filter((f) => f.endsWith('.db') || f.endsWith('.db-wal'))
  .reduce((sum, f) => sum + fs.statSync(path.join(dataDir, f)).size, 0);

// --- Queries ---------------------------------------------------------------------------------------

const names = await db.selectFrom('files').select('name').where('is_folder', '=', 0).limit(50_000).execute();
const { pinyinOf } = await import('../packages/server/src/lib/pinyin.ts');
type Kind =
  | 'word'
  | 'fragment'
  | 'chinese-1'
  | 'chinese-2'
  | 'chinese-4'
  | 'pinyin'
  | 'initials'
  | 'latin-2'
  | 'two words'
  | 'no match';
const queries: { kind: Kind; q: string }[] = [];
for (let i = 0; i < QUERIES; i++) {
  const r = rnd();
  if (r < 0.22) queries.push({ kind: 'word', q: pick(VOCAB) });
  else if (r < 0.42) {
    const n = pick(names).name.toLowerCase();
    const len = 3 + Math.floor(rnd() * 6);
    const at = Math.floor(rnd() * Math.max(1, n.length - len));
    queries.push({ kind: 'fragment', q: n.slice(at, at + len).trim() || n.slice(0, 3) });
  } else if (r < 0.44) queries.push({ kind: 'chinese-1', q: pick(HAN) });
  else if (r < 0.54) queries.push({ kind: 'chinese-2', q: pick(CHINESE) });
  else if (r < 0.62) queries.push({ kind: 'chinese-4', q: pick(CHINESE) + pick(CHINESE) });
  else if (r < 0.72) queries.push({ kind: 'pinyin', q: pinyinOf(pick(CHINESE)).full });
  else if (r < 0.76) queries.push({ kind: 'initials', q: pinyinOf(pick(CHINESE)).initials });
  else if (r < 0.8) queries.push({ kind: 'latin-2', q: pick(VOCAB).slice(0, 2) });
  else if (r < 0.95)
    queries.push({ kind: 'two words', q: `${pick(VOCAB)} ${String(2015 + Math.floor(rnd() * 12))}` });
  else queries.push({ kind: 'no match', q: `qzx${word()}` });
}

// One and two Latin letters or digits, common and rare alike ("e", "q", "st", "jz", "x7"): what a
// quick search sends after a keystroke or two. Drawn after the main list, which stays as it was.
const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const shortQueries: { kind: Kind | 'latin-1' | 'latin-2 any'; q: string }[] = Array.from(
  { length: Number(process.env.SEARCH_BENCH_SHORT_QUERIES ?? 100) },
  (_, i) =>
    i % 3 === 0
      ? { kind: 'latin-1', q: pick([...ALNUM]) }
      : { kind: 'latin-2 any', q: pick([...ALNUM]) + pick([...ALNUM]) },
);

const actorOf = async (id: number): Promise<Actor> => ({
  userId: id,
  companyId: 0,
  isCompanyAdmin: false,
  roles: [],
  user: await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
  sessionId: 'bench',
  csrfToken: 'bench',
});
const wide = await actorOf(user.id);
const narrow = await actorOf(narrowUser.id);
const repo = createSearchRepo(db, 'sqlite');
const allGroups = [...teamIds];
const personal = await Promise.all([
  services.spaces.personal(user.id, 'special'),
  services.spaces.personal(user.id, 'tmp'),
]);
allGroups.push(...personal.map((g) => g.id));

async function run(
  label: string,
  fn: (q: string) => Promise<number>,
  list: { kind: string; q: string }[] = queries,
) {
  // Warm the cache once (the first run reads the database from disk).
  for (const { q } of list.slice(0, 20)) await fn(q);
  const byKind = new Map<string, number[]>();
  const all: number[] = [];
  const cpuAll: number[] = [];
  let hits = 0;
  for (const { kind, q } of list) {
    const [ms, n, cpuMs] = await timed(() => fn(q));
    hits += n;
    all.push(ms);
    cpuAll.push(cpuMs);
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  }
  const s = stats(all);
  const c = stats(cpuAll);
  console.log(`\n${label}  (${list.length} queries, ${(hits / list.length).toFixed(1)} hits per first page)`);
  console.log(
    `  cpu time    ${String(c.n).padStart(5)} ${fmt(c.median)} ${fmt(c.p90)} ${fmt(c.p99)} ${fmt(c.max)}`,
  );
  console.log('  kind            n   median      p90      p99      max   (ms)');
  console.log(
    `  all         ${String(s.n).padStart(5)} ${fmt(s.median)} ${fmt(s.p90)} ${fmt(s.p99)} ${fmt(s.max)}`,
  );
  for (const [kind, times] of byKind) {
    const k = stats(times);
    console.log(
      `  ${kind.padEnd(11)} ${String(k.n).padStart(5)} ${fmt(k.median)} ${fmt(k.p90)} ${fmt(k.p99)} ${fmt(k.max)}`,
    );
  }
  return { ...s, cpuMedian: c.median, cpuP99: c.p99 };
}

const nameTier = (q: string): TierQuery => ({
  source: 'names',
  name: { terms: searchTerms(q), pinyin: false },
  filters: { groupIds: allGroups },
});

const contentQueries = queries.filter((x) =>
  ['word', 'chinese-1', 'chinese-2', 'chinese-4', 'two words', 'no match'].includes(x.kind),
);

/** The five measurements, on the index as it is now. */
async function measure(when: string) {
  console.log(`\n=== ${when}`);
  return {
    indexOnly: await run(
      'name index, first page of 50 (repository: FTS5 + join to files)',
      async (q) => (await repo.page(nameTier(q), 0, 51)).length,
    ),
    service: await run(
      'name search, first page of 50 (service: names, pinyin, contents; permissions; presenting)',
      async (q) =>
        (await services.search.searchFiles(wide, { mode: 'adv', name: q, offset: 0, count: 50 })).files
          .length,
    ),
    narrow: await run(
      'name search as a member of 10 of the 100 teams (service)',
      async (q) =>
        (await services.search.searchFiles(narrow, { mode: 'adv', name: q, offset: 0, count: 50 })).files
          .length,
    ),
    base: await run(
      'base search (names, pinyin, then contents), first page (service)',
      async (q) =>
        (await services.search.searchFiles(wide, { mode: 'base', name: q, offset: 0, count: 50 })).files
          .length,
    ),
    content: await run(
      `content search over ${DOCS.toLocaleString()} documents, first page with snippets (service)`,
      async (q) =>
        (await services.search.searchFiles(wide, { mode: 'adv', body: q, offset: 0, count: 50 })).files
          .length,
      contentQueries,
    ),
    short: await run(
      'name search for one or two Latin letters or digits, first page (service)',
      async (q) =>
        (await services.search.searchFiles(wide, { mode: 'adv', name: q, offset: 0, count: 50 })).files
          .length,
      shortQueries,
    ),
  };
}

// The index as the bulk load left it (every 5,000-row transaction a segment, merged only as FTS5
// does on its own), then after the maintenance job's merge, which a running server does hourly.
const asWritten = await measure('as written');
const tMerge = Date.now();
await mergeSegments(db, Number.POSITIVE_INFINITY);
const mergeSeconds = (Date.now() - tMerge) / 1000;
const merged = await measure(`after the maintenance job's segment merge (${mergeSeconds.toFixed(0)} s)`);

// What indexing adds to one upload (the observer's work, without the upload itself): the file
// queued in the upload's transaction, then indexed on its own, as if it were the only one queued.
const single: number[] = [];
for (let i = 0; i < 300; i++) {
  const folder = pick(folders);
  const name = `upload ${i} ${fileName()}`;
  const [ms] = await timed(async () => {
    await db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('files')
        .values({
          group_id: folder.groupId,
          parent_id: folder.id,
          path: folder.path,
          name,
          name_key: name.toLowerCase(),
          is_folder: 0,
          ctime: now,
          mtime: now,
          creator_id: user.id,
          modifier_id: user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await services.searchIndexer.fromEvents(trx, [
        {
          type: 'file_create',
          actorId: user.id,
          groupId: folder.groupId,
          fileId: id,
          name,
          isFolder: false,
          parentId: folder.id,
        },
      ]);
    });
    await services.searchIndexer.upToDate();
  });
  single.push(ms);
}
const upload = stats(single);

console.log(
  `\nbuild: ${built.seconds.names.toFixed(0)} s for the names, ${built.seconds.docs.toFixed(0)} s for the documents${reuse ? ' (a kept data dir)' : ''}; database ${(size / 1e6).toFixed(0)} MB; segment merge ${mergeSeconds.toFixed(0)} s`,
);
console.log(
  `one file created, queued in its transaction and indexed: median ${upload.median.toFixed(2)} ms, p99 ${upload.p99.toFixed(2)} ms (fsync included)`,
);
console.log(
  `machine: ${os.cpus().length} CPUs, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
console.log('\nresults table (ms)              median      p99   cpu median  cpu p99');
for (const [label, s] of [
  ['name index query', merged.indexOnly],
  ['name search (service)', merged.service],
  ['name search, 10% of teams', merged.narrow],
  ['base search (service)', merged.base],
  ['content search (service)', merged.content],
  ['name search, 1-2 Latin chars', merged.short],
  ['name index query, unmerged', asWritten.indexOnly],
  ['name search, unmerged', asWritten.service],
  ['content search, unmerged', asWritten.content],
  ['1-2 Latin chars, unmerged', asWritten.short],
] as const) {
  console.log(
    `  ${label.padEnd(28)} ${fmt(s.median)} ${fmt(s.p99)}     ${fmt(s.cpuMedian)} ${fmt(s.cpuP99)}`,
  );
}
console.log(
  `targets: names median < 10, p99 < 50 (${FILES.toLocaleString()} names); content median < 100 (${DOCS.toLocaleString()} documents)`,
);

await database.close();
if (!process.env.SEARCH_BENCH_KEEP && !reuse) fs.rmSync(dataDir, { recursive: true, force: true });
