import { describe, expect, test } from 'vitest';
import { widensLink } from './policy.ts';

const link = {
  ranges: 'company',
  permission: 'download',
  expire_time: 2_000_000,
  download_limits: 10,
  download_count: 4,
  chkcode: 'sealed',
};

describe('widensLink', () => {
  test('a wider range, a higher permission, the code taken off', () => {
    expect(widensLink(link, { ranges: 'anyone' })).toBe(true);
    expect(widensLink(link, { ranges: 'group' })).toBe(false);
    expect(widensLink(link, { permission: 'write' })).toBe(true);
    expect(widensLink(link, { permission: 'read' })).toBe(false);
    expect(widensLink(link, { chkcode: '' })).toBe(true);
    expect(widensLink({ ...link, chkcode: '' }, { chkcode: '' })).toBe(false);
    expect(widensLink(link, {})).toBe(false);
  });

  test('a later or no expiry; an expiry on a link that had none narrows it', () => {
    expect(widensLink(link, { expire_time: 0 })).toBe(true);
    expect(widensLink(link, { expire_time: 2_000_001 })).toBe(true);
    expect(widensLink(link, { expire_time: 1_999_999 })).toBe(false);
    expect(widensLink({ ...link, expire_time: 0 }, { expire_time: 2_000_000 })).toBe(false);
  });

  test('more downloads left than now (6 of 10 left here), or no limit', () => {
    expect(widensLink(link, { download_limits: -1 })).toBe(true);
    expect(widensLink(link, { download_limits: 7 })).toBe(true);
    expect(widensLink(link, { download_limits: 6 })).toBe(false);
    expect(widensLink({ ...link, download_limits: -1 }, { download_limits: 1000 })).toBe(false);
  });
});
