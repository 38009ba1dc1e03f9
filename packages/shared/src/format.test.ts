import { describe, expect, test } from 'vitest';
import {
  bytesToSizeInput,
  formatBadge,
  formatDate,
  formatDateTime,
  formatRelativeTime,
  formatSize,
  SIZE_INPUT_UNITS,
  sizeToBytes,
  spacePercent,
  toMillis,
  unitBytes,
} from './format.ts';

describe('formatSize', () => {
  test.each([
    [0, '0 B'],
    [-5, '0 B'],
    [Number.NaN, '0 B'],
    [1, '1 B'],
    [512, '512 B'],
    [1023, '1023 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1048575, '1.00 MB'], // would round to 1024.00 KB
    [1048576, '1.00 MB'],
    [104857600, '100.00 MB'],
    [1073741824, '1.00 GB'],
    [1.5 * 1024 ** 4, '1.50 TB'],
    [1024 ** 5, '1.00 PB'],
    [1024 ** 6, '1.00 EB'],
    [2048 * 1024 ** 6, '2048.00 EB'], // EB is the last unit
  ])('%d -> %s', (bytes, expected) => {
    expect(formatSize(bytes)).toBe(expected);
  });
});

describe('sizes typed in MB, GB or TB', () => {
  test.each([
    [100, 'MB', 104857600],
    [1.5, 'GB', 1610612736],
    [2, 'TB', 2 * 1024 ** 4],
    [0, 'GB', 0], // 0 stays 0 (where a setting has it: unlimited)
    [0.1, 'MB', 104858], // whole bytes
    [null, 'GB', null], // an empty field
    [undefined, 'MB', null],
    [-1, 'GB', null],
    [Number.POSITIVE_INFINITY, 'TB', null],
  ] as const)('%s %s -> %s bytes', (amount, unit, bytes) => {
    expect(sizeToBytes(amount, unit)).toBe(bytes);
  });

  test.each([
    [104857600, 100, 'MB'],
    [1610612736, 1.5, 'GB'],
    [1024 ** 3, 1, 'GB'],
    [1024 ** 3 - 1, 1, 'GB'], // rounded as formatSize rounds it (1.00 GB)
    [1023 * 1024 ** 2, 1023, 'MB'],
    [1536 * 1024 ** 3, 1.5, 'TB'],
    [5000 * 1024 ** 4, 5000, 'TB'], // TB is the largest unit offered
    [1, 0, 'MB'],
    [0, 0, 'MB'],
    [-5, 0, 'MB'],
  ] as const)('%d bytes -> %s %s', (bytes, amount, unit) => {
    expect(bytesToSizeInput(bytes)).toEqual({ amount, unit });
  });

  test.each([...SIZE_INPUT_UNITS])('a whole number of %s goes there and back', (unit) => {
    for (const amount of [1, 7, 100, 1023]) {
      const back = bytesToSizeInput(sizeToBytes(amount, unit) ?? -1);
      expect(back).toEqual({ amount, unit });
      expect(formatSize(amount * unitBytes(unit))).toBe(`${amount.toFixed(2)} ${unit}`);
    }
  });
});

describe('toMillis', () => {
  test.each([
    [1_700_000_000, 1_700_000_000_000], // seconds
    [1_700_000_000_000, 1_700_000_000_000], // already milliseconds
    [1e12, 1e15], // not above 1e12: seconds
    [0, 0],
  ])('%d -> %d', (mtime, expected) => {
    expect(toMillis(mtime)).toBe(expected);
  });
});

describe('formatRelativeTime', () => {
  // Local times, so the test holds in any time zone.
  const now = new Date(2026, 5, 15, 14, 30, 0).getTime();
  const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0) =>
    new Date(y, mo - 1, d, h, mi, s).getTime();

  test.each([
    [now, 'zh-CN', '刚刚'],
    [now - 59_999, 'en', 'just now'],
    [now + 5_000, 'en', 'just now'], // clock skew
    [now - 60_000, 'en', '1 minute ago'],
    [now - 60_000, 'zh-CN', '1分钟前'],
    [now - 5 * 60_000, 'en', '5 minutes ago'],
    [now - 59 * 60_000 - 59_000, 'zh-CN', '59分钟前'],
    [now - 3_600_000, 'en', 'Today 13:30'],
    [at(2026, 6, 15, 0, 0), 'zh-CN', '今天 00:00'],
    [at(2026, 6, 14, 23, 59), 'en', 'Yesterday 23:59'],
    [at(2026, 6, 14, 0, 0), 'zh-CN', '昨天 00:00'],
    [at(2026, 6, 13, 23, 59), 'en', 'Jun 13 23:59'],
    [at(2026, 6, 13, 23, 59), 'zh-CN', '06-13 23:59'],
    [at(2026, 1, 1, 8, 5), 'zh-CN', '01-01 08:05'],
    [at(2025, 12, 31, 23, 59), 'en', '2025-12-31 23:59'],
    [at(2019, 3, 9, 7, 0), 'zh-CN', '2019-03-09 07:00'],
  ] as const)('%d in %s -> %s', (ts, lang, expected) => {
    expect(formatRelativeTime(ts, now, lang)).toBe(expected);
  });

  test('yesterday across a year boundary', () => {
    const newYear = new Date(2026, 0, 1, 9, 0).getTime();
    expect(formatRelativeTime(new Date(2025, 11, 31, 22, 0).getTime(), newYear, 'en')).toBe(
      'Yesterday 22:00',
    );
  });
});

describe('formatBadge', () => {
  test.each([
    [0, '0'],
    [1, '1'],
    [99, '99'],
    [100, '99+'],
    [12345, '99+'],
    [-3, '0'],
  ])('%d -> %s', (n, expected) => {
    expect(formatBadge(n)).toBe(expected);
  });
});

describe('spacePercent', () => {
  test.each([
    [0, 100, 0, '0.00%', false],
    [1, 1_000_000_000, 0.01, '0.01%', false], // minimum 0.01 when anything is used
    [1, 3, 33.33, '33.33%', false],
    [2, 3, 66.67, '66.67%', false],
    [8999, 10000, 89.99, '89.99%', false],
    [9000, 10000, 90, '90.00%', true], // red at 90 %
    [10000, 10000, 100, '100.00%', true],
    [12000, 10000, 120, '120.00%', true],
    [5, 0, 100, '100.00%', true], // usage without a quota
    [0, 0, 0, '0.00%', false],
  ])('%d of %d -> %d (%s), danger %s', (used, total, percent, text, danger) => {
    expect(spacePercent(used, total)).toEqual({ percent, text, danger });
  });
});

describe('formatDate and formatDateTime', () => {
  const local = new Date(2026, 2, 5, 9, 7, 0);
  test.each([
    [local.getTime(), '2026-03-05', '2026-03-05 09:07'],
    [local.getTime() / 1000, '2026-03-05', '2026-03-05 09:07'], // seconds
    [local, '2026-03-05', '2026-03-05 09:07'],
    ['not a date', '', ''],
  ])('%j -> %s / %s', (ts, date, dateTime) => {
    expect(formatDate(ts)).toBe(date);
    expect(formatDateTime(ts)).toBe(dateTime);
  });
});
