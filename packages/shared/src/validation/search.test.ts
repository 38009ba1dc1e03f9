import { describe, expect, test } from 'vitest';
import { cutSearchInput, matchesMemberSearch } from './search.ts';

describe('cutSearchInput', () => {
  test.each([
    ['', ''],
    ['abc', 'abc'],
    ['a'.repeat(30), 'a'.repeat(30)],
    ['a'.repeat(31), 'a'.repeat(30)],
    ['中'.repeat(31), '中'.repeat(30)],
    ['😀'.repeat(31), '😀'.repeat(30)], // never splits a surrogate pair
  ])('%j -> %j', (input, expected) => {
    expect(cutSearchInput(input)).toBe(expected);
  });
});

describe('matchesMemberSearch', () => {
  const member = {
    nick_name: '张三 Zhang',
    pinyin: 'zhangsan',
    phone: '13800138000',
    email: 'San.Zhang@example.com',
  };
  test.each([
    ['', true],
    ['   ', true],
    ['张三', true],
    ['zhang', true], // case-insensitive on the nickname
    ['ZHANGSAN', true], // pinyin
    ['angs', true], // substring
    ['0013', true], // phone
    ['san.zh', true], // email local part
    ['  san  ', true], // trimmed
    ['example', false], // the email domain does not match
    ['李四', false],
  ])('%j -> %s', (query, expected) => {
    expect(matchesMemberSearch(member, query)).toBe(expected);
  });

  test('missing fields are skipped', () => {
    expect(matchesMemberSearch({ name: 'Li Si', email: null }, 'li')).toBe(true);
    expect(matchesMemberSearch({}, 'li')).toBe(false);
  });
});
