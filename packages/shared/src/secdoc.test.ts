import { describe, expect, test } from 'vitest';
import { hasPermission } from './permissions.ts';
import {
  defaultSecdocRights,
  isSecdoc,
  operationBits,
  operationIdsOf,
  SECDOC_CONVERT_MAX_MB,
  SECDOC_PRINCIPAL,
  secdocConvertibleSize,
  secdocMask,
} from './secdoc.ts';

describe('security documents', () => {
  test('the default rights give the team operations 3 and 4 (spec 001 §5)', () => {
    expect(defaultSecdocRights(12, false)).toEqual([
      { principalid: 12, principaltype: SECDOC_PRINCIPAL.team, operationids: [3, 4] },
    ]);
    expect(defaultSecdocRights(12, true)[0].principaltype).toBe(SECDOC_PRINCIPAL.chat);
    // The member who added it keeps every operation on their own document.
    expect(defaultSecdocRights(12, false, 7)[1]).toEqual({
      principalid: 7,
      principaltype: SECDOC_PRINCIPAL.user,
      operationids: [1, 2, 3, 4],
    });
  });

  test('operations map to permissions; unknown ids allow nothing', () => {
    const readEdit = secdocMask([3, 4]);
    for (const p of ['read', 'history', 'update', 'rename', 'move', 'delete'] as const)
      expect(hasPermission(readEdit, p), p).toBe(true);
    for (const p of ['download', 'copy', 'share', 'upload', 'secret'] as const)
      expect(hasPermission(readEdit, p), p).toBe(false);
    expect(hasPermission(secdocMask([1]), 'download')).toBe(true);
    expect(hasPermission(secdocMask([2]), 'copy')).toBe(true);
    expect(secdocMask([9, 0])).toBe(0);
  });

  test('operations are stored as bits and read back in order', () => {
    expect(operationBits([3, 1])).toBe(0b101);
    expect(operationIdsOf(operationBits([4, 3, 1]))).toEqual([1, 3, 4]);
    expect(operationIdsOf(0)).toEqual([]);
  });

  test('the conversion takes up to 10 MB, that included', () => {
    const limit = SECDOC_CONVERT_MAX_MB * 1024 * 1024;
    expect(secdocConvertibleSize(limit, SECDOC_CONVERT_MAX_MB)).toBe(true);
    expect(secdocConvertibleSize(limit + 1, SECDOC_CONVERT_MAX_MB)).toBe(false);
    // A company's own limit (setting secdoc_convert_max_mb)
    expect(secdocConvertibleSize(limit + 1, 11)).toBe(true);
    expect(secdocConvertibleSize(1024 * 1024 + 1, 1)).toBe(false);
    expect(isSecdoc({ secure_guid: '' })).toBe(false);
    expect(isSecdoc({ secure_guid: 'a-b' })).toBe(true);
  });
});
