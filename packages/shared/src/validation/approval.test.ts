import { describe, expect, test } from 'vitest';
import { validateApprovalDesc, validateApprovers, validateSelection } from './approval.ts';

describe('validateApprovalDesc', () => {
  test.each([
    ['', 'descRequired'],
    ['    ', 'descRequired'],
    ['a', undefined],
    ['a'.repeat(140), undefined],
    [`  ${'a'.repeat(140)}  `, undefined], // trimmed
    ['a'.repeat(141), 'descTooLong'],
    ['申'.repeat(140), undefined],
    ['申'.repeat(141), 'descTooLong'],
  ])('length %# -> %s', (desc, expected) => {
    expect(validateApprovalDesc(desc)).toBe(expected);
  });

  test.each([
    [[], 'approverRequired'],
    [[7], undefined],
  ])('approvers %j -> %s', (ids, expected) => {
    expect(validateApprovers(ids)).toBe(expected);
  });
});

describe('validateSelection', () => {
  test.each([
    [0, undefined, 'memberRequired'],
    [1, undefined, undefined],
    [500, undefined, undefined],
    [5, 5, undefined],
    [6, 5, 'maxSelectItems'],
  ])('%i selected, max %s -> %s', (count, max, expected) => {
    expect(validateSelection(count, max)).toBe(expected);
  });
});
