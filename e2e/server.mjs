// Starts the real server for the browser tests on a fresh temporary data dir with the demo
// organisation and a known demo password.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveArgs } from '../scripts/serve-command.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-e2e-'));
const port = process.env.E2E_PORT || '8091';
// Tests read what the server sent (the outbox) from its database; they find the data dir here,
// one file per port so that runs on different ports do not meet.
const dataDirNote = path.join(import.meta.dirname, '.tmp', `data-dir-${port}`);
fs.mkdirSync(path.dirname(dataDirNote), { recursive: true });
fs.writeFileSync(dataDirNote, dataDir);
// The built server, as `npm start` runs it (test:e2e builds it first).
const child = spawn(process.execPath, serveArgs(), {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO: '1',
    DEMO_PASSWORD: 'E2e-Demo-2026',
    LOG_LEVEL: 'warn',
  },
});
const stop = () => {
  child.kill('SIGTERM');
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(dataDirNote, { force: true });
  process.exit(code ?? 0);
});
