import { describe, expect, test } from 'vitest';
import {
  accountKind,
  isMobilePhone,
  isPhoneOrEmail,
  phoneLengthRange,
  validateAddress,
  validateAvatarFile,
  validateEmail,
  validateExtPhone,
  validateNickname,
  validatePhone,
  validateSex,
} from './profile.ts';

/** An email of exactly `length` characters. */
const emailOfLength = (length: number): string => `${'a'.repeat(length - '@b.cn'.length)}@b.cn`;

describe('validateEmail', () => {
  test.each([
    ['user@example.com', undefined],
    ['first.last@example.com', undefined],
    ['first+tag@example.com', undefined],
    ['first-last@mail.example.co', undefined],
    ['zhang_san@example.com', undefined],
    [' user@example.com ', undefined],
    [emailOfLength(60), undefined],
    [emailOfLength(61), 'email_err'],
    ['', 'email_err'],
    ['user', 'email_err'],
    ['user@example', 'email_err'], // the domain needs a dot
    ['@example.com', 'email_err'],
    ['user@@example.com', 'email_err'],
    ['.user@example.com', 'email_err'],
    ['user.@example.com', 'email_err'],
    ['us..er@example.com', 'email_err'],
    ['user@example..com', 'email_err'],
    ['user name@example.com', 'email_err'],
  ])('%j -> %s', (email, expected) => {
    expect(validateEmail(email)).toBe(expected);
  });

  test('a long crafted input is rejected quickly', () => {
    const start = Date.now();
    expect(validateEmail(`a@${'b.'.repeat(5000)}!`)).toBe('email_err');
    expect(Date.now() - start).toBeLessThan(100);
  });
});

describe('validatePhone', () => {
  test.each([
    ['1'.repeat(10), false, 'phone_length_err'],
    ['1'.repeat(11), false, undefined],
    ['1'.repeat(20), false, undefined],
    ['1'.repeat(21), false, 'phone_length_err'],
    ['1'.repeat(21), true, undefined],
    ['1'.repeat(40), true, undefined],
    ['1'.repeat(41), true, 'phone_length_err'],
    ['1'.repeat(10), true, 'phone_length_err'],
    ['+86-(010)1234*5#;', false, undefined],
    ['138 0013 8000', false, 'phone_err'],
    ['1380013800a', false, 'phone_err'],
    ['', false, 'phone_length_err'],
  ])('%j (private %s) -> %s', (phone, privatization, expected) => {
    expect(validatePhone(phone, { privatization })).toBe(expected);
  });

  test.each([
    [false, { min: 11, max: 20 }],
    [true, { min: 11, max: 40 }],
  ])('phoneLengthRange(private %s)', (privatization, expected) => {
    expect(phoneLengthRange({ privatization })).toEqual(expected);
  });
});

describe('isPhoneOrEmail and isMobilePhone', () => {
  test.each([
    ['13800138000', true, true],
    ['1380013800', false, false],
    ['138001380001', false, false],
    ['+8613800138000', false, false],
    ['user@example.com', true, false],
    ['user', false, false],
    ['', false, false],
  ])('%j: phone-or-email %s, mobile %s', (s, phoneOrEmail, mobile) => {
    expect(isPhoneOrEmail(s)).toBe(phoneOrEmail);
    expect(isMobilePhone(s)).toBe(mobile);
  });
});

describe('validateExtPhone', () => {
  test.each([
    ['2345678', undefined], // 7 digits
    ['23456789', undefined], // 8 digits
    ['234567', 'tel_phone_err'], // 6
    ['234567890', 'tel_phone_err'], // 9
    ['12345678', 'tel_phone_err'], // starts with 1
    ['02345678', undefined], // 0 is allowed as the first digit of the number
    ['010-23456789', undefined],
    ['0755-2345678', undefined],
    ['01-23456789', 'tel_phone_err'], // area code needs 2 to 3 digits after the 0
    ['07555-2345678', 'tel_phone_err'],
    ['110-23456789', 'tel_phone_err'], // area code must start with 0
    ['010-23456789-1', undefined],
    ['010-23456789-1234', undefined],
    ['010-23456789-12345', 'tel_phone_err'],
    ['23456789-12', undefined],
    ['23456789-', 'tel_phone_err'],
    ['', 'tel_phone_err'],
  ])('%j -> %s', (phone, expected) => {
    expect(validateExtPhone(phone)).toBe(expected);
  });
});

describe('validateAddress', () => {
  test.each([
    ['', undefined],
    ['北京市海淀区', undefined],
    ['a'.repeat(50), undefined],
    ['a'.repeat(51), 'address_length_err'],
    ['地'.repeat(50), undefined],
    ['地'.repeat(51), 'address_length_err'],
    ...['\\', '/', ':', '*', '?', '"', '<', '>', '|'].map((c) => [`Room 1${c}2`, 'address_err']),
    ['No. 5, Main St. #3', undefined],
  ] as [string, string | undefined][])('%j -> %s', (address, expected) => {
    expect(validateAddress(address)).toBe(expected);
  });
});

describe('validateSex', () => {
  test.each([
    [0, undefined],
    [1, undefined],
    [2, undefined],
    ['1', undefined],
    [3, 'sex_err'],
    [-1, 'sex_err'],
    [1.5, 'sex_err'],
    ['boy', 'sex_err'],
    ['', 'sex_err'],
  ])('%j -> %s', (sex, expected) => {
    expect(validateSex(sex)).toBe(expected);
  });
});

describe('validateAvatarFile', () => {
  test.each([
    [{ name: 'me.jpg', size: 1000 }, undefined],
    [{ name: 'me.JPEG', size: 1000 }, undefined],
    [{ name: 'me.png', size: 5242880 }, undefined],
    [{ name: 'me.bmp', size: 1 }, undefined],
    [{ name: 'me.png', size: 0 }, 'error_file_tips'],
    [{ name: 'me.gif', size: 0 }, 'error_file_tips'],
    [{ name: 'me.png', size: 5242881 }, 'error_tips'],
    [{ name: 'me.gif', size: 1000 }, 'error_tips'],
    [{ name: 'me.webp', size: 1000 }, 'error_tips'],
    [{ name: 'png', size: 1000 }, 'error_tips'],
  ])('%j -> %s', (file, expected) => {
    expect(validateAvatarFile(file)).toBe(expected);
  });
});

describe('validateNickname', () => {
  test.each([
    ['张伟', undefined],
    ['  Alice Walker ', undefined],
    ['a'.repeat(32), undefined],
    ['a'.repeat(33), 'InvalidNickname'],
    ['   ', 'InvalidNickname'],
    ['a/b', 'InvalidNickname'],
    ['tab\there', 'InvalidNickname'],
  ])('%j -> %s', (name, expected) => {
    expect(validateNickname(name)).toBe(expected);
  });
});

describe('accountKind', () => {
  test.each([
    ['li@example.com', 'email'],
    ['13800000000', 'phone'],
    ['+86-138-0000-0000', 'phone'],
    ['zhangwei', 'name'],
    ['user123', 'name'],
  ])('%s is read as %s', (account, kind) => {
    expect(accountKind(account)).toBe(kind);
  });
});
