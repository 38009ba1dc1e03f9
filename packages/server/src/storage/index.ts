import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { DomainError } from '../http/errors.ts';
import type { BlobStore } from './blob-store.ts';
import { createFsBlobStore } from './fs-blob-store.ts';
import { createS3BlobStore } from './s3-blob-store.ts';
import { withSmallBlobs } from './small-blobs.ts';

export type { BlobDigest, BlobFiles, BlobStore, ByteRange } from './blob-store.ts';
export { isStoreError, StoreError } from './blob-store.ts';

/** The blob store chosen by configuration (BLOB_STORE), with small blobs in the database `db`. */
export function createBlobStore(config: Config, db: Db): BlobStore {
  if (config.blobStore === 's3') {
    const missing = (['bucket', 'accessKeyId', 'secretAccessKey'] as const).filter((key) => !config.s3[key]);
    if (missing.length > 0) {
      const names = {
        bucket: 'S3_BUCKET',
        accessKeyId: 'S3_ACCESS_KEY_ID',
        secretAccessKey: 'S3_SECRET_ACCESS_KEY',
      };
      throw new Error(`BLOB_STORE=s3 needs ${missing.map((key) => names[key]).join(', ')}`);
    }
    return withSmallBlobs(db, createS3BlobStore(config.dataDir, config.s3));
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
