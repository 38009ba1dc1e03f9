// Builds the server into one ES module, dist/main.mjs (and dist/cli.mjs), for `npm start`:
// running compiled JavaScript spares the process the TypeScript loader (tsx), about 45 MB of
// memory and its start-up work (issue 11, bench/RESULTS.md). Dependencies stay in node_modules;
// only our own code (src/ and @cirrus/shared, which ships TypeScript) goes into the bundle.
// Tests and `npm run dev` still run the TypeScript directly.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@cirrus/shared');

// Chunks are named by their content: the ones of an earlier build would pile up.
fs.rmSync(path.join(here, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(here, 'src/main.ts'), cli: path.join(here, 'src/cli.ts') },
  outdir: path.join(here, 'dist'),
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Packages and their subpaths (pdfjs-dist/legacy/...) are loaded from node_modules at run time.
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Bundled CommonJS helpers may call require(); give the module one.
  banner: {
    js: "import { createRequire as __cirrusRequire } from 'node:module'; const require = __cirrusRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
