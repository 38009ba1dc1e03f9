import { Readable } from 'node:stream';
import {
  compareFileNames,
  PREVIEW_ZIP_MAX_ENTRIES,
  type ZipEntryInfo,
  type ZipListing,
} from '@cirrus/shared';
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
 * Rows for the folders an archive names only through what is in them ("docs/readme.md" without
 * "docs/"), as the drive shows every folder: indented under no row, or under the folder sorted
 * before it, a file would seem to be somewhere else. Each takes the time of the first entry in
 * it; at most as many as keep the listing within PREVIEW_ZIP_MAX_ENTRIES.
 */
function impliedFolders(entries: readonly ZipEntryInfo[]): ZipEntryInfo[] {
  const known = new Set(entries.filter((entry) => entry.folder).map((entry) => entry.name));
  const added: ZipEntryInfo[] = [];
  for (const entry of entries) {
    const path = entry.name.replace(/\/+$/, '');
    // From the nearest folder up, until one that is there (its own folders are seen to with it).
    for (let end = path.lastIndexOf('/'); end > 0; end = path.lastIndexOf('/', end - 1)) {
      const name = path.slice(0, end + 1);
      if (known.has(name)) break;
      if (entries.length + added.length >= PREVIEW_ZIP_MAX_ENTRIES) return added;
      known.add(name);
      added.push({ name, size: 0, compressed: 0, mtime: entry.mtime, folder: true, encrypted: false });
    }
  }
  return added;
}

/** An entry in the archive's tree: the names along its path, and whether it is a folder. */
interface Placed {
  entry: ZipEntryInfo;
  path: string[];
}

/**
 * Which of two entries comes first in the drive's order of a folder, over the archive's tree: at
 * the first name their paths differ in, a folder before a file, else by name (shared
 * compareFileNames); a folder before what is in it. A folder the archive names only through its
 * files counts as a folder all the same.
 */
function compareInTree(a: Placed, b: Placed): number {
  const depth = Math.min(a.path.length, b.path.length);
  for (let i = 0; i < depth; i++) {
    if (a.path[i] === b.path[i]) continue;
    const aFolder = i < a.path.length - 1 || a.entry.folder;
    const bFolder = i < b.path.length - 1 || b.entry.folder;
    if (aFolder !== bFolder) return aFolder ? -1 : 1;
    return compareFileNames(a.path[i], b.path[i]);
  }
  return a.path.length - b.path.length;
}

/**
 * Entries as the drive lists a folder, each folder (implied ones too) followed by what is in it:
 * the viewer indents them by depth.
 */
export function sortZipEntries(entries: readonly ZipEntryInfo[]): ZipEntryInfo[] {
  return [...entries, ...impliedFolders(entries)]
    .map((entry): Placed => ({ entry, path: entry.name.replace(/\/+$/, '').split('/') }))
    .sort(compareInTree)
    .map(({ entry }) => entry);
}

/**
 * The entries of a zip archive, from its central directory (up to PREVIEW_ZIP_MAX_ENTRIES), with
 * the folders they imply, in the drive's order (sortZipEntries); and optionally the content of one named entry. Not a zip: invalidFile.
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
  const listed = sortZipEntries(entries);
  // The implied folders count among the archive's items, as they show among them.
  return { entries: listed, total: zip.entryCount + listed.length - entries.length, content };
}
