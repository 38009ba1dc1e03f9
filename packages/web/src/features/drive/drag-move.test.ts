import { type FileRecord, FULL_MASK, type PermissionName, permissionBit } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { draggedFiles, folderRowTarget, mayDrag, mayDropInto } from './drag-move';

const maskWithout = (name: PermissionName) => FULL_MASK & ~permissionBit(name);

function record(id: number, ftype: 'file' | 'folder', user_acl = FULL_MASK): FileRecord {
  return { id, fileid: id, fname: `n${id}`, ftype, user_acl } as unknown as FileRecord;
}

describe('moving rows by dragging them', () => {
  const files = [record(1, 'folder'), record(2, 'file'), record(3, 'file'), record(4, 'folder')];

  test('a selected row takes the whole selection along; another row goes alone', () => {
    const selected = new Set([2, 3]);
    expect(draggedFiles(files[1], selected, files).map((f) => f.id)).toEqual([2, 3]);
    expect(draggedFiles(files[0], selected, files).map((f) => f.id)).toEqual([1]);
  });

  test('rows may be dragged only when each of them may be moved', () => {
    expect(mayDrag([files[1], files[2]])).toBe(true);
    expect(mayDrag([files[1], record(5, 'file', maskWithout('move'))])).toBe(false);
    expect(mayDrag([])).toBe(false);
  });

  test('a drop lands in another folder, never in the rows’ own folder or a dragged folder', () => {
    const move = { from: { gid: 7, folderId: 0 }, ids: [1, 2] };
    expect(mayDropInto(move, { gid: 7, folderId: 4 })).toBe(true);
    expect(mayDropInto(move, { gid: 7, folderId: 0 })).toBe(false);
    expect(mayDropInto(move, { gid: 7, folderId: 1 })).toBe(false);
    // The root of another space is another folder.
    expect(mayDropInto(move, { gid: 8, folderId: 0 })).toBe(true);
    expect(mayDropInto(undefined, { gid: 7, folderId: 4 })).toBe(false);
  });

  test('a folder row takes drops only where the user may upload', () => {
    expect(folderRowTarget(files[3], 7)).toEqual({ gid: 7, folderId: 4 });
    expect(folderRowTarget(files[1], 7)).toBeUndefined();
    expect(folderRowTarget(record(6, 'folder', maskWithout('upload')), 7)).toBeUndefined();
  });
});
