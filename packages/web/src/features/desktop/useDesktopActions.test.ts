import { FULL_MASK, maskOf } from '@cirrus/shared';
import { expect, test } from 'vitest';
import { canEditInDesktop } from './useDesktopActions';

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
