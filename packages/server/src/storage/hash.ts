import crypto from 'node:crypto';
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { BlobDigest } from './blob-store.ts';

/** sha256, sha1 and size of bytes fed in order: an upload is hashed as it arrives. */
export function createDigest() {
  const sha256 = crypto.createHash('sha256');
  const sha1 = crypto.createHash('sha1');
  let size = 0;
  return {
    update(chunk: Buffer): void {
      sha256.update(chunk);
      sha1.update(chunk);
      size += chunk.length;
    },
    get size(): number {
      return size;
    },
    /** The result; the digest is spent after it. */
    digest(): BlobDigest {
      return { sha256: sha256.digest('hex'), sha1: sha1.digest('hex'), size };
    },
  };
}

export type RunningDigest = ReturnType<typeof createDigest>;

/** sha256, sha1 and size of a file, read as a stream (never whole into memory). */
export async function digestFile(file: string): Promise<BlobDigest> {
  const digest = createDigest();
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) digest.update(chunk);
  });
  return digest.digest();
}

export function digestBuffer(data: Buffer): BlobDigest {
  return {
    sha256: crypto.createHash('sha256').update(data).digest('hex'),
    sha1: crypto.createHash('sha1').update(data).digest('hex'),
    size: data.length,
  };
}
