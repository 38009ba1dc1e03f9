import type { Config } from '../config.ts';
import { DomainError } from '../http/errors.ts';
import type { BlobStore } from './blob-store.ts';
import { createFsBlobStore } from './fs-blob-store.ts';

export type { BlobDigest, BlobStore, ByteRange } from './blob-store.ts';

/** The blob store chosen by configuration (BLOB_STORE). */
export function createBlobStore(config: Config): BlobStore {
  if (config.blobStore === 's3') {
    throw new Error('BLOB_STORE=s3 is not available yet; use the default fs store');
  }
  return createFsBlobStore(config.dataDir);
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
