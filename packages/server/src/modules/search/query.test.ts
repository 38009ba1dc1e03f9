import { describe, expect, test } from 'vitest';
import { containsPattern } from '../../db/like.ts';
import {
  ftsPhrase,
  impliedNameGrams,
  isInitialsGramTerm,
  isNameGramTerm,
  isTextGramTerm,
  literalRanges,
  mergeRanges,
  nameGramsOf,
  nameRanges,
  nameTermsOf,
  SORT_KEY_LOW,
  searchTerms,
  shortGrams,
  snippetOf,
  sortKeyOf,
  sortKeyRange,
  textGramsOf,
} from './query.ts';

describe('searchTerms', () => {
  test.each([
    ['', []],
    ['   ', []],
    [undefined, []],
    ['Plan', ['plan']],
    ['  plan   2026 ', ['plan', '2026']],
    ['plan PLAN plan', ['plan']],
    ['季度报告', ['季度报告']],
    // spec 000 §5 / 001 §5: cut to 30 characters before anything else.
    [`${'a'.repeat(29)}bc`, [`${'a'.repeat(29)}b`]],
    ['tab\there', ['tab', 'here']],
  ])('%j -> %j', (raw, terms) => {
    expect(searchTerms(raw)).toEqual(terms);
  });
});

describe('sort key', () => {
  test('orders by time first, then id, and stays exact until 2106', () => {
    expect(sortKeyOf(100, 5)).toBeLessThan(sortKeyOf(101, 1));
    expect(sortKeyOf(100, 5)).toBeGreaterThan(sortKeyOf(100, 4));
    expect(Number.isSafeInteger(sortKeyOf(2 ** 32 - 1, 2 ** 31 - 1))).toBe(true);
  });

  test('a date window covers whole seconds at both ends', () => {
    const { min, max } = sortKeyRange(100, 200);
    expect(min).toBe(100 * SORT_KEY_LOW);
    expect(sortKeyOf(200, SORT_KEY_LOW - 1)).toBeLessThanOrEqual(max ?? 0);
    expect(sortKeyOf(201, 0)).toBeGreaterThan(max ?? 0);
    expect(sortKeyRange()).toEqual({ min: undefined, max: undefined });
  });
});

describe('what a name is indexed by', () => {
  test.each([
    [
      'Report.DOCX',
      false,
      {
        name_key: 'report.docx',
        pinyin: '',
        initials: '',
        ext: 'docx',
        grams: 'r re e ep p po o or rt t d do oc c cx x',
        initial_grams: '',
      },
    ],
    [
      '季度报告.xlsx',
      false,
      {
        name_key: '季度报告.xlsx',
        pinyin: 'jidubaogao.xlsx',
        initials: 'jdbg',
        ext: 'xlsx',
        grams: '季 季度 度 度报 报 报告 告 x xl l ls s sx',
        initial_grams: 'j jd d db b bg g',
      },
    ],
    [
      'Archive 2026',
      true,
      {
        name_key: 'archive 2026',
        pinyin: '',
        initials: '',
        ext: '',
        grams: 'a ar r rc c ch h hi i iv v ve e 2 20 0 02 26 6',
        initial_grams: '',
      },
    ],
  ])('%s', (name, isFolder, terms) => {
    expect(nameTermsOf(name, isFolder)).toEqual(terms);
  });

  test('short grams: pairs across a Chinese and a Latin letter, none across punctuation', () => {
    expect(shortGrams('v2报告.md', (ch) => ch.charCodeAt(0) > 127)).toBe('2报 报 报告 告');
    // Names keep every letter and digit and every pair (a rare "jz" or "7" has an index too);
    // content texts only those with a non-ASCII character.
    expect(nameGramsOf('v2报告.md')).toBe('v v2 2 2报 报 报告 告 m md d');
    expect(textGramsOf('v2报告.md')).toBe('2报 报 报告 告');
  });

  test.each([
    ['报告', true, false, true],
    ['报', true, false, true],
    ['a报', true, false, true],
    ['zw', true, true, false],
    ['z', true, true, false],
    ['v2', true, false, false],
    ['7', true, false, false],
    ['报.', false, false, false],
    ['a.', false, false, false],
  ])('short term %s: name grams %s, initials grams %s, text grams %s', (term, name, initials, text) => {
    expect(isNameGramTerm(term)).toBe(name);
    expect(isInitialsGramTerm(term)).toBe(initials);
    expect(isTextGramTerm(term)).toBe(text);
  });

  test('a short term that is no gram itself implies the grams of its letters and digits', () => {
    expect(impliedNameGrams('jz')).toEqual(['jz']);
    expect(impliedNameGrams('a.')).toEqual(['a']);
    expect(impliedNameGrams('报.')).toEqual(['报']);
    expect(impliedNameGrams('-')).toEqual([]);
  });
});

describe('query text', () => {
  test('FTS phrases are quoted, LIKE wildcards escaped', () => {
    expect(ftsPhrase('say "hi"')).toBe('"say ""hi"""');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('highlight ranges', () => {
  test('literal matches, any case, merged', () => {
    expect(literalRanges('Plan plan PLAN', ['plan'])).toEqual([
      [0, 4],
      [5, 9],
      [10, 14],
    ]);
    expect(literalRanges('abcdef', ['abc', 'cde'])).toEqual([[0, 5]]);
    expect(
      mergeRanges([
        [3, 4],
        [0, 2],
        [1, 3],
      ]),
    ).toEqual([[0, 4]]);
  });

  test('pinyin terms mark the Chinese characters they spell', () => {
    expect(nameRanges('张伟的季度报告.docx', ['jidu'])).toEqual([[3, 5]]);
    expect(nameRanges('张伟的季度报告.docx', ['报告'])).toEqual([[5, 7]]);
    expect(nameRanges('季度报告 plan.docx', ['plan', 'baogao'])).toEqual([
      [2, 4],
      [5, 9],
    ]);
  });

  test('ranges count UTF-16 units, as the browser does', () => {
    expect(literalRanges('😀 plan', ['plan'])).toEqual([[3, 7]]);
  });
});

describe('snippets', () => {
  test('around the first match, white space folded, cut with ellipses', () => {
    const text = `${'intro '.repeat(30)}the budget\n\nfor 2026 ${'tail '.repeat(60)}`;
    const snippet = snippetOf(text, ['budget']);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text).toContain('the budget for 2026');
    const [start, end] = snippet.ranges[0];
    expect(snippet.text.slice(start, end)).toBe('budget');
  });

  test('a short text whole; no match: its start', () => {
    expect(snippetOf('Short text', ['zzz'])).toEqual({ text: 'Short text', ranges: [] });
    expect(snippetOf('window', ['win'], { cutStart: true, cutEnd: true }).text).toBe('…window…');
  });
});
