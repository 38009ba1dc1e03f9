import { expect, test } from 'vitest';
import { DEFAULT_SORT } from './queries';
import { isFileSort, nextSort, readSort, saveSort } from './sorting';

test.each([
  [{ orderby: 'mtime', order: 'desc' }, 'mtime', { orderby: 'mtime', order: 'asc' }],
  [{ orderby: 'mtime', order: 'asc' }, 'mtime', { orderby: 'mtime', order: 'desc' }],
  [{ orderby: 'mtime', order: 'desc' }, 'name', { orderby: 'name', order: 'asc' }],
  [{ orderby: 'name', order: 'asc' }, 'size', { orderby: 'size', order: 'desc' }],
] as const)('from %j a click on %s sorts %j', (current, field, expected) => {
  expect(nextSort(current, field)).toEqual(expected);
});

test('the default is newest first (spec 001 §4), and a saved choice comes back', () => {
  window.localStorage.clear();
  expect(readSort()).toEqual(DEFAULT_SORT);
  expect(DEFAULT_SORT).toEqual({ orderby: 'mtime', order: 'desc' });
  saveSort({ orderby: 'size', order: 'asc' });
  expect(readSort()).toEqual({ orderby: 'size', order: 'asc' });
  window.localStorage.setItem('cirrus.drive.sort', '{"orderby":"owner","order":"asc"}');
  expect(readSort()).toEqual(DEFAULT_SORT);
  expect(isFileSort(null)).toBe(false);
});
