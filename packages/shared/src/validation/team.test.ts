import { describe, expect, test } from 'vitest';
import {
  defaultChatName,
  isChineseChar,
  isTeamDeleteConfirmed,
  validateHistoryLimit,
  validateNotice,
  validateTeamName,
  weightedLength,
} from './team.ts';

describe('weightedLength', () => {
  test.each([
    ['', 0],
    ['abc', 3],
    ['中文', 4],
    ['a中b', 4],
    ['㐀', 2], // extension A
    ['豈', 2], // compatibility ideograph U+F900
    ['，', 1], // full-width punctuation is not an ideograph
    ['😀', 1], // one code point, not two UTF-16 units
  ])('%j weighs %i', (s, expected) => {
    expect(weightedLength(s)).toBe(expected);
  });

  test.each([
    ['\u4e00', true],
    ['\u9fff', true],
    ['\u3400', true],
    ['\u4dbf', true],
    ['\uf900', true],
    ['\ufaff', true],
    ['\u33ff', false],
    ['\ufb00', false],
    ['a', false],
  ])('isChineseChar(%j) is %s', (char, expected) => {
    expect(isChineseChar(char)).toBe(expected);
  });
});

describe('validateTeamName', () => {
  test.each([
    ['', 'noName'],
    ['   ', 'noName'],
    ...['/', '\\', ':', '*', '?', '"', '<', '>', '|', '%'].map((c) => [`team${c}name`, 'illegalTeam']),
    ['a', 'groupLengthTooShort'],
    ['abc', 'groupLengthTooShort'],
    ['  abc  ', 'groupLengthTooShort'], // trimmed first
    ['中', 'groupLengthTooShort'], // 1 Chinese character
    ['中a', 'groupLengthTooShort'],
    ['中ab', 'groupLengthTooShort'],
    ['中文', undefined], // 2 Chinese characters are enough
    ['中文a', undefined],
    ['abcd', undefined],
    ['a'.repeat(41), undefined],
    ['a'.repeat(42), undefined],
    ['a'.repeat(43), 'groupLengthTooLong'],
    ['中'.repeat(21), undefined], // weight 42
    [`${'中'.repeat(20)}a`, undefined], // weight 41
    [`${'中'.repeat(21)}a`, 'groupLengthTooLong'], // weight 43
    ['中'.repeat(22), 'groupLengthTooLong'],
  ] as [string, string | undefined][])('%j -> %s', (name, expected) => {
    expect(validateTeamName(name)).toBe(expected);
  });
});

describe('defaultChatName', () => {
  test('the names joined with 、 while they fit the length rule', () => {
    expect(defaultChatName(['Alice Walker', 'Bob Chen'])).toBe('Alice Walker、Bob Chen');
    const long = 'L'.repeat(20);
    // Three names of 20 do not fit 42: two do (41).
    expect(defaultChatName([long, long, long])).toBe(`${long}、${long}`);
    expect(validateTeamName(defaultChatName([long, long, long]))).toBeUndefined();
    // Chinese characters weigh 2: eight names of two make 39, a ninth would make 44.
    expect(defaultChatName(['张伟', '王芳', '李娜', '刘洋', '陈静', '杨磊', '赵敏', '黄强', '周杰'])).toBe(
      '张伟、王芳、李娜、刘洋、陈静、杨磊、赵敏、黄强',
    );
  });

  test('a name the rules refuse becomes "{name} chat"', () => {
    expect(defaultChatName(['Bo'])).toBe('Bo chat');
    expect(defaultChatName([])).toBe('Chat chat');
  });
});

describe('validateNotice', () => {
  test.each([
    ['', undefined],
    ['a'.repeat(600), undefined],
    ['a'.repeat(601), 'noticeLengthTooLong'],
    ['中'.repeat(300), undefined],
    [`${'中'.repeat(300)}a`, 'noticeLengthTooLong'],
  ])('length %# -> %s', (notice, expected) => {
    expect(validateNotice(notice)).toBe(expected);
  });
});

describe('validateHistoryLimit', () => {
  test.each([
    ['', 'historyLimitInvalid'],
    ['  ', 'historyLimitInvalid'],
    ['abc', 'historyLimitInvalid'],
    ['1.5', 'historyLimitInvalid'],
    ['10.0', 'historyLimitInvalid'],
    ['-1', 'historyLimitInvalid'],
    ['1e2', 'historyLimitInvalid'],
    ['0', undefined],
    ['1', undefined],
    [' 50 ', undefined],
    ['99', undefined],
    ['100', undefined],
    ['101', 'historyLimitInvalid'],
  ])('%j with max 100 -> %s', (input, expected) => {
    expect(validateHistoryLimit(input, 100)).toBe(expected);
  });
});

describe('isTeamDeleteConfirmed', () => {
  test.each([
    ['DEL', true],
    ['del', true],
    ['Del', true],
    [' DEL ', true],
    ['DELETE', false],
    ['DE', false],
    ['', false],
  ])('%j -> %s', (input, expected) => {
    expect(isTeamDeleteConfirmed(input)).toBe(expected);
  });
});
