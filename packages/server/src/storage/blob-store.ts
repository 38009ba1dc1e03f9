import type { Readable } from 'node:stream';
import type { DbOrTrx } from '../db/index.ts';

/** What a blob is known by: sha256 is its key; sha1 is reported to clients as fsha. */
export interface BlobDigest {
  sha256: string;
  sha1: string;
  size: number;
}

/** Inclusive byte range, as HTTP Range counts. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Content storage by sha256 (ARCHITECTURE "Data, durability and safety"). A blob is written to a
 * temp file, fsynced and renamed into place before any metadata refers to it; identical content
 * is stored once; nothing is deleted inline (unreferenced blobs are collected by a job). This is
 * a store of blob files (fs-blob-store.ts); the app's BlobStore keeps small blobs in the database.
 */
export interface BlobFiles {
  /** A fresh temp path on the store's file system, for content that is about to be put. */
  tempPath(): string;
  /**
   * Moves a complete temp file into the store under its sha256 (fsynced first). `keep`: the file
   * stays where it is too (a hard link, or a copy), for a caller who removes it only once the
   * metadata naming the blob is committed (a resumable upload's part).
   */
  putFile(tempPath: string, sha256: string, opts?: { keep?: boolean }): Promise<void>;
  /** Stores a small buffer (templates of empty documents) and answers its digest. */
  putBuffer(data: Buffer): Promise<BlobDigest>;
  has(sha256: string): Promise<boolean>;
  /**
   * Streams a blob, or the inclusive range of it. `size`: the blob's size where the caller knows
   * it (a file's row): a blob too large to be a small one is then read from its file at once.
   */
  createReadStream(sha256: string, range?: ByteRange, size?: number): Readable;
  /**
   * Reads an inclusive range of a blob into one buffer (a small Range request: one read, and a
   * buffer sent as it is, cost less than a stream). Fails if the blob holds fewer bytes.
   * `into`: a buffer as long as the range to read into (range-buffers.ts); the answer may be it or
   * other bytes (a small blob's), so the caller keeps `into` until it is done with the answer.
   */
  readRange(sha256: string, range: ByteRange, into?: Buffer): Promise<Buffer>;
  /**
   * Deletes a blob unless it was written (or put again) at or after `unusedSinceMs`: putting
   * content that is already stored refreshes its time, so a blob that a write is about to
   * reference is never collected under it. Only the blob collector (modules/blobs) calls this,
   * after it found no reference to the blob.
   */
  remove(sha256: string, opts: { unusedSinceMs: number }): Promise<'removed' | 'missing' | 'recent'>;
  /** Lets go of what the store holds open between reads (at shutdown). */
  close(): void;
}

/**
 * The app's blob store: blob files, and blobs of at most `smallMax` bytes kept in the metadata
 * database instead (small-blobs.ts). Reads and removals find a blob wherever it is.
 */
export interface BlobStore extends BlobFiles {
  /** The largest blob that putSmall takes. */
  readonly smallMax: number;
  /**
   * Keeps a blob of at most `smallMax` bytes in the database, in `trx`: the transaction that also
   * writes what refers to it, so that both commit, or neither, with one flush of the disk.
   */
  putSmall(trx: DbOrTrx, data: Buffer, digest: BlobDigest): Promise<void>;
}

/** A failure of the store itself (not of the content it holds): an object store's error answer. */
export class StoreError extends Error {}

/**
 * Whether an error is trouble with the store, worth trying again later: a system call's (a
 * missing or unreadable file, a full disk) or an object store's, rather than the content's.
 */
export function isStoreError(err: unknown): boolean {
  if (err instanceof StoreError) return true;
  const { code, syscall } = (err ?? {}) as { code?: unknown; syscall?: unknown };
  return typeof code === 'string' && syscall !== undefined;
}
