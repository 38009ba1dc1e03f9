import { Readable } from 'node:stream';
import { FILE_TYPE_GROUPS } from '@cirrus/shared';
import yauzl from 'yauzl';
import { pdfText } from '../../lib/pdf.ts';

/**
 * Text of a document for content search: plain text and code, Markdown, CSV, HTML, PDF (pdf.js),
 * and the Office Open XML trio docx, xlsx and pptx (their XML read straight out of the zip).
 * Everything is capped: the text at CONTENT_TEXT_MAX characters, what is read of a file at
 * limits per kind, and a PDF's pages by time, so one odd file cannot hold the job queue.
 */

/** The text kept per content (about 1 MB of ASCII; the index grows with it). */
export const CONTENT_TEXT_MAX = 1_000_000;
/** Bytes read of a text file: enough for the cap in any encoding (3 bytes a Chinese character). */
const TEXT_READ_MAX = 4 * CONTENT_TEXT_MAX;
/** PDFs and office documents larger than this are not opened for their text. */
const DOCUMENT_MAX_BYTES = 200 * 1024 * 1024;
/**
 * What is inflated of an office document's XML (zip bombs): at most this much of one part, and of
 * all its parts together. One part is held at a time, and reading stops once the text is full.
 */
const ZIP_ENTRY_MAX = 16 * 1024 * 1024;
const ZIP_TOTAL_MAX = 64 * 1024 * 1024;
/** A PDF stops yielding pages after this long; what was read so far is kept. */
const PDF_TIME_LIMIT_MS = 60_000;

export type ExtractKind = 'text' | 'html' | 'pdf' | 'docx' | 'xlsx' | 'pptx';

const TEXT_EXTS = new Set<string>([
  ...FILE_TYPE_GROUPS.text,
  ...FILE_TYPE_GROUPS.csv,
  ...FILE_TYPE_GROUPS.code.filter((e) => e !== 'html' && e !== 'htm'),
  'markdown',
  'tsv',
  'rst',
  'tex',
  'srt',
]);
const KIND_BY_EXT: Record<string, ExtractKind> = {
  html: 'html',
  htm: 'html',
  xhtml: 'html',
  pdf: 'pdf',
  docx: 'docx',
  docm: 'docx',
  dotx: 'docx',
  xlsx: 'xlsx',
  xlsm: 'xlsx',
  xltx: 'xlsx',
  pptx: 'pptx',
  pptm: 'pptx',
  ppsx: 'pptx',
  potx: 'pptx',
};

/** The extractor for an extension (lower-case, no dot), or undefined when its text is not read. */
export function extractKindOf(ext: string): ExtractKind | undefined {
  return KIND_BY_EXT[ext] ?? (TEXT_EXTS.has(ext) ? 'text' : undefined);
}

/** Where the bytes come from: the blob store (by range), or a buffer in the tests. */
export interface Bytes {
  size: number;
  stream(range?: { start: number; end: number }): Readable;
}

export function bufferBytes(data: Buffer): Bytes {
  return {
    size: data.length,
    stream: (range) => Readable.from([range ? data.subarray(range.start, range.end + 1) : data]),
  };
}

export interface Extracted {
  text: string;
  /** The text was cut at the cap (or a PDF at its time limit). */
  truncated: boolean;
}

/**
 * Every line without the spaces and tabs at its end. By hand: a pattern such as /[ \t]+\n/ goes
 * back over a long run of spaces at every one of its characters (a file of a million spaces took
 * minutes), and nothing in this file may take time that grows faster than its input.
 */
function trimLineEnds(text: string): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    let end = line.length;
    while (end > 0 && (line.charCodeAt(end - 1) === 32 || line.charCodeAt(end - 1) === 9)) end--;
    if (end !== line.length) lines[i] = line.slice(0, end);
  }
  return lines.join('\n');
}

/** Collects text up to the cap; `full` tells the producers to stop. */
class TextSink {
  private parts: string[] = [];
  private length = 0;
  truncated = false;

  add(text: string): void {
    if (this.full || text === '') return;
    const room = CONTENT_TEXT_MAX - this.length;
    if (text.length > room) {
      // Never leave half a surrogate pair at the end.
      let cut = room;
      if (cut > 0 && /[\uD800-\uDBFF]/.test(text[cut - 1])) cut--;
      this.parts.push(text.slice(0, cut));
      this.length = CONTENT_TEXT_MAX;
      this.truncated = true;
      return;
    }
    this.parts.push(text);
    this.length += text.length;
  }

  get full(): boolean {
    return this.length >= CONTENT_TEXT_MAX;
  }

  result(): Extracted {
    return {
      text: trimLineEnds(this.parts.join('')).trim(),
      truncated: this.truncated,
    };
  }
}

async function readAll(bytes: Bytes, max: number): Promise<{ data: Buffer; cut: boolean }> {
  const cut = bytes.size > max;
  if (bytes.size === 0) return { data: Buffer.alloc(0), cut };
  const chunks: Buffer[] = [];
  for await (const chunk of bytes.stream({ start: 0, end: Math.min(bytes.size, max) - 1 })) {
    chunks.push(chunk as Buffer);
  }
  return { data: Buffer.concat(chunks), cut };
}

/**
 * Bytes as text: a byte-order mark names UTF-8 or UTF-16; otherwise valid UTF-8 is taken as it is
 * and anything else is read as GB18030 (what Chinese Windows tools write). NUL bytes in the head
 * mean binary content: no text.
 */
export function decodeText(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  if (bytes.subarray(0, 8192).includes(0)) return '';
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // A read cut inside a multi-byte character is still UTF-8: decode leniently before giving up on it.
    const lenient = new TextDecoder('utf-8').decode(bytes);
    const broken = (lenient.match(/\uFFFD/g) ?? []).length;
    return broken <= 2 ? lenient.replace(/\uFFFD/g, '') : new TextDecoder('gb18030').decode(bytes);
  }
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  copy: '©',
  reg: '®',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
};

/** XML and HTML character references: &amp; &#39; &#x4E2D; (unknown names are left as they are). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/**
 * Markup in one pass, as tags and the text between them: `<` and `>` found with indexOf, never a
 * pattern that can go back over what it read (a file of ten thousand unclosed `<si>` or `<script`
 * held the server for seconds with lazy patterns). An unclosed comment ends the markup; a "<"
 * with no ">" after it is text.
 * A tag is what lies between its brackets ("w:t xml:space=\"preserve\"", "/w:p", "w:br/").
 */
function eachToken(
  src: string,
  onTag: (tag: string, end: number) => number | undefined,
  onText: (text: string) => void,
): void {
  let pos = 0;
  while (pos < src.length) {
    const lt = src.indexOf('<', pos);
    if (lt < 0) {
      onText(src.slice(pos));
      return;
    }
    if (lt > pos) onText(src.slice(pos, lt));
    if (src.startsWith('<!--', lt)) {
      const close = src.indexOf('-->', lt + 4);
      if (close < 0) return;
      pos = close + 3;
      continue;
    }
    const gt = src.indexOf('>', lt + 1);
    if (gt < 0) {
      // A "<" that opens no tag is text ("a < b"), and so is the rest.
      onText(src.slice(lt));
      return;
    }
    // The tag's handler may skip ahead (past a script's body); undefined goes on after the tag.
    pos = onTag(src.slice(lt + 1, gt), gt + 1) ?? gt + 1;
  }
}

/** A tag's name, lower-case: "w:t" of "w:t xml:space=...", "/w:p" of "/w:p", "w:br" of "w:br/". */
function tagName(tag: string): string {
  let end = 0;
  while (end < tag.length) {
    const c = tag.charCodeAt(end);
    // space, tab, line breaks, and "/" after the first character (a self-closing tag's end)
    if (c === 32 || c === 9 || c === 10 || c === 13 || (c === 47 && end > 0)) break;
    end++;
  }
  return tag.slice(0, end).toLowerCase();
}

/** One attribute of a tag ("name" of sheet name="Budget"), entities not decoded. */
function attribute(tag: string, name: string): string | undefined {
  const at = tag.indexOf(` ${name}="`);
  if (at < 0) return undefined;
  const start = at + name.length + 3;
  const end = tag.indexOf('"', start);
  return end < 0 ? undefined : tag.slice(start, end);
}

const HTML_SKIPPED = new Set(['script', 'style', 'noscript', 'template']);
const HTML_BREAKS = new Set([
  'br',
  '/p',
  '/div',
  '/li',
  '/tr',
  '/h1',
  '/h2',
  '/h3',
  '/h4',
  '/h5',
  '/h6',
  '/title',
]);

/** The visible text of an HTML page: no scripts, styles or comments; block ends become line breaks. */
export function htmlText(html: string): string {
  const out: string[] = [];
  eachToken(
    html,
    (tag, end) => {
      const name = tagName(tag);
      if (HTML_SKIPPED.has(name) && !tag.endsWith('/')) {
        // Its body is not markup: on after its closing tag, or nothing more if it has none.
        const close = new RegExp(`</${name}\\s*>`, 'gi');
        close.lastIndex = end;
        return close.exec(html) ? close.lastIndex : html.length;
      }
      out.push(HTML_BREAKS.has(name) ? '\n' : ' ');
      return undefined;
    },
    (text) => out.push(text),
  );
  return decodeEntities(out.join('')).replace(/[ \t\r\f\v]+/g, ' ');
}

// --- Office Open XML ----------------------------------------------------------------------------

/** A zip read from its bytes by range: only the central directory and the parts asked for. */
class RangeReader extends yauzl.RandomAccessReader {
  constructor(private readonly bytes: Bytes) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // yauzl's end is exclusive, a byte range's inclusive.
    if (end <= start) return Readable.from([]);
    return this.bytes.stream({ start, end: end - 1 });
  }
}

/** The bytes of one part as text, at most `max` of them inflated; answers the text and what it took. */
async function readZipEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  max: number,
): Promise<{ xml: string; used: number; cut: boolean }> {
  if (entry.isEncrypted()) return { xml: '', used: 0, cut: false };
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let total = 0;
  let cut = false;
  for await (const chunk of stream) {
    const piece = chunk as Buffer;
    if (total + piece.length > max) {
      chunks.push(piece.subarray(0, max - total));
      total = max;
      cut = true;
      stream.destroy();
      break;
    }
    total += piece.length;
    chunks.push(piece);
  }
  return { xml: Buffer.concat(chunks, total).toString('utf8'), used: total, cut };
}

/**
 * The XML parts of a zip whose names pass `wanted`, in the order `order` gives (smaller first),
 * handed to `use` one at a time: only one is in memory, none is read once the text is full, and
 * all of them together inflate to at most ZIP_TOTAL_MAX.
 */
async function eachZipPart(
  bytes: Bytes,
  sink: TextSink,
  wanted: (name: string) => number | undefined,
  use: (xml: string) => void,
): Promise<void> {
  const zip = await yauzl.fromRandomAccessReaderPromise(new RangeReader(bytes), bytes.size, {
    lazyEntries: true,
    autoClose: false,
    decodeStrings: true,
    validateEntrySizes: true,
    strictFileNames: false,
  });
  const picked: { order: number; entry: yauzl.Entry }[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const order = wanted(entry.fileName);
      if (order !== undefined) picked.push({ order, entry });
    }
    picked.sort((a, b) => a.order - b.order);
    let budget = ZIP_TOTAL_MAX;
    for (const { entry } of picked) {
      if (sink.full) return;
      if (budget <= 0) {
        sink.truncated = true;
        return;
      }
      const { xml, used, cut } = await readZipEntry(zip, entry, Math.min(ZIP_ENTRY_MAX, budget));
      budget -= used;
      // A part read only in part: its text is indexed, and said to be incomplete.
      if (cut) sink.truncated = true;
      use(xml);
    }
  } finally {
    zip.close();
  }
}

/** A number in a part name ("slide12.xml": 12), for reading slides and sheets in order. */
const partNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/** Text runs of WordprocessingML / DrawingML (<w:t>, <a:t>); paragraph ends become line breaks. */
function xmlRuns(xml: string, sink: TextSink, tags: { text: string; paragraph: string }): void {
  let line = '';
  let inText = false;
  eachToken(
    xml,
    (tag) => {
      const name = tagName(tag);
      if (name === tags.text) inText = !tag.endsWith('/');
      else if (name === `/${tags.text}`) inText = false;
      else if (name === 'w:tab') line += '\t';
      else if (name === tags.paragraph || name === 'w:br') {
        sink.add(`${line}\n`);
        line = '';
      }
      return sink.full ? xml.length : undefined;
    },
    (text) => {
      if (inText) line += decodeEntities(text);
    },
  );
  sink.add(line);
}

async function docxText(bytes: Bytes, sink: TextSink): Promise<void> {
  const wanted = (name: string) => {
    if (name === 'word/document.xml') return 0;
    if (/^word\/(header|footer)\d*\.xml$/.test(name)) return 1 + partNumber(name);
    if (name === 'word/footnotes.xml' || name === 'word/endnotes.xml') return 1000;
    return undefined;
  };
  await eachZipPart(bytes, sink, wanted, (xml) => {
    xmlRuns(xml, sink, { text: 'w:t', paragraph: '/w:p' });
    sink.add('\n');
  });
}

async function pptxText(bytes: Bytes, sink: TextSink): Promise<void> {
  const wanted = (name: string) => {
    if (/^ppt\/slides\/slide\d+\.xml$/.test(name)) return partNumber(name);
    if (/^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name)) return 100_000 + partNumber(name);
    return undefined;
  };
  await eachZipPart(bytes, sink, wanted, (xml) => {
    xmlRuns(xml, sink, { text: 'a:t', paragraph: '/a:p' });
    sink.add('\n');
  });
}

/** The sheet names of xl/workbook.xml. */
function workbookText(xml: string, sink: TextSink): void {
  eachToken(
    xml,
    (tag) => {
      const name = tagName(tag) === 'sheet' ? attribute(tag, 'name') : undefined;
      if (name !== undefined) sink.add(`${decodeEntities(name)}\n`);
      return sink.full ? xml.length : undefined;
    },
    () => undefined,
  );
}

/** xl/sharedStrings.xml: one string per <si>; rich text splits it into several <t>. */
function sharedStringsText(xml: string, sink: TextSink): void {
  let runs: string[] | undefined;
  let inText = false;
  eachToken(
    xml,
    (tag) => {
      const name = tagName(tag);
      if (name === 'si') runs = [];
      else if (name === '/si') {
        if (runs) sink.add(`${runs.join('')}\n`);
        runs = undefined;
      } else if (name === 't') inText = !tag.endsWith('/');
      else if (name === '/t') inText = false;
      return sink.full ? xml.length : undefined;
    },
    (text) => {
      if (inText && runs) runs.push(decodeEntities(text));
    },
  );
}

/** A worksheet: cells that hold their own value (numbers, formula results, inline strings). */
function sheetText(xml: string, sink: TextSink): void {
  // The cell being read: undefined outside a cell or in a shared-string cell (read above).
  let cell: { inline: string; value: string } | undefined;
  let into: 'inline' | 'value' | undefined;
  eachToken(
    xml,
    (tag) => {
      const name = tagName(tag);
      if (name === 'c') {
        cell = tag.endsWith('/') || / t="s"/.test(tag) ? undefined : { inline: '', value: '' };
      } else if (name === '/c') {
        const value = cell && (cell.inline || cell.value);
        if (value) sink.add(`${decodeEntities(value)} `);
        cell = undefined;
      } else if (name === 't' || name === 'v')
        into = tag.endsWith('/') ? undefined : name === 't' ? 'inline' : 'value';
      else if (name === '/t' || name === '/v') into = undefined;
      return sink.full ? xml.length : undefined;
    },
    (text) => {
      if (cell && into) cell[into] += text;
    },
  );
  sink.add('\n');
}

async function xlsxText(bytes: Bytes, sink: TextSink): Promise<void> {
  const wanted = (name: string) => {
    if (name === 'xl/workbook.xml') return 0;
    if (name === 'xl/sharedStrings.xml') return 1;
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) return 2 + partNumber(name);
    return undefined;
  };
  await eachZipPart(bytes, sink, wanted, (xml) => {
    if (xml.includes('<workbook')) workbookText(xml, sink);
    else if (xml.includes('<sst')) sharedStringsText(xml, sink);
    else sheetText(xml, sink);
  });
}

// --- PDF ------------------------------------------------------------------------------------------

async function pdfTextInto(data: Buffer, sink: TextSink, deadline: number): Promise<void> {
  const { text, timedOut } = await pdfText(data, CONTENT_TEXT_MAX, deadline);
  sink.add(text);
  if (timedOut) sink.truncated = true;
}

/**
 * The text of a content read as `kind`. A file that is not what its extension says (a broken zip,
 * a password-protected PDF) throws; the job records it as failed and does not try again.
 */
export async function extractText(bytes: Bytes, kind: ExtractKind): Promise<Extracted> {
  const sink = new TextSink();
  switch (kind) {
    case 'text': {
      const { data, cut } = await readAll(bytes, TEXT_READ_MAX);
      sink.add(decodeText(data));
      if (cut) sink.truncated = true;
      break;
    }
    case 'html': {
      const { data, cut } = await readAll(bytes, TEXT_READ_MAX);
      sink.add(htmlText(decodeText(data)));
      if (cut) sink.truncated = true;
      break;
    }
    case 'pdf': {
      if (bytes.size > DOCUMENT_MAX_BYTES) return { text: '', truncated: true };
      const { data } = await readAll(bytes, DOCUMENT_MAX_BYTES);
      await pdfTextInto(data, sink, Date.now() + PDF_TIME_LIMIT_MS);
      break;
    }
    case 'docx':
    case 'xlsx':
    case 'pptx': {
      if (bytes.size > DOCUMENT_MAX_BYTES) return { text: '', truncated: true };
      await { docx: docxText, xlsx: xlsxText, pptx: pptxText }[kind](bytes, sink);
      break;
    }
    default: {
      const unknown: never = kind;
      throw new Error(`no extractor for ${String(unknown)}`);
    }
  }
  return sink.result();
}
