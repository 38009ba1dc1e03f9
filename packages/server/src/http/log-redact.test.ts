import { describe, expect, test } from 'vitest';
import { redactUrl } from './log-redact.ts';

describe('what the request log keeps of an address', () => {
  test.each([
    ['/v1/legacy/view?link=abc&rand_code=zk3q', '/v1/legacy/view?link=abc&rand_code=[redacted]'],
    ['/cts/reset?token=s3cr3t#top', '/cts/reset?token=[redacted]#top'],
    ['/x?RAND_CODE=a&chkcode=b&keep=1', '/x?RAND_CODE=[redacted]&chkcode=[redacted]&keep=1'],
    ['/api/v3/links/abc?password_hint=1&mytoken=2', '/api/v3/links/abc?password_hint=1&mytoken=2'],
    ['/plain/path', '/plain/path'],
  ])('%s', (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });
});
