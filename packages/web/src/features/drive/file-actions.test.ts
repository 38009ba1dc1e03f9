import { type FileRecord, maskOf, TEXT_EDIT_MAX_BYTES } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { actionsFor } from './file-actions';

const file = (
  fname: string,
  fsize: number,
  acl = maskOf('read', 'update', 'download', 'rename'),
): FileRecord =>
  ({
    id: 1,
    fname,
    extname: fname.split('.').pop() ?? '',
    ftype: 'file',
    fsize,
    user_acl: acl,
    user_role: 'member',
    filelock: null,
  }) as unknown as FileRecord;

describe('actionsFor: Edit (the viewer edits text, shared isEditableText)', () => {
  test('a text, Markdown, code or CSV file of up to 1 MiB that the user may update', () => {
    for (const name of ['notes.txt', 'README.md', 'main.py', 'table.csv'])
      expect(actionsFor([file(name, 100)]), name).toContain('edit');
    expect(actionsFor([file('notes.txt', TEXT_EDIT_MAX_BYTES)])).toContain('edit');
  });

  test('not a larger one, not other kinds, not without update, not two at once', () => {
    expect(actionsFor([file('notes.txt', TEXT_EDIT_MAX_BYTES + 1)])).not.toContain('edit');
    for (const name of ['photo.png', 'report.pdf', 'plan.docx'])
      expect(actionsFor([file(name, 100)]), name).not.toContain('edit');
    expect(actionsFor([file('notes.txt', 100, maskOf('read', 'download'))])).not.toContain('edit');
    expect(actionsFor([file('a.txt', 1), file('b.txt', 1)])).not.toContain('edit');
  });
});
