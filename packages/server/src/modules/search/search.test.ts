import { type FileSearchResult, TEAM_ROLE } from '@cirrus/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { docxOf, pdfOf, pptxOf, xlsxOf } from '../../../test/documents.ts';
import { makeTeam, mkdir, myDrive, upload } from '../../../test/drive.ts';
import { type Client, makeTestApp, type TestApp } from '../../../test/helpers.ts';
import { migration } from '../../db/migrations/20261122_0011_search_name_grams.ts';
import * as repo from './repo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

const BASE = '/xfisearch/v1/me/base/search/files';
const ADV = '/xfisearch/v1/me/adv/search/files';

async function search(
  c: Client,
  query: Record<string, string | number>,
  url = BASE,
): Promise<FileSearchResult> {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  const res = await c.get(`${url}?${qs}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const names = (r: FileSearchResult) => r.files.map((f) => f.fname);

/** A user with their own drive; every write a second later than the one before. */
async function person() {
  const user = await t.makeUser();
  const c = await user.client();
  const gid = await myDrive(c);
  const put = async (name: string, content: string | Buffer, parent = 0, space = gid) => {
    t.clock.advance(1);
    return upload(c, space, parent, name, Buffer.isBuffer(content) ? content : Buffer.from(content));
  };
  return { user, c, gid, put };
}

/**
 * Runs the queued jobs: content extraction happens there, never in the upload. The index queue
 * first: indexing a new file queues the extraction of its content (modules/search/indexer.ts).
 */
const extract = async () => {
  await t.services.searchIndexer.upToDate();
  return t.services.jobs.runDue();
};

describe('the calls: 401, 400, empty keyword', () => {
  test('needs a session', async () => {
    const res = await t.anonymous().get(`${BASE}?searchname=plan`);
    expect(res.statusCode).toBe(401);
  });

  test('bad parameters answer bad_request (graph code)', async () => {
    const { c } = await person();
    for (const q of ['count=0', 'count=1000', 'offset=-1', 'exts=a%2Fb', 'type=exe', 'groupids=abc']) {
      const res = await c.get(`${BASE}?searchname=plan&${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().result).toBe('bad_request');
    }
  });

  test('an empty keyword finds nothing and says no more (spec 001 §4)', async () => {
    const { c, put } = await person();
    await put('anything.txt', 'x');
    for (const q of [{}, { searchname: '' }, { searchname: '   ' }] as Record<string, string>[]) {
      const r = await search(c, q);
      expect(r).toMatchObject({ files: [], more: false, result: { offset: 0, part_offset: 0 } });
    }
  });
});

describe('names', () => {
  test('by a part of the name, any case; highlight ranges say where', async () => {
    const { c, put } = await person();
    await put('Quarterly Plan.docx', 'x');
    await put('other.txt', 'y');
    const r = await search(c, { searchname: 'PLAN' });
    expect(names(r)).toEqual(['Quarterly Plan.docx']);
    expect(r.files[0].search).toMatchObject({ match: 'name', name_ranges: [[10, 14]] });
    // fname is accepted as the keyword too.
    expect(names(await search(c, { fname: 'quarter' }))).toEqual(['Quarterly Plan.docx']);
  });

  test('Chinese substrings of three characters and of one or two', async () => {
    const { c, put } = await person();
    await put('张伟的季度报告.xlsx', 'x');
    await put('会议纪要.docx', 'x');
    expect(names(await search(c, { searchname: '季度报' }))).toEqual(['张伟的季度报告.xlsx']);
    expect(names(await search(c, { searchname: '报告' }))).toEqual(['张伟的季度报告.xlsx']);
    expect(names(await search(c, { searchname: '纪' }))).toEqual(['会议纪要.docx']);
  });

  test('pinyin, full and initials, after the literal matches; ranges mark the characters', async () => {
    const { c, put } = await person();
    await put('季度报告.xlsx', 'x');
    await put('jidu notes.txt', 'x');
    const full = await search(c, { searchname: 'jidu' });
    // The name that holds the text itself ranks first, though older.
    expect(names(full)).toEqual(['jidu notes.txt', '季度报告.xlsx']);
    expect(full.files.map((f) => f.search.match)).toEqual(['name', 'pinyin']);
    expect(full.files[1].search.name_ranges).toEqual([[0, 2]]);
    expect(names(await search(c, { searchname: 'jdbg' }))).toEqual(['季度报告.xlsx']);
    expect(names(await search(c, { searchname: 'bg' }))).toEqual(['季度报告.xlsx']);
  });

  test('one or two Latin letters or digits: in names and in pinyin initials, nothing else', async () => {
    const { c, put } = await person();
    await put('建筑图纸.dwg', 'x');
    await put('jazz.txt', 'x');
    await put('JZ-plan.txt', 'x');
    await put('Q7 budget.ods', 'x');
    await put('data.csv', 'x');
    const jz = await search(c, { searchname: 'jz' });
    // Literal first, then the initials (jztz); "jazz" holds j and z but not "jz".
    expect(names(jz)).toEqual(['JZ-plan.txt', '建筑图纸.dwg']);
    expect(jz.files.map((f) => f.search.match)).toEqual(['name', 'pinyin']);
    expect(names(await search(c, { searchname: 'zz' }))).toEqual(['jazz.txt']);
    expect(names(await search(c, { searchname: 'z' }))).toEqual(['JZ-plan.txt', 'jazz.txt', '建筑图纸.dwg']);
    expect(names(await search(c, { searchname: 'q7' }))).toEqual(['Q7 budget.ods']);
    expect(names(await search(c, { searchname: '7' }))).toEqual(['Q7 budget.ods']);
    expect(names(await search(c, { searchname: 'qx' }))).toEqual([]);
    expect(names(await search(c, { searchname: 'q 7 bu' }))).toEqual(['Q7 budget.ods']);
    expect(names(await search(c, { searchname: 'jz tz' }))).toEqual(['建筑图纸.dwg']);
    expect(names(await search(c, { searchname: 'jz q' }))).toEqual([]);
    // A short term with punctuation: its letters narrow, the term decides.
    expect(names(await search(c, { searchname: 'a.' }))).toEqual(['data.csv']);
    expect(names(await search(c, { searchname: '-p' }))).toEqual(['JZ-plan.txt']);
  });

  test('every word must match, in any order; folders are found too', async () => {
    const { c, gid, put } = await person();
    await put('2026 budget plan.xlsx', 'x');
    await put('plan 2025.xlsx', 'x');
    await mkdir(c, gid, 0, 'Plans 2026');
    expect(names(await search(c, { searchname: 'plan 2026' }))).toEqual([
      'Plans 2026',
      '2026 budget plan.xlsx',
    ]);
    expect((await search(c, { searchname: 'plans' })).files[0].ftype).toBe('folder');
  });

  test('the keyword is cut to 30 characters', async () => {
    const { c, put } = await person();
    const name = `${'k'.repeat(30)}.txt`;
    await put(name, 'x');
    // 31 k's would not be in the name; cut to 30 they are.
    expect(names(await search(c, { searchname: 'k'.repeat(31) }))).toEqual([name]);
  });
});

describe('contents', () => {
  test('text, Markdown, CSV, HTML, PDF, docx, xlsx and pptx, after an extraction job', async () => {
    const { c, put } = await person();
    await put('a.txt', 'the zanzibar budget');
    await put('b.md', '# Heading\n\nzanzibar in markdown');
    await put('c.csv', 'city,zanzibar\n1,2');
    await put('d.html', '<p>zanzibar <b>page</b></p><script>hidden()</script>');
    await put('e.pdf', pdfOf(['zanzibar in a PDF']));
    await put('f.docx', await docxOf(['zanzibar in Word']));
    await put('g.xlsx', await xlsxOf(['zanzibar in a sheet'], 1));
    await put('h.pptx', await pptxOf(['zanzibar on a slide']));
    await put('i.bin', 'zanzibar but not read');
    // The upload did not wait for the text.
    expect((await search(c, { searchname: 'zanzibar' })).files).toEqual([]);
    await extract();
    const r = await search(c, { searchname: 'zanzibar' });
    expect(names(r).sort()).toEqual([
      'a.txt',
      'b.md',
      'c.csv',
      'd.html',
      'e.pdf',
      'f.docx',
      'g.xlsx',
      'h.pptx',
    ]);
    expect(r.files.every((f) => f.search.match === 'content')).toBe(true);
    const word = r.files.find((f) => f.fname === 'f.docx');
    expect(word?.search.snippet).toBe('zanzibar in Word');
    expect(word?.search.snippet_ranges).toEqual([[0, 8]]);
    expect(names(await search(c, { searchname: 'hidden' }))).toEqual([]);
  });

  test('texts read together; one whose bytes cannot be read holds up none of the others', async () => {
    const { c, put } = await person();
    // Past the small blobs' limit, so that each content is a blob file of its own.
    const text = (i: number) => `report ${i} about the quokka ${'filler words '.repeat(2000)}`;
    const sha256s: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { fileid } = await put(`quokka ${i}.txt`, text(i));
      const row = await t.database.db
        .selectFrom('files')
        .select('sha256')
        .where('id', '=', fileid)
        .executeTakeFirstOrThrow();
      sha256s.push(row.sha256);
    }
    // The third content's blob goes (from whichever store holds it), and comes back after.
    expect(await t.services.blobs.remove(sha256s[2], { unusedSinceMs: Date.now() + 60_000 })).toBe('removed');
    try {
      expect(await extract()).toBe(5);
    } finally {
      await t.services.blobs.putBuffer(Buffer.from(text(2)));
    }
    const found = async () => names(await search(c, { searchname: 'filler' })).sort();
    expect(await found()).toEqual(['quokka 0.txt', 'quokka 1.txt', 'quokka 3.txt', 'quokka 4.txt']);
    const [waiting] = await t.services.jobs.pending('search.extract');
    expect(waiting).toMatchObject({
      status: 'queued',
      attempts: 1,
      payload: JSON.stringify({ sha256: sha256s[2] }),
    });
    // Tried again later, on its own.
    t.clock.advance(30);
    await extract();
    expect(await found()).toEqual([
      'quokka 0.txt',
      'quokka 1.txt',
      'quokka 2.txt',
      'quokka 3.txt',
      'quokka 4.txt',
    ]);
    expect(await t.services.jobs.pending('search.extract')).toEqual([]);
  });

  test('Chinese content, also by two characters', async () => {
    const { c, put } = await person();
    await put('合同.docx', await docxOf(['甲方与乙方签订的采购合同条款']));
    await put('memo.txt', '会议在周五召开');
    await extract();
    expect(names(await search(c, { searchname: '采购合同' }))).toEqual(['合同.docx']);
    expect(names(await search(c, { searchname: '周五' }))).toEqual(['memo.txt']);
  });

  test('name matches first, then content, each newest first; a snippet under name hits too', async () => {
    const { c, put } = await person();
    await put('okapi facts.txt', 'facts about the animal okapi');
    await put('zoo.txt', 'we saw an okapi today');
    await put('wildlife.txt', 'okapi again');
    await put('okapi list.txt', 'nothing here');
    await extract();
    const r = await search(c, { searchname: 'okapi' });
    expect(names(r)).toEqual(['okapi list.txt', 'okapi facts.txt', 'wildlife.txt', 'zoo.txt']);
    expect(r.files.map((f) => f.search.match)).toEqual(['name', 'name', 'content', 'content']);
    expect(r.files[1].search.snippet).toBe('facts about the animal okapi');
    expect(r.files[0].search.snippet).toBe('nothing here');
  });

  test('a snippet is cut around the first match, with ellipses where the text goes on', async () => {
    const { c, put } = await person();
    await put(
      'long.txt',
      `${'lorem ipsum '.repeat(100)}the axolotl lives in lakes${' dolor sit'.repeat(100)}`,
    );
    await extract();
    const [hit] = (await search(c, { searchname: 'axolotl' })).files;
    const { snippet, snippet_ranges } = hit.search;
    expect(snippet?.startsWith('…')).toBe(true);
    expect(snippet?.endsWith('…')).toBe(true);
    expect(snippet).toContain('the axolotl lives in lakes');
    expect(snippet_ranges.map(([a, b]) => snippet?.slice(a, b))).toEqual(['axolotl']);
  });

  test('a new version replaces the text that is found', async () => {
    const { c, put } = await person();
    await put('draft.txt', 'first wording with walrus');
    await extract();
    expect(names(await search(c, { searchname: 'walrus' }))).toEqual(['draft.txt']);
    await put('draft.txt', 'second wording with narwhal');
    await extract();
    expect(names(await search(c, { searchname: 'walrus' }))).toEqual([]);
    expect(names(await search(c, { searchname: 'narwhal' }))).toEqual(['draft.txt']);
  });
});

describe('filters', () => {
  test('type groups and extensions', async () => {
    const { c, put } = await person();
    await put('report.pdf', 'x');
    await put('report.docx', 'x');
    await put('report.wps', 'x');
    await put('report.txt', 'x');
    expect(names(await search(c, { searchname: 'report', type: 'doc' })).sort()).toEqual([
      'report.docx',
      'report.wps',
    ]);
    expect(names(await search(c, { searchname: 'report', exts: 'pdf,txt' })).sort()).toEqual([
      'report.pdf',
      'report.txt',
    ]);
    expect(
      names(await search(c, { searchname: 'report', exts: 'doc,docx,wps', type: 'pdf' })).sort(),
    ).toEqual(['report.docx', 'report.pdf', 'report.wps']);
  });

  test('date window on the modification time, seconds or milliseconds', async () => {
    const { c, put } = await person();
    const old = await put('dated old.txt', 'x');
    t.clock.advance(86_400);
    const fresh = await put('dated new.txt', 'x');
    expect(names(await search(c, { searchname: 'dated', from: fresh.mtime }))).toEqual(['dated new.txt']);
    expect(names(await search(c, { searchname: 'dated', to: old.mtime }))).toEqual(['dated old.txt']);
    expect(
      names(await search(c, { searchname: 'dated', from: old.mtime * 1000, to: fresh.mtime * 1000 })),
    ).toEqual(['dated new.txt', 'dated old.txt']);
  });

  test('position: only the spaces asked for', async () => {
    const { user, c, gid, put } = await person();
    const team = await makeTeam(t, user);
    await put('where mine.txt', 'x');
    await put('where team.txt', 'x', 0, team);
    expect(names(await search(c, { searchname: 'where' }))).toEqual(['where team.txt', 'where mine.txt']);
    expect(names(await search(c, { searchname: 'where', groupids: team }))).toEqual(['where team.txt']);
    expect(names(await search(c, { searchname: 'where', groupids: `${gid}` }))).toEqual(['where mine.txt']);
  });

  test('secret_label: only files with that label', async () => {
    const { c, put } = await person();
    await put('labelled plain.txt', 'x');
    const secret = await put('labelled secret.txt', 'x');
    // The label is set through the files module (its own tests); here only the filter matters.
    await t.database.db
      .updateTable('files')
      .set({ secret_label: 3 })
      .where('id', '=', secret.fileid)
      .execute();
    expect(names(await search(c, { searchname: 'labelled', secret_label: 3 }))).toEqual([
      'labelled secret.txt',
    ]);
    expect(names(await search(c, { searchname: 'labelled', secret_label: 0 }))).toEqual([
      'labelled plain.txt',
    ]);
    expect(names(await search(c, { searchname: 'labelled' }))).toHaveLength(2);
  });
});

describe('who sees what', () => {
  test('others’ files are never found; a team’s files only while one is in the team', async () => {
    const owner = await person();
    const member = await person();
    const stranger = await person();
    const team = await makeTeam(t, owner.user, [{ user: member.user, role: TEAM_ROLE.member }]);
    await owner.put('teamsecret plan.txt', 'x', 0, team);
    await owner.put('teamsecret private.txt', 'x');
    expect(names(await search(member.c, { searchname: 'teamsecret' }))).toEqual(['teamsecret plan.txt']);
    expect(names(await search(stranger.c, { searchname: 'teamsecret' }))).toEqual([]);
    // Asking for a space one is not in adds nothing.
    expect(names(await search(stranger.c, { searchname: 'teamsecret', groupids: team }))).toEqual([]);
    const left = await member.c.delete(`/api/v3/groups/${team}/members/${member.user.id}`);
    expect(left.statusCode, left.body).toBe(204);
    expect(names(await search(member.c, { searchname: 'teamsecret' }))).toEqual([]);
  });

  test('a file whose own entry takes reading away is skipped, and the page is still filled', async () => {
    const owner = await person();
    const member = await person();
    const team = await makeTeam(t, owner.user, [{ user: member.user, role: TEAM_ROLE.member }]);
    const files = [];
    for (let i = 1; i <= 5; i++) files.push(await owner.put(`acl file ${i}.txt`, 'x', 0, team));
    const hidden = files[3]; // acl file 4: the second newest
    const res = await owner.c.put(`/api/v3/groups/${team}/files/${hidden.fileid}/permission`, {
      entries: [{ principal_type: 'user', principal_id: member.user.id, user_acl: 0 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = await search(member.c, { searchname: 'acl file', count: 2 });
    expect(names(page)).toEqual(['acl file 5.txt', 'acl file 3.txt']);
    expect(page.more).toBe(true);
    const rest = await search(member.c, { searchname: 'acl file', count: 2, offset: page.result.offset });
    expect(names(rest)).toEqual(['acl file 2.txt', 'acl file 1.txt']);
    expect(rest.more).toBe(false);
    expect(names(await search(owner.c, { searchname: 'acl file' }))).toHaveLength(5);
  });
});

describe('kept in step with the drive', () => {
  const indexed = async (fileId: number) =>
    (
      await t.database.db
        .selectFrom('search_docs')
        .select('name_key')
        .where('file_id', '=', fileId)
        .executeTakeFirst()
    )?.name_key;
  const queuedIds = async () =>
    (await t.database.db.selectFrom('search_queue').select('file_id').execute()).map((r) => r.file_id);

  // The queue is indexed a tenth of a second after a change; a busy CI machine may take longer.
  const settled = async (check: () => Promise<boolean>) => {
    const until = Date.now() + 5000;
    while (Date.now() < until && !(await check())) await new Promise((resolve) => setTimeout(resolve, 20));
  };

  test('a change queues its file; the queue is indexed a moment later, without a search', async () => {
    const { c, gid, put } = await person();
    const f = await put('queued plan.txt', 'x');
    const renamed = await c.put(`/api/v3/groups/${gid}/files/${f.fileid}`, { fname: 'queued memo.txt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await settled(async () => (await indexed(f.fileid)) === 'queued memo.txt');
    expect(await indexed(f.fileid)).toBe('queued memo.txt');
    expect(await queuedIds()).not.toContain(f.fileid);
  });

  test('a change that commits while its file is being indexed is indexed after', async () => {
    const { c, gid, put } = await person();
    const f = await put('racing draft.txt', 'x');
    // The upload's own batch, and its timer gone off: the test plays the queue's one reader below.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await t.services.searchIndexer.upToDate();
    const db = t.database.db;
    // The indexer reads the queue (PostgreSQL runs the transactions side by side)...
    await repo.queueFile.run(db, { file_id: f.fileid, work: 1 });
    const read = (await repo.queuedFiles.all(db, 500)).find((row) => row.file_id === f.fileid);
    expect(read).toBeDefined();
    // ...a rename commits meanwhile and queues the file again...
    const renamed = await c.put(`/api/v3/groups/${gid}/files/${f.fileid}`, { fname: 'racing final.txt' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // ...and the indexer, having indexed the old name, clears the row it read: the rename stays queued.
    await repo.dequeueFile.run(db, f.fileid, read?.rev ?? -1);
    await t.services.searchIndexer.upToDate();
    expect(await indexed(f.fileid)).toBe('racing final.txt');
    expect(await queuedIds()).not.toContain(f.fileid);
  });

  test('a batch of the queue reads its files together: every one indexed, a gone one dropped', async () => {
    const { c, put } = await person();
    const files = [];
    for (let i = 0; i < 10; i++) files.push(await put(`batched ${i}.txt`, 'x'));
    await t.services.searchIndexer.upToDate();
    const db = t.database.db;
    const ids = files.map((f) => f.fileid);
    await db.deleteFrom('search_docs').where('file_id', 'in', ids).execute();
    // A row whose file is gone, queued with them (as the maintenance job queues it).
    await db.insertInto('search_docs').values({ file_id: 888_888, sort_key: 2, name_key: 'gone' }).execute();
    for (const id of [...ids, 888_888]) await repo.queueFile.run(db, { file_id: id, work: 1 });
    await t.services.searchIndexer.upToDate();
    expect(names(await search(c, { searchname: 'batched' })).sort()).toEqual(
      files.map((f) => f.fname).sort(),
    );
    expect(await indexed(888_888)).toBeUndefined();
    expect(await queuedIds()).toEqual([]);
  });

  test('what a stop left queued is indexed after the next start', async () => {
    const { c, put } = await person();
    const f = await put('leftover notes.txt', 'x');
    await t.services.searchIndexer.upToDate();
    // As if the process had stopped before indexing it: its queue row is all there is.
    await t.database.db.deleteFrom('search_docs').where('file_id', '=', f.fileid).execute();
    await t.database.db.insertInto('search_queue').values({ file_id: f.fileid, work: 5 }).execute();
    t.services.searchIndexer.resume();
    await settled(async () => (await indexed(f.fileid)) !== undefined);
    expect(await indexed(f.fileid)).toBe('leftover notes.txt');
    expect(await queuedIds()).not.toContain(f.fileid);
    expect(names(await search(c, { searchname: 'leftover' }))).toEqual(['leftover notes.txt']);
  });

  test('rename: found under the new name only', async () => {
    const { c, gid, put } = await person();
    const f = await put('beforename.txt', 'x');
    const res = await c.put(`/api/v3/groups/${gid}/files/${f.fileid}`, { fname: 'aftername.txt' });
    expect(res.statusCode, res.body).toBe(200);
    expect(names(await search(c, { searchname: 'beforename' }))).toEqual([]);
    expect(names(await search(c, { searchname: 'aftername' }))).toEqual(['aftername.txt']);
  });

  test('move (the search page’s body): found in the new place', async () => {
    const { user, c, gid, put } = await person();
    const team = await makeTeam(t, user);
    const folder = await mkdir(c, team, 0, 'Target');
    const f = await put('wanderer.txt', 'x');
    const res = await c.post(`/api/v3/groups/${gid}/files/batch/move`, {
      fileids: [f.fileid],
      groupid: team,
      parentid: folder.fileid,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().failList).toEqual([]);
    const r = await search(c, { searchname: 'wanderer', groupids: team });
    expect(r.files[0]).toMatchObject({
      groupid: team,
      parentid: folder.fileid,
      path: '/Target/wanderer.txt',
    });
    expect(names(await search(c, { searchname: 'wanderer', groupids: gid }))).toEqual([]);
  });

  test('copy of a folder: everything below it is found twice', async () => {
    const { c, gid, put } = await person();
    const folder = await mkdir(c, gid, 0, 'Original');
    const inner = await mkdir(c, gid, folder.fileid, 'Inner');
    await put('deepcopy.txt', 'copied text about capybaras', inner.fileid);
    await extract();
    const target = await mkdir(c, gid, 0, 'Copies');
    const res = await c.post(`/api/v3/groups/${gid}/files/batch/copy`, {
      fileids: [folder.fileid],
      groupid: gid,
      parentid: 0,
      target_groupid: gid,
      target_parentid: target.fileid,
    });
    expect(res.statusCode, res.body).toBe(200);
    const r = await search(c, { searchname: 'deepcopy' });
    expect(r.files.map((f) => f.path).sort()).toEqual([
      '/Copies/Original/Inner/deepcopy.txt',
      '/Original/Inner/deepcopy.txt',
    ]);
    // The copy shares the content's text: no second extraction needed.
    expect((await search(c, { searchname: 'capybaras' })).files).toHaveLength(2);
  });

  test('delete: gone; recover: back; purge: out of the index', async () => {
    const { c, gid, put } = await person();
    const f = await put('phoenix.txt', 'rises from ashes');
    await extract();
    expect(names(await search(c, { searchname: 'phoenix' }))).toEqual(['phoenix.txt']);
    expect((await c.delete(`/api/v3/groups/${gid}/files/${f.fileid}`)).statusCode).toBe(204);
    expect(names(await search(c, { searchname: 'phoenix' }))).toEqual([]);
    expect(names(await search(c, { searchname: 'ashes' }))).toEqual([]);
    const back = await c.post('/api/v3/recycles/batch/recover', { fileids: [f.fileid] });
    expect(back.statusCode, back.body).toBe(200);
    expect(names(await search(c, { searchname: 'phoenix' }))).toEqual(['phoenix.txt']);
    expect(names(await search(c, { searchname: 'ashes' }))).toEqual(['phoenix.txt']);
    await c.delete(`/api/v3/groups/${gid}/files/${f.fileid}`);
    const purged = await c.post('/api/v3/recycles/batch/destory', { fileids: [f.fileid] });
    expect(purged.statusCode, purged.body).toBe(200);
    const row = await t.database.db
      .selectFrom('search_docs')
      .select('file_id')
      .where('file_id', '=', f.fileid)
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  test('the maintenance job indexes files the index missed and drops rows of files that are gone', async () => {
    const { c, put } = await person();
    const f = await put('backfilled.txt', 'text of the backfill');
    // Indexed (the queue), then its rows lost.
    await t.services.searchIndexer.upToDate();
    const db = t.database.db;
    await db.deleteFrom('search_docs').where('file_id', '=', f.fileid).execute();
    await db.deleteFrom('search_contents').execute();
    expect(names(await search(c, { searchname: 'backfilled' }))).toEqual([]);
    await t.services.searchIndexer.maintain();
    await extract();
    expect(names(await search(c, { searchname: 'backfilled' }))).toEqual(['backfilled.txt']);
    expect(names(await search(c, { searchname: 'backfill' }))).toEqual(['backfilled.txt']);
    // A row whose file vanished without a purge event.
    await db.insertInto('search_docs').values({ file_id: 999_999, sort_key: 1, name_key: 'ghost' }).execute();
    await t.services.searchIndexer.maintain();
    const ghost = await db
      .selectFrom('search_docs')
      .select('file_id')
      .where('file_id', '=', 999_999)
      .executeTakeFirst();
    expect(ghost).toBeUndefined();
  });

  test('the maintenance job takes up times changed without an event (newest first again)', async () => {
    const { c, put } = await person();
    const older = await put('timeshift older.txt', 'x');
    await put('timeshift newer.txt', 'x');
    expect(names(await search(c, { searchname: 'timeshift' }))).toEqual([
      'timeshift newer.txt',
      'timeshift older.txt',
    ]);
    // As the demo does: times spread by one UPDATE, no event.
    await t.database.db
      .updateTable('files')
      .set({ mtime: t.clock.now + 3600 })
      .where('id', '=', older.fileid)
      .execute();
    await t.services.searchIndexer.maintain();
    expect(names(await search(c, { searchname: 'timeshift' }))).toEqual([
      'timeshift older.txt',
      'timeshift newer.txt',
    ]);
  });
});

describe('upgrading the index', () => {
  test('migration 0011 gives names indexed before it their Latin grams (SQLite)', async () => {
    if (t.database.dialect !== 'sqlite') return;
    const { c, put } = await person();
    const f = await put('qz legacy.txt', 'x');
    await put('季度 qz.txt', 'x');
    await t.services.searchIndexer.upToDate();
    const db = t.database.db;
    // As the indexer wrote names before: no Latin grams (the update trigger rewrites search_short).
    await db.updateTable('search_docs').set({ grams: '' }).where('file_id', '=', f.fileid).execute();
    await db
      .updateTable('search_docs')
      .set({ grams: '季 季度 度' })
      .where('name_key', '=', '季度 qz.txt')
      .execute();
    expect(names(await search(c, { searchname: 'qz' }))).toEqual([]);
    await migration('sqlite').up(db);
    expect(names(await search(c, { searchname: 'qz' }))).toEqual(['季度 qz.txt', 'qz legacy.txt']);
    expect(names(await search(c, { searchname: '季度' }))).toEqual(['季度 qz.txt']);
    // The update trigger is back: a rename is found under the new name only.
    await t.database.db
      .updateTable('search_docs')
      .set({ name_key: 'renamed', grams: 'r re e' })
      .where('file_id', '=', f.fileid)
      .execute();
    expect(names(await search(c, { searchname: 'qz' }))).toEqual(['季度 qz.txt']);
  });
});

describe('paging (spec 001 §4)', () => {
  test('pages follow result.offset without overlap, across name and content tiers', async () => {
    const { c, put } = await person();
    for (let i = 1; i <= 4; i++) await put(`pangolin ${i}.txt`, 'x');
    for (let i = 1; i <= 3; i++) await put(`text ${i}.txt`, `about a pangolin, number ${i}`);
    await extract();
    const seen: string[] = [];
    let offset = 0;
    let more = true;
    let requests = 0;
    while (more) {
      const r = await search(c, { searchname: 'pangolin', count: 3, offset });
      expect(r.result.part_offset).toBe(r.files.length);
      seen.push(...names(r));
      ({ more } = r);
      offset = r.result.offset;
      requests++;
    }
    expect(requests).toBe(3);
    expect(seen).toEqual([
      'pangolin 4.txt',
      'pangolin 3.txt',
      'pangolin 2.txt',
      'pangolin 1.txt',
      'text 3.txt',
      'text 2.txt',
      'text 1.txt',
    ]);
    // An offset straight into the content tier (the name tier is counted for it).
    expect(names(await search(c, { searchname: 'pangolin', offset: 5 }))).toEqual([
      'text 2.txt',
      'text 1.txt',
    ]);
    const beyond = await search(c, { searchname: 'pangolin', offset: 50 });
    expect(beyond).toMatchObject({ files: [], more: false });
  });
});

describe('advanced search', () => {
  test('by name, by content, or both; position and type as in the base call', async () => {
    const { c, put } = await person();
    await put('invoice march.txt', 'paid by the lemur company');
    await put('invoice april.txt', 'paid by the tapir company');
    await put('lemur.txt', 'unrelated');
    await extract();
    expect(names(await search(c, { fname: 'invoice' }, ADV))).toEqual([
      'invoice april.txt',
      'invoice march.txt',
    ]);
    expect(names(await search(c, { body: 'lemur' }, ADV))).toEqual(['invoice march.txt']);
    expect(names(await search(c, { fname: 'invoice', body: 'tapir' }, ADV))).toEqual(['invoice april.txt']);
    expect(names(await search(c, { fname: 'invoice', body: 'tapir', type: 'pdf' }, ADV))).toEqual([]);
    expect((await search(c, {}, ADV)).files).toEqual([]);
  });

  test('by a Chinese or short name and content together', async () => {
    const { c, put } = await person();
    await put('季度 okapi.txt', 'paid by the okapi company');
    await put('q7 okapi.txt', 'paid by the okapi company');
    await extract();
    expect(names(await search(c, { fname: '季度', body: 'okapi' }, ADV))).toEqual(['季度 okapi.txt']);
    expect(names(await search(c, { fname: 'q7', body: 'okapi' }, ADV))).toEqual(['q7 okapi.txt']);
    expect(names(await search(c, { fname: 'jd', body: 'okapi' }, ADV))).toEqual(['季度 okapi.txt']);
  });

  test('off when allow_advanced_search is off', async () => {
    const { c } = await person();
    await t.services.settings.set(0, 'allow_advanced_search', false);
    try {
      const res = await c.get(`${ADV}?fname=x`);
      expect(res.statusCode).toBe(403);
      expect(res.json().result).toBe('forbidden');
      expect((await c.get(`${BASE}?searchname=x`)).statusCode).toBe(200);
    } finally {
      await t.services.settings.set(0, 'allow_advanced_search', true);
    }
  });
});

describe('the index itself', () => {
  test('SQLite answers name searches from FTS5 newest first, without sorting', async () => {
    if (t.database.dialect !== 'sqlite') return;
    const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT d.file_id FROM search_names s JOIN search_docs d ON d.sort_key = s.rowid JOIN files f ON f.id = d.file_id
      WHERE search_names MATCH ${'"abc"'} AND f.status = 'live' ORDER BY s.rowid DESC LIMIT 51`.execute(
      t.database.db,
    );
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });

  test('SQLite: a batch writes each new name into FTS5 once, newest first whatever the order queued', async () => {
    if (t.database.dialect !== 'sqlite') return;
    const { c, put } = await person();
    const files = [];
    for (const n of [1, 2, 3, 4, 5, 6]) files.push(await put(`keyorder ${n}.txt`, 'x'));
    await t.services.searchIndexer.upToDate();
    const db = t.database.db;
    const ids = files.map((f) => f.fileid);
    // Indexed again in one batch, their times now out of the order of their ids.
    await db.deleteFrom('search_docs').where('file_id', 'in', ids).execute();
    const times = [5, 1, 6, 2, 4, 3];
    for (const [i, id] of ids.entries())
      await db
        .updateTable('files')
        .set({ mtime: t.clock.now + times[i] * 60 })
        .where('id', '=', id)
        .execute();
    for (const id of ids) await repo.queueFile.run(db, { file_id: id, work: 1 });
    await t.services.searchIndexer.upToDate();
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM search_names WHERE search_names MATCH ${'"keyorder"'}`.execute(db);
    expect(rows[0].n).toBe(6);
    expect(names(await search(c, { searchname: 'keyorder' }))).toEqual(
      ['3', '1', '5', '6', '4', '2'].map((n) => `keyorder ${n}.txt`),
    );
    // The indexer writes a new name's FTS rows (migration 0018); updates and deletes keep their triggers.
    const triggers = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'search_docs' ORDER BY name`.execute(
      db,
    );
    expect(triggers.rows.map((r) => r.name)).toEqual(['search_docs_ad', 'search_docs_au']);
  });

  test('SQLite answers a short Latin term from the short grams newest first, without sorting', async () => {
    if (t.database.dialect !== 'sqlite') return;
    const { rows } = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
      SELECT d.file_id FROM search_short s JOIN search_docs d ON d.sort_key = s.rowid JOIN files f ON f.id = d.file_id
      WHERE search_short MATCH ${'{grams} : ("jz")'} AND f.status = 'live' ORDER BY s.rowid DESC LIMIT 51`.execute(
      t.database.db,
    );
    const plan = rows.map((r) => r.detail).join('\n');
    expect(plan).toMatch(/VIRTUAL TABLE INDEX/);
    expect(plan).not.toMatch(/TEMP B-TREE/);
  });
});

describe('SEARCH_INDEX=off', () => {
  test('keeps no index and queues no text; the maintenance job catches up once it is on', async () => {
    const off = await makeTestApp({ SEARCH_INDEX: 'off' });
    try {
      const user = await off.makeUser();
      const c = await user.client();
      const gid = await myDrive(c);
      const f = await upload(c, gid, 0, 'unindexed plan.txt', Buffer.from('words of the unindexed plan'));
      const db = off.database.db;
      const row = await db
        .selectFrom('search_docs')
        .select('file_id')
        .where('file_id', '=', f.fileid)
        .executeTakeFirst();
      expect(row).toBeUndefined();
      const jobs = await db.selectFrom('jobs').select('kind').where('kind', '=', 'search.extract').execute();
      expect(jobs).toEqual([]);
      const found = async (q: Record<string, string>) => {
        const res = await c.get(`${BASE}?${new URLSearchParams(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        return names(res.json());
      };
      expect(await found({ searchname: 'unindexed' })).toEqual([]);
      // Turned on again (a restart with the index on runs this job at its first tick).
      await off.services.searchIndexer.maintain();
      await off.services.jobs.runDue();
      expect(await found({ searchname: 'unindexed' })).toEqual(['unindexed plan.txt']);
      expect(await found({ searchname: 'words of the' })).toEqual(['unindexed plan.txt']);
    } finally {
      await off.close();
    }
  });
});
