import { describe, expect, test } from 'vitest';
import {
  historyPreviewPath,
  linkFolderOf,
  linkPreviewPath,
  linkViewPath,
  neighborPath,
  previewPath,
  recyclePreviewPath,
  sortFromSearch,
  sourceOf,
} from './paths';

describe('preview addresses', () => {
  test('paths', () => {
    expect(previewPath(12)).toBe('/p/12');
    expect(previewPath(12, { orderby: 'name', order: 'asc' })).toBe('/p/12?orderby=name&order=asc');
    expect(recyclePreviewPath(7)).toBe('/view/p/7');
    expect(historyPreviewPath(12, 40)).toBe('/p/12?history=40');
    expect(linkPreviewPath('aB3_x', { fileid: 4, randCode: 'k2' })).toBe('/l/aB3_x?fileid=4&rand_code=k2');
    expect(linkViewPath('aB3_x', 4)).toBe('/l/aB3_x?fileid=4&view=1');
    expect(linkViewPath('aB3_x', 4, { randCode: 'k2', parentid: 31 })).toBe(
      '/l/aB3_x?fileid=4&rand_code=k2&parentid=31&view=1',
    );
  });

  test('previous and next open the way the file was reached', () => {
    const byName = { orderby: 'name', order: 'asc' } as const;
    expect(neighborPath({ fileid: 12 }, 13, byName)).toBe('/p/13?orderby=name&order=asc');
    expect(neighborPath({ link: 'aB3_x', fileid: 4, rand_code: 'k2' }, 5)).toBe(
      '/l/aB3_x?fileid=5&rand_code=k2&view=1',
    );
    expect(neighborPath({ link: 'aB3_x', fileid: 4 }, 5, undefined, 31)).toBe(
      '/l/aB3_x?fileid=5&parentid=31&view=1',
    );
  });

  test.each([
    ['?parentid=31&rand_code=k2', 31],
    ['', undefined],
    ['?parentid=0', undefined],
    ['?parentid=x1', undefined],
  ] as const)('the link page at %s has subfolder %s open', (search, parentid) => {
    expect(linkFolderOf(new URLSearchParams(search))).toBe(parentid);
  });

  test.each([
    ['file', '12', '', { fileid: 12 }],
    ['shared', '12', '', { fileid: 12 }],
    ['recycle', '12', '', { fileid: 12, recycle: true }],
    ['file', '12a', '', undefined],
    ['file', '0', '', undefined],
    ['file', '12', '?history=40', { fileid: 12, history: 40 }],
    ['file', '12', '?history=x', undefined],
    ['shared', '12', '?history=40', { fileid: 12 }],
    ['link', 'aB3_x', '?rand_code=k2&fileid=9', { link: 'aB3_x', fileid: 9, rand_code: 'k2' }],
    ['link', 'bad sid', '', undefined],
  ] as const)('%s %s%s', (kind, param, search, expected) => {
    expect(sourceOf(kind, param, new URLSearchParams(search))).toEqual(expected);
  });

  test('the list order only when both parts are valid', () => {
    expect(sortFromSearch(new URLSearchParams('orderby=size&order=desc'))).toEqual({
      orderby: 'size',
      order: 'desc',
    });
    expect(sortFromSearch(new URLSearchParams('orderby=evil&order=desc'))).toBeUndefined();
    expect(sortFromSearch(new URLSearchParams('orderby=name'))).toBeUndefined();
  });
});
