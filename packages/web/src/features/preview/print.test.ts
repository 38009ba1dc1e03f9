import { expect, test } from 'vitest';
import { isPrintShortcut } from './print';

const key = (
  k: string,
  mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {},
) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

test.each([
  [key('p', { ctrlKey: true }), true],
  [key('P', { ctrlKey: true }), true],
  [key('p', { metaKey: true }), true],
  [key('p'), false],
  [key('p', { ctrlKey: true, shiftKey: true }), false],
  [key('o', { ctrlKey: true }), false],
])('%j is the print shortcut: %s', (event, expected) => {
  expect(isPrintShortcut(event)).toBe(expected);
});
