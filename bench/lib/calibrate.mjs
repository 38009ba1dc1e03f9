// How fast the host is at the three things our server leans on, measured at the start and the end
// of a run: the results of one host vary from hour to hour (bench/RESULTS.md, the sixteenth to
// eighteenth passes), and a ratio that moved is easier to read beside the host's own figures.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fmt, percentile } from './stats.mjs';

const HASH_BYTES = 128 * 1024 * 1024;
const HASH_CHUNK = 64 * 1024;
const REQUESTS = 2000;
const FLUSHES = 40;

/** SHA-256 and SHA-1 of every 64 KiB chunk on one thread, as an upload is hashed: MiB/s. */
function hashRate() {
  const chunk = crypto.randomBytes(HASH_CHUNK);
  const sha256 = crypto.createHash('sha256');
  const sha1 = crypto.createHash('sha1');
  const started = performance.now();
  for (let done = 0; done < HASH_BYTES; done += HASH_CHUNK) {
    sha256.update(chunk);
    sha1.update(chunk);
  }
  sha256.digest();
  sha1.digest();
  return HASH_BYTES / 2 ** 20 / ((performance.now() - started) / 1000);
}

/**
 * A bare Node HTTP server in a process of its own, asked one small request at a time over one
 * keep-alive connection: requests/s. Mostly system calls and wake-ups across two processes, which
 * cost several times more on some virtual machines than on others.
 */
async function loopbackRate() {
  const server = spawn(
    process.execPath,
    [
      '-e',
      "require('http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port) })",
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  try {
    const port = await new Promise((resolve, reject) => {
      server.stdout.once('data', (d) => resolve(Number(String(d).trim())));
      server.once('exit', () => reject(new Error('the loopback server exited')));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
            res.resume();
            res.on('end', resolve);
          })
          .on('error', reject);
      });
    for (let i = 0; i < 200; i++) await get();
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await get();
    const rate = REQUESTS / ((performance.now() - started) / 1000);
    agent.destroy();
    return rate;
  } finally {
    server.kill();
  }
}

/** A 4 KiB write and its fdatasync in `dir`, the median of FLUSHES: ms. */
function flushLatency(dir) {
  const file = path.join(dir, `calibrate-${process.pid}.tmp`);
  const fd = fs.openSync(file, 'w');
  const page = Buffer.alloc(4096, 1);
  const times = [];
  try {
    for (let i = 0; i < FLUSHES; i++) {
      const started = performance.now();
      fs.writeSync(fd, page, 0, page.length, i * page.length);
      fs.fdatasyncSync(fd);
      times.push(performance.now() - started);
    }
  } finally {
    fs.closeSync(fd);
    fs.rmSync(file, { force: true });
  }
  return percentile(times, 50);
}

/** The host's figures now; none of them fails the run. */
export async function calibrate(dir) {
  const attempt = async (fn) => {
    try {
      return await fn();
    } catch {
      return Number.NaN;
    }
  };
  return {
    hashMiBs: await attempt(hashRate),
    loopbackPerSecond: await attempt(loopbackRate),
    flushMs: await attempt(() => flushLatency(dir)),
  };
}

/** One line for the results: the figures at the start and, when there, at the end. */
export function describeCalibration(start, end) {
  const pair = (key) => (end ? `${fmt(start[key])} / ${fmt(end[key])}` : fmt(start[key]));
  return (
    `Host speed${end ? ' (at the start / at the end of the run)' : ''}: SHA-256 and SHA-1 of each 64 KiB on one thread ${pair('hashMiBs')} MiB/s; ` +
    `a bare Node HTTP server on loopback, one request at a time, ${pair('loopbackPerSecond')} requests/s; ` +
    `a 4 KiB write and its fdatasync, p50 ${pair('flushMs')} ms.`
  );
}
