import { describe, expect, test } from 'vitest';
import {
  FILE_TYPE_GROUPS,
  fileTypeGroup,
  isEditable,
  isExecutable,
  isSecdocConvertible,
  normalizeExt,
  TYPE_FILTER_GROUPS,
  webOfficeGroup,
} from './file-types.ts';

describe('fileTypeGroup', () => {
  test.each([
    ['jpg', 'image'],
    ['.PNG', 'image'],
    ['zip', 'zip'],
    ['ts', 'code'],
    ['docx', 'doc'],
    ['wps', 'doc'],
    ['xlsx', 'spreadsheet'],
    ['et', 'spreadsheet'],
    ['csv', 'csv'],
    ['pptx', 'presentation'],
    ['dps', 'presentation'],
    ['txt', 'text'],
    ['pdf', 'pdf'],
    ['mp3', 'audio'],
    ['mp4', 'video'],
    ['', undefined],
    ['xyz', undefined],
  ])('%j -> %s', (ext, expected) => {
    expect(fileTypeGroup(ext)).toBe(expected);
  });

  test('no extension sits in two groups', () => {
    const all = Object.values(FILE_TYPE_GROUPS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('extension rules (spec 001 §3, §4, §5)', () => {
  test.each([
    ['doc', true, true, 'word'],
    ['DOCX', true, true, 'word'],
    ['xls', true, true, 'spreadsheet'],
    ['pptx', true, true, 'presentation'],
    ['wps', false, true, 'word'],
    ['et', false, true, 'spreadsheet'],
    ['dps', false, true, 'presentation'],
    ['pdf', false, false, 'pdf'],
    ['txt', false, false, undefined],
  ])('%s: editable %s, secdoc-convertible %s, web office %s', (ext, editable, convertible, group) => {
    expect(isEditable(ext)).toBe(editable);
    expect(isSecdocConvertible(ext)).toBe(convertible);
    expect(webOfficeGroup(ext)).toBe(group);
  });

  test.each([
    ['exe', true],
    ['.BAT', true],
    ['docx', false],
  ])('isExecutable(%j) -> %s', (ext, expected) => {
    expect(isExecutable(ext)).toBe(expected);
  });

  test('type filter groups', () => {
    expect(TYPE_FILTER_GROUPS).toEqual({
      txt: ['txt'],
      doc: ['doc', 'docx', 'wps'],
      xls: ['xls', 'xlsx', 'et'],
      ppt: ['ppt', 'pptx', 'dps'],
      pdf: ['pdf'],
    });
  });

  test.each([
    ['.DOCX', 'docx'],
    [' pdf ', 'pdf'],
    ['', ''],
  ])('normalizeExt(%j) -> %j', (ext, expected) => {
    expect(normalizeExt(ext)).toBe(expected);
  });
});
