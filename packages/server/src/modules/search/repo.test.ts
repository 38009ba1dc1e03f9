import { describe, expect, test } from 'vitest';
import { nameDriver } from './repo.ts';

// Which SQLite index a name search starts from decides its speed over a million names: a scan
// where an index could answer would pass the functional tests and miss the benchmark target.
describe('the index that drives a name search (SQLite)', () => {
  test.each([
    [['report'], false, { index: 'names', match: '{name} : ("report")' }],
    [['report', 'v2'], false, { index: 'names', match: '{name} : ("report")' }],
    [['报告'], false, { index: 'short', match: '{grams} : ("报告")' }],
    [['纪'], false, { index: 'short', match: '{grams} : ("纪")' }],
    // Short Latin terms and digits have an index too: a rare one would otherwise read every name.
    [['v2'], false, { index: 'short', match: '{grams} : ("v2")' }],
    [['jz'], false, { index: 'short', match: '{grams} : ("jz")' }],
    [['x'], false, { index: 'short', match: '{grams} : ("x")' }],
    [['qx', '7', '报'], false, { index: 'short', match: '{grams} : ("qx" AND "7" AND "报")' }],
    // A short term with punctuation implies its letters; one without any has none (a scan).
    [['a.'], false, { index: 'short', match: '{grams} : ("a")' }],
    [['-', 'jz'], false, { index: 'short', match: '{grams} : ("jz")' }],
    [['-'], false, { index: 'scan' }],
    [['.', '_'], false, { index: 'scan' }],
    [['jidu'], true, { index: 'names', match: '("jidu") AND {pinyin initials} : ("jidu")' }],
    [
      ['jidu', '报告书'],
      true,
      { index: 'names', match: '("jidu" AND "报告书") AND {pinyin initials} : ("jidu")' },
    ],
    [['zw', '报告书'], true, { index: 'names', match: '("报告书")' }],
    [['zw'], true, { index: 'short', match: '{initials} : ("zw")' }],
    [['zw', '报告'], true, { index: 'short', match: '{initials} : ("zw") AND {grams} : ("报告")' }],
    [['报告'], true, { index: 'short', match: '{grams} : ("报告")' }],
    [['jz', 'v2'], true, { index: 'short', match: '{initials} : ("jz") AND {grams} : ("v2")' }],
    [
      ['jz', 'x'],
      true,
      {
        index: 'short',
        match: '{initials} : ("jz" OR "x") AND {grams initials} : ("jz") AND {grams initials} : ("x")',
      },
    ],
  ])('%j (pinyin %s)', (terms, pinyin, driver) => {
    expect(nameDriver({ terms, pinyin })).toEqual(driver);
  });
});
