// W6: metadata reads under load: GET a file, list a small folder, 64 connections (wrk; a built-in
// keep-alive load loop when wrk is missing).
import { spawn } from 'node:child_process';
import { keepAliveAgent, request } from '../lib/http.mjs';
import { eachTarget, measureRow, target } from '../lib/measure.mjs';
import { which } from '../lib/servers.mjs';
import { fmt, percentile } from '../lib/stats.mjs';

export const id = 'W6';
const CONNECTIONS = 64;

function parseMs(text) {
  const m = text.match(/^([\d.]+)(us|ms|s)$/);
  if (!m) return Number.NaN;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

function wrk(url, headers, seconds) {
  const args = ['-t2', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency'];
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}: ${v}`);
  args.push(url);
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('error', reject);
    child.on('exit', () => {
      const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
      const p50 = parseMs(out.match(/^\s+50%\s+(\S+)/m)?.[1] ?? '');
      const p99 = parseMs(out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? '');
      const bad = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0);
      const socketErrors = out.match(/Socket errors:.*/)?.[0];
      if (!Number.isFinite(rps)) reject(new Error(`wrk: ${out}`));
      else resolve({ rps, p50, p99, errors: bad, note: socketErrors });
    });
  });
}

/** The fallback: 64 keep-alive connections in this process, each asking again when answered. */
async function loop(url, headers, seconds) {
  const agent = keepAliveAgent(CONNECTIONS);
  const latencies = [];
  let errors = 0;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const began = performance.now();
        const res = await request(url, { agent, headers, collect: false });
        latencies.push(performance.now() - began);
        if (res.status !== 200) errors++;
      }
    }),
  );
  agent.destroy();
  return {
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
  };
}

export async function run(ctx) {
  const tool = which('wrk') ? 'wrk' : 'node loop';
  const drive = tool === 'wrk' ? wrk : loop;
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
