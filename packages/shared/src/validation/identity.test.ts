import { describe, expect, test } from 'vitest';
import { isResidentIdNumber, maskIdNumber, validateIdNumber, validateRealName } from './identity.ts';

describe('real name', () => {
  test.each([
    ['张三', undefined],
    ['  李小龙  ', undefined],
    ['Alice Walker', undefined],
    ['阿依古丽·买买提', undefined],
    ['张', 'identity_name_err'],
    ['', 'identity_name_err'],
    ['Alice1', 'identity_name_err'],
    ['<script>', 'identity_name_err'],
    ['a'.repeat(31), 'identity_name_err'],
  ])('%s -> %s', (name, expected) => {
    expect(validateRealName(name)).toBe(expected);
  });
});

describe('identity number', () => {
  test.each([
    ['11010519491231002X', undefined],
    ['11010519491231002x', undefined],
    ['110105194912310021', 'identity_number_err'], // wrong check character
    ['E12345678', undefined], // a passport
    ['AB-123456', undefined],
    ['12345', 'identity_number_err'],
    ['12 345 678', 'identity_number_err'],
    ['', 'identity_number_err'],
  ])('%s -> %s', (value, expected) => {
    expect(validateIdNumber(value)).toBe(expected);
  });

  test('the check character follows GB 11643', () => {
    expect(isResidentIdNumber('11010519491231002X')).toBe(true);
    expect(isResidentIdNumber('110105194912310020')).toBe(false);
  });

  test('masking keeps the first 3 and the last 4', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('110***********002X');
    expect(maskIdNumber('E1234')).toBe('*****');
  });
});
