// npm run dev: the server with restart on change (tsx watch) and Vite with hot reload.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'packages/server/src/main.ts'], { stdio: 'inherit' }),
  spawn('npx', ['vite'], { stdio: 'inherit', cwd: 'packages/web' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
