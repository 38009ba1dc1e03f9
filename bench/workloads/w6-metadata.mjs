// W6: metadata reads under load: GET a file, list a small folder, 64 connections (autocannon).
//
// autocannon, not wrk: on this 2-core machine wrk reported a p99 of 0.4-1.2 s for any Node server
// kept busy (even a bare http server spending 300 us per request), while the server saw no socket
// wait longer than 62 ms between two requests and autocannon and a plain Node client both measured
// a p99 under 50 ms for the same server (bench/RESULTS.md, notes on W6).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { eachTarget, measureRow, target } from '../lib/measure.mjs';
import { which } from '../lib/servers.mjs';
import { fmt } from '../lib/stats.mjs';

export const id = 'W6';
const CONNECTIONS = 64;
const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

/**
 * One load run: autocannon in its own process, pinned to the last core with taskset (where there
 * is one) so that it does not move around the server; answers req/s, p50, p99 and errors.
 */
function autocannon(url, headers, seconds) {
  const args = [AUTOCANNON, '-j', '-c', String(CONNECTIONS), '-d', String(seconds)];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`);
  args.push(url);
  const pin = which('taskset') && os.availableParallelism() > 1;
  const [cmd, argv] = pin
    ? ['taskset', ['-c', String(os.availableParallelism() - 1), process.execPath, ...args]]
    : [process.execPath, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv);
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', () => {
      let r;
      try {
        r = JSON.parse(out);
      } catch {
        reject(new Error(`autocannon: ${err || out}`));
        return;
      }
      resolve({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        errors: r.non2xx + r.errors + r.timeouts,
      });
    });
  });
}

export async function run(ctx) {
  const tool = 'autocannon';
  const drive = autocannon;
  const seconds = ctx.sizes.loadSeconds;
  const servers = [
    { name: 'cirrus', ...ctx.cirrus },
    ...(ctx.baseline ? [{ name: 'baseline', ...ctx.baseline }] : []),
  ];
  const calls = [
    {
      what: 'GET a file',
      path: ({ smallFolder: { file } }) => `/api/v3/groups/${file.gid}/files/${file.fid}`,
    },
    {
      what: 'list a folder of 20',
      path: ({ smallFolder: { folder } }) =>
        `/api/v3/groups/${folder.gid}/files?parentid=${folder.fid}&offset=0&count=50`,
    },
  ];
  const rows = [];
  const targets = [];
  for (const call of calls) {
    const urlOf = (server) => `${server.api.url}${call.path(server)}`;
    // Warm up (JIT, caches) before the measured runs.
    for (const server of servers) await drive(urlOf(server), { cookie: server.api.cookie }, 1);
    const result = await eachTarget(
      servers,
      ctx.runs,
      async (server) => {
        const r = await drive(urlOf(server), { cookie: server.api.cookie }, seconds);
        return { value: r.rps, ...r };
      },
      { until: ctx.until },
    );
    const rps = measureRow(id, `${call.what}, ${CONNECTIONS} connections (${tool})`, 'req/s', result);
    const p99 = measureRow(id, `${call.what}: p99 latency`, 'ms', result, (e) => e.extra.map((x) => x.p99));
    const errors = result.cirrus.extra.reduce((n, x) => n + x.errors, 0);
    rows.push(rps, p99);
    const ours = rps.servers.cirrus.median;
    const tail = p99.servers.cirrus.median;
    targets.push(
      target(
        id,
        `${call.what}: >= 3,000 req/s with p99 < 50 ms`,
        `${fmt(ours)} req/s, p99 ${fmt(tail)} ms, ${errors} errors`,
        Number.isFinite(ours) ? ours >= 3000 && tail < 50 && errors === 0 : undefined,
      ),
    );
  }
  return { rows, targets };
}
