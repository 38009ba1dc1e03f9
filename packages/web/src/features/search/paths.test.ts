import { PAGE_SIZE_SEARCH_FILES } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import {
  fileFolderPath,
  fileSearchRequest,
  filtersFromSearch,
  searchAllPath,
  searchAreaOf,
  searchKeywordOf,
  searchListPath,
  searchOfFilters,
} from './paths';

describe('search routes (spec 001 §2)', () => {
  test.each([
    ['/pcview/drive/group/3', 'drive'],
    ['/pcview/contacts', 'contacts'],
    ['/pcview/search/plan', 'drive'],
    ['/pcview', 'drive'],
  ])('the area of %s is %s', (pathname, area) => {
    expect(searchAreaOf(pathname)).toBe(area);
  });

  test.each([
    ['/pcview/search/%E5%91%A8%E6%8A%A5', '周报'],
    ['/pcview/drive/search/file/a%2Fb', 'a/b'],
    ['/pcview/contacts/search/member/li', 'li'],
    ['/pcview/search', ''],
    ['/pcview/drive/search/file/', ''],
    ['/pcview/drive/group/3', undefined],
    ['/pcview/drive/search/other/x', undefined],
    ['/pcview/search/%E0%A4', undefined],
  ])('the search box shows the keyword of %s: %s', (pathname, keyword) => {
    expect(searchKeywordOf(pathname)).toBe(keyword);
  });

  test('paths encode the keyword; the file page keeps a query string', () => {
    expect(searchAllPath('季度 报告')).toBe('/pcview/search/%E5%AD%A3%E5%BA%A6%20%E6%8A%A5%E5%91%8A');
    expect(searchListPath('drive', 'team', 'a/b')).toBe('/pcview/drive/search/team/a%2Fb');
    expect(searchListPath('contacts', 'file', 'x', '?adv=1')).toBe('/pcview/contacts/search/file/x?adv=1');
  });

  test('a found file opens in its folder, highlighted', () => {
    const personal = { mine: 1, uploads: 2 };
    expect(fileFolderPath({ fileid: 9, groupid: 1, parentid: 0 }, personal)).toBe(
      '/pcview/drive?highlight=9',
    );
    expect(fileFolderPath({ fileid: 9, groupid: 7, parentid: 5 }, personal)).toBe(
      '/pcview/drive/group/7/5?highlight=9',
    );
  });
});

describe('the advanced form in the query string', () => {
  test('round trip', () => {
    const filters = {
      fname: 'plan',
      body: 'budget',
      groupids: [3, 4],
      type: ['doc' as const, 'pdf' as const],
      from: 100,
      to: 200,
    };
    expect(filtersFromSearch(searchOfFilters(filters))).toEqual({ adv: true, filters });
  });

  test('junk is dropped', () => {
    expect(filtersFromSearch('?groupids=a,-1,5&type=exe,txt&from=x')).toEqual({
      adv: false,
      filters: { groupids: [5], type: ['txt'] },
    });
  });

  test.each([
    [
      'plan',
      '',
      true,
      { mode: 'base', query: { searchname: 'plan', count: PAGE_SIZE_SEARCH_FILES }, empty: false },
    ],
    ['', '', true, { mode: 'base', query: { searchname: '', count: PAGE_SIZE_SEARCH_FILES }, empty: true }],
    // allow_advanced_search off: the base call, whatever the query string says.
    [
      'plan',
      '?adv=1&body=x',
      false,
      { mode: 'base', query: { searchname: 'plan', count: PAGE_SIZE_SEARCH_FILES }, empty: false },
    ],
    [
      'plan',
      '?adv=1&body=budget&type=doc&groupids=3',
      true,
      {
        mode: 'adv',
        query: {
          count: PAGE_SIZE_SEARCH_FILES,
          fname: 'plan',
          body: 'budget',
          groupids: '3',
          exts: 'doc,docx,wps',
        },
        empty: false,
      },
    ],
    [
      '',
      '?adv=1&body=budget',
      true,
      { mode: 'adv', query: { count: PAGE_SIZE_SEARCH_FILES, body: 'budget' }, empty: false },
    ],
  ])('%s %s (advanced allowed: %s)', (keyword, search, allowed, request) => {
    expect(fileSearchRequest(keyword, search, allowed)).toEqual(request);
  });
});
