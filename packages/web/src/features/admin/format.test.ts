import { GIB } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { bytesToGb, gbToBytes, limitText, pagerTotal } from './format';

describe('console figures', () => {
  test.each([
    ['', null],
    [null, null],
    [0, 0],
    [1.5, 1.5 * GIB],
    [-1, null],
  ] as const)('%j GB is %j bytes', (gb, bytes) => {
    expect(gbToBytes(gb)).toBe(bytes);
  });

  test('bytes back to GB, and limits', () => {
    expect(bytesToGb(10 * GIB)).toBe(10);
    expect(bytesToGb(null)).toBeNull();
    expect(limitText(0, 'Unlimited')).toBe('Unlimited');
    expect(limitText(GIB, 'Unlimited')).toMatch(/1(\.00)? GB/);
  });

  test('the pager shows one more page while more follow', () => {
    expect(pagerTotal(0, 20, true, 20)).toBe(40);
    expect(pagerTotal(20, 5, false, 20)).toBe(25);
  });
});
