import { formatDateTime, formatSize } from '@cirrus/shared';

/** Bytes as the console shows a limit: 0 is unlimited. */
export function limitText(bytes: number, unlimited: string): string {
  return bytes > 0 ? formatSize(bytes) : unlimited;
}

/** Unix seconds to a local date and time, written as everywhere else in the app (Y-m-d H:i). */
export function when(seconds: number | null | undefined): string {
  if (!seconds) return '';
  return formatDateTime(seconds);
}

/** antd's pager over an offset/limit list that says whether more follow (no total). */
export function pagerTotal(offset: number, shown: number, more: boolean, limit: number): number {
  return offset + shown + (more ? limit : 0);
}
