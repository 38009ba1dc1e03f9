import type { PreviewErrorKey } from '@cirrus/shared';
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
  return (await needsPassword(await readBlob(blobs, sha256))) ? 'passwdEncrypted' : null;
}

async function needsPassword(data: Buffer): Promise<boolean> {
  // Loaded on first need: most servers never meet an encrypted PDF.
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(data),
    verbosity: 0,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  });
  try {
    await (await task.promise).destroy();
    return false;
  } catch (err) {
    return (err as { name?: string }).name === 'PasswordException';
  } finally {
    await task.destroy();
  }
}

/** Office Open XML documents: a zip, unless encrypted, when they are an OLE compound file. */
const OOXML = new Set(['docx', 'docm', 'dotx', 'xlsx', 'xlsm', 'xltx', 'pptx', 'pptm', 'ppsx', 'potx']);
const ODF = new Set(['odt', 'ods', 'odp', 'ott', 'ots', 'otp']);
const OLE_MAGIC = Buffer.from('D0CF11E0A1B11AE1', 'hex');

/**
 * passwdEncrypted for an office document that needs a password: an Office Open XML file whose
 * bytes are an OLE compound file (Office keeps an encrypted package there), or an OpenDocument
 * whose manifest lists encryption data. Legacy binary formats (doc, xls, ppt, wps, et, dps) are
 * left to the conversion, which fails on them (convertFail).
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
