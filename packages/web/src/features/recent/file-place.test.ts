import { describe, expect, test } from 'vitest';
import { folderOf, locationOf, openAddress } from './file-place';

describe('where a file lives', () => {
  test.each([
    ['private', { area: 'mine', folderId: 4 }],
    ['tmp', { area: 'uploads', folderId: 4 }],
    ['group', { area: 'team', gid: 9, folderId: 4 }],
  ] as const)('file_src_type %s is the %j area', (type, location) => {
    expect(locationOf({ file_src_type: type, groupid: 9 }, 4)).toEqual(location);
  });

  test('a file opens its folder, a folder itself', () => {
    const base = { file_src_type: 'group' as const, groupid: 9, parentid: 3, id: 12 };
    expect(openAddress({ ...base, ftype: 'file' })).toBe('/pcview/drive/group/9/3');
    expect(openAddress({ ...base, ftype: 'folder' })).toBe('/pcview/drive/group/9/12');
    expect(openAddress({ ...base, file_src_type: 'private', ftype: 'file', parentid: 0 })).toBe(
      '/pcview/drive',
    );
  });

  test.each([
    ['/plan.docx', ''],
    ['/Reports/2026/plan.docx', '/Reports/2026'],
  ])('the folder of %s is %j', (path, folder) => {
    expect(folderOf(path)).toBe(folder);
  });
});
