// Sizes, times, badges and space usage for display (spec 000 §9, spec 001 §3, §9).
// Dates render in the runtime's local time zone: the browser's, which is what the user reads.

import { BADGE_MAX, SPACE_DANGER_PERCENT } from './constants.ts';
import type { Lang } from './errors.ts';

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB'] as const;

/**
 * Step 1024 from B to EB with two decimals: 1536 -> "1.50 KB". Bytes are whole, so they render
 * without decimals ("0 B", "512 B"); larger units always keep two ("1.00 KB"). A value that would
 * round up to 1024.00 moves to the next unit. Negative or non-finite input renders as "0 B".
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  if (bytes < 1024) return `${Math.floor(bytes)} B`;
  const last = SIZE_UNITS.length - 1;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < last) {
    value /= 1024;
    unit++;
  }
  if (value.toFixed(2) === '1024.00' && unit < last) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

/** The units a size is typed in (a limit, a quota): binary steps, as formatSize shows them. */
export const SIZE_INPUT_UNITS = ['MB', 'GB', 'TB'] as const;
export type SizeInputUnit = (typeof SIZE_INPUT_UNITS)[number];

/** Bytes in one of a unit: MB 1048576, GB 1073741824, TB 1099511627776. */
export function unitBytes(unit: SizeInputUnit): number {
  return 1024 ** SIZE_UNITS.indexOf(unit);
}

/**
 * A typed amount of a unit in whole bytes: (1.5, 'GB') -> 1610612736. No amount (an empty field),
 * a negative one or one that is not finite gives null: the caller's rule says what empty means.
 */
export function sizeToBytes(amount: number | null | undefined, unit: SizeInputUnit): number | null {
  if (amount === null || amount === undefined || !Number.isFinite(amount) || amount < 0) return null;
  return Math.round(amount * unitBytes(unit));
}

/**
 * Bytes as a field shows them, in the unit and to the two decimals that formatSize would show (MB
 * below 1 MB, TB above): 104857600 -> 100 MB, 1610612736 -> 1.5 GB.
 */
export function bytesToSizeInput(bytes: number): { amount: number; unit: SizeInputUnit } {
  const value = Number.isFinite(bytes) && bytes > 0 ? bytes : 0;
  const rounded = (unit: SizeInputUnit) => Math.round((value / unitBytes(unit)) * 100) / 100;
  let index = Math.max(
    0,
    SIZE_INPUT_UNITS.findLastIndex((u) => value >= unitBytes(u)),
  );
  // As formatSize: an amount that would round up to 1024 is one of the next unit (1023.999 MB is 1 GB).
  if (rounded(SIZE_INPUT_UNITS[index]) === 1024 && index < SIZE_INPUT_UNITS.length - 1) index++;
  const unit = SIZE_INPUT_UNITS[index];
  return { amount: rounded(unit), unit };
}

/** spec 001 §3: mtime is in milliseconds if above 1e12, else in seconds. */
export function toMillis(mtime: number): number {
  return mtime > 1e12 ? mtime : mtime * 1000;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

function ymd(d: Date): string {
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

function hm(d: Date): string {
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

function dayStart(ms: number): number {
  const d = new Date(ms);
  d.setHours(0, 0, 0, 0);
  return d.getTime();
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * spec 000 §9, spec 001 §9: under 1 minute "just now", under 1 hour "n minutes ago", then today,
 * yesterday, same year, otherwise the full date. A time slightly in the future (clock skew) is
 * "just now".
 */
export function formatRelativeTime(tsMs: number, nowMs: number, lang: Lang): string {
  const diff = nowMs - tsMs;
  const en = lang === 'en';
  if (diff < MINUTE) return en ? 'just now' : '刚刚';
  if (diff < HOUR) {
    const minutes = Math.floor(diff / MINUTE);
    if (!en) return `${minutes}分钟前`;
    return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
  }
  const date = new Date(tsMs);
  const today = dayStart(nowMs);
  const yesterday = dayStart(today - 1);
  if (tsMs >= today) return `${en ? 'Today' : '今天'} ${hm(date)}`;
  if (tsMs >= yesterday) return `${en ? 'Yesterday' : '昨天'} ${hm(date)}`;
  if (date.getFullYear() === new Date(nowMs).getFullYear()) {
    // "06-13" reads as a day and a month to many English readers; a month's name cannot be misread.
    if (en) return `${MONTHS_EN[date.getMonth()]} ${date.getDate()} ${hm(date)}`;
    return `${pad2(date.getMonth() + 1)}-${pad2(date.getDate())} ${hm(date)}`;
  }
  return `${ymd(date)} ${hm(date)}`;
}

/** spec 000 §9, spec 001 §9: badge counts show "99+" at 100 or more. */
export function formatBadge(n: number): string {
  const count = Math.max(0, Math.floor(n));
  return count >= BADGE_MAX ? `${BADGE_MAX - 1}+` : String(count);
}

export interface SpacePercent {
  /** Percent used, two decimals. */
  percent: number;
  /** The percent as text, e.g. "12.50%". */
  text: string;
  /** Red at 90 % or more. */
  danger: boolean;
}

/**
 * spec 000 §9: two decimals, at least 0.01 when anything is used, red at 90 % or more. Usage above
 * the quota shows above 100 % (honest), and usage with no quota counts as full.
 */
export function spacePercent(used: number, total: number): SpacePercent {
  let percent: number;
  if (used <= 0) percent = 0;
  else if (total <= 0) percent = 100;
  else percent = Math.max(0.01, Math.round((used / total) * 10000) / 100);
  return { percent, text: `${percent.toFixed(2)}%`, danger: percent >= SPACE_DANGER_PERCENT };
}

function toDate(ts: number | string | Date): Date {
  if (ts instanceof Date) return ts;
  return typeof ts === 'number' ? new Date(toMillis(ts)) : new Date(ts);
}

/**
 * Y-m-d, e.g. a team's creation date (spec 000 §2). Numbers are seconds or milliseconds (see
 * toMillis); strings are ISO dates. Invalid input gives ''.
 */
export function formatDate(ts: number | string | Date): string {
  const date = toDate(ts);
  return Number.isNaN(date.getTime()) ? '' : ymd(date);
}

/** Y-m-d H:i, e.g. a deletion time in the recycle bin. Invalid input gives ''. */
export function formatDateTime(ts: number | string | Date): string {
  const date = toDate(ts);
  return Number.isNaN(date.getTime()) ? '' : `${ymd(date)} ${hm(date)}`;
}
