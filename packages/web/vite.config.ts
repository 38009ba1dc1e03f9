import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Connect, defineConfig, type Plugin } from 'vite';

/** Where `npm run dev` finds the server; CIRRUS_API_URL points it elsewhere (another port, another machine). */
const API_SERVER = process.env.CIRRUS_API_URL || 'http://127.0.0.1:8080';

/** API paths that `npm run dev` forwards to the server (the built app is served by the server itself). */
// Trailing slashes matter: Vite matches by prefix, and a bare '/p' would also catch '/pcview'.
const PROXIED_PATHS = [
  '/p/',
  '/v1/',
  '/u/',
  '/api/',
  '/portal/',
  '/account/',
  '/cts/v1/',
  '/cts/u/',
  '/xfi/',
  '/health',
  '/openapi.json',
];

/**
 * The app is built for base /pcview/, but its router also owns /, /cts, /landing and /view/*
 * (the server sends index.html for them). In development, hand those page requests to Vite's
 * index.html too (`vite` and `vite preview`), keeping the address the browser asked for.
 */
function appPagesOutsideBase(): Plugin {
  const isAppPage = (path: string) =>
    path === '/' ||
    path === '/cts' ||
    path === '/landing' ||
    path === '/view' ||
    path.startsWith('/view/') ||
    // The preview views and the preview shell's error pages (features/preview/routes.tsx).
    /^\/(p|s)\/[1-9]\d*$/.test(path) ||
    /^\/l\/[\w-]+$/.test(path) ||
    path === '/403' ||
    path === '/502';
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && req.headers.accept?.includes('text/html') && isAppPage(path))
      req.url = '/pcview/';
    next();
  };
  return {
    name: 'cirrus-app-pages-outside-base',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * pdf.js's character maps and standard fonts (PDFs that do not embed their fonts, CJK ones often),
 * served from the package in development and copied into the build, under /pcview/pdfjs/.
 */
function pdfjsAssets(): Plugin {
  const root = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  const dirs = ['cmaps', 'standard_fonts'];
  return {
    name: 'cirrus-pdfjs-assets',
    configureServer: (server) =>
      void server.middlewares.use('/pcview/pdfjs/', (req, res, next) => {
        const [dir, file, ...rest] = (req.url ?? '').split('?')[0].replace(/^\//, '').split('/');
        const full = path.join(root, dir ?? '', file ?? '');
        if (!dirs.includes(dir) || !file || rest.length > 0 || file.startsWith('.') || !fs.existsSync(full))
          return next();
        res.setHeader('Content-Type', 'application/octet-stream');
        fs.createReadStream(full).pipe(res);
      }),
    generateBundle() {
      for (const dir of dirs) {
        for (const file of fs.readdirSync(path.join(root, dir))) {
          this.emitFile({
            type: 'asset',
            fileName: `pdfjs/${dir}/${file}`,
            source: fs.readFileSync(path.join(root, dir, file)),
          });
        }
      }
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A brotli and a gzip copy beside each built script and stylesheet (`name.js.br`, `name.js.gz`),
 * which the server sends to browsers that accept them (server http/web.ts): the first screen's
 * scripts and styles are about a quarter of their size over the wire. Made once here, at a
 * middle brotli quality that takes a second or two, rather than by the server on every request.
 */
function compressedCopies(): Plugin {
  let outDir = 'dist';
  return {
    name: 'cirrus-compressed-copies',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|svg)$/.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.resolve(outDir, name);
          const data = await fs.promises.readFile(file);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([
            fs.promises.writeFile(`${file}.br`, br),
            fs.promises.writeFile(`${file}.gz`, gz),
          ]);
        }),
      );
    },
  };
}

export default defineConfig({
  base: '/pcview/',
  plugins: [react(), appPagesOutsideBase(), pdfjsAssets(), compressedCopies()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across releases.
        // Only what the first screen (the entry and its static imports, tag $initial) uses goes to
        // the antd and vendor chunks: the rest of antd (tables, trees, date pickers ...) and the
        // viewer's libraries load with the pages and dialogs that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            {
              name: 'antd',
              test: /node_modules[\\/](antd|@ant-design|@rc-component|@emotion)[\\/]/,
              tags: ['$initial'],
            },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'] },
            // The first screen's own modules in one chunk, not one per module that a lazy page shares.
            { name: 'app', tags: ['$initial'] },
          ],
        },
      },
    },
    // The first screen's part of antd is one large chunk, over the default 500 kB; that is expected.
    chunkSizeWarningLimit: 900,
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(PROXIED_PATHS.map((path) => [path, { target: API_SERVER, changeOrigin: false }])),
      // The push socket (REALTIME_PATH, app/realtime.ts); the Host header stays the page's, which the server checks against Origin.
      '/ws': { target: API_SERVER.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
    },
  },
});
