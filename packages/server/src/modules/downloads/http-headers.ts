import type { ByteRange } from '../../storage/index.ts';

/** RFC 5987 encoding of a UTF-8 value (filename*=UTF-8''...). */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * Content-Disposition for a download (ARCHITECTURE "Data, durability and safety"): always an
 * attachment, an ASCII fallback name for old clients and the UTF-8 name for everyone else.
 */
export function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * One byte range of a Range header (RFC 9110 §14): "bytes=a-b", "bytes=a-", "bytes=-n". Undefined
 * means "send it all" (no header, another unit, several ranges); 'unsatisfiable' answers 416.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (end < start) return undefined;
  return { start, end };
}

/**
 * Whether a GET of a file is a new download of it: not a 304 (the client has these bytes), nothing
 * sent (416), nor the continuation of one (a range past the first byte, as a resumed download or a
 * player's seek asks for). A share link's download limit counts only these (spec 002 §5).
 */
export function isNewDownload(
  headers: { 'if-none-match'?: string; 'if-range'?: string; range?: string },
  file: { sha256: string; size: number },
): boolean {
  const etag = `"${file.sha256}"`;
  if (etagMatches(headers['if-none-match'], etag)) return false;
  const ifRange = headers['if-range'];
  if (ifRange && ifRange !== etag) return true;
  const range = parseRange(headers.range, file.size);
  if (range === 'unsatisfiable') return false;
  return range === undefined || range.start === 0;
}

/** Whether an If-None-Match header matches the entity tag (weak comparison, "*" included). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

const TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json',
  zip: 'application/zip',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/**
 * The Content-Type of a download. Types a browser would run as a page (html, svg, xml) are not
 * named: user content is sent as bytes, with nosniff, never as active content.
 */
export function contentTypeOf(ext: string): string {
  return TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}
