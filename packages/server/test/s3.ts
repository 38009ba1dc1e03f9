import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'cirrus-test';

export interface TestS3 {
  /** The settings that point the server at it (config.ts). */
  env: Record<string, string>;
  where: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  /** The files the store keeps for an object, to break one in a test. */
  objectDir(key: string): string;
  close(): Promise<void>;
}

/**
 * An S3-compatible server for the tests of BLOB_STORE=s3: s3rver, which speaks the S3 protocol over
 * HTTP and keeps objects in a temp dir. It does not check V4 signatures; the signing is aws4fetch's.
 */
export async function startTestS3(): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'cirrus-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = await server.run();
  const where = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket: TEST_BUCKET,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  return {
    where,
    env: {
      BLOB_STORE: 's3',
      S3_ENDPOINT: where.endpoint,
      S3_BUCKET: where.bucket,
      S3_REGION: where.region,
      S3_ACCESS_KEY_ID: where.accessKeyId,
      S3_SECRET_ACCESS_KEY: where.secretAccessKey,
    },
    objectDir: (key) => path.join(directory, TEST_BUCKET, key),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
