import { describe, expect, test } from 'vitest';
import { buildCrumbs, collapseCrumbs, collapseToLast, parentCrumb, pathIsOf } from './crumbs';
import { drivePath, locationFromRoute, locationOfFolder, parseId } from './location';

describe('drive addresses (spec 001 §2)', () => {
  test.each([
    [{ area: 'mine', folderId: 0 } as const, '/pcview/drive'],
    [{ area: 'mine', folderId: 12 } as const, '/pcview/drive/folder/12'],
    [{ area: 'uploads', folderId: 0 } as const, '/pcview/drive/tmp'],
    [{ area: 'uploads', folderId: 5 } as const, '/pcview/drive/tmp/5'],
    [{ area: 'team', gid: 3, folderId: 0 } as const, '/pcview/drive/group/3'],
    [{ area: 'team', gid: 3, folderId: 40 } as const, '/pcview/drive/group/3/40'],
  ])('%j lives at %s', (location, path) => {
    expect(drivePath(location)).toBe(path);
  });

  test('routes parse back to locations; ids that are not ids are not found', () => {
    expect(locationFromRoute('team', { gid: '3', fid: '40' })).toEqual({
      area: 'team',
      gid: 3,
      folderId: 40,
    });
    expect(locationFromRoute('mine', {})).toEqual({ area: 'mine', folderId: 0 });
    expect(locationFromRoute('team', { gid: 'x' })).toBeUndefined();
    expect(locationFromRoute('mine', { fid: '0' })).toBeUndefined();
    expect(locationFromRoute('mine', { fid: '12abc' })).toBeUndefined();
  });

  test.each([
    ['1', 1],
    ['2147483647', 2147483647],
    ['2147483648', undefined],
    ['007', undefined],
    ['-1', undefined],
    [undefined, undefined],
  ])('parseId(%s) = %s', (segment, id) => {
    expect(parseId(segment)).toBe(id);
  });

  test('a folder given by space id finds its area', () => {
    const personal = { mine: 1, uploads: 2 };
    expect(locationOfFolder({ gid: 1, folderId: 9 }, personal)).toEqual({ area: 'mine', folderId: 9 });
    expect(locationOfFolder({ gid: 2, folderId: 0 }, personal)).toEqual({ area: 'uploads', folderId: 0 });
    expect(locationOfFolder({ gid: 7, folderId: 3 }, personal)).toEqual({
      area: 'team',
      gid: 7,
      folderId: 3,
    });
  });
});

describe('breadcrumb (spec 001 §2)', () => {
  test("a folder's path lends its names only to the address of its own space", () => {
    const team = { id: 3, type: 3 as const };
    expect(pathIsOf({ area: 'team', gid: 3, folderId: 5 }, team)).toBe(true);
    expect(pathIsOf({ area: 'team', gid: 2, folderId: 5 }, team)).toBe(false);
    expect(pathIsOf({ area: 'mine', folderId: 5 }, team)).toBe(false);
    expect(pathIsOf({ area: 'mine', folderId: 5 }, { id: 9, type: 'special' })).toBe(true);
    expect(pathIsOf({ area: 'uploads', folderId: 5 }, { id: 9, type: 'special' })).toBe(false);
    expect(pathIsOf({ area: 'team', gid: 9, folderId: 5 }, { id: 9, type: 'special' })).toBe(true);
    expect(pathIsOf({ area: 'uploads', folderId: 5 }, { id: 10, type: 'tmp' })).toBe(true);
  });

  const labels = { mine: 'My drive', uploads: 'Uploaded files', team: 'Design' };
  const path = [
    { fileid: 4, fname: 'A', parentid: 0, ftype: 'folder' as const },
    { fileid: 5, fname: 'B', parentid: 4, ftype: 'folder' as const },
  ];
  const names = (crumbs: { label: string }[]) => crumbs.map((c) => c.label);

  test('my drive is the root; the uploaded files are a second crumb', () => {
    expect(names(buildCrumbs({ area: 'mine', folderId: 0 }, labels, []))).toEqual(['My drive']);
    expect(names(buildCrumbs({ area: 'uploads', folderId: 0 }, labels, []))).toEqual([
      'My drive',
      'Uploaded files',
    ]);
  });

  test('a team folder: the team name, then the folders down to it', () => {
    const crumbs = buildCrumbs({ area: 'team', gid: 3, folderId: 5 }, labels, path);
    expect(names(crumbs)).toEqual(['Design', 'A', 'B']);
    expect(crumbs[1].to).toBe('/pcview/drive/group/3/4');
  });

  test('crumbs name their folders once the space ids are known, for dropping rows on them', () => {
    const team = buildCrumbs({ area: 'team', gid: 3, folderId: 5 }, labels, path, { current: 3 });
    expect(team.map((c) => c.folder)).toEqual([
      { gid: 3, folderId: 0 },
      { gid: 3, folderId: 4 },
      { gid: 3, folderId: 5 },
    ]);
    const uploads = buildCrumbs({ area: 'uploads', folderId: 0 }, labels, [], {
      current: 11,
      personal: { mine: 10, uploads: 11 },
    });
    expect(uploads.map((c) => c.folder)).toEqual([
      { gid: 10, folderId: 0 },
      { gid: 11, folderId: 0 },
    ]);
    // Before the ids arrive a crumb is a link only.
    expect(buildCrumbs({ area: 'mine', folderId: 0 }, labels, [])[0].folder).toBeUndefined();
  });

  // spec 001 §2: "The desktop client adds an all-files crumb at the start".
  const inClient = { ...labels, allFiles: 'All files' };
  test.each([
    [{ area: 'mine', folderId: 0 }, [], ['All files', 'My drive']],
    [{ area: 'uploads', folderId: 0 }, [], ['All files', 'My drive', 'Uploaded files']],
    [{ area: 'team', gid: 3, folderId: 5 }, path, ['All files', 'Design', 'A', 'B']],
  ] as const)('inside the desktop client %j starts with all files: %j', (location, folders, trail) => {
    const crumbs = buildCrumbs(location, inClient, folders);
    expect(names(crumbs)).toEqual(trail);
    // It opens the drive's root, and is no folder to drop rows on.
    expect(crumbs[0]).toEqual({ key: 'all', label: 'All files', to: '/pcview/drive' });
    expect(names(buildCrumbs(location, labels, folders))).toEqual(trail.slice(1));
  });

  test.each([
    [{ area: 'mine', folderId: 0 }, undefined],
    [{ area: 'uploads', folderId: 0 }, 'My drive'],
    [{ area: 'team', gid: 3, folderId: 0 }, 'All files'],
    [{ area: 'team', gid: 3, folderId: 5 }, 'A'],
  ] as const)('inside the desktop client the back link of %j goes to %s', (location, parent) => {
    expect(parentCrumb(buildCrumbs(location, inClient, location.folderId ? path : []))?.label).toBe(parent);
  });

  test('long trails keep the first and the last three; the rest go to the ellipsis menu', () => {
    const crumbs = ['r', 'a', 'b', 'c', 'd', 'e'].map((label) => ({ key: label, label, to: label }));
    const { shown, hidden } = collapseCrumbs(crumbs);
    expect(names(shown)).toEqual(['r', 'c', 'd', 'e']);
    expect(names(hidden)).toEqual(['a', 'b']);
    expect(collapseCrumbs(crumbs.slice(0, 5)).hidden).toEqual([]);
  });

  test("a phone's trail shows the current folder; the rest go to the ellipsis menu", () => {
    const crumbs = ['r', 'a', 'b'].map((label) => ({ key: label, label, to: label }));
    expect(names(collapseToLast(crumbs).shown)).toEqual(['b']);
    expect(names(collapseToLast(crumbs).hidden)).toEqual(['r', 'a']);
    expect(collapseToLast(crumbs.slice(0, 1))).toEqual({ shown: [crumbs[0]], hidden: [] });
  });
});
