import { describe, expect, test } from 'vitest';
import { validateFileName } from './file-name.ts';
import { validateTeamName } from './team.ts';
import { isStorableJson, isStorableText, mayHoldUnstorableText } from './text.ts';

describe('texts the server can store as they were sent', () => {
  test.each([
    ['plain', true],
    ['emoji \uD83D\uDE00 (a surrogate pair)', true],
    ['新建文件夹', true],
    ['a\u0000b', false],
    ['lone high \uD800', false],
    ['lone low \uDC00 first', false],
    ['reversed \uDE00\uD83D', false],
  ])('%j: %s', (text, ok) => {
    expect(isStorableText(text)).toBe(ok);
  });

  test('a JSON value is walked, keys included', () => {
    expect(isStorableJson({ a: ['x', { b: 'y' }], n: 1, z: null })).toBe(true);
    expect(isStorableJson({ a: ['x', { b: 'y\u0000' }] })).toBe(false);
    expect(isStorableJson({ 'k\uD800': 1 })).toBe(false);
  });

  test('only a JSON text with a NUL or surrogate escape needs the walk', () => {
    expect(mayHoldUnstorableText(JSON.stringify({ name: 'a\uD800' }))).toBe(true);
    expect(mayHoldUnstorableText(JSON.stringify({ name: 'a\u0000' }))).toBe(true);
    expect(mayHoldUnstorableText(JSON.stringify({ name: 'plain \u00e9 \u4e2d' }))).toBe(false);
  });

  test('names refuse them: a file name is illegalFname, a team name illegalTeam', () => {
    expect(validateFileName('a\uD800.txt', { kind: 'file' })).toBe('illegalFname');
    expect(validateTeamName('Team\u0001One')).toBe('illegalTeam');
    expect(validateTeamName('Team\uDC00One')).toBe('illegalTeam');
    expect(validateTeamName('Team One')).toBeUndefined();
  });
});
