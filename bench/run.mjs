// npm run bench: the benchmark harness of issue 11. It measures Cirrus on the workloads W1–W8
// and, in the same run, nginx (WebDAV) and rclone (serve webdav) on the same disk and loopback,
// so that every figure is a ratio that holds on a noisy machine. See bench/README.md.
//
//   BENCH_QUICK=1   a smoke run with tiny sizes (about two minutes)
//   BENCH_RUNS=n    runs per figure (default 5; 2 when quick)
//   BENCH_ONLY=W1,W4  only these workloads (W2 needs W1)
//   BENCH_OUT=file  where the results table goes (default bench/RESULTS.md; quick: bench/.work/RESULTS-quick.md)
//   BENCH_CPU_PROF=1  our server writes a V8 CPU profile to bench/.work/profiles on exit
//   BENCH_KEEP=1    keep the temp dirs of the run
//   BENCH_NO_INSTALL=1  do not apt-get install missing references
//   BENCH_BUDGET_MINUTES=n  the time budget (default 14; 3 when quick)
//   BENCH_BASELINE_DIR=dir  also measure this copy of packages/server (before a change), side by side
//   BENCH_NO_INDEX=1  also measure our server with SEARCH_INDEX=off in the upload workloads (W1, W3, W7)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { calibrate, describeCalibration } from './lib/calibrate.mjs';
import { smallBody } from './lib/data.mjs';
import { dropPageCache } from './lib/measure.mjs';
import { machine } from './lib/proc.mjs';
import { render, writeResults } from './lib/report.mjs';
import { busyJobCount, seedFolder, unindexedCount } from './lib/seed.mjs';
import {
  cirrusTarget,
  ensureReferences,
  ROOT,
  startCirrus,
  startNginx,
  startRclone,
  webdavTarget,
} from './lib/servers.mjs';
import * as w1 from './workloads/w1-upload.mjs';
import * as w2 from './workloads/w2-download.mjs';
import * as w3 from './workloads/w3-small-files.mjs';
import * as w4 from './workloads/w4-list.mjs';
import * as w5 from './workloads/w5-search.mjs';
import * as w6 from './workloads/w6-metadata.mjs';
import * as w7 from './workloads/w7-concurrent-uploads.mjs';
import * as w8 from './workloads/w8-web.mjs';

const WORKLOADS = [w1, w2, w3, w4, w5, w6, w7, w8];
/**
 * Shares of the time budget (BENCH_BUDGET_MINUTES, 14 by default, 3 when quick): after its
 * first 3 runs a workload starts no further run past its share, so a slow or busy machine still
 * finishes in time, with fewer runs (the table says so) rather than late.
 */
const WEIGHTS = { W1: 3, W2: 2, W3: 3, W4: 1, W5: 2, W6: 1.5, W7: 3, W8: 1 };
const quick = process.env.BENCH_QUICK === '1';
const runs = Number(process.env.BENCH_RUNS) || (quick ? 2 : 5);
const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.toUpperCase().split(',') : undefined;
const MiB = 2 ** 20;
const sizes = quick
  ? {
      large: 32 * MiB,
      medium: 4 * MiB,
      rangeReads: 100,
      smallFiles: 200,
      bigFolder: 2_000,
      listSamples: 10,
      loadSeconds: 2,
      runCapSeconds: 15,
    }
  : {
      large: 1024 * MiB,
      medium: 100 * MiB,
      rangeReads: 1000,
      smallFiles: 10_000,
      bigFolder: 100_000,
      listSamples: 40,
      loadSeconds: 5,
      runCapSeconds: 60,
    };
const budgetSeconds = Number(process.env.BENCH_BUDGET_MINUTES || (quick ? 3 : 14)) * 60;

const log = (...args) => console.log(...args);
const workRoot = path.join(ROOT, 'bench', '.work');
const work = path.join(workRoot, `run-${Date.now().toString(36)}`);
const out =
  process.env.BENCH_OUT || path.join(ROOT, 'bench', quick ? '.work/RESULTS-quick.md' : 'RESULTS.md');

function versionOf(cmd, args) {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  return (
    `${r.stdout}${r.stderr}`
      .split('\n')
      .find((l) => l.trim())
      ?.trim() ?? 'missing'
  );
}

/**
 * The web app built into the run's dir (not packages/web/dist, which others use). When the build
 * fails (someone's work in progress), the last packages/web/dist is measured, with a note.
 */
function buildWeb() {
  const dist = path.join(work, 'web-dist');
  const r = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: path.join(ROOT, 'packages', 'web'),
    encoding: 'utf8',
  });
  if (r.status === 0) return { dist };
  const reason =
    `${r.stdout}${r.stderr}`
      .split('\n')
      .find((l) => /error|could not/i.test(l))
      ?.trim() ?? 'vite build failed';
  const fallback = path.join(ROOT, 'packages', 'web', 'dist');
  if (fs.existsSync(path.join(fallback, 'index.html')))
    return {
      dist: fallback,
      note: `W8: the web build failed (${reason}); the existing packages/web/dist was measured instead.`,
    };
  return { error: `the web build failed (${reason})` };
}

/**
 * One of our servers, ready for the workloads: a first start creates the demo organisation and
 * the workload folders; the large folder is then written straight into the stopped server's
 * database; the second start serves the workloads once the search index has caught up with it.
 */
async function startOurs({ name, serverDir, webDist, cpuProfDir, bigFolder, env }) {
  const dataDir = path.join(work, `${name}-data`);
  log(`${name}: first start (demo organisation, workload folders) ...`);
  const first = await startCirrus({ dataDir, logDir: work, name, serverDir, env });
  let prepared;
  try {
    const t = await cirrusTarget(first);
    const big = await t.mkdir('w4-big-folder');
    const template = await t.put(t.root, 'template.bin', smallBody('template'));
    const small = await t.mkdir('w6-small-folder');
    let file;
    for (let i = 0; i < 20; i++) file = await t.put(small, `note-${i}.bin`, smallBody(`w6-${i}`));
    t.close();
    prepared = { big, template, small, file };
  } finally {
    await first.stop();
  }
  const dbFile = path.join(dataDir, 'cirrus.db');
  if (bigFolder) {
    const t0 = performance.now();
    seedFolder(dbFile, { folderId: prepared.big.fid, templateId: prepared.template.fid, count: bigFolder });
    log(`${name}: seeded ${bigFolder} entries in ${Math.round(performance.now() - t0)} ms`);
  }
  const server = await startCirrus({ dataDir, logDir: work, name, serverDir, webDist, cpuProfDir, env });
  // Rows written straight into the database are indexed by the search maintenance job at start;
  // the workloads begin once it is done, so that it does not run under them.
  const until = Date.now() + 300_000;
  const indexing = env?.SEARCH_INDEX !== 'off';
  while (indexing && unindexedCount(dbFile) > 0 && Date.now() < until) await sleep(500);
  // And for the jobs that follow (the index's segment merge), so that none runs under a workload.
  while (busyJobCount(dbFile) > 0 && Date.now() < until) await sleep(500);
  const target = await cirrusTarget(server);
  return {
    server,
    target,
    dbFile,
    ours: {
      ...server,
      api: target.api,
      dbFile,
      bigFolder: prepared.big,
      smallFolder: { folder: prepared.small, file: prepared.file },
    },
  };
}

async function main() {
  const started = new Date();
  fs.mkdirSync(work, { recursive: true });
  log(
    `cirrus bench: ${quick ? 'quick smoke run' : 'full run'}, ${runs} runs per figure, work dir ${path.relative(ROOT, work)}`,
  );
  const refs = ensureReferences(log);
  const m = machine(work);
  const speedAtStart = await calibrate(work);
  m.kernel = `Linux ${os.release()}`;
  m.software = `Node ${process.version}, ${refs.nginx ? versionOf('nginx', ['-v']) : 'nginx missing'}, ${refs.rclone ? versionOf('rclone', ['version']) : 'rclone missing'}, autocannon ${JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules/autocannon/package.json'), 'utf8')).version}`;
  const notes = [];
  if (!refs.nginx || !refs.rclone) notes.push('A reference could not be installed; its ratios are n/a.');

  const selected = WORKLOADS.filter((w) => !only || only.includes(w.id));
  const needs = (...ids) => selected.some((w) => ids.includes(w.id));
  const state = {};
  if (needs('W8')) {
    log('building the web app ...');
    state.web = buildWeb();
    if (state.web.note) notes.push(state.web.note);
  }
  const bigFolder = needs('W4', 'W8') ? sizes.bigFolder : 0;
  const servers = [];
  const targets = [];
  const rows = [];
  const results = [];
  try {
    const cirrus = await startOurs({
      name: 'cirrus',
      webDist: state.web?.dist,
      cpuProfDir: process.env.BENCH_CPU_PROF === '1' ? path.join(workRoot, 'profiles') : undefined,
      bigFolder,
    });
    servers.push(cirrus.server);
    targets.push(cirrus.target);
    // A copy of packages/server to compare with (before a change), measured side by side.
    let baseline;
    if (process.env.BENCH_BASELINE_DIR) {
      baseline = await startOurs({
        name: 'baseline',
        serverDir: path.resolve(process.env.BENCH_BASELINE_DIR),
        bigFolder,
      });
      servers.push(baseline.server);
      targets.push(baseline.target);
      notes.push(
        `The baseline column is ${process.env.BENCH_BASELINE_DIR}, started and measured the same way in the same run.`,
      );
    }
    // The same server with indexing off: what the search index costs an upload (issue 9).
    if (process.env.BENCH_NO_INDEX === '1' && needs('W1', 'W3', 'W7')) {
      const noindex = await startOurs({ name: 'noindex', bigFolder: 0, env: { SEARCH_INDEX: 'off' } });
      servers.push(noindex.server);
      targets.push(noindex.target);
      notes.push(
        'The "cirrus, index off" column is the same server started with SEARCH_INDEX=off (BENCH_NO_INDEX=1).',
      );
    }
    if (refs.nginx) {
      const nginx = await startNginx({ dir: path.join(work, 'nginx'), root: path.join(work, 'nginx-root') });
      servers.push(nginx);
      targets.push(webdavTarget(nginx));
    }
    if (refs.rclone) {
      const rclone = await startRclone({
        dir: path.join(work, 'rclone'),
        root: path.join(work, 'rclone-root'),
      });
      servers.push(rclone);
      targets.push(webdavTarget(rclone));
    }
    state.bigFolder = cirrus.ours.bigFolder;
    state.smallFolder = cirrus.ours.smallFolder;
    const ctx = {
      quick,
      runs,
      sizes,
      targets,
      state,
      log,
      dbFile: cirrus.dbFile,
      cirrus: cirrus.ours,
      baseline: baseline?.ours,
    };
    for (const [i, w] of selected.entries()) {
      const t0 = performance.now();
      const left = budgetSeconds - (Date.now() - started.getTime()) / 1000;
      const weights = selected.slice(i).reduce((n, x) => n + WEIGHTS[x.id], 0);
      const share = Math.max(0, (left * WEIGHTS[w.id]) / weights);
      ctx.until = t0 + share * 1000;
      log(`${w.id} ... (${Math.round(share)} s of the budget)`);
      try {
        const result = await w.run(ctx);
        rows.push(...result.rows);
        results.push(...result.targets);
        notes.push(...(result.notes ?? []));
      } catch (err) {
        log(`${w.id} failed: ${err.stack ?? err}`);
        results.push({ id: w.id, text: 'the workload ran', measured: `failed: ${err.message}`, pass: false });
      }
      log(`${w.id} done in ${Math.round((performance.now() - t0) / 1000)} s`);
    }
  } finally {
    for (const t of targets) t.close();
    await Promise.all(servers.map((s) => s.stop()));
  }
  notes.push(
    'Our server: SQLite (WAL; every write answered only after an fdatasync of the WAL, shared by the writes committed meanwhile: group commit), fs blob store (fsync + rename), as `npm run serve` starts it; MAX_FILE_SIZE and PERSONAL_SPACE_QUOTA raised. nginx: WebDAV module, sendfile on, no fsync, worker_processes auto. rclone: serve webdav on a local dir. All on one disk and loopback.',
    "W4 times are our server's own (Server-Timing: from the request's arrival to the answer's first byte, JSON included); the raw SQLite figure is the same page and total query run with better-sqlite3 in the harness process.",
    !needs('W1', 'W7') || dropPageCache()
      ? 'Every run starts after a `sync`; the runs of W1 and W7 also after the page cache was emptied, so that every server writes into freed memory (bench/lib/measure.mjs, dropPageCache).'
      : 'Every run starts after a `sync`. The page cache could not be emptied before the runs of W1 and W7 (not root): a server that keeps what it wrote (ours) writes into memory the guest has not used lately, which is slower on a virtual machine.',
  );
  m.speed = describeCalibration(speedAtStart, await calibrate(work));
  const seconds = (Date.now() - started.getTime()) / 1000;
  const block = render({ machine: m, started, seconds, quick, runs, rows, targets: results, notes });
  console.log(`\n${block}\n`);
  writeResults(out, block);
  log(`results written to ${path.relative(ROOT, out)} (${Math.round(seconds)} s)`);
  if (process.env.BENCH_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  if (process.env.BENCH_KEEP !== '1') fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
