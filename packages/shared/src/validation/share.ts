// Share-link settings and invitations (spec 002 §5).

import {
  DOWNLOAD_COUNT_MAX_DIGITS,
  DOWNLOAD_UNLIMITED,
  EXPIRY_PERIOD_MAX,
  EXPIRY_UNLIMITED,
  MAX_DOWNLOAD_COUNT,
} from '../constants.ts';
import type { ErrorKeyOf } from '../errors.ts';
import { isPhoneOrEmail } from './profile.ts';

export interface DownloadCount {
  /** What the field should now show: digits only, no leading zeros, '' for unlimited. */
  text: string;
  /** The download_limits value: a count, or -1 for unlimited. */
  value: number;
  /** True when the input was forced to 1000000; show the max-download-times warning. */
  forced: boolean;
}

/**
 * The download-count field (spec 002 §5): digits only, no leading zeros, at most 7 digits; blank
 * means unlimited (-1).
 */
export function normalizeDownloadCount(input: string): DownloadCount {
  const digits = input.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return { text: '', value: DOWNLOAD_UNLIMITED, forced: false };
  // spec 002 §5: 7 digits or more other than 1000000 are forced to 1000000.
  if (digits.length >= DOWNLOAD_COUNT_MAX_DIGITS) {
    return {
      text: String(MAX_DOWNLOAD_COUNT),
      value: MAX_DOWNLOAD_COUNT,
      forced: digits !== String(MAX_DOWNLOAD_COUNT),
    };
  }
  return { text: digits, value: Number(digits), forced: false };
}

/** Server-side check of download_limits: -1 (unlimited) or a whole number from 1 to 1000000. */
export function isValidDownloadLimit(value: number): boolean {
  return (
    value === DOWNLOAD_UNLIMITED || (Number.isInteger(value) && value >= 1 && value <= MAX_DOWNLOAD_COUNT)
  );
}

/**
 * Custom expiry (spec 002 §5): "if a custom expiry is more than 30 days in seconds (2592000) and
 * already in the past, a warning is shown and nothing is saved". Values up to 2592000 are preset
 * periods; larger values are absolute unix times from the date-time picker, and those must lie in
 * the future.
 */
export function validateCustomExpiry(
  expireTimeSeconds: number,
  nowSeconds: number,
): ErrorKeyOf<'linkExpiryWarning'> | undefined {
  return expireTimeSeconds > EXPIRY_PERIOD_MAX && expireTimeSeconds < nowSeconds
    ? 'linkExpiryWarning'
    : undefined;
}

/**
 * For the date-time picker's disabled dates (spec 002 §5: past dates cannot be picked): true when
 * the day of `dateMs` ends before `nowMs`, in the local time zone.
 */
export function isPastExpiryDate(dateMs: number, nowMs: number): boolean {
  const endOfDay = new Date(dateMs);
  endOfDay.setHours(23, 59, 59, 999);
  return endOfDay.getTime() < nowMs;
}

/**
 * The absolute expire_time (unix seconds, 0 = none) for a period or a picked time (spec 002 §3,
 * §4): 0 stays unlimited, a preset period up to 30 days counts from now, a larger value is already
 * an absolute time.
 */
export function expireTimeFromPeriod(period: number, nowSeconds: number): number {
  if (period === EXPIRY_UNLIMITED) return 0;
  return period <= EXPIRY_PERIOD_MAX ? nowSeconds + period : period;
}

export type InviteAccount =
  | { kind: 'phone' | 'email'; account: string }
  | { error: ErrorKeyOf<'enterEmailOrPhone' | 'enterValidEmailOrPhone'> };

/**
 * Invite account (spec 002 §5): required, and an email or phone; an all-numeric 11-digit value is a
 * phone, anything else an email.
 */
export function validateInviteAccount(input: string): InviteAccount {
  const account = input.trim();
  if (account === '') return { error: 'enterEmailOrPhone' };
  if (!isPhoneOrEmail(account)) return { error: 'enterValidEmailOrPhone' };
  return { kind: /^\d+$/.test(account) ? 'phone' : 'email', account };
}
