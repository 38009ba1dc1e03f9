// Profile fields and the avatar picture (spec 000 §5, spec 002 §5, §9).

import {
  ADDRESS_MAX,
  AVATAR_EXTENSIONS,
  AVATAR_MAX_BYTES,
  EMAIL_MAX,
  MOBILE_DIGITS,
  NICKNAME_MAX,
  PHONE_MAX,
  PHONE_MAX_PRIVATE,
  PHONE_MIN,
} from '../constants.ts';
import type { ErrorKeyOf } from '../errors.ts';
import { normalizeExt } from '../file-types.ts';
import { splitExt } from './file-name.ts';

/**
 * spec 000 §5: word characters with optional dots, pluses or dashes, then @, then a domain with a
 * dot. Each separator must sit between word characters, so the pattern cannot backtrack badly.
 */
export const EMAIL_PATTERN = /^\w+([-+.]\w+)*@\w+([-.]\w+)*\.\w+([-.]\w+)*$/;

function isEmail(s: string): boolean {
  return s.length <= EMAIL_MAX && EMAIL_PATTERN.test(s);
}

/** Email: the pattern and at most 60 characters (spec 000 §5). */
export function validateEmail(email: string): ErrorKeyOf<'email_err'> | undefined {
  return isEmail(email.trim()) ? undefined : 'email_err';
}

export type PhoneError = ErrorKeyOf<'phone_err' | 'phone_length_err'>;

/** The allowed phone length; the phone_length_err message fills in `{min}` and `{max}`. */
export function phoneLengthRange(options: { privatization: boolean }): { min: number; max: number } {
  return { min: PHONE_MIN, max: options.privatization ? PHONE_MAX_PRIVATE : PHONE_MAX };
}

/**
 * Phone (spec 000 §5): digits and ; + - ( ) * # only, 11 to 20 characters, or up to 40 in a private
 * deployment (IS_PRIVATIZATION).
 */
export function validatePhone(phone: string, options: { privatization: boolean }): PhoneError | undefined {
  const value = phone.trim();
  if (!/^[\d;+\-()*#]*$/.test(value)) return 'phone_err';
  const { min, max } = phoneLengthRange(options);
  return value.length < min || value.length > max ? 'phone_length_err' : undefined;
}

const MOBILE_PATTERN = new RegExp(`^\\d{${MOBILE_DIGITS}}$`);

/** A mobile number: exactly 11 digits (spec 002 §9). */
export function isMobilePhone(s: string): boolean {
  return MOBILE_PATTERN.test(s.trim());
}

/** spec 000 §5: the phone-or-email pattern accepts exactly 11 digits or an email. */
export function isPhoneOrEmail(s: string): boolean {
  const value = s.trim();
  return MOBILE_PATTERN.test(value) || isEmail(value);
}

/**
 * Extension phone (spec 000 §5): optional area code (0 plus 2 to 3 digits, then a hyphen), then 7 to
 * 8 digits not starting with 1, then optionally a hyphen and 1 to 4 digits.
 */
export const EXT_PHONE_PATTERN = /^(0\d{2,3}-)?[02-9]\d{6,7}(-\d{1,4})?$/;

export function validateExtPhone(extPhone: string): ErrorKeyOf<'tel_phone_err'> | undefined {
  return EXT_PHONE_PATTERN.test(extPhone.trim()) ? undefined : 'tel_phone_err';
}

/** spec 000 §5: characters an address must not contain. */
export const ADDRESS_ILLEGAL_CHARS = ['\\', '/', ':', '*', '?', '"', '<', '>', '|'] as const;

/** Address (spec 000 §5): none of \ / : * ? " < > | and at most 50 characters. Empty is allowed. */
export function validateAddress(
  address: string,
): ErrorKeyOf<'address_err' | 'address_length_err'> | undefined {
  const value = address.trim();
  if ([...value].some((char) => (ADDRESS_ILLEGAL_CHARS as readonly string[]).includes(char))) {
    return 'address_err';
  }
  return [...value].length > ADDRESS_MAX ? 'address_length_err' : undefined;
}

/** spec 000 §3: sex 0 unknown, 1 boy, 2 girl. */
export const SEX = { unknown: 0, boy: 1, girl: 2 } as const;
export type Sex = (typeof SEX)[keyof typeof SEX];

/** Sex (spec 000 §5): 0, 1 or 2; form values may arrive as strings. */
export function validateSex(sex: number | string): ErrorKeyOf<'sex_err'> | undefined {
  const value = typeof sex === 'string' && /^\d$/.test(sex.trim()) ? Number(sex) : sex;
  return value === 0 || value === 1 || value === 2 ? undefined : 'sex_err';
}

/**
 * Avatar picture (spec 000 §5): size 0 gives error_file_tips; a type other than jpg, jpeg, png or
 * bmp, or more than 5242880 bytes, gives error_tips.
 */
export function validateAvatarFile(file: {
  name: string;
  size: number;
}): ErrorKeyOf<'error_file_tips' | 'error_tips'> | undefined {
  if (file.size === 0) return 'error_file_tips';
  const ext = normalizeExt(splitExt(file.name).ext);
  if (!(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) return 'error_tips';
  return file.size > AVATAR_MAX_BYTES ? 'error_tips' : undefined;
}

/** Characters a nickname must not contain (ours, as for addresses and file names). */
const NICKNAME_ILLEGAL = /[\\/:*?"<>|\p{Cc}]/u;

/** Nickname: not shown in the specs; ours is 1 to 32 characters, trimmed, without \ / : * ? " < > | or control characters. */
export function validateNickname(name: string): ErrorKeyOf<'InvalidNickname'> | undefined {
  const value = name.trim();
  const length = [...value].length;
  if (length < 1 || length > NICKNAME_MAX) return 'InvalidNickname';
  return NICKNAME_ILLEGAL.test(value) ? 'InvalidNickname' : undefined;
}

/**
 * How an account typed at login or in "forgot password" is read: an email, a phone number (digits
 * and the phone symbols only), else a unique name.
 */
export function accountKind(account: string): 'email' | 'phone' | 'name' {
  const value = account.trim();
  if (value.includes('@')) return 'email';
  return /^\+?[\d\-()]{6,}$/.test(value) ? 'phone' : 'name';
}
