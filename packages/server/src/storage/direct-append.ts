import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { FileDigest } from './hash.ts';
import { acquireSlot, releaseSlot, STAGING_SLOT_BYTES, type StagingSlot, stage } from './staging.ts';

/**
 * Direct writes go to offsets, and come from memory, aligned to this (the disk's logical block is
 * 512 or 4096 bytes).
 */
export const DIRECT_ALIGN = 4096;

/**
 * Opens `file` for direct writes (O_DIRECT: past the page cache), or answers undefined where the
 * system or the file system has none (tmpfs refuses the flag; macOS does not define it).
 */
export async function openDirect(file: string): Promise<fsp.FileHandle | undefined> {
  const direct = fs.constants.O_DIRECT;
  if (direct === undefined) return undefined;
  try {
    return await fsp.open(file, fs.constants.O_WRONLY | direct);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EINVAL') return undefined;
    throw err;
  }
}

async function writeAll(handle: fsp.FileHandle, bytes: Buffer, position: number): Promise<void> {
  for (let done = 0; done < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, done, bytes.length - done, position + done);
    if (bytesWritten === 0) throw new Error(`nothing was written at ${position + done}`);
    done += bytesWritten;
  }
}

/** Bytes written through the page cache: an unaligned end, or all of them where direct writes fail. */
async function writeBuffered(file: string, bytes: Buffer, position: number): Promise<void> {
  const handle = await fsp.open(file, 'r+');
  try {
    await writeAll(handle, bytes, position);
  } finally {
    await handle.close();
  }
}

/**
 * Appends `source` to `file` from `offset` (its size, a multiple of DIRECT_ALIGN) through `handle`,
 * opened by openDirect. Each mebibyte that arrives is copied into a slot of the staging memory and
 * written to disk with one direct write while the hashing thread hashes it where it lies, and
 * the slot is used again once both are done. Writes go one at a time, in order, so that a failed
 * one leaves no hole: the file is cut back to what was written, and what came before it stays.
 *
 * Issue 11 W1/W7: a large upload written through the page cache cost 1.5-2.4 s of CPU per GiB on
 * the bench's virtual machine (pages of memory the guest had not used lately, then their write
 * back and the fsync), and the hashing thread read it all back; a direct write of the same GiB
 * took about 0.2 s.
 *
 * What arrived before the body failed (a dropped connection, too many bytes) is still written,
 * as a tus server keeps it for the client to resume; the bytes at the end that do not fill a
 * block go through the page cache, as everything does where the file system refuses the writes.
 */
export async function appendDirect(
  handle: fsp.FileHandle,
  file: string,
  offset: number,
  source: AsyncIterable<Buffer>,
  follower: FileDigest,
): Promise<void> {
  let position = offset;
  let written = offset;
  let writing: Promise<void> = Promise.resolve();
  let failed: unknown;
  // What arrived and is not staged yet, copied out of the socket's buffers as it comes, into a
  // mebibyte of this upload's own: a slot is taken only once it can be filled (or at the end), so
  // that a client that stops sending holds none of the process's slots. Kept as they came, the
  // socket's buffers lived on until a slot was filled; under sixteen uploads at once that outlived
  // two collections of V8's young generation, and they were moved to the old one, which only a
  // full collection frees (W7).
  let gather: Buffer | undefined;
  let gathered = 0;
  // A file system may take the flag and refuse the writes (EINVAL): the rest then goes through
  // the page cache.
  let refused = false;

  async function write(bytes: Buffer, at: number) {
    if (!refused) {
      try {
        return await writeAll(handle, bytes, at);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EINVAL') throw err;
        refused = true;
      }
    }
    await writeBuffered(file, bytes, at);
  }

  /** Writes and hashes the first `length` bytes of `full` at the end of what was sent so far. */
  function send(full: StagingSlot, length: number) {
    const start = position;
    position += length;
    const hashed = follower.hashStaged(full, start, length);
    const head = length - (length % DIRECT_ALIGN);
    writing = writing.then(async () => {
      if (head > 0) await write(full.bytes.subarray(0, head), start);
      if (head < length) await writeBuffered(file, full.bytes.subarray(head, length), start + head);
      written = start + length;
      // Wakes the hashing thread where it reads the file itself (bytes before this request's).
      follower.grew(length, written);
    });
    writing.catch((err: unknown) => {
      failed ??= err;
    });
    void Promise.allSettled([writing, hashed]).then(() => releaseSlot(full));
  }

  /** Stages and sends what was gathered, once it fills a slot or at the end. */
  async function flush(end: boolean) {
    if (failed || !gather || gathered === 0 || (!end && gathered < STAGING_SLOT_BYTES)) return;
    const slot = await acquireSlot();
    // A write that failed while this one waited for a slot: nothing more is sent.
    if (failed) {
      releaseSlot(slot);
      return;
    }
    stage(slot, gather.subarray(0, gathered));
    send(slot, gathered);
    gathered = 0;
  }

  try {
    for await (const chunk of source) {
      if (failed) throw failed;
      for (let done = 0; done < chunk.length; ) {
        gather ??= Buffer.allocUnsafeSlow(STAGING_SLOT_BYTES);
        const n = chunk.copy(gather, gathered, done);
        gathered += n;
        done += n;
        if (gathered === STAGING_SLOT_BYTES) {
          await flush(false);
          if (failed) throw failed;
        }
      }
    }
  } finally {
    await flush(true);
    try {
      await writing;
    } catch {
      // A write failed: the file ends where the last whole write did, and the hash, which may
      // have taken bytes that are not in it, is given up (the commit hashes the file itself).
      follower.dispose();
      await handle.truncate(written).catch(() => {});
    }
    await handle.close();
  }
  if (failed) throw failed;
}
