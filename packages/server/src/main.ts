import crypto from 'node:crypto';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { steadyHeapGrowth } from './lib/heap.ts';
import { verifyPassword } from './modules/accounts/passwords.ts';
import { operatorCompanyId } from './modules/admin/policy.ts';
import {
  claimDemoSeeding,
  DEMO_CLAIM_SECONDS,
  demoPending,
  markDemoComplete,
  seedDemo,
} from './seed/demo.ts';
import { seedDemoDrive } from './seed/drive.ts';
import { seedDemoTeams } from './seed/teams.ts';
import { checkBucket } from './storage/s3-blob-store.ts';

/** Requests in flight get this long to finish once a stop is asked for; then their connections are cut. */
const STOP_GRACE_MS = 20_000;

// Full collections spaced by V8's growth factor, not its slow-growth default (lib/heap.ts).
steadyHeapGrowth();

/** A mistake in the configuration or the environment: said in one line, without a stack. */
function fail(message: string): never {
  console.error(`\n  Cirrus cannot start: ${message}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
// The data dir is its owner's only: the database holds password hashes and small files.
fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
// A wrong bucket or keys are said now, not at the first upload.
if (config.blobStore === 's3') await checkBucket(config.s3);
const database = await openDb(config.databaseUrl);
const { app, services } = await buildApp({ config, database });
const now = () => Math.floor(Date.now() / 1000);

const demo = config.demo
  ? await seedDemo(database.db, {
      dataDir: config.dataDir,
      password: config.demoPassword,
      now,
    })
  : undefined;
/**
 * The demo's teams and files, written through the same services as any upload; then the team
 * memberships by department, a multi-person chat and a waiting approval. One start of the
 * deployment seeds them (its claim renewed as it goes); another waits until it is done, or takes
 * over a claim left by a start killed half-way, which carries on where that one stopped.
 */
async function completeDemo(): Promise<void> {
  const me = crypto.randomUUID();
  while (await demoPending(database.db)) {
    if (!(await claimDemoSeeding(database.db, now(), me))) {
      await sleep(2000);
      continue;
    }
    // A renewal that fails is tried again at the next tick; the claim lasts DEMO_CLAIM_SECONDS.
    const renew = setInterval(
      () => void claimDemoSeeding(database.db, now(), me).catch(() => false),
      (DEMO_CLAIM_SECONDS * 1000) / 3,
    );
    try {
      await seedDemoDrive({ db: database.db, ...services, now });
      await seedDemoTeams({ db: database.db, ...services });
      await markDemoComplete(database.db);
    } finally {
      clearInterval(renew);
    }
  }
}
if (demo?.pending) await completeDemo();

try {
  await app.listen({ port: config.port, host: config.host });
} catch (err) {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') fail(`port ${config.port} is in use (set PORT to another one)`);
  if (code === 'EACCES')
    fail(`port ${config.port} needs more rights than this user has (set PORT above 1023)`);
  if (code === 'EADDRNOTAVAIL') fail(`HOST ${config.host} is not an address of this machine`);
  throw err;
}
// Durable jobs: the recycle bins' retention purge, blob collection, history trimming (src/jobs).
services.scheduler.start();

/** Where people open it: PUBLIC_URL when set, else the address it listens on. */
function shownAddress(): string {
  if (process.env.PUBLIC_URL) return config.publicUrl;
  const anywhere = config.host === '0.0.0.0' || config.host === '::';
  const host = anywhere ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}

/** The demo's password as printed, unless the administrator has changed theirs since. */
async function demoPasswordLine(password: string): Promise<string> {
  const admin = await database.db
    .selectFrom('users')
    .select('password_hash')
    .where('unique_name', '=', 'admin')
    .executeTakeFirst();
  const same = admin ? await verifyPassword(admin.password_hash, password).catch(() => false) : false;
  return same ? password : `${password} as first set (admin has changed theirs since)`;
}

const lines = [
  '',
  `  Cirrus is running at ${shownAddress()}`,
  `  data: ${config.dataDir} (${database.dialect})`,
];
if (config.blobStore === 's3')
  lines.push(
    `  file contents: S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
  );
if (demo) {
  lines.push(
    `  demo logins: admin (administrator), zhangwei, wangfang, alice, bob ... (${demo.created ? 'created now' : 'from an earlier start'})`,
    `  password:    ${demo.created ? demo.password : await demoPasswordLine(demo.password)}`,
    `  also in ${config.dataDir}/demo-logins.txt`,
  );
} else if (!(await operatorCompanyId(database.db))) {
  lines.push(
    '  no company yet: create it and its administrator with',
    '    npm run admin -- setup "<company name>" <account> "<name>"',
  );
}
console.log(`${lines.join('\n')}\n`);

// Graceful shutdown: stop accepting, let requests in flight finish (their connections close after
// the answer), then close the database. A request still running after the grace time is cut.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const cut = setTimeout(() => {
      app.log.warn({ graceMs: STOP_GRACE_MS }, 'requests still running: their connections are cut');
      app.server.closeAllConnections();
    }, STOP_GRACE_MS);
    cut.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
