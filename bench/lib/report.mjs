// The results as a table: printed, and written between the markers of bench/RESULTS.md so that
// the notes around them (findings, fixes) stay.
import fs from 'node:fs';
import { fmt } from './stats.mjs';

export const START = '<!-- bench:results:start -->';
export const END = '<!-- bench:results:end -->';
const SERVERS = ['cirrus', 'baseline', 'noindex', 'nginx', 'rclone', 'sqlite'];

function cell(s) {
  if (!s || !Number.isFinite(s.median)) return '–';
  const spread = s.runs > 1 && s.min !== s.max ? ` (${fmt(s.min)}–${fmt(s.max)})` : '';
  // Fewer runs than asked (the time budget ran out): said in the cell.
  const few = s.expected && s.runs < s.expected ? ` [${s.runs} runs]` : '';
  return `${fmt(s.median)}${spread}${few}`;
}

function table(header, lines) {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...lines.map((l) => `| ${l.join(' | ')} |`),
  ].join('\n');
}

export function measuresTable(rows) {
  const present = SERVERS.filter((name) => rows.some((r) => r.servers[name]));
  const withBaseline = present.includes('baseline');
  const header = [
    'id',
    'measure',
    'unit',
    ...present.map(
      (n) =>
        ({ sqlite: 'raw SQLite', baseline: 'cirrus before (baseline)', noindex: 'cirrus, index off' })[n] ??
        n,
    ),
    'CPU % (cirrus / nginx / rclone)',
    withBaseline ? 'peak RSS MB (growth): cirrus / baseline' : 'cirrus peak RSS MB (growth)',
    'peak RSS MB (nginx / rclone)',
  ];
  const cpu = (row) =>
    ['cirrus', 'nginx', 'rclone'].map((n) => (row.servers[n] ? fmt(row.servers[n].cpu, 2) : '–')).join(' / ');
  const rssOf = (s) => {
    if (!s || !Number.isFinite(s.rss)) return '–';
    return Number.isFinite(s.rssGrowth) ? `${fmt(s.rss)} (+${fmt(Math.max(0, s.rssGrowth), 2)})` : fmt(s.rss);
  };
  // An A/B shows the baseline's memory beside ours.
  const ours = (row) =>
    withBaseline
      ? `${rssOf(row.servers.cirrus)} / ${rssOf(row.servers.baseline)}`
      : rssOf(row.servers.cirrus);
  const refs = (row) =>
    ['nginx', 'rclone'].map((n) => (row.servers[n] ? fmt(row.servers[n].rss, 2) : '–')).join(' / ');
  return table(
    header,
    rows.map((r) => [
      r.id,
      r.label,
      r.unit,
      ...present.map((n) => cell(r.servers[n])),
      cpu(r),
      ours(r),
      refs(r),
    ]),
  );
}

export function targetsTable(targets) {
  const verdict = (p) => (p === true ? 'PASS' : p === false ? 'MISS' : 'n/a');
  return table(
    ['id', 'target', 'measured (ratios: ours / reference, same run)', 'result'],
    targets.map((t) => [t.id, t.text, t.measured, verdict(t.pass)]),
  );
}

export function render({ machine, started, seconds, quick, runs, rows, targets, notes }) {
  const lines = [
    `Run of ${started.toISOString()} (${quick ? 'BENCH_QUICK=1 smoke run, tiny sizes' : 'full run'}; ${runs} runs per figure, median (min–max); ${Math.round(seconds)} s in all).`,
    '',
    `Machine: ${machine.cores} cores, ${machine.model}, ${fmt(machine.memGiB)} GiB memory, disk ${machine.disk}, ${machine.kernel}; load average at the start ${machine.load}. ${machine.software}.`,
    ...(machine.speed ? ['', machine.speed] : []),
    '',
    measuresTable(rows),
    '',
    targetsTable(targets),
  ];
  if (notes.length) lines.push('', ...notes.map((n) => `- ${n}`));
  return lines.join('\n');
}

/** Replaces the results block of `file` (or appends one), keeping everything else. */
export function writeResults(file, block) {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
  const wrapped = `${START}\n${block}\n${END}`;
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  const next =
    start >= 0 && end > start
      ? text.slice(0, start) + wrapped + text.slice(end + END.length)
      : `${text.trimEnd()}\n\n${wrapped}\n`;
  fs.writeFileSync(file, next);
}
