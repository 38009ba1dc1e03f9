import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../http/errors.ts';
import type { BlobStore } from './blob-store.ts';
import { createFsBlobStore } from './fs-blob-store.ts';
import { withSmallBlobs } from './small-blobs.ts';

export type { BlobDigest, BlobFiles, BlobStore, ByteRange } from './blob-store.ts';

/** The blob store chosen by configuration (BLOB_STORE), with small blobs in the database `db`. */
export function createBlobStore(config: Config, db: Db): BlobStore {
  if (config.blobStore === 's3') {
    throw new Error('BLOB_STORE=s3 is not available yet; use the default fs store');
  }
  return withSmallBlobs(db, createFsBlobStore(config.dataDir));
}

/**
 * Runs a storage write; a full disk answers SpaceFull (spec 001 §8), the one key of the family
 * that names no quota (modules/spaces/quota.ts).
 */
export async function storageWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOSPC') throw new DomainError('SpaceFull');
    throw err;
  }
}
