import { expect, test } from 'vitest';
import { loadConfig } from './config.ts';

test('a port or blob store the server cannot use is said at once, by name', () => {
  expect(loadConfig({ DATA_DIR: '/tmp/x' }).port).toBe(8080);
  expect(loadConfig({ DATA_DIR: '/tmp/x', PORT: '0' }).port).toBe(0);
  for (const PORT of ['abc', '8080x', '-1', '70000', '80.5'])
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', PORT })).toThrow(/^PORT must be a port number/);
  expect(loadConfig({ DATA_DIR: '/tmp/x', BLOB_STORE: 'fs' }).blobStore).toBe('fs');
  expect(() => loadConfig({ DATA_DIR: '/tmp/x', BLOB_STORE: 'S3' })).toThrow(/^BLOB_STORE must be fs or s3/);
});
