// Runs one measurement on every target, run after run, with the server's CPU and peak RSS.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { watch } from './proc.mjs';
import { fmt, summarize } from './stats.mjs';

const MB = (mib) => (mib * 1024 * 1024) / 1e6;

/**
 * Empties the page cache (after the `sync`, so only clean pages go), where the harness may (root).
 * Answers whether it did. On a virtual machine, filling memory the guest has not used lately is
 * several times slower than filling pages freed a moment ago (a 1 GiB write here: 640 MiB/s into
 * freed pages, 240 MiB/s by the third file kept in the cache). A server that keeps what it wrote
 * (ours: its blobs) would pay for that in every run while the references, which delete their last
 * file, write into the pages it freed; emptied before each run, every server starts equal.
 */
let mayDrop = true;
export function dropPageCache() {
  if (!mayDrop) return false;
  try {
    fs.writeFileSync('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    mayDrop = false;
    return false;
  }
}

/**
 * Calls `once(target, run)` for every run and every target, rotating the order of the targets from
 * run to run so that a noisy moment of the machine does not always hit the same server, each
 * after a `sync` so that no run pays for the writes of the one before. `once`
 * answers the run's figure (or an object with `value` and more). After `minRuns` runs, no further
 * run starts past `until` (a performance.now() time: the workload's share of the time budget).
 * `dropCaches`: also empty the page cache before each run (large writes, see dropPageCache).
 * `warmup`: first run `once(target, -1)` on every target unmeasured (a JIT-compiled server is
 * slower for its first thousands of requests of a kind; see W2); its answer is kept as `warmup`.
 * Answers, per target name, { values, cpu, rss, rssGrowth, extra, warmup } with one entry per run.
 */
export async function eachTarget(
  targets,
  runs,
  once,
  { before, after, minRuns = 3, until = Number.POSITIVE_INFINITY, dropCaches = false, warmup = false } = {},
) {
  const out = Object.fromEntries(
    targets.map((t) => [t.name, { values: [], cpu: [], rss: [], rssGrowth: [], extra: [], expected: runs }]),
  );
  if (warmup) for (const target of targets) out[target.name].warmup = await once(target, -1);
  for (let run = 0; run < runs; run++) {
    if (run >= minRuns && performance.now() > until) break;
    const order = targets.map((_, i) => targets[(i + run) % targets.length]);
    for (const target of order) {
      const state = before ? await before(target, run) : undefined;
      // Written-back before the clock starts: the references do not fsync, and the dirty pages
      // of their last run would otherwise be written to disk during the next one, whoever it is.
      spawnSync('sync');
      if (dropCaches) dropPageCache();
      const watcher = watch(target.pid);
      const answer = await once(target, run, state);
      const { cpuPercent, peakRssMiB, startRssMiB } = watcher.stop();
      const entry = out[target.name];
      entry.values.push(typeof answer === 'number' ? answer : answer.value);
      entry.extra.push(typeof answer === 'number' ? {} : answer);
      entry.cpu.push(cpuPercent);
      entry.rss.push(MB(peakRssMiB));
      entry.rssGrowth.push(MB(peakRssMiB - startRssMiB));
      if (after) await after(target, run, state);
    }
  }
  return out;
}

const maxOf = (values) =>
  values.some(Number.isFinite) ? Math.max(...values.filter(Number.isFinite)) : Number.NaN;

/** The summary of one measure for the table: per target median/min/max, CPU and peak RSS. */
export function measureRow(id, label, unit, perTarget, pick = (e) => e.values) {
  const servers = {};
  for (const [name, entry] of Object.entries(perTarget)) {
    servers[name] = {
      ...summarize(pick(entry)),
      expected: entry.expected,
      cpu: summarize(entry.cpu).median,
      // The peak over all runs: what the server needed at worst.
      rss: maxOf(entry.rss),
      // How much the workload itself added to what the server held when it began.
      rssGrowth: maxOf(entry.rssGrowth ?? []),
    };
  }
  return { id, label, unit, servers };
}

/**
 * A target line: `measured` is text, or a number read as a ratio ("0.93 x"); `pass` is true,
 * false, or undefined when it could not be measured.
 */
export function target(id, text, measured, pass) {
  return { id, text, measured: typeof measured === 'number' ? `${fmt(measured)} x` : measured, pass };
}

/** ours / reference, or NaN when the reference is missing. */
export function ratio(row, ours, reference, field = 'median') {
  const a = row.servers[ours]?.[field];
  const b = row.servers[reference]?.[field];
  return a !== undefined && b !== undefined && b !== 0 ? a / b : Number.NaN;
}

export const passAtLeast = (value, limit) => (Number.isFinite(value) ? value >= limit : undefined);
export const passBelow = (value, limit) => (Number.isFinite(value) ? value < limit : undefined);

/**
 * Issue 9's "indexing does not slow uploads": with a "noindex" column (BENCH_NO_INDEX=1), ours
 * with the index on against off, passing when within noise: at least 0.9 x, or the two ranges of
 * runs overlap. Answers [] without that column.
 */
export function indexingTargets(id, row) {
  const on = row.servers.cirrus;
  const off = row.servers.noindex;
  if (!on || !off) return [];
  const r = ratio(row, 'cirrus', 'noindex');
  const overlap = on.min <= off.max && off.min <= on.max;
  return [
    target(
      id,
      'indexing on vs off: unchanged within noise (>= 0.9 x, or the runs overlap)',
      `${fmt(r)} x${overlap ? ', runs overlap' : ''}`,
      Number.isFinite(r) ? r >= 0.9 || overlap : undefined,
    ),
  ];
}
