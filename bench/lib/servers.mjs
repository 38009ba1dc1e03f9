// The servers under test, started by the harness as child processes on loopback, each on its own
// temp dir under bench/.work (the same disk as everything else): Cirrus with its embedded
// defaults, nginx with its WebDAV module and `rclone serve webdav` as the references.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { serveArgs } from '../../scripts/serve-command.mjs';
import { expectStatus, keepAliveAgent, request } from './http.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const DEMO_PASSWORD = 'Bench-Demo-2026';
export const BENCH_USER = 'zhangwei';

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function waitFor(check, what, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  let last;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
    }
    await sleep(100);
  }
  throw new Error(`${what} did not come up in ${timeoutMs / 1000} s${last ? `: ${last.message}` : ''}`);
}

function portOpen(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** A child process that is stopped with SIGTERM (then SIGKILL) and whose output is kept in a log. */
function startChild(command, args, { env, cwd, log }) {
  const out = fs.openSync(log, 'a');
  const child = spawn(command, args, { env, cwd, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  let exited = false;
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      resolve({ code, signal });
    }),
  );
  return {
    child,
    pid: child.pid,
    get exited() {
      return exited;
    },
    exit,
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const killed = await Promise.race([exit, sleep(10_000).then(() => undefined)]);
      if (!killed) {
        child.kill('SIGKILL');
        await exit;
      }
    },
  };
}

export function which(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || undefined;
}

// --- Cirrus --------------------------------------------------------------------------------------

/**
 * Our server as `npm run serve` starts it (SQLite, fs blob store, fsync on commit), with the demo
 * organisation for a user, the maximum file size and the personal quota raised for the large
 * workloads. `cpuProfDir`: write a V8 CPU profile there on exit (BENCH_CPU_PROF=1). `serverDir`:
 * another copy of packages/server (a baseline to compare with, BENCH_BASELINE_DIR).
 */
/**
 * What `npm start` runs: Node with the serve script's flags and the server built into dist/
 * (packages/server/build.mjs, built here once per server dir), or, for a copy from before that
 * build existed, the TypeScript through tsx.
 */
const built = new Map();
function serverEntry(serverDir) {
  if (!built.has(serverDir)) {
    const script = path.join(serverDir, 'build.mjs');
    let entry = ['--import', 'tsx', path.join(serverDir, 'src', 'main.ts')];
    if (fs.existsSync(script)) {
      const r = spawnSync(process.execPath, [script], { cwd: serverDir, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`building ${serverDir} failed: ${r.stderr}`);
      // Node's flags as that checkout's `npm run serve` gives them (the young generation's size,
      // say), so that a baseline runs with its own.
      const flags = serveArgs(path.resolve(serverDir, '..', '..')).filter((arg) => arg.startsWith('--'));
      entry = [...flags, path.join(serverDir, 'dist', 'main.mjs')];
    }
    built.set(serverDir, entry);
  }
  return built.get(serverDir);
}

export async function startCirrus({ dataDir, webDist, cpuProfDir, logDir, name = 'cirrus', serverDir, env }) {
  const port = await freePort();
  const nodeArgs = [];
  if (cpuProfDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`);
  // More of Node's flags for our server, for a probe (--cpu-prof-interval=50, --perf-basic-prof).
  if (process.env.BENCH_NODE_FLAGS)
    nodeArgs.push(...process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean));
  const main = serverEntry(serverDir ?? path.join(ROOT, 'packages', 'server'));
  const log = path.join(logDir, `${name}.log`);
  const proc = startChild(process.execPath, [...nodeArgs, ...main], {
    cwd: ROOT,
    log,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DEMO: '1',
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      MAX_FILE_SIZE: String(4 * 1024 ** 3),
      PERSONAL_SPACE_QUOTA: '0',
      ...(webDist ? { WEB_DIST: webDist } : {}),
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(
    async () => {
      if (proc.exited) throw new Error(`exited; see ${log}`);
      return (await request(`${url}/health`)).status === 200;
    },
    name,
    120_000,
  );
  return { name, url, port, pid: proc.pid, stop: () => proc.stop() };
}

/** A logged-in API client of our server (cookie session + csrf header, one keep-alive agent). */
export async function cirrusClient(url, { sockets = 64 } = {}) {
  const agent = keepAliveAgent(sockets);
  const res = expectStatus(
    await request(`${url}/p/login`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: BENCH_USER, password: DEMO_PASSWORD }),
    }),
    200,
    'login',
  );
  const cookies = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
  const cookie = cookies.join('; ');
  const csrf = JSON.parse(res.body.toString()).csrf_token;
  const headers = { cookie, 'x-csrf-token': csrf };
  const json = async (method, p, body, ok = 200) => {
    const r = expectStatus(
      await request(`${url}${p}`, {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      ok,
      `${method} ${p}`,
    );
    return r.body.length ? JSON.parse(r.body.toString()) : undefined;
  };
  return { url, agent, cookie, csrf, headers, json, close: () => agent.destroy() };
}

/** Files up to this size go up in one request, as the web app sends them (SINGLE_REQUEST_UPLOAD_MAX). */
const SINGLE_REQUEST_UPLOAD_MAX = 1024 * 1024;

/**
 * Our side of the shared target interface: folders are {gid, fid}; a file is uploaded as the web
 * app does: up to 1 MiB in one request (the bytes as the body of the transaction's POST), larger
 * through its upload transaction (begin, one tus PATCH with the whole body, commit). A server that
 * does not answer the one-request form (an older build measured as the baseline) gets the latter.
 */
export async function cirrusTarget(server, { sockets = 64 } = {}) {
  const api = await cirrusClient(server.url, { sockets });
  const special = await api.json('GET', '/api/v3/groups/special');
  const gid = special.id ?? special.groupid;
  const root = { gid, fid: 0 };
  const base = (dir) => `/xfi/v1/me/volumes/${dir.gid}/files/${dir.fid}/upload-transactions`;
  const tusHeaders = {
    ...api.headers,
    'tus-resumable': '1.0.0',
    'content-type': 'application/offset+octet-stream',
  };
  const whole = (dir, name, body) =>
    request(`${server.url}${base(dir)}?name=${encodeURIComponent(name)}`, {
      method: 'POST',
      agent: api.agent,
      headers: tusHeaders,
      body,
    });
  const probeName = `bench-probe-${Date.now()}.bin`;
  const probe = await whole(root, probeName, Buffer.alloc(0));
  const singleRequest = probe.status === 200;
  if (singleRequest)
    await api.json('DELETE', `/api/v3/groups/${gid}/files/${JSON.parse(probe.body).fileid}`, undefined, 204);
  return {
    name: server.name,
    pid: server.pid,
    api,
    root,
    singleRequest,
    async mkdir(name, parent = root) {
      const rec = await api.json('POST', `/api/v3/groups/${parent.gid}/files`, {
        parentid: parent.fid,
        name,
      });
      return { gid: parent.gid, fid: rec.fileid };
    },
    async put(dir, name, body) {
      if (singleRequest && body.size <= SINGLE_REQUEST_UPLOAD_MAX) {
        const res = expectStatus(await whole(dir, name, body), 200, `one-request upload ${name}`);
        return { gid: dir.gid, fid: JSON.parse(res.body).fileid, size: body.size };
      }
      const { transaction } = await api.json('POST', base(dir), { name, size: body.size });
      const patched = await request(`${server.url}${transaction.upload_url}`, {
        method: 'PATCH',
        agent: api.agent,
        headers: { ...tusHeaders, 'upload-offset': String(transaction.offset) },
        body,
      });
      expectStatus(patched, 204, `tus PATCH ${name}`);
      const rec = await api.json('PATCH', `${base(dir)}/${transaction.id}`, {});
      return { gid: dir.gid, fid: rec.fileid, size: body.size };
    },
    async get(file, range) {
      const headers = range ? { ...api.headers, range: `bytes=${range[0]}-${range[1]}` } : api.headers;
      return request(`${server.url}/xfi/v1/me/volumes/${file.gid}/files/${file.fid}/content`, {
        agent: api.agent,
        headers,
        collect: false,
      });
    },
    close: () => api.close(),
  };
}

// --- References ----------------------------------------------------------------------------------

function nginxConf({ dir, root, port }) {
  // Running as root, nginx would hand its workers to "nobody", who may not write our temp dir.
  const user = process.getuid?.() === 0 ? 'user root root;' : '';
  return `# Generated by bench/lib/servers.mjs for one benchmark run.
${user}
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  keepalive_requests 1000000;
  keepalive_timeout 120s;
  default_type application/octet-stream;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    client_max_body_size 0;
    location / {
      dav_methods PUT DELETE MKCOL COPY MOVE;
      create_full_put_path on;
      dav_access user:rw group:r all:r;
    }
  }
}
`;
}

/** nginx with its WebDAV module on `root`: the near-physical limit (sendfile, no fsync). */
export async function startNginx({ dir, root }) {
  const bin = which('nginx');
  if (!bin) return undefined;
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(root, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConf({ dir, root, port }));
  const proc = startChild(
    bin,
    ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', conf, '-g', 'daemon off;'],
    {
      log: path.join(dir, 'stdout.log'),
    },
  );
  await waitFor(async () => {
    if (proc.exited) throw new Error(`exited; see ${dir}/error.log`);
    return portOpen(port);
  }, 'nginx');
  return { name: 'nginx', url: `http://127.0.0.1:${port}`, pid: proc.pid, stop: () => proc.stop() };
}

/** `rclone serve webdav` on `root`: a peer file server. */
export async function startRclone({ dir, root }) {
  const bin = which('rclone');
  if (!bin) return undefined;
  const port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  fs.mkdirSync(root, { recursive: true });
  const proc = startChild(
    bin,
    ['serve', 'webdav', root, '--addr', `127.0.0.1:${port}`, '--config', path.join(dir, 'rclone.conf')],
    { log: path.join(dir, 'rclone.log'), env: { ...process.env, HOME: dir } },
  );
  await waitFor(async () => {
    if (proc.exited) throw new Error(`exited; see ${dir}/rclone.log`);
    return portOpen(port);
  }, 'rclone');
  return { name: 'rclone', url: `http://127.0.0.1:${port}`, pid: proc.pid, stop: () => proc.stop() };
}

/** A WebDAV server as a target: folders are paths ending in '/', files are paths. */
export function webdavTarget(server, { sockets = 64 } = {}) {
  const agent = keepAliveAgent(sockets);
  return {
    name: server.name,
    pid: server.pid,
    root: '/',
    async mkdir(name, parent = '/') {
      const dir = `${parent}${encodeURIComponent(name)}/`;
      expectStatus(
        await request(`${server.url}${dir}`, { method: 'MKCOL', agent }),
        [201, 405],
        `MKCOL ${dir}`,
      );
      return dir;
    },
    async put(dir, name, body) {
      const file = `${dir}${encodeURIComponent(name)}`;
      expectStatus(
        await request(`${server.url}${file}`, {
          method: 'PUT',
          agent,
          headers: { 'content-type': 'application/octet-stream' },
          body,
        }),
        [201, 204],
        `PUT ${file}`,
      );
      return file;
    },
    async remove(file) {
      await request(`${server.url}${file}`, { method: 'DELETE', agent });
    },
    get(file, range) {
      return request(`${server.url}${file}`, {
        agent,
        headers: range ? { range: `bytes=${range[0]}-${range[1]}` } : {},
        collect: false,
      });
    },
    close: () => agent.destroy(),
  };
}

/**
 * Installs the references from Debian when missing (apt-get update once, then nginx-extras and
 * rclone). Answers what is there afterwards; never fails the run.
 */
export function ensureReferences(log) {
  const wanted = { nginx: 'nginx-extras', rclone: 'rclone' };
  const missing = Object.entries(wanted).filter(([cmd]) => !which(cmd));
  if (
    missing.length &&
    process.env.BENCH_NO_INSTALL !== '1' &&
    which('apt-get') &&
    os.platform() === 'linux'
  ) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    log(`installing ${missing.map(([, pkg]) => pkg).join(', ')} from Debian ...`);
    const update = spawnSync('apt-get', ['update'], { env, encoding: 'utf8' });
    if (update.status === 0) {
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map(([, pkg]) => pkg)], {
        env,
        encoding: 'utf8',
      });
    } else {
      log(`apt-get update failed (${update.stderr.trim().split('\n').pop()}); references skipped`);
    }
  }
  return Object.fromEntries(Object.keys(wanted).map((cmd) => [cmd, Boolean(which(cmd))]));
}
