import { describe, expect, test } from 'vitest';
import {
  generateTemporaryPassword,
  type PasswordRule,
  passwordClasses,
  passwordIssues,
  privatePasswordTip,
  validateConfirmPassword,
  validatePassword,
  validatePrivatePassword,
} from './password.ts';

describe('validatePassword (standard mode)', () => {
  test.each([
    ['Abcdef1', 'PasswordWeak'], // 7 characters
    ['Abcdef12', undefined], // 8
    ['Abcdefgh12345678', undefined], // 16
    ['Abcdefgh123456789', 'PasswordWeak'], // 17
    ['  Abcdef12  ', undefined], // trimmed to 8
    ['  Abcdef1  ', 'PasswordWeak'], // trimmed to 7
    ['abcdefgh', 'PasswordWeak'], // 1 class
    ['abcdef12', 'PasswordWeak'], // 2 classes
    ['abcdefg!', 'PasswordWeak'], // 2 classes
    ['abcdef1!', undefined], // 3 classes
    ['ABCDEF1!', undefined], // 3 classes
    ['Abcdef!!', undefined], // 3 classes
    ['Abcd ef1', undefined], // an inner space is printable ASCII
    ['Abcdef1中', 'PasswordWeak'], // not ASCII
    ['Abcdef1\t', 'PasswordWeak'], // the tab is trimmed, leaving 7
    ['', 'PasswordWeak'],
  ])('%j -> %s', (password, expected) => {
    expect(validatePassword(password)).toBe(expected);
  });

  test.each([
    ['Abcdef1', ['length']],
    ['abcdefgh', ['classes']],
    ['Abcdef1é', ['charset']],
    ['aé', ['length', 'charset', 'classes']],
    ['Abcdef12', []],
  ])('passwordIssues(%j) = %j', (password, expected) => {
    expect(passwordIssues(password)).toEqual(expected);
  });

  test('passwordClasses names each class once', () => {
    expect(passwordClasses('aA1!')).toEqual(['lowercase', 'uppercase', 'digit', 'special']);
    expect(passwordClasses('   ')).toEqual([]);
  });
});

const rule: PasswordRule = { length_lowerbound: 6, length_upperbound: 10, type: ['digit', 'character'] };

describe('validatePrivatePassword', () => {
  test.each([
    ['', rule, 'PasswordWeak'],
    ['abc12', rule, 'PasswordWeak'], // 5 < 6
    ['abc123', rule, undefined], // 6
    ['abcde12345', rule, undefined], // 10
    ['abcde123456', rule, 'PasswordWeak'], // 11
    ['abcdef', rule, 'PasswordWeak'], // no digit
    ['123456', rule, 'PasswordWeak'], // no letter
    ['abc12中', rule, 'PasswordWeak'], // not ASCII
    ['abc123', { ...rule, type: ['upper_lower_case'] }, 'PasswordWeak'],
    ['aBc123', { ...rule, type: ['upper_lower_case'] }, undefined],
    ['abc123', { ...rule, type: ['symbol'] }, 'PasswordWeak'],
    ['abc12#', { ...rule, type: ['symbol'] }, undefined],
    ['abcdef', { ...rule, type: [] }, undefined],
  ] as const)('%j with %j -> %s', (password, r, expected) => {
    expect(validatePrivatePassword(password, r)).toBe(expected);
  });
});

describe('privatePasswordTip', () => {
  test.each([
    [rule, 'zh-CN', true, '密码长度为 6–10 位，必须包含数字、字母'],
    [rule, 'en', true, 'The password must be 6–10 characters long and must contain digits and letters.'],
    [rule, 'zh-CN', false, '密码必须包含数字、字母'],
    [rule, 'en', false, 'The password must contain digits and letters.'],
    [
      { ...rule, type: ['digit', 'upper_lower_case', 'symbol'] },
      'en',
      false,
      'The password must contain digits, upper- and lower-case letters and symbols.',
    ],
    [{ ...rule, type: [] }, 'en', true, 'The password must be 6–10 characters long.'],
    [{ ...rule, type: [] }, 'zh-CN', true, '密码长度为 6–10 位'],
  ] as const)('%j in %s (length %s)', (r, lang, withLength, expected) => {
    expect(privatePasswordTip(r, lang, { withLength })).toBe(expected);
  });
});

describe('generateTemporaryPassword', () => {
  test.each([
    ['standard rule', undefined],
    ['digits and letters', rule],
    ['upper and lower case', { ...rule, type: ['upper_lower_case', 'digit'] } as PasswordRule],
    [
      'symbols',
      { length_lowerbound: 8, length_upperbound: 20, type: ['symbol', 'character'] } as PasswordRule,
    ],
    ['short bounds', { length_lowerbound: 5, length_upperbound: 6, type: ['digit'] } as PasswordRule],
  ])('%s: valid, ending in a number of at least 1000', (_label, r) => {
    for (let i = 0; i < 50; i++) {
      const password = generateTemporaryPassword(r);
      expect(r ? validatePrivatePassword(password, r) : validatePassword(password)).toBeUndefined();
      const suffix = Number(password.slice(-4));
      expect(suffix).toBeGreaterThanOrEqual(1000);
      expect(suffix).toBeLessThanOrEqual(9999);
    }
  });

  test('passwords differ', () => {
    const passwords = new Set(Array.from({ length: 20 }, () => generateTemporaryPassword()));
    expect(passwords.size).toBe(20);
  });

  test('a rule too tight for letters and a number still gets a password of its own', () => {
    for (const r of [
      {
        length_lowerbound: 6,
        length_upperbound: 6,
        type: ['digit', 'character', 'upper_lower_case', 'symbol'],
      },
      { length_lowerbound: 6, length_upperbound: 7, type: ['symbol', 'upper_lower_case'] },
      { length_lowerbound: 1, length_upperbound: 4, type: [] },
    ] as PasswordRule[]) {
      for (let i = 0; i < 50; i++) {
        const password = generateTemporaryPassword(r);
        expect(validatePrivatePassword(password, r), password).toBeUndefined();
      }
    }
  });
});

describe('validateConfirmPassword', () => {
  test.each([
    ['Abcdef12', 'Abcdef12', undefined],
    ['Abcdef12', 'Abcdef13', 'confirmPassword'],
    ['Abcdef12', '', 'confirmPassword'],
    ['   ', '   ', 'confirmPassword'], // only whitespace
    ['Abcdef12', 'Abcdef12 ', 'confirmPassword'],
  ])('%j / %j -> %s', (password, confirm, expected) => {
    expect(validateConfirmPassword(password, confirm)).toBe(expected);
  });
});
