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
/** At most this much of one XML part of an office document is read (zip bombs). */
const ZIP_ENTRY_MAX = 64 * 1024 * 1024;
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
      text: this.parts
        .join('')
        .replace(/[ \t]+\n/g, '\n')
        .trim(),
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

/** The visible text of an HTML page: no scripts, styles or comments; block ends become line breaks. */
export function htmlText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<(br|\/p|\/div|\/li|\/tr|\/h[1-6]|\/title)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ');
  return decodeEntities(text).replace(/[ \t\r\f\v]+/g, ' ');
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

async function readZipEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  if (entry.isEncrypted()) return '';
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > ZIP_ENTRY_MAX) {
      stream.destroy();
      break;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The XML parts of a zip whose names pass `wanted`, in the order `order` gives (smaller first). */
async function zipParts(bytes: Bytes, wanted: (name: string) => number | undefined): Promise<string[]> {
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
    const parts: string[] = [];
    for (const { entry } of picked) parts.push(await readZipEntry(zip, entry));
    return parts;
  } finally {
    zip.close();
  }
}

/** A number in a part name ("slide12.xml": 12), for reading slides and sheets in order. */
const partNumber = (name: string) => Number(/(\d+)\.xml$/.exec(name)?.[1] ?? 0);

/** Text runs of WordprocessingML / DrawingML: <w:t>, <a:t>, <t>; paragraph ends become line breaks. */
function xmlRuns(xml: string, sink: TextSink, tags: { text: RegExp; paragraph: RegExp }): void {
  const pattern = new RegExp(`${tags.text.source}|${tags.paragraph.source}|<w:tab/>|<w:br/>`, 'g');
  let line = '';
  for (const m of xml.matchAll(pattern)) {
    if (sink.full) return;
    if (m[1] !== undefined) line += decodeEntities(m[1]);
    else if (m[0] === '<w:tab/>') line += '\t';
    else {
      sink.add(`${line}\n`);
      line = '';
    }
  }
  sink.add(line);
}

async function docxText(bytes: Bytes, sink: TextSink): Promise<void> {
  const parts = await zipParts(bytes, (name) => {
    if (name === 'word/document.xml') return 0;
    if (/^word\/(header|footer)\d*\.xml$/.test(name)) return 1 + partNumber(name);
    if (name === 'word/footnotes.xml' || name === 'word/endnotes.xml') return 1000;
    return undefined;
  });
  for (const xml of parts) {
    xmlRuns(xml, sink, { text: /<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/, paragraph: /<\/w:p>|<w:br\/>/ });
    sink.add('\n');
  }
}

async function pptxText(bytes: Bytes, sink: TextSink): Promise<void> {
  const parts = await zipParts(bytes, (name) => {
    if (/^ppt\/slides\/slide\d+\.xml$/.test(name)) return partNumber(name);
    if (/^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(name)) return 100_000 + partNumber(name);
    return undefined;
  });
  for (const xml of parts) {
    xmlRuns(xml, sink, { text: /<a:t(?:\s[^>]*)?>([^<]*)<\/a:t>/, paragraph: /<\/a:p>/ });
    sink.add('\n');
  }
}

async function xlsxText(bytes: Bytes, sink: TextSink): Promise<void> {
  const parts = await zipParts(bytes, (name) => {
    if (name === 'xl/workbook.xml') return 0;
    if (name === 'xl/sharedStrings.xml') return 1;
    if (/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) return 2 + partNumber(name);
    return undefined;
  });
  for (const xml of parts) {
    if (sink.full) return;
    if (xml.includes('<workbook')) {
      for (const m of xml.matchAll(/<sheet\b[^>]*\bname="([^"]*)"/g)) sink.add(`${decodeEntities(m[1])}\n`);
    } else if (xml.includes('<sst')) {
      // One shared string per <si>; rich text splits it into several <t>.
      for (const si of xml.matchAll(/<si>([\s\S]*?)<\/si>/g)) {
        if (sink.full) return;
        const runs = [...si[1].matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => decodeEntities(m[1]));
        sink.add(`${runs.join('')}\n`);
      }
    } else {
      // Cells that hold their own value: numbers, formula results, inline strings (shared ones are above).
      for (const c of xml.matchAll(/<c\b([^>]*)>([\s\S]*?)<\/c>/g)) {
        if (sink.full) return;
        if (/\bt="s"/.test(c[1])) continue;
        const inline = [...c[2].matchAll(/<t(?:\s[^>]*)?>([^<]*)<\/t>/g)].map((m) => m[1]).join('');
        const value = inline || /<v>([^<]*)<\/v>/.exec(c[2])?.[1] || '';
        if (value) sink.add(`${decodeEntities(value)} `);
      }
      sink.add('\n');
    }
  }
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
