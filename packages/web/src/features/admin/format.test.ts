import { GIB } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { limitText, pagerTotal } from './format';

describe('console figures', () => {
  test('limits', () => {
    expect(limitText(0, 'Unlimited')).toBe('Unlimited');
    expect(limitText(GIB, 'Unlimited')).toMatch(/1(\.00)? GB/);
  });

  test('the pager shows one more page while more follow', () => {
    expect(pagerTotal(0, 20, true, 20)).toBe(40);
    expect(pagerTotal(20, 5, false, 20)).toBe(25);
  });
});
