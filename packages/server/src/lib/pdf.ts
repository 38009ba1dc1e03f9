import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * pdf.js, on a thread of its own. Its legacy build, the one that runs on Node 20, installs
 * core-js polyfills into the realm that loads it. Among them are replacements for JSON.stringify,
 * JSON.parse and Array.prototype.push. Loaded on the main thread, they made every answer slower
 * for the rest of the process once one PDF had been read: a folder list went from about 3,000 to
 * 1,000 requests/s (bench W6). pdf.js also parses a document on the thread that calls it, which
 * held the event loop for as long as a large PDF took. Here it runs in a worker, which is ended
 * once it has been idle for a while so that its memory goes back.
 */

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));
const PDFJS = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
/** An idle pdf.js thread is ended after this long. */
const IDLE_MS = 60_000;

export interface PdfText {
  /** The text of the pages read, a newline after each; at most about `maxChars` characters. */
  text: string;
  /** Pages were left unread: the deadline passed. */
  timedOut: boolean;
}

// Plain JavaScript (no loader needed). Requests by id; pdf.js is imported on the first one.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let pdfjs;
const options = (data) => ({
  data,
  verbosity: 0,
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  // Chinese, Japanese and Korean fonts map their glyphs to text through these CMaps.
  cMapUrl: workerData.cMapUrl,
  cMapPacked: true,
  standardFontDataUrl: workerData.standardFontDataUrl,
});
async function text(task, maxChars, deadline) {
  const doc = await task.promise;
  let out = '';
  let timedOut = false;
  for (let n = 1; n <= doc.numPages && out.length < maxChars; n++) {
    if (Date.now() > deadline) {
      timedOut = true;
      break;
    }
    const page = await doc.getPage(n);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) out += item.hasEOL ? item.str + '\\n' : item.str;
    out += '\\n';
    page.cleanup();
  }
  return { text: out, timedOut };
}
async function needsPassword(task) {
  try {
    await (await task.promise).destroy();
    return false;
  } catch (err) {
    return Boolean(err && err.name === 'PasswordException');
  }
}
parentPort.on('message', async (m) => {
  let task;
  try {
    pdfjs ??= await import(workerData.pdfjs);
    task = pdfjs.getDocument(options(m.data));
    const result = m.op === 'text' ? await text(task, m.maxChars, m.deadline) : await needsPassword(task);
    parentPort.postMessage({ id: m.id, result });
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: { name: err && err.name, message: String((err && err.message) || err) } });
  } finally {
    if (task) await task.destroy().catch(() => {});
  }
});
`;

interface Pending {
  resolve: (result: unknown) => void;
  reject: (err: Error) => void;
}

interface PdfThread {
  worker: Worker;
  pending: Map<number, Pending>;
  idle?: NodeJS.Timeout;
}

let thread: PdfThread | undefined;
let nextId = 1;

function pdfThread(): PdfThread {
  if (thread) return thread;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      pdfjs: PDFJS,
      cMapUrl: `${path.join(PDFJS_DIR, 'cmaps')}/`,
      standardFontDataUrl: `${path.join(PDFJS_DIR, 'standard_fonts')}/`,
    },
  });
  worker.unref();
  const current: PdfThread = { worker, pending: new Map() };
  worker.on('message', (m: { id: number; result?: unknown; error?: { name: string; message: string } }) => {
    const p = current.pending.get(m.id);
    if (!p) return;
    current.pending.delete(m.id);
    if (m.error) p.reject(Object.assign(new Error(m.error.message), { name: m.error.name }));
    else p.resolve(m.result);
    if (current.pending.size === 0) {
      current.idle = setTimeout(() => {
        if (thread === current) thread = undefined;
        void worker.terminate();
      }, IDLE_MS);
      current.idle.unref();
    }
  });
  const fail = (err: Error) => {
    if (thread === current) thread = undefined;
    for (const p of current.pending.values()) p.reject(err);
    current.pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the PDF thread exited (${code})`)));
  thread = current;
  return current;
}

function ask<T>(message: Record<string, unknown>, data: Buffer): Promise<T> {
  const current = pdfThread();
  clearTimeout(current.idle);
  const id = nextId++;
  // A copy of its own goes over (the caller's buffer may be a view into a pooled one).
  const bytes = new Uint8Array(data);
  return new Promise<T>((resolve, reject) => {
    current.pending.set(id, { resolve: resolve as (r: unknown) => void, reject });
    current.worker.postMessage({ ...message, id, data: bytes }, [bytes.buffer]);
  });
}

/** The text of a PDF's pages, read until about `maxChars` characters or the deadline (ms epoch). */
export function pdfText(data: Buffer, maxChars: number, deadline: number): Promise<PdfText> {
  return ask({ op: 'text', maxChars, deadline }, data);
}

/** Whether a PDF opens only with a password (one pdf.js cannot read at all does not). */
export function pdfNeedsPassword(data: Buffer): Promise<boolean> {
  return ask({ op: 'password' }, data);
}
