import type { PreviewErrorKey } from '@cirrus/shared';
import CFB from 'cfb';
import { pdfNeedsPassword } from '../../lib/pdf.ts';
import type { BlobStore } from '../../storage/index.ts';
import { readBlob, readEnds } from './blob-bytes.ts';
import { listZip } from './zip-list.ts';

/** How much of a PDF's end is searched for its trailer. */
const PDF_TAIL = 64 * 1024;

/**
 * Why a PDF cannot be shown, if it cannot: invalidFile when it is not a PDF, passwdEncrypted when
 * it needs a password to open. Cheap for the usual file: only the head and the trailer are read;
 * a PDF whose trailer names an /Encrypt dictionary is then opened by pdf.js, which tells a user
 * password (the viewer could not open it) from an owner password (it opens for anyone).
 */
export async function inspectPdf(
  blobs: BlobStore,
  sha256: string,
  size: number,
): Promise<PreviewErrorKey | null> {
  const { head, tail } = await readEnds(blobs, sha256, size, 1024, PDF_TAIL);
  if (!head.includes('%PDF-')) return 'invalidFile';
  let trailer = tail;
  // A cross-reference stream (PDF 1.5+) keeps the trailer entries in its dictionary at startxref.
  const match = /startxref\s+(\d+)/.exec(tail.toString('latin1').slice(-2048));
  const start = match ? Number(match[1]) : Number.NaN;
  if (Number.isSafeInteger(start) && start < size) {
    const xref = await readBlob(blobs, sha256, { start, end: Math.min(size, start + 8192) - 1 });
    trailer = Buffer.concat([tail, xref]);
  }
  if (!trailer.includes('/Encrypt')) return null;
  return (await pdfNeedsPassword(await readBlob(blobs, sha256))) ? 'passwdEncrypted' : null;
}

/** Office Open XML documents: a zip, unless encrypted, when they are an OLE compound file. */
const OOXML = new Set(['docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'xltx', 'pptx', 'pptm', 'ppsx', 'potx']);
const ODF = new Set(['odt', 'ods', 'odp', 'ott', 'ots', 'otp']);
const OLE_MAGIC = Buffer.from('D0CF11E0A1B11AE1', 'hex');
const LEGACY = new Set(['doc', 'dot', 'wps', 'xls', 'xlt', 'et', 'ppt', 'pot', 'pps', 'dps']);
/** Legacy documents are read whole to find their streams; beyond this size they are not inspected. */
const LEGACY_INSPECT_MAX = 64 * 1024 * 1024;
/** BIFF record types: FILEPASS marks an encrypted workbook; EOF ends the globals before any sheet. */
const BIFF_FILEPASS = 0x002f;
const BIFF_EOF = 0x000a;

/**
 * Whether a legacy binary Office (or WPS) document is password-protected ([MS-DOC], [MS-XLS],
 * [MS-PPT]): Word's File Information Block has fEncrypted (bit 8 of the flags at 0x0A); an Excel
 * workbook has a FILEPASS record among its globals; PowerPoint (and the others, when their
 * properties are encrypted too) keeps an EncryptedSummary stream. Anything unreadable is not
 * called encrypted: the conversion decides.
 */
export function legacyEncrypted(data: Buffer): boolean {
  if (data.length < 8 || !data.subarray(0, 8).equals(OLE_MAGIC)) return false;
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(data, { type: 'buffer' });
  } catch {
    return false;
  }
  const stream = (name: string) => {
    const entry = CFB.find(container, name);
    return entry?.content ? Buffer.from(entry.content as Uint8Array) : null;
  };
  if (stream('EncryptedSummary')) return true;
  const word = stream('WordDocument');
  if (word && word.length >= 0x0c && (word.readUInt16LE(0x0a) & 0x0100) !== 0) return true;
  const book = stream('Workbook') ?? stream('Book');
  if (book) {
    for (let at = 0; at + 4 <= book.length; ) {
      const type = book.readUInt16LE(at);
      if (type === BIFF_FILEPASS) return true;
      if (type === BIFF_EOF) break;
      at += 4 + book.readUInt16LE(at + 2);
    }
  }
  return false;
}

/**
 * passwdEncrypted for an office document that needs a password: an Office Open XML file whose
 * bytes are an OLE compound file (Office keeps an encrypted package there), or an OpenDocument
 * whose manifest lists encryption data, or a legacy binary document (doc, xls, ppt and WPS's wps,
 * et, dps, all OLE compound files) that says it is encrypted (see legacyEncrypted).
 */
export async function inspectOffice(
  blobs: BlobStore,
  sha256: string,
  size: number,
  ext: string,
): Promise<PreviewErrorKey | null> {
  if (size === 0) return 'invalidFile';
  if (OOXML.has(ext)) {
    const { head } = await readEnds(blobs, sha256, size, 8, 0);
    return head.equals(OLE_MAGIC) ? 'passwdEncrypted' : null;
  }
  if (LEGACY.has(ext)) {
    // Larger legacy files are left to the conversion, which fails on a password (convertFail).
    if (size > LEGACY_INSPECT_MAX) return null;
    return legacyEncrypted(await readBlob(blobs, sha256)) ? 'passwdEncrypted' : null;
  }
  if (ODF.has(ext)) {
    try {
      const manifest = await listZip(blobs, sha256, size, { read: 'META-INF/manifest.xml' });
      return manifest.content?.includes('encryption-data') ? 'passwdEncrypted' : null;
    } catch {
      return 'invalidFile';
    }
  }
  return null;
}
