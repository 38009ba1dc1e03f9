import { expect, test } from 'vitest';
import { desktopClientOf } from './desktop-client';

test.each([
  ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/126.0 Safari/537.36', null],
  ['Mozilla/5.0 (Windows NT 10.0) Chrome/126.0 CirrusDesktop/3.2.1', { version: '3.2.1' }],
  ['Mozilla/5.0 (Macintosh) CirrusDesktop', { version: null }],
])('%s -> %o', (userAgent, expected) => {
  expect(desktopClientOf(userAgent)).toEqual(expected);
});
