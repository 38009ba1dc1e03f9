import { describe, expect, test } from 'vitest';
import { expiryChoiceOf, isAbsoluteExpiry, linkAddress, remainingOf, shareText } from './link-text';

describe('link texts', () => {
  test('address and copied text', () => {
    const address = linkAddress('https://drive.example.com', '/l/AbCdEfGhIjKlMnOpQrStUv');
    expect(address).toBe('https://drive.example.com/l/AbCdEfGhIjKlMnOpQrStUv');
    expect(shareText(address, '', 'Access code')).toBe(address);
    expect(shareText(address, 'k7m2', 'Access code')).toBe(`${address} Access code: k7m2`);
  });

  test.each([
    [{ expire_period: 0, expire_time: 0 }, 0],
    [{ expire_period: 3600, expire_time: 1000 }, 3600],
    [{ expire_period: 2592000, expire_time: 1000 }, 2592000],
    [{ expire_period: 1_900_000_000, expire_time: 1_900_000_000 }, 'custom'],
    [{ expire_period: 1234, expire_time: 1000 }, 'custom'],
  ])('expiry choice of %j is %s', (link, choice) => {
    expect(expiryChoiceOf(link)).toBe(choice);
  });

  test('absolute expiry and remaining downloads', () => {
    expect(isAbsoluteExpiry(2592000)).toBe(false);
    expect(isAbsoluteExpiry(2592001)).toBe(true);
    expect(remainingOf(-1)).toBe('unlimited');
    expect(remainingOf(0)).toBe(0);
    expect(remainingOf(7)).toBe(7);
  });
});
