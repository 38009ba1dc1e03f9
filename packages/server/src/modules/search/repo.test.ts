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
    [['v2'], false, { index: 'scan' }],
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
  ])('%j (pinyin %s)', (terms, pinyin, driver) => {
    expect(nameDriver({ terms, pinyin })).toEqual(driver);
  });
});
