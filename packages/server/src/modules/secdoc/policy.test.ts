import { hasPermission, operationBits, SECDOC_PRINCIPAL } from '@cirrus/shared';
import { describe, expect, test } from 'vitest';
import { autoConverts, secdocMasks } from './policy.ts';

const row = (fileId: number, type: number, id: number, ops: number[]) => ({
  file_id: fileId,
  principal_type: type,
  principal_id: id,
  operations: operationBits(ops),
});

describe('secdocMasks', () => {
  const who = { userId: 7, groupId: 30, deptIds: new Set([4]) };

  test('adds up the operations of every right that names the user, their team or a department of theirs', () => {
    const masks = secdocMasks(
      [
        row(1, SECDOC_PRINCIPAL.team, 30, [3]),
        row(1, SECDOC_PRINCIPAL.user, 7, [1]),
        row(1, SECDOC_PRINCIPAL.dept, 4, [2]),
        row(1, SECDOC_PRINCIPAL.user, 8, [4]),
      ],
      who,
    );
    const mask = masks.get(1) ?? 0;
    expect(['read', 'download', 'copy'].map((p) => hasPermission(mask, p as 'read'))).toEqual([
      true,
      true,
      true,
    ]);
    expect(hasPermission(mask, 'update')).toBe(false);
  });

  test('a document whose rights name someone else maps to 0, so lists can leave it out', () => {
    const masks = secdocMasks(
      [row(2, SECDOC_PRINCIPAL.user, 8, [3, 4]), row(2, SECDOC_PRINCIPAL.team, 31, [3])],
      who,
    );
    expect(masks.get(2)).toBe(0);
  });
});

describe('autoConverts', () => {
  test('office documents in teams whose auto-convert is on (1 or 2)', () => {
    expect(autoConverts({ type: 'team', auto_convert_state: 1 }, 'a.DOCX')).toBe(true);
    expect(autoConverts({ type: 'team', auto_convert_state: 2 }, 'b.et')).toBe(true);
    expect(autoConverts({ type: 'team', auto_convert_state: 0 }, 'a.docx')).toBe(false);
    expect(autoConverts({ type: 'team', auto_convert_state: 1 }, 'a.pdf')).toBe(false);
    expect(autoConverts({ type: 'special', auto_convert_state: 1 }, 'a.docx')).toBe(false);
  });
});
