import { describe, expect, test } from 'vitest';
import {
  expireTimeFromPeriod,
  isPastExpiryDate,
  isValidDownloadLimit,
  normalizeDownloadCount,
  validateCustomExpiry,
  validateInviteAccount,
} from './share.ts';

describe('normalizeDownloadCount (spec 002 §5)', () => {
  test.each([
    ['', '', -1, false], // blank = unlimited
    ['   ', '', -1, false],
    ['0', '', -1, false], // leading zeros go, leaving blank
    ['007', '7', 7, false],
    ['01', '1', 1, false],
    ['12a3', '123', 123, false], // digits only
    ['1', '1', 1, false],
    ['999999', '999999', 999999, false], // 6 digits
    ['1000000', '1000000', 1000000, false], // exactly the maximum
    ['1000001', '1000000', 1000000, true], // 7 digits other than 1000000
    ['9999999', '1000000', 1000000, true],
    ['1234567', '1000000', 1000000, true],
    ['12345678', '1000000', 1000000, true], // more than 7 digits
    ['0001000000', '1000000', 1000000, false], // leading zeros stripped first
  ])('%j -> text %j, value %i, forced %s', (input, text, value, forced) => {
    expect(normalizeDownloadCount(input)).toEqual({ text, value, forced });
  });

  test.each([
    [-1, true],
    [1, true],
    [1000000, true],
    [0, false],
    [1000001, false],
    [2.5, false],
    [-2, false],
  ])('isValidDownloadLimit(%d) is %s', (value, expected) => {
    expect(isValidDownloadLimit(value)).toBe(expected);
  });
});

describe('validateCustomExpiry (spec 002 §5)', () => {
  const now = 1_800_000_000;
  test.each([
    [0, undefined], // unlimited
    [3600, undefined], // a preset period
    [2592000, undefined], // the longest preset
    [now - 1, 'linkExpiryWarning'], // an absolute time in the past
    [2592001, 'linkExpiryWarning'], // just above 30 days is an absolute time, long past
    [now, undefined],
    [now + 60, undefined],
  ])('%i -> %s', (expireTime, expected) => {
    expect(validateCustomExpiry(expireTime, now)).toBe(expected);
  });
});

describe('isPastExpiryDate', () => {
  const now = new Date(2026, 5, 15, 12, 0).getTime();
  test.each([
    [new Date(2026, 5, 14, 23, 59).getTime(), true], // yesterday
    [new Date(2026, 5, 15, 0, 0).getTime(), false], // earlier today: the day is still pickable
    [new Date(2026, 5, 16, 9, 0).getTime(), false],
  ])('%i -> %s', (date, expected) => {
    expect(isPastExpiryDate(date, now)).toBe(expected);
  });
});

describe('expireTimeFromPeriod', () => {
  const now = 1_800_000_000;
  test.each([
    [0, 0],
    [3600, now + 3600],
    [2592000, now + 2592000],
    [now + 100, now + 100],
  ])('%i -> %i', (period, expected) => {
    expect(expireTimeFromPeriod(period, now)).toBe(expected);
  });
});

describe('validateInviteAccount (spec 002 §5)', () => {
  test.each([
    ['', { error: 'enterEmailOrPhone' }],
    ['   ', { error: 'enterEmailOrPhone' }],
    ['13800138000', { kind: 'phone', account: '13800138000' }],
    [' 13800138000 ', { kind: 'phone', account: '13800138000' }],
    ['user@example.com', { kind: 'email', account: 'user@example.com' }],
    ['1380013800', { error: 'enterValidEmailOrPhone' }], // 10 digits
    ['138001380001', { error: 'enterValidEmailOrPhone' }], // 12 digits
    ['someone', { error: 'enterValidEmailOrPhone' }],
  ])('%j -> %j', (input, expected) => {
    expect(validateInviteAccount(input)).toEqual(expected);
  });
});
