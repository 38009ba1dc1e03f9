// The command `npm run serve` runs, read from the root package.json, so that the browser tests and
// the benchmarks start the server exactly as users do (the Node flags included).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * The arguments after `node` in the serve script of the checkout at `root` (this one by default):
 * Node's flags, then the entry, relative to that root. The script is kept to `node`, flags written
 * as one word each (`--flag=value`), and the entry.
 */
export function serveArgs(root = ROOT) {
  const file = path.join(root, 'package.json');
  const serve = JSON.parse(fs.readFileSync(file, 'utf8')).scripts?.serve ?? '';
  const [node, ...args] = serve.trim().split(/\s+/);
  if (node !== 'node' || args.some((arg) => arg.startsWith('-') && !arg.startsWith('--')))
    throw new Error(`${file}: the serve script is not "node [--flag=value ...] entry": ${serve}`);
  return args;
}
