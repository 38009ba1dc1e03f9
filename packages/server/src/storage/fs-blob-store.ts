import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { downloadBytesRead } from '../lib/heap.ts';
import type { BlobDigest, BlobFiles, ByteRange } from './blob-store.ts';
import { digestBuffer } from './hash.ts';
import { createInlineReads, type InlineReads } from './inline-reads.ts';
import { createReadDescriptors } from './read-descriptors.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/** Writes a file's data and the directory entry that names it to disk. */
async function fsyncPath(target: string): Promise<void> {
  const handle = await fsp.open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Puts a small blob (W3: one per small upload): writes `data` to `temp`, flushes it, renames it to
 * `target` (making the target's folder when missing) and flushes that folder, so that the rename
 * survives a crash. Callbacks chained in one promise rather than fs/promises' FileHandle: these
 * eight calls, a few microseconds of the JavaScript thread each, are much of a small upload's cost.
 */
function writeSmallBlob(temp: string, target: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (fd: number | undefined, err: Error) => {
      if (fd === undefined) reject(err);
      else fs.close(fd, () => reject(err));
    };
    const syncFolder = (folder: string, then: () => void) => {
      fs.open(folder, 'r', (err, dir) => {
        if (err) return reject(err);
        fs.fsync(dir, (syncErr) => {
          fs.close(dir, () => (syncErr ? reject(syncErr) : then()));
        });
      });
    };
    const rename = (madeFolder: boolean) => {
      fs.rename(temp, target, (err) => {
        if (err?.code === 'ENOENT' && !madeFolder) {
          // The blob folders are made at start (prepareRoot); one removed since is made again.
          fs.mkdir(path.dirname(target), { recursive: true }, (mkdirErr) => {
            if (mkdirErr) return reject(mkdirErr);
            syncFolder(path.dirname(path.dirname(target)), () => rename(true));
          });
        } else if (err) reject(err);
        else syncFolder(path.dirname(target), resolve);
      });
    };
    fs.open(temp, 'wx', (err, fd) => {
      if (err) return fail(undefined, err);
      const write = (offset: number) => {
        fs.write(fd, data, offset, data.length - offset, null, (writeErr, written) => {
          if (writeErr) return fail(fd, writeErr);
          if (offset + written < data.length) return write(offset + written);
          fs.fdatasync(fd, (syncErr) => {
            if (syncErr) return fail(fd, syncErr);
            fs.close(fd, (closeErr) => (closeErr ? reject(closeErr) : rename(false)));
          });
        });
      };
      write(0);
    });
  });
}

/** Written once the blobs folder has the layout below; stores made before it kept ab/cd/<sha256>. */
const LAYOUT_FILE = 'LAYOUT';

/** Flushes a folder, so that the entries made or renamed in it survive a crash. */
function fsyncDirSync(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Prepares DATA_DIR/blobs once: makes its 256 folders, so that putting a blob never makes one, and
 * moves the blobs of the earlier layout (ab/cd/<sha256>) up into theirs. That layout made a folder
 * for almost every new small file: ext4 looks for a home for a new folder across the whole disk,
 * and a small upload spent more in the kernel making it than writing its bytes (issue 11 W3).
 * Safe to stop at any point: the next start carries on, and LAYOUT is written last.
 */
function prepareRoot(root: string): void {
  const marker = path.join(root, LAYOUT_FILE);
  if (fs.existsSync(marker)) return;
  fs.mkdirSync(root, { recursive: true });
  for (let i = 0; i < 256; i++) {
    const dir = path.join(root, i.toString(16).padStart(2, '0'));
    fs.mkdirSync(dir, { recursive: true });
    let moved = false;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const old = path.join(dir, entry.name);
      for (const name of fs.readdirSync(old)) fs.renameSync(path.join(old, name), path.join(dir, name));
      fs.rmdirSync(old);
      moved = true;
    }
    if (moved) fsyncDirSync(dir);
  }
  fsyncDirSync(root);
  fs.writeFileSync(marker, 'blobs/ab/<sha256>\n', { flush: true });
  fsyncDirSync(root);
}

/**
 * Blobs on local disk: DATA_DIR/blobs/ab/<sha256> (256 folders, as git keeps its objects). Temp
 * files live in DATA_DIR/tmp, on the same file system, so that putting a blob is a rename.
 */
const READ_CHUNK = 512 * 1024;

// Node's fs.ReadStream takes the path and options, as createReadStream does; its types say nothing.
const FileReadStream = fs.ReadStream as unknown as new (
  file: string,
  options: { highWaterMark: number; start?: number; end?: number },
) => fs.ReadStream;

/** A file's read stream that counts what it reads towards the next scavenge (lib/heap.ts). */
class BlobReadStream extends FileReadStream {
  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk instanceof Buffer) downloadBytesRead(chunk.length);
    return super.push(chunk, encoding);
  }
}
/** readRange reads ranges up to this size on the JavaScript thread while they come from memory. */
export const INLINE_READ_MAX_BYTES = 256 * 1024;

export function createFsBlobStore(
  dataDir: string,
  { inlineReads = createInlineReads() }: { inlineReads?: InlineReads } = {},
): BlobFiles {
  const root = path.join(dataDir, 'blobs');
  const tmpDir = path.join(dataDir, 'tmp');
  prepareRoot(root);
  fs.mkdirSync(tmpDir, { recursive: true });
  const descriptors = createReadDescriptors();

  function blobPath(sha256: string): string {
    // The key comes from our own hashing, but a path is only ever built from a well-formed one.
    if (!SHA256.test(sha256)) throw new Error(`not a sha256 key: ${sha256}`);
    return path.join(root, sha256.slice(0, 2), sha256);
  }

  /** Refreshes a file's time; answers false when there is no such file. */
  async function touch(file: string): Promise<boolean> {
    const at = new Date();
    try {
      await fsp.utimes(file, at, at);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Renames (or links, to keep it) a flushed temp file to its place, and makes that itself survive
   * a crash.
   */
  async function moveInto(tempPath: string, target: string, keep: boolean): Promise<void> {
    // The folders are made at start; one removed since is made again, and its entry flushed.
    if (await fsp.mkdir(path.dirname(target), { recursive: true })) await fsyncPath(root);
    if (!keep) await fsp.rename(tempPath, target);
    else
      await fsp.link(tempPath, target).catch(async (err: NodeJS.ErrnoException) => {
        // the same content put meanwhile: it is there, as wanted
        if (err.code === 'EEXIST') return;
        // a file system without hard links: a copy, flushed, renamed into place
        if (err.code !== 'EPERM' && err.code !== 'ENOTSUP' && err.code !== 'EOPNOTSUPP') throw err;
        const copy = store.tempPath();
        try {
          await fsp.copyFile(tempPath, copy);
          await fsyncPath(copy);
          await fsp.rename(copy, target);
        } finally {
          await fsp.rm(copy, { force: true });
        }
      });
    // The rename must be on disk before any metadata points at it.
    await fsyncPath(path.dirname(target));
  }

  async function exists(file: string): Promise<boolean> {
    try {
      await fsp.access(file);
      return true;
    } catch {
      return false;
    }
  }

  const store: BlobFiles = {
    tempPath() {
      return path.join(tmpDir, `${crypto.randomUUID()}.part`);
    },

    async putFile(tempPath, sha256, opts) {
      const target = blobPath(sha256);
      const keep = opts?.keep ?? false;
      // Identical content is stored once. Refreshing its time is also the existence check, so a
      // blob the collector removed a moment ago is written again (see BlobFiles.remove).
      if (await touch(target)) {
        if (!keep) await fsp.rm(tempPath, { force: true });
        return;
      }
      await fsyncPath(tempPath);
      await moveInto(tempPath, target, keep);
    },

    async putBuffer(data: Buffer): Promise<BlobDigest> {
      const digest = digestBuffer(data);
      const target = blobPath(digest.sha256);
      // Written whether or not the blob exists: checking first cost a failing call for every new
      // blob, and renaming identical content over a blob is harmless (and refreshes its time, as
      // the collector expects of a blob just put; see BlobFiles.remove).
      const temp = store.tempPath();
      try {
        await writeSmallBlob(temp, target, data);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        // A blob that is there already (a full disk, say) is as good as one written now.
        if (await touch(target)) return digest;
        throw err;
      }
      return digest;
    },

    has(sha256) {
      return exists(blobPath(sha256));
    },

    createReadStream(sha256: string, range?: ByteRange): Readable {
      // Reads of 512 KiB rather than Node's 64 KiB: a quarter of the reads and writes to the socket
      // for a large download, for a little more memory per download (bench W2).
      const chunk = { highWaterMark: READ_CHUNK };
      return new BlobReadStream(
        blobPath(sha256),
        range ? { ...chunk, start: range.start, end: range.end } : chunk,
      );
    },

    readRange(sha256, { start, end }, into) {
      // Callbacks rather than a FileHandle, and a descriptor kept open from the last read of the
      // blob: a 64 KiB Range read is then one trip to libuv's threads instead of three (bench W2),
      // or none while such reads come from the page cache (inline-reads.ts).
      const length = end - start + 1;
      return new Promise((resolve, reject) => {
        descriptors.acquire(blobPath(sha256), (err, fd, release) => {
          if (err) return reject(err);
          const done = (readErr: Error | null, bytesRead: number, buf: Buffer) => {
            release();
            if (readErr) reject(readErr);
            else if (bytesRead < length) reject(new Error(`blob ${sha256} is shorter than ${end + 1} bytes`));
            else resolve(buf);
          };
          let buf: Buffer;
          try {
            if (into && into.length !== length)
              throw new Error(`a buffer of ${into.length} bytes for ${length}`);
            buf = into ?? Buffer.allocUnsafe(length);
          } catch (thrown) {
            // A range no buffer can hold, say: the descriptor is not left marked as in use.
            return done(thrown as Error, 0, Buffer.alloc(0));
          }
          if (length <= INLINE_READ_MAX_BYTES && inlineReads.allowed()) {
            const began = performance.now();
            let bytesRead = 0;
            try {
              bytesRead = fs.readSync(fd, buf, 0, length, start);
            } catch (readErr) {
              return done(readErr as Error, 0, buf);
            } finally {
              inlineReads.took(performance.now() - began);
            }
            return done(null, bytesRead, buf);
          }
          fs.read(fd, buf, 0, length, start, (readErr, bytesRead) => done(readErr, bytesRead, buf));
        });
      });
    },

    close() {
      descriptors.closeIdle();
    },

    async remove(sha256, { unusedSinceMs }) {
      const target = blobPath(sha256);
      let stat: fs.Stats;
      try {
        stat = await fsp.stat(target);
      } catch {
        return 'missing';
      }
      if (stat.mtimeMs >= unusedSinceMs) return 'recent';
      await fsp.rm(target, { force: true });
      return 'removed';
    },
  };
  return store;
}
