/**
 * What the share panel and the link page say about a link: its full address, the text a copy
 * puts on the clipboard, the expiry and the remaining downloads (spec 002 §2 "status line").
 */
import { DOWNLOAD_UNLIMITED, EXPIRY_PERIOD_MAX, EXPIRY_PRESETS, EXPIRY_UNLIMITED } from '@cirrus/shared';

/** The address people open: this site plus /l/{sid} (spec 002 §2). */
export function linkAddress(origin: string, url: string): string {
  return `${origin}${url}`;
}

/** The copied text: the address, and the access code when one is set. */
export function shareText(address: string, code: string, codeLabel: string): string {
  return code ? `${address} ${codeLabel}: ${code}` : address;
}

export type ExpiryChoice = (typeof EXPIRY_PRESETS)[number] | typeof EXPIRY_UNLIMITED | 'custom';

/** The expiry dropdown's value for a link: its preset, unlimited, or custom (a picked time). */
export function expiryChoiceOf(link: { expire_period: number; expire_time: number }): ExpiryChoice {
  if (link.expire_time === 0) return EXPIRY_UNLIMITED;
  const preset = EXPIRY_PRESETS.find((p) => p === link.expire_period);
  return preset ?? 'custom';
}

/** Whether a period value is an absolute time from the date-time picker rather than a preset. */
export function isAbsoluteExpiry(period: number): boolean {
  return period > EXPIRY_PERIOD_MAX;
}

/** "unlimited" or the count left, for the status line. */
export function remainingOf(remain: number): 'unlimited' | number {
  return remain === DOWNLOAD_UNLIMITED ? 'unlimited' : remain;
}
