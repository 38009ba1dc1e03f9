import { describe, expect, test } from 'vitest';
import { ApiError } from '../../api/http';
import {
  binActions,
  binLoadFailure,
  binMenuKind,
  binOf,
  binPath,
  mayOpenTeamBin,
  shouldReloadAfterPurge,
} from './bin-rules';

describe('recycle bin rules (spec 001 §2, §4, §8)', () => {
  test.each([
    [[], 'none', []],
    [[{ ftype: 'delfile' as const }], 'file', ['preview', 'recover', 'purge']],
    [[{ ftype: 'delfolder' as const }], 'folder', ['recover', 'purge']],
    [[{ ftype: 'delfile' as const }, { ftype: 'delfolder' as const }], 'several', ['recover', 'purge']],
  ])('%j is the %s menu with %j', (items, kind, actions) => {
    expect(binMenuKind(items)).toBe(kind);
    expect(binActions(items)).toEqual(actions);
  });

  test.each([
    [1, false],
    [24, false],
    [25, true],
    [200, true],
  ])('purging %i items reloads: %s', (count, reload) => {
    expect(shouldReloadAfterPurge(count)).toBe(reload);
  });

  test.each([
    ['creator', true],
    ['manager', true],
    ['admin', true],
    ['member', false],
    ['read_member', false],
    [undefined, false],
  ])('a %s may open the team bin: %s', (role, may) => {
    expect(mayOpenTeamBin(role)).toBe(may);
  });

  test.each([
    ['no answer', new ApiError(0, null), 'serverBusy'],
    ['an answer without a body', new ApiError(502, null), 'serverBusy'],
    [
      'permissionDenied',
      new ApiError(403, { result: 'permissionDenied', code: 40300001 }),
      'permissionDenied',
    ],
    ['code 40300001 alone', new ApiError(403, { result: '', code: 40300001 }), 'permissionDenied'],
    ['groupNotExist', new ApiError(404, { result: 'groupNotExist' }), 'groupNotExist'],
    ['anything else', new ApiError(500, { result: 'serverException' }), 'groupNotExist'],
  ])('%s is told as %s', (_what, error, failure) => {
    expect(binLoadFailure(error)).toBe(failure);
  });

  test.each([
    ['my drive', 1, { kind: 'mine' }, '/pcview/drive/recycle/my'],
    ['my uploaded files', 2, { kind: 'mine' }, '/pcview/drive/recycle/my'],
    ['a team', 9, { kind: 'team', gid: 9 }, '/pcview/drive/recycle/group/9'],
  ])('a deleted file of %s lies in the bin %j, at %s', (_space, gid, bin, path) => {
    expect(binOf(gid, { mine: 1, uploads: 2 })).toEqual(bin);
    expect(binPath(binOf(gid, { mine: 1, uploads: 2 }))).toBe(path);
  });
});
