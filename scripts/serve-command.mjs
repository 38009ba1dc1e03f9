// The command `npm run serve` runs, read from the root package.json, so that the browser tests and
// the benchmarks start the server exactly as users do (the Node flags included).
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The arguments after `node` in the serve script: Node's flags, then the entry, relative to the root. */
export function serveArgs() {
  const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const [node, ...args] = scripts.serve.split(/\s+/);
  if (node !== 'node') throw new Error(`the serve script does not start with node: ${scripts.serve}`);
  return args;
}
