import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/** What the blob store's digest of `data` must be, computed the plain way. */
export const referenceDigest = (data: Buffer) => ({
  sha256: crypto.createHash('sha256').update(data).digest('hex'),
  sha1: crypto.createHash('sha1').update(data).digest('hex'),
  size: data.length,
});

/** A temp dir made before the file's tests and removed after them: `dir()` answers its path. */
export function tempDirForTests(prefix: string): () => string {
  let dir = '';
  beforeAll(async () => {
    dir = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterAll(async () => {
    await fsp.rm(dir, { recursive: true, force: true });
  });
  return () => dir;
}
