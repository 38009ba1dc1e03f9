// Real-name verification (spec 002 §1, §5): a real name and an identity number. The specs do not
// show the rules; these are ours.

import { REAL_NAME_MAX, REAL_NAME_MIN } from '../constants.ts';
import type { ErrorKeyOf } from '../errors.ts';

/** Letters of any script, spaces, the middle dots of transliterated names, hyphens and apostrophes. */
const REAL_NAME_PATTERN = /^[\p{L}\p{M}][\p{L}\p{M} ·•.'-]*$/u;

export function validateRealName(name: string): ErrorKeyOf<'identity_name_err'> | undefined {
  const value = name.trim();
  const length = [...value].length;
  if (length < REAL_NAME_MIN || length > REAL_NAME_MAX) return 'identity_name_err';
  return REAL_NAME_PATTERN.test(value) ? undefined : 'identity_name_err';
}

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';

/** A mainland resident identity number: 17 digits and a check character (GB 11643). */
export function isResidentIdNumber(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const sum = ID_WEIGHTS.reduce((acc, weight, i) => acc + weight * Number(value[i]), 0);
  return ID_CHECK[sum % 11] === value[17];
}

/**
 * An identity number: an 18-character resident number must carry the right check character;
 * other documents (passports, other regions' cards) are 6 to 32 letters, digits and hyphens.
 */
export function validateIdNumber(idNumber: string): ErrorKeyOf<'identity_number_err'> | undefined {
  const value = idNumber.trim().toUpperCase();
  if (/^\d{17}[\dX]$/.test(value)) return isResidentIdNumber(value) ? undefined : 'identity_number_err';
  return /^[A-Z0-9][A-Z0-9-]{4,30}[A-Z0-9]$/.test(value) ? undefined : 'identity_number_err';
}

/** The number as it is shown back: the first 3 and last 4 characters. */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 7) return '*'.repeat(idNumber.length);
  return `${idNumber.slice(0, 3)}${'*'.repeat(idNumber.length - 7)}${idNumber.slice(-4)}`;
}
