// W4: pages of a 100,000-entry folder, by name and by mtime, first and deep; against the same
// query run straight on SQLite in this process (no reference server lists folders as JSON).
import Database from 'better-sqlite3';
import { expectStatus, request } from '../lib/http.mjs';
import { eachTarget, measureRow, ratio, target } from '../lib/measure.mjs';
import { fmt, percentile } from '../lib/stats.mjs';

export const id = 'W4';

/**
 * What a listing asks the database, as modules/files/repo.ts words it (listChildren and
 * countChildren): the page with its creator and modifier names, and the total.
 */
function rawQueries(db, orderby, order) {
  const column = orderby === 'name' ? 'f.name_key' : 'f.mtime';
  const where = `f.group_id = ? AND f.parent_id = ? AND f.status = 'live'`;
  const page = db.prepare(`SELECT f.*, c.nick_name AS creator_name, m.nick_name AS modifier_name
    FROM files f LEFT JOIN users c ON c.id = f.creator_id LEFT JOIN users m ON m.id = f.modifier_id
    WHERE ${where} ORDER BY f.is_folder DESC, ${column} ${order}, f.id ${order} LIMIT ? OFFSET ?`);
  // The total as the server reads it: the folder's kept count (migration 0012) where the database
  // has one, else a COUNT (a baseline from before it).
  const kept = db
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'folder_counts'`)
    .get();
  const count = kept
    ? db.prepare('SELECT live AS n FROM folder_counts WHERE group_id = ? AND parent_id = ?')
    : db.prepare(`SELECT count(*) AS n FROM files f WHERE ${where}`);
  return (gid, fid, offset) => {
    const rows = page.all(gid, fid, 50, offset);
    const { n } = count.get(gid, fid);
    return rows.length + n;
  };
}

export async function run(ctx) {
  const folder = ctx.state.bigFolder;
  const entries = ctx.sizes.bigFolder;
  const deep = Math.floor(entries / 2);
  const cases = [
    { orderby: 'name', order: 'asc', offset: 0 },
    { orderby: 'name', order: 'asc', offset: deep },
    { orderby: 'mtime', order: 'desc', offset: 0 },
    { orderby: 'mtime', order: 'desc', offset: deep },
  ];
  const db = new Database(ctx.dbFile, { readonly: true, fileMustExist: true });
  const rows = [];
  const targets = [];
  const observedNotes = [];
  const samples = ctx.sizes.listSamples;
  /** A page of the big folder from one of our servers (the baseline has a folder of its own). */
  const viaHttp = (name, server, c) => {
    const { api, bigFolder } = server;
    const path = `/api/v3/groups/${bigFolder.gid}/files?parentid=${bigFolder.fid}&offset=${c.offset}&count=50&orderby=${c.orderby}&order=${c.order}`;
    return {
      name,
      pid: server.pid,
      once: async () => {
        const res = expectStatus(
          await request(`${api.url}${path}`, { agent: api.agent, headers: api.headers }),
          200,
          'list',
        );
        const body = JSON.parse(res.body.toString());
        if (body.files.length !== 50) throw new Error(`W4: a page of ${body.files.length}`);
        // The server's own time (Server-Timing); an older build without it: undefined.
        const timing = /app;dur=([\d.]+)/.exec(res.headers['server-timing'] ?? '');
        return timing ? Number(timing[1]) : undefined;
      },
    };
  };
  try {
    for (const c of cases) {
      const raw = rawQueries(db, c.orderby, c.order);
      // Our server over HTTP (its server time) and the raw query.
      const sources = [
        viaHttp('cirrus', ctx.cirrus, c),
        ...(ctx.baseline ? [viaHttp('baseline', ctx.baseline, c)] : []),
        // Timed around the call (it answers a count only so that its work is used).
        {
          name: 'sqlite',
          pid: process.pid,
          once: async () => {
            if (raw(folder.gid, folder.fid, c.offset) < 0) throw new Error('W4: no rows');
          },
        },
      ];
      const result = await eachTarget(
        sources,
        ctx.runs,
        async (s) => {
          for (let i = 0; i < 3; i++) await s.once();
          const times = [];
          const observed = [];
          for (let i = 0; i < samples; i++) {
            const began = performance.now();
            const serverTime = await s.once();
            const elapsed = performance.now() - began;
            observed.push(elapsed);
            times.push(serverTime ?? elapsed);
          }
          return {
            value: percentile(times, 50),
            p99: percentile(times, 99),
            observed: percentile(observed, 50),
          };
        },
        { until: ctx.until },
      );
      const where = c.offset === 0 ? 'first page' : `deep page (offset ${fmt(c.offset)})`;
      const row = measureRow(
        id,
        `list ${fmt(entries)} entries by ${c.orderby} ${c.order}: ${where}, p50`,
        'ms',
        result,
      );
      rows.push(row);
      const seen = result.cirrus.extra.map((e) => e.observed).sort((a, b) => a - b);
      observedNotes.push(
        `${c.orderby} ${c.order} offset ${fmt(c.offset)}: ${fmt(seen[Math.floor(seen.length / 2)])} ms`,
      );
      const limit = c.offset === 0 ? 5 : 10;
      const ours = row.servers.cirrus.median;
      const r = ratio(row, 'cirrus', 'sqlite');
      targets.push(
        target(
          id,
          `${c.orderby} ${where}: p50 < ${limit} ms`,
          `${fmt(ours)} ms`,
          Number.isFinite(ours) ? ours < limit : undefined,
        ),
        target(id, `${c.orderby} ${where}: <= 3 x raw SQLite`, r, Number.isFinite(r) ? r <= 3 : undefined),
      );
    }
  } finally {
    db.close();
  }
  const notes = [
    `W4: our times are the server's own (its Server-Timing header: from the request's arrival to the answer's first byte); observed by the client on loopback, HTTP and JSON parsing included, the p50s were ${observedNotes.join('; ')}.`,
  ];
  return { rows, targets, notes };
}
