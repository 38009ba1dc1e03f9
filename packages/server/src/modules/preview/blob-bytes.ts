import type { BlobStore, ByteRange } from '../../storage/index.ts';

/** Reads a blob (or a range of it) into memory: only for the bounded sizes the previews allow. */
export async function readBlob(blobs: BlobStore, sha256: string, range?: ByteRange): Promise<Buffer> {
  if (range) return blobs.readRange(sha256, range);
  const chunks: Buffer[] = [];
  for await (const chunk of blobs.createReadStream(sha256, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first and last bytes of a blob of `size` bytes (a file's magic and a PDF's trailer). */
export async function readEnds(
  blobs: BlobStore,
  sha256: string,
  size: number,
  head: number,
  tail: number,
): Promise<{ head: Buffer; tail: Buffer }> {
  if (size === 0) return { head: Buffer.alloc(0), tail: Buffer.alloc(0) };
  const first =
    head > 0 ? await readBlob(blobs, sha256, { start: 0, end: Math.min(size, head) - 1 }) : Buffer.alloc(0);
  const last =
    tail > 0
      ? await readBlob(blobs, sha256, { start: Math.max(0, size - tail), end: size - 1 })
      : Buffer.alloc(0);
  return { head: first, tail: last };
}
