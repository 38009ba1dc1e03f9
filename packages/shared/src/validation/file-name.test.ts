import { describe, expect, test } from 'vitest';
import {
  compareFileNames,
  type FileNameOptions,
  isRenameUnchanged,
  maxFileNameLength,
  nameKey,
  splitExt,
  validateFileName,
  withFixedExt,
} from './file-name.ts';

const folder: FileNameOptions = { kind: 'folder', mode: 'create' };

describe('validateFileName: content rules', () => {
  test.each([
    ['', 'fileNameEmpty'],
    ['   ', 'fileNameEmpty'],
    ...['/', '\\', ':', '*', '?', '"', '<', '>', '|'].map((c) => [`a${c}b`, 'illegalFname']),
    // "." and ".." start with a dot: the dot message, not the forbidden-characters one
    ['.', 'illegalDotFname'],
    ['..', 'illegalDotFname'],
    [' .. ', 'illegalDotFname'],
    ['...', 'illegalDotFname'],
    ['a\u0000b', 'illegalFname'],
    ['a\nb', 'illegalFname'],
    ['a\u007fb', 'illegalFname'],
    ['.hidden', 'illegalDotFname'],
    ['  .hidden', 'illegalDotFname'], // trimmed first
    ['a.b', undefined],
    ['report 2026', undefined],
    ['报告', undefined],
    ['a%b', undefined], // % is allowed in file names, unlike team names
  ] as [string, string | undefined][])('%j -> %s', (name, expected) => {
    expect(validateFileName(name, folder)).toBe(expected);
  });
});

describe('validateFileName: length (spec 001 §5)', () => {
  test.each([
    // folders: 249
    ['folder', 248, folder, undefined],
    ['folder', 249, folder, undefined],
    ['folder', 250, folder, 'fileNameLengthExceed'],
    // a full file name without a suffix (the server's check): 249
    ['file, full name', 249, { kind: 'file', mode: 'rename' }, undefined],
    ['file, full name', 250, { kind: 'file', mode: 'rename' }, 'fileNameLengthExceed'],
    // create: base name + dot + 'docx' => 249 - 4 - 1 = 244
    ['create docx', 243, { kind: 'file', mode: 'create', ext: 'docx' }, undefined],
    ['create docx', 244, { kind: 'file', mode: 'create', ext: 'docx' }, undefined],
    ['create docx', 245, { kind: 'file', mode: 'create', ext: 'docx' }, 'fileNameLengthExceed'],
    // rename counts '.docx' (5): the same 244
    ['rename .docx', 244, { kind: 'file', mode: 'rename', ext: '.docx' }, undefined],
    ['rename .docx', 245, { kind: 'file', mode: 'rename', ext: '.docx' }, 'fileNameLengthExceed'],
    ['rename txt', 245, { kind: 'file', mode: 'rename', ext: 'txt' }, undefined],
    ['rename txt', 246, { kind: 'file', mode: 'rename', ext: 'txt' }, 'fileNameLengthExceed'],
  ] as const)('%s: %i characters -> %s', (_label, length, options, expected) => {
    expect(validateFileName('a'.repeat(length), options)).toBe(expected);
  });

  test('Chinese characters count one each', () => {
    expect(validateFileName('文'.repeat(249), folder)).toBeUndefined();
    expect(validateFileName('文'.repeat(250), folder)).toBe('fileNameLengthExceed');
  });

  test.each([
    [folder, 249],
    [{ kind: 'file', mode: 'create', ext: 'xlsx' }, 244],
    [{ kind: 'file', mode: 'create', ext: 'c' }, 247],
    [{ kind: 'file', mode: 'rename', ext: '' }, 249],
  ] as const)('maxFileNameLength(%j) = %i', (options, expected) => {
    expect(maxFileNameLength(options)).toBe(expected);
  });
});

describe('splitExt', () => {
  test.each([
    ['report.docx', 'report', 'docx'],
    ['a.tar.gz', 'a.tar', 'gz'],
    ['README', 'README', ''],
    ['.env', '.env', ''],
    ['notes.', 'notes.', ''],
    ['Photo.JPG', 'Photo', 'JPG'],
  ])('%j -> %j + %j', (name, base, ext) => {
    expect(splitExt(name)).toEqual({ base, ext });
  });
});

describe('isRenameUnchanged', () => {
  test.each([
    ['a.txt', 'a.txt', true],
    ['a.txt', '  a.txt ', true],
    ['a.txt', 'b.txt', false],
    ['a.txt', 'A.txt', false],
  ])('%j vs %j -> %s', (original, input, expected) => {
    expect(isRenameUnchanged(original, input)).toBe(expected);
  });
});

describe('withFixedExt: the name behind an input with a fixed extension suffix', () => {
  test.each([
    ['meeting-notes', 'txt', 'meeting-notes', 'meeting-notes.txt'],
    // typed with the extension: it is not added again (issue: "meeting-notes.txt.txt")
    ['meeting-notes.txt', 'txt', 'meeting-notes', 'meeting-notes.txt'],
    ['  meeting-notes.txt ', 'txt', 'meeting-notes', 'meeting-notes.txt'],
    ['Notes.TXT', 'txt', 'Notes', 'Notes.TXT'],
    ['notes.txt', '.TXT', 'notes', 'notes.txt'],
    // another extension, or the extension without its dot, is part of the name
    ['archive.tar', 'gz', 'archive.tar', 'archive.tar.gz'],
    ['notestxt', 'txt', 'notestxt', 'notestxt.txt'],
    ['.txt', 'txt', '', '.txt'],
    ['report', '', 'report', 'report'],
    [' Photos ', '', 'Photos', 'Photos'],
  ])('%j with %j -> %j, %j', (input, ext, base, fullName) => {
    expect(withFixedExt(input, ext)).toEqual({ base, fullName });
  });
});

describe('the drive order of names', () => {
  test.each([
    ['alpha', 'Zeta'],
    ['Report.txt', 'report.TXT'],
    ['a', 'ab'],
    ['b.txt', '说明.txt'],
    // Code point order, as the database compares name_key: U+10000 and above after U+FFxx.
    ['\u{FF21}', '\u{1F600}'],
    ['\u{E000}', '\u{10000}'],
  ])('%s comes before %s', (a, b) => {
    expect(compareFileNames(a, b)).toBeLessThan(0);
    expect(compareFileNames(b, a)).toBeGreaterThan(0);
  });

  test('a name is keyed case-blind and composed, and equal to itself', () => {
    expect(nameKey('Café.TXT')).toBe(nameKey('cafe\u0301.txt'));
    expect(compareFileNames('report.txt', 'report.txt')).toBe(0);
  });
});
