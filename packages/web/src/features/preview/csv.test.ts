import { describe, expect, test } from 'vitest';
import { parseCsv } from './csv';

describe('parseCsv', () => {
  test.each([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['"x, y",z\n', [['x, y', 'z']]],
    ['"say ""hi""",2\n', [['say "hi"', '2']]],
    ['"two\nlines",b\n', [['two\nlines', 'b']]],
    ['a,,c\n', [['a', '', 'c']]],
    ['\ufeffname\n张三\n', [['name'], ['张三']]],
    ['', []],
  ])('%j', (text, rows) => {
    expect(parseCsv(text).rows).toEqual(rows);
  });

  test('tabs for tsv', () => {
    expect(parseCsv('a\tb\n', { delimiter: '\t' }).rows).toEqual([['a', 'b']]);
  });

  test('stops at maxRows and says so', () => {
    expect(parseCsv('1\n2\n3\n', { maxRows: 2 })).toEqual({ rows: [['1'], ['2']], truncated: true });
    expect(parseCsv('1\n2\n', { maxRows: 2 })).toEqual({ rows: [['1'], ['2']], truncated: false });
  });
});
