import { Readable } from 'node:stream';
import { PREVIEW_ZIP_MAX_ENTRIES, type ZipEntryInfo, type ZipListing } from '@cirrus/shared';
import yauzl from 'yauzl';
import { DomainError } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/index.ts';

/** A zip's bytes read from the blob store by range: only the central directory is fetched. */
class BlobReader extends yauzl.RandomAccessReader {
  constructor(
    private readonly blobs: BlobStore,
    private readonly sha256: string,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    // yauzl's end is exclusive, a byte range's inclusive.
    if (end <= start) return Readable.from([]);
    return this.blobs.createReadStream(this.sha256, { start, end: end - 1 });
  }
}

/**
 * Entry names are UTF-8 when the archive says so (flag bit 11, or an Info-ZIP Unicode path);
 * otherwise they are in the creating machine's code page: valid UTF-8 is kept, anything else is
 * read as GB18030, which Chinese Windows archivers write.
 */
function entryName(entry: yauzl.Entry): string {
  const utf8Flag = (entry.generalPurposeBitFlag & 0x800) !== 0;
  const unicodePath = entry.extraFields.some((field) => field.id === 0x7075);
  if (utf8Flag || unicodePath) return entry.fileName;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(entry.fileNameRaw);
  } catch {
    return new TextDecoder('gb18030').decode(entry.fileNameRaw);
  }
}

/** Reads one small entry's content (an OpenDocument's manifest), at most 1 MiB. */
async function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  if (entry.uncompressedSize > 1024 * 1024 || entry.isEncrypted()) return '';
  const stream = await zip.openReadStreamPromise(entry);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The entries of a zip archive, from its central directory (up to PREVIEW_ZIP_MAX_ENTRIES), and
 * optionally the content of one named entry. Not a zip: invalidFile.
 */
export async function listZip(
  blobs: BlobStore,
  sha256: string,
  size: number,
  opts: { read?: string } = {},
): Promise<ZipListing & { content?: string }> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromRandomAccessReaderPromise(new BlobReader(blobs, sha256), size, {
      lazyEntries: true,
      autoClose: false,
      decodeStrings: true,
      validateEntrySizes: false,
      strictFileNames: false,
    });
  } catch {
    throw new DomainError('invalidFile');
  }
  const entries: ZipEntryInfo[] = [];
  let content: string | undefined;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = entryName(entry);
      if (opts.read !== undefined) {
        if (name === opts.read) {
          content = await readEntry(zip, entry);
          break;
        }
        continue;
      }
      entries.push({
        name,
        size: entry.uncompressedSize,
        compressed: entry.compressedSize,
        mtime: Math.floor(entry.getLastModDate().getTime() / 1000),
        folder: name.endsWith('/'),
        encrypted: entry.isEncrypted(),
      });
      if (entries.length >= PREVIEW_ZIP_MAX_ENTRIES) break;
    }
  } catch {
    throw new DomainError('invalidFile');
  } finally {
    zip.close();
  }
  return { entries, total: zip.entryCount, content };
}
