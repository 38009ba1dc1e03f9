import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { markDemoComplete, seedDemo } from './seed/demo.ts';
import { seedDemoDrive } from './seed/drive.ts';
import { seedDemoTeams } from './seed/teams.ts';
import { checkBucket } from './storage/s3-blob-store.ts';

const config = loadConfig();
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
if (demo?.pending) {
  // The demo's teams and files, written through the same services as any upload; then the team
  // memberships by department, a multi-person chat and a waiting approval. A start stopped
  // half-way through carries on the next time.
  await seedDemoDrive({ db: database.db, ...services, now });
  await seedDemoTeams({ db: database.db, ...services });
  await markDemoComplete(database.db);
}

await app.listen({ port: config.port, host: config.host });
// Durable jobs: the recycle bins' retention purge, blob collection, history trimming (src/jobs).
services.scheduler.start();

const address = `http://localhost:${config.port}`;
const lines = ['', `  Cirrus is running at ${address}`, `  data: ${config.dataDir} (${database.dialect})`];
if (config.blobStore === 's3')
  lines.push(
    `  file contents: S3 bucket ${config.s3.bucket}${config.s3.endpoint ? ` at ${config.s3.endpoint}` : ''}`,
  );
if (demo) {
  lines.push(
    `  demo logins: admin (administrator), zhangwei, wangfang, alice, bob ... (${demo.created ? 'created now' : 'from an earlier start'})`,
    `  password:    ${demo.password}`,
    `  also in ${config.dataDir}/demo-logins.txt`,
  );
}
console.log(`${lines.join('\n')}\n`);

// Graceful shutdown: stop accepting, let requests in flight finish, then close the database.
let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
