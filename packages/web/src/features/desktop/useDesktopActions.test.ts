import { FULL_MASK, maskOf } from '@cirrus/shared';
import { expect, test } from 'vitest';
import { canEditInDesktop } from './useDesktopActions';
import { desktopDownloadItems } from './useDesktopDownload';

const file = (extname: string, user_acl = FULL_MASK, ftype: 'file' | 'folder' = 'file') => ({
  ftype,
  extname,
  user_acl,
});

// spec 001 §5: editable types doc, docx, xls, xlsx, ppt, pptx; with the update permission.
test.each([
  ['a docx the user may change', [file('docx')], true],
  ['an upper-case XLSX', [file('XLSX')], true],
  ['a pptx', [file('pptx')], true],
  ['a docx the user may only read', [file('docx', maskOf('read', 'download'))], false],
  ['a text file', [file('txt')], false],
  ['a pdf', [file('pdf')], false],
  ['a folder', [file('', FULL_MASK, 'folder')], false],
  ['two documents', [file('docx'), file('xlsx')], false],
])('%s: %s', (_what, files, editable) => {
  expect(canEditInDesktop(files)).toBe(editable);
});

test('a download hands the client each item with its kind and size (a folder: 0, the client walks it)', () => {
  expect(
    desktopDownloadItems([
      { id: 3, fname: 'a.txt', ftype: 'file', fsize: 12 },
      { id: 4, fname: 'Photos', ftype: 'folder', fsize: 4096 },
      { id: 5, fname: 'shared.pdf', ftype: 'sharefile', fsize: 7 },
    ]),
  ).toEqual([
    { fileid: 3, fname: 'a.txt', ftype: 'file', fsize: 12 },
    { fileid: 4, fname: 'Photos', ftype: 'folder', fsize: 0 },
    { fileid: 5, fname: 'shared.pdf', ftype: 'file', fsize: 7 },
  ]);
});
