import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import { type BlobDigest, type BlobFiles, type ByteRange, StoreError } from './blob-store.ts';
import { digestBuffer } from './hash.ts';

const SHA256 = /^[0-9a-f]{64}$/;

/** Where the store is and how to sign for it (config.ts, BLOB_STORE=s3). */
export interface S3Location {
  /** An S3-compatible endpoint (MinIO, Ceph, Garage ...), path-style; empty: AWS, by region. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface S3Tuning {
  /** Files above this go up in parts (S3 takes at most 5 GiB in one PUT). */
  multipartAbove: number;
  /** The size of each part but the last (S3: at least 5 MiB, at most 10,000 parts). */
  partSize: number;
  /** Parts sent at once. */
  partsAtOnce: number;
  /** Tries of a request that failed with a server error, a throttle or a broken connection. */
  attempts: number;
}

const DEFAULT_TUNING: S3Tuning = {
  multipartAbove: 256 * 1024 * 1024,
  partSize: 64 * 1024 * 1024,
  partsAtOnce: 4,
  attempts: 4,
};

/** An answer of the store that the caller did not expect, with S3's own error code. */
export class S3Error extends StoreError {
  constructor(
    readonly status: number,
    readonly s3Code: string,
    what: string,
    /** ENOENT for a missing blob, as the fs store's errors say it. */
    readonly code?: string,
    cause?: unknown,
  ) {
    // Status 0: no answer at all (a refused or broken connection).
    super(`S3 ${what}: ${status || 'no answer'}${s3Code ? ` ${s3Code}` : ''}`, { cause });
  }
}

/** A request's options, and what to close once it has been sent (a file read for its body). */
type Request = RequestInit & { dispose?: () => void };

/** The metadata that says when a blob was last put (see BlobFiles.remove). */
const PUT_AT = 'x-amz-meta-put-at';

const xmlValue = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1] ?? '';

/** Fails an answer to a range that does not start where the range does (Content-Range). */
function checkStart(sha256: string, res: Response, range: ByteRange): void {
  const from = /^bytes (\d+)-/.exec(res.headers.get('content-range') ?? '')?.[1];
  if (Number(from) !== range.start) throw new Error(`blob ${sha256}: asked for ${range.start}, got ${from}`);
}

async function failure(res: Response, what: string): Promise<S3Error> {
  const body = res.status === 404 || res.bodyUsed ? '' : await res.text().catch(() => '');
  return new S3Error(res.status, xmlValue(body, 'Code'), what, res.status === 404 ? 'ENOENT' : undefined);
}

/** A part's body is not hashed beforehand (the whole content's hash is the key). */
const UNSIGNED = 'UNSIGNED-PAYLOAD';

/** Whether a request is worth another try: the store's own trouble, not ours. */
const retryable = (status: number) => status >= 500 || status === 429;

/** The bucket's address: path-style at an S3-compatible endpoint, else AWS's own by region. */
function bucketUrl(where: S3Location): string {
  return where.endpoint
    ? `${where.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(where.bucket)}`
    : `https://${where.bucket}.s3.${where.region}.amazonaws.com`;
}

function clientOf(where: S3Location): AwsClient {
  // Retries are the store's own (send): a body read from a file is opened again for each try,
  // where the client's would send a stream it had already read.
  const { accessKeyId, secretAccessKey, region } = where;
  return new AwsClient({ accessKeyId, secretAccessKey, service: 's3', region, retries: 0 });
}

/**
 * Asks the store whether the bucket is there and the keys may use it, so that a server with a
 * wrong setting says so at start rather than at its first upload.
 */
export async function checkBucket(where: S3Location): Promise<void> {
  const url = `${bucketUrl(where)}/`;
  let res: Response;
  try {
    res = await clientOf(where).fetch(url, { method: 'HEAD' });
  } catch (err) {
    throw new Error(`S3 bucket ${where.bucket}: no answer from ${url}`, { cause: err });
  }
  if (res.status === 200) return;
  const why =
    res.status === 404
      ? 'does not exist'
      : res.status === 403
        ? 'refused: the keys may not use it'
        : res.status;
  throw new Error(`S3 bucket ${where.bucket} at ${url}: ${why}`);
}

/**
 * Blobs in an S3-compatible object store, one object per blob under `blobs/<sha256>`: the scale-out
 * store of ARCHITECTURE, shared by every server process. Uploads are still received into
 * DATA_DIR/tmp (tus resumes from there, and hashing needs the whole content) and sent to the store
 * when they complete, before any metadata refers to them. A PUT names the content's SHA-256, which
 * S3 checks against what arrives, so a blob is never stored under a key that is not its own.
 *
 * The collector's rule (BlobFiles.remove) rests on when a blob was last put: every put writes the
 * time in the object's metadata, and putting content that is stored already copies the object
 * onto itself with a new time.
 */
export function createS3BlobStore(
  dataDir: string,
  where: S3Location,
  tuning: Partial<S3Tuning> = {},
): BlobFiles {
  const { multipartAbove, partSize, partsAtOnce, attempts } = { ...DEFAULT_TUNING, ...tuning };
  const tmpDir = path.join(dataDir, 'tmp');
  fs.mkdirSync(tmpDir, { recursive: true });
  const client = clientOf(where);
  const base = bucketUrl(where);

  function urlOf(sha256: string, query = ''): string {
    // The key comes from our own hashing, but a key is only ever built from a well-formed one.
    if (!SHA256.test(sha256)) throw new Error(`not a sha256 key: ${sha256}`);
    return `${base}/blobs/${sha256}${query}`;
  }

  /** Sends a request, again after a server error or a broken connection; `init` makes each try's. */
  async function send(url: string, init: () => Request): Promise<Response> {
    for (let attempt = 1; ; attempt++) {
      let res: Response | undefined;
      const request = init();
      try {
        res = await client.fetch(url, request);
      } catch (err) {
        if (attempt >= attempts)
          throw new S3Error(0, '', `${request.method ?? 'GET'} ${url}`, undefined, err);
      } finally {
        request.dispose?.();
      }
      if (res && (!retryable(res.status) || attempt >= attempts)) return res;
      await res?.body?.cancel();
      await new Promise((resolve) => setTimeout(resolve, 50 * 2 ** attempt * Math.random()));
    }
  }

  /** A request whose answer must be one of `ok`; its body is left to the caller. */
  async function expect(url: string, init: () => Request, ok: number[], what: string): Promise<Response> {
    const res = await send(url, init);
    if (ok.includes(res.status)) return res;
    throw await failure(res, what);
  }

  /**
   * When the object was last put, in ms, or undefined when there is none: our own metadata
   * (x-amz-meta-put-at, renewed by every put), else its Last-Modified, which counts whole seconds.
   */
  async function putAt(sha256: string): Promise<number | undefined> {
    const res = await send(urlOf(sha256), () => ({ method: 'HEAD' }));
    if (res.status === 404) return undefined;
    if (res.status !== 200) throw await failure(res, `HEAD ${sha256}`);
    const ours = Number(res.headers.get(PUT_AT));
    if (ours > 0) return ours;
    return (Date.parse(res.headers.get('last-modified') ?? '') || 0) + 999;
  }

  /** Renews an object's put time by copying it onto itself; false when the copy cannot be made. */
  async function refresh(sha256: string): Promise<boolean> {
    const res = await send(urlOf(sha256), () => ({
      method: 'PUT',
      headers: {
        'x-amz-copy-source': `/${where.bucket}/blobs/${sha256}`,
        'x-amz-metadata-directive': 'REPLACE',
        [PUT_AT]: String(Date.now()),
      },
    }));
    // A copy can answer 200 with an error in its body.
    const body = await res.text();
    return res.status === 200 && !body.includes('<Error>');
  }

  /** Sends `length` bytes of a file from `start`, opened again for every try. */
  /**
   * Sends `length` bytes of a file from `start`, opened again for every try. The stream is closed
   * after each try (send): a request that fails before reading its body would otherwise keep it.
   */
  function fileBody(file: string, start: number, length: number, sha256: string) {
    return (): Request => {
      const source =
        length > 0
          ? fs.createReadStream(file, { start, end: start + length - 1, highWaterMark: 1024 * 1024 })
          : undefined;
      return {
        method: 'PUT',
        headers: {
          'content-length': String(length),
          'x-amz-content-sha256': sha256,
          ...(sha256 === UNSIGNED ? {} : { [PUT_AT]: String(Date.now()) }),
        },
        // An empty file is an empty body (a stream of no bytes has no valid range).
        body: source ? Readable.toWeb(source) : Buffer.alloc(0),
        duplex: 'half',
        dispose: () => source?.destroy(),
      } as Request;
    };
  }

  async function putMultipart(file: string, sha256: string, size: number): Promise<void> {
    const created = await expect(
      urlOf(sha256, '?uploads'),
      () => ({ method: 'POST', headers: { [PUT_AT]: String(Date.now()) } }),
      [200],
      'start upload',
    );
    const uploadId = xmlValue(await created.text(), 'UploadId');
    if (!uploadId) throw new Error('S3 start upload: no UploadId in the answer');
    const query = (extra: string) => `?${extra}uploadId=${encodeURIComponent(uploadId)}`;
    try {
      const count = Math.ceil(size / partSize);
      const etags: string[] = new Array(count);
      let next = 0;
      let stop = false;
      const sender = async () => {
        while (next < count && !stop) {
          const index = next++;
          const start = index * partSize;
          const length = Math.min(partSize, size - start);
          try {
            const res = await expect(
              urlOf(sha256, query(`partNumber=${index + 1}&`)),
              fileBody(file, start, length, UNSIGNED),
              [200],
              `part ${index + 1}`,
            );
            await res.body?.cancel();
            etags[index] = res.headers.get('etag') ?? '';
          } catch (err) {
            // The other senders take no new part.
            stop = true;
            throw err;
          }
        }
      };
      // Every sender stops before the upload is aborted: a part still on its way would outlive it.
      const sent = await Promise.allSettled(Array.from({ length: Math.min(partsAtOnce, count) }, sender));
      const failed = sent.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      const parts = etags
        .map((etag, i) => `<Part><PartNumber>${i + 1}</PartNumber><ETag>${etag}</ETag></Part>`)
        .join('');
      const xml = `<CompleteMultipartUpload>${parts}</CompleteMultipartUpload>`;
      const done = await expect(
        urlOf(sha256, query('')),
        () => ({ method: 'POST', body: xml }),
        [200],
        'complete',
      );
      // The completion may fail after its 200 has been sent: the error is then in the body.
      const answer = await done.text();
      if (answer.includes('<Error>')) throw new S3Error(200, xmlValue(answer, 'Code'), 'complete');
    } catch (err) {
      await send(urlOf(sha256, query('')), () => ({ method: 'DELETE' })).catch(() => undefined);
      throw err;
    }
  }

  function getRange(sha256: string, range: ByteRange | undefined): Promise<Response> {
    // The key is checked before the call returns (urlOf throws), not in its promise.
    const url = urlOf(sha256);
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    return send(url, () => ({ headers })).then(async (res) => {
      if (res.status === (range ? 206 : 200)) return res;
      // A range the blob does not reach is the content's trouble (a broken archive), as a short
      // read of a file is, not the store's.
      if (res.status === 416) {
        await res.body?.cancel();
        throw new Error(`blob ${sha256} is shorter than ${(range?.end ?? 0) + 1} bytes`);
      }
      throw await failure(res, `GET ${sha256}`);
    });
  }

  /**
   * The bytes of an answer, no more than the range asked for: a store that answers a range with
   * more than it (s3rver does so for bytes=0-0) is cut to it, one that answers with less fails.
   */
  async function* bytesOf(sha256: string, answer: Promise<Response>, range?: ByteRange) {
    const res = await answer;
    if (!res.body) return;
    if (range) checkStart(sha256, res, range);
    let left = range ? range.end - range.start + 1 : Number.POSITIVE_INFINITY;
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (bytes.length >= left) {
        yield bytes.subarray(0, left);
        left = 0;
        break;
      }
      left -= bytes.length;
      yield bytes;
    }
    if (range && left > 0) throw new Error(`blob ${sha256} is shorter than ${range.end + 1} bytes`);
  }

  return {
    tempPath() {
      return path.join(tmpDir, `${crypto.randomUUID()}.part`);
    },

    async putFile(tempPath, sha256, opts) {
      const keep = opts?.keep ?? false;
      // Identical content is stored once; putting it again renews its time (see remove).
      if ((await putAt(sha256)) !== undefined && (await refresh(sha256))) {
        if (!keep) await fsp.rm(tempPath, { force: true });
        return;
      }
      const { size } = await fsp.stat(tempPath);
      if (size > multipartAbove) await putMultipart(tempPath, sha256, size);
      else {
        const res = await expect(urlOf(sha256), fileBody(tempPath, 0, size, sha256), [200], `PUT ${sha256}`);
        await res.body?.cancel();
      }
      if (!keep) await fsp.rm(tempPath, { force: true });
    },

    async putBuffer(data: Buffer): Promise<BlobDigest> {
      const digest = digestBuffer(data);
      const res = await expect(
        urlOf(digest.sha256),
        () => ({
          method: 'PUT',
          headers: { 'x-amz-content-sha256': digest.sha256, [PUT_AT]: String(Date.now()) },
          body: data,
        }),
        [200],
        `PUT ${digest.sha256}`,
      );
      await res.body?.cancel();
      return digest;
    },

    async has(sha256) {
      return (await putAt(sha256)) !== undefined;
    },

    createReadStream(sha256: string, range?: ByteRange): Readable {
      const answer = getRange(sha256, range);
      // Its failure is the stream's, once read; not an unhandled rejection before that.
      answer.catch(() => undefined);
      return Readable.from(bytesOf(sha256, answer, range), { objectMode: false, highWaterMark: 512 * 1024 });
    },

    async readRange(sha256, range) {
      const res = await getRange(sha256, range);
      checkStart(sha256, res, range);
      const bytes = Buffer.from(await res.arrayBuffer());
      const length = range.end - range.start + 1;
      if (bytes.length < length) throw new Error(`blob ${sha256} is shorter than ${range.end + 1} bytes`);
      return bytes.length === length ? bytes : bytes.subarray(0, length);
    },

    async remove(sha256, { unusedSinceMs }) {
      const at = await putAt(sha256);
      if (at === undefined) return 'missing';
      if (at >= unusedSinceMs) return 'recent';
      const res = await expect(urlOf(sha256), () => ({ method: 'DELETE' }), [200, 204], `DELETE ${sha256}`);
      await res.body?.cancel();
      return 'removed';
    },

    close() {},
  };
}
