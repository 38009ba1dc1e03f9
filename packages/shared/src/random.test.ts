import { describe, expect, test } from 'vitest';
import { randomInt, randomString } from './random.ts';

describe('randomInt', () => {
  test.each([1, 2, 7, 9000, 2 ** 32])('stays within [0, %i)', (max) => {
    for (let i = 0; i < 500; i++) {
      const n = randomInt(max);
      expect(Number.isInteger(n) && n >= 0 && n < max).toBe(true);
    }
  });

  test('reaches every value of a small range', () => {
    const seen = new Set(Array.from({ length: 500 }, () => randomInt(6)));
    expect(seen.size).toBe(6);
  });

  test.each([0, -1, 1.5, 2 ** 32 + 1])('rejects bound %d', (max) => {
    expect(() => randomInt(max)).toThrow(RangeError);
  });
});

describe('randomString', () => {
  test('draws only from the alphabet', () => {
    expect(randomString(64, 'ab')).toMatch(/^[ab]{64}$/);
    expect(randomString(0, 'ab')).toBe('');
  });
});
