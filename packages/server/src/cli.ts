// The administrator's console on the command line: `npm run admin -- <command>` (--help lists
// them). It opens the same database as the server (DATA_DIR, DATABASE_URL) and runs the commands
// of modules/admin/commands.ts, which call the same services as /admin/v1/....
import fs from 'node:fs';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { runAdminCommand, USAGE } from './modules/admin/commands.ts';

const argv = process.argv.slice(2);
if (argv.length === 0) {
  console.log(USAGE);
  process.exit(1);
}

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO: '0' });
const database = await openDb(config.databaseUrl);
const { app, services } = await buildApp({ config, database, logger: false });
try {
  process.exitCode = await runAdminCommand(argv, {
    db: database.db,
    admin: services.admin,
    identity: services.identity,
    print: (line) => console.log(line),
    printError: (line) => console.error(line),
    readFile: (path) => fs.readFileSync(path, 'utf8'),
  });
} finally {
  await app.close();
}
