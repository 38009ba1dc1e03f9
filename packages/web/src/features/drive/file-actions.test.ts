import { type FileRecord, maskOf } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { actionsFor } from './file-actions';

const file = (
  fname: string,
  openType: FileRecord['openType'],
  acl = maskOf('read', 'update', 'download', 'rename'),
): FileRecord =>
  ({
    id: 1,
    fname,
    extname: fname.split('.').pop() ?? '',
    ftype: 'file',
    fsize: 100,
    openType,
    user_acl: acl,
    user_role: 'member',
    filelock: null,
  }) as unknown as FileRecord;

describe("actionsFor: Edit (the record's openType, which the server derives with shared isEditableText)", () => {
  test('a file the viewer edits (openType editOnline) that the user may update', () => {
    for (const name of ['notes.txt', 'README.md', 'main.py', 'table.csv'])
      expect(actionsFor([file(name, 'editOnline')]), name).toContain('edit');
  });

  test('not another file, not without update, not two at once', () => {
    for (const name of ['notes.txt', 'photo.png', 'plan.docx'])
      expect(actionsFor([file(name, null)]), name).not.toContain('edit');
    expect(actionsFor([file('notes.txt', 'editOnline', maskOf('read', 'download'))])).not.toContain('edit');
    expect(actionsFor([file('a.txt', 'editOnline'), file('b.txt', 'editOnline')])).not.toContain('edit');
  });
});
