// W8: the web app: the gzip size of the JavaScript of the first screen, and the time headless
// Chromium takes to show the first 50 rows of the 100,000-entry folder.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { measureRow, passBelow, target } from '../lib/measure.mjs';
import { BENCH_USER, DEMO_PASSWORD } from '../lib/servers.mjs';
import { fmt, summarize } from '../lib/stats.mjs';

export const id = 'W8';
const ROWS = 50;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const gzipSize = (file) => zlib.gzipSync(fs.readFileSync(file)).length;

/** The JavaScript index.html loads up front: its module entry and the chunks it preloads. */
function entryScripts(dist) {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return [...new Set(refs)];
}

const distFile = (dist, url) => path.join(dist, new URL(url, 'http://x').pathname.replace(/^\/pcview\//, ''));

/** Opens the big folder in a fresh browser context per run; answers the times and the scripts loaded. */
async function timeRows(ctx) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  const times = [];
  const scripts = new Set();
  try {
    for (let run = 0; run < ctx.runs; run++) {
      // Nothing cached, a new session; tall enough that 50 rows are in view.
      const context = await browser.newContext({ viewport: { width: 1400, height: 3600 }, locale: 'en-US' });
      const login = await context.request.post(`${ctx.cirrus.url}/p/login`, {
        data: { account: BENCH_USER, password: DEMO_PASSWORD },
      });
      if (!login.ok()) throw new Error(`W8 login: ${login.status()}`);
      const page = await context.newPage();
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.add(res.url());
      });
      await page.goto(`${ctx.cirrus.url}/pcview/drive/folder/${ctx.state.bigFolder.fid}`, {
        waitUntil: 'commit',
      });
      // Time since navigation start at the first frame that shows the rows.
      await page.waitForFunction(
        (n) => {
          const rows = document.querySelectorAll(
            'ul.cirrus-filelist-rows > li.cirrus-filelist-row:not(.cirrus-filelist-more)',
          );
          if (rows.length < n) return false;
          window.__rowsAt ??= performance.now();
          return true;
        },
        ROWS,
        { polling: 'raf', timeout: 60_000 },
      );
      times.push(await page.evaluate(() => window.__rowsAt));
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return { times, scripts };
}

export async function run(ctx) {
  const web = ctx.state.web;
  if (!web?.dist) {
    const why = `not measured: ${web?.error ?? 'no build'}`;
    return {
      rows: [],
      targets: [
        target(id, 'first screen JS < 500 KB gzip', why, undefined),
        target(id, `first ${ROWS} rows visible < 1.5 s`, why, undefined),
      ],
    };
  }
  const kb = (bytes) => bytes / 1000;
  const gzipOf = (files) => kb(files.filter((f) => fs.existsSync(f)).reduce((n, f) => n + gzipSize(f), 0));
  const entry = gzipOf(entryScripts(web.dist).map((url) => distFile(web.dist, url)));
  const single = (v) => ({ ...summarize([v]), cpu: Number.NaN, rss: Number.NaN });
  const notes = web.note ? [web.note] : [];
  if (!fs.existsSync(CHROMIUM)) {
    // Without a browser the first screen is what index.html loads up front.
    return {
      rows: [
        {
          id,
          label: 'first screen JS, gzip (index.html entry + preloads)',
          unit: 'KB',
          servers: { cirrus: single(entry) },
        },
      ],
      targets: [
        target(id, 'first screen JS < 500 KB gzip', `${fmt(entry)} KB`, passBelow(entry, 500)),
        target(
          id,
          `first ${ROWS} rows visible < 1.5 s`,
          `not measured: no browser at ${CHROMIUM} (CHROMIUM_PATH)`,
          undefined,
        ),
      ],
      notes,
    };
  }
  const { times, scripts } = await timeRows(ctx);
  const firstScreen = gzipOf([...scripts].map((url) => distFile(web.dist, url)));
  const sizeRow = {
    id,
    label: `first screen JS, gzip (the ${scripts.size} scripts the folder page loaded; index.html entry + preloads: ${fmt(entry)} KB)`,
    unit: 'KB',
    servers: { cirrus: single(firstScreen) },
  };
  const timeRow = measureRow(
    id,
    `first ${ROWS} rows of the ${fmt(ctx.sizes.bigFolder)}-entry folder visible (cold load)`,
    'ms',
    {
      cirrus: { values: times, cpu: [], rss: [], expected: ctx.runs },
    },
  );
  const visible = timeRow.servers.cirrus.median;
  return {
    rows: [sizeRow, timeRow],
    targets: [
      target(id, 'first screen JS < 500 KB gzip', `${fmt(firstScreen)} KB`, passBelow(firstScreen, 500)),
      target(id, `first ${ROWS} rows visible < 1.5 s`, `${fmt(visible)} ms`, passBelow(visible, 1500)),
    ],
    notes,
  };
}
