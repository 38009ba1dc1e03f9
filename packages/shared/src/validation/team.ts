// Team and multi-person chat rules (spec 000 §4, §5).

import { NOTICE_MAX_WEIGHT, TEAM_DELETE_WORD, TEAM_NAME_MAX_WEIGHT } from '../constants.ts';
import type { ErrorKeyOf } from '../errors.ts';
import { CONTROL_CHARS, isStorableText } from './text.ts';

/**
 * "Chinese" for the weighted length: CJK unified ideographs U+4E00–U+9FFF, extension A
 * U+3400–U+4DBF and compatibility ideographs U+F900–U+FAFF.
 */
export function isChineseChar(char: string): boolean {
  const cp = char.codePointAt(0) ?? 0;
  return (cp >= 0x4e00 && cp <= 0x9fff) || (cp >= 0x3400 && cp <= 0x4dbf) || (cp >= 0xf900 && cp <= 0xfaff);
}

/** spec 000 §5: each Chinese character counts 2, every other character (code point) 1. */
export function weightedLength(s: string): number {
  let length = 0;
  for (const char of s) length += isChineseChar(char) ? 2 : 1;
  return length;
}

function countChinese(s: string): number {
  let count = 0;
  for (const char of s) if (isChineseChar(char)) count++;
  return count;
}

/** spec 000 §5: characters not allowed in a team or chat name. */
export const TEAM_NAME_ILLEGAL_CHARS = ['/', '\\', ':', '*', '?', '"', '<', '>', '|', '%'] as const;

export type TeamNameError = ErrorKeyOf<
  'noName' | 'illegalTeam' | 'groupLengthTooShort' | 'groupLengthTooLong'
>;

/** Team or multi-person chat name (spec 000 §5). Check the trimmed value, and store it trimmed. */
export function validateTeamName(raw: string): TeamNameError | undefined {
  const name = raw.trim();
  if (name === '') return 'noName';
  if ([...name].some((char) => (TEAM_NAME_ILLEGAL_CHARS as readonly string[]).includes(char))) {
    return 'illegalTeam';
  }
  if (CONTROL_CHARS.test(name) || !isStorableText(name)) return 'illegalTeam';
  // spec 000 §5: 1 to 3 characters with fewer than 2 Chinese characters is too short.
  const chars = [...name].length;
  if (chars <= 3 && countChinese(name) < 2) return 'groupLengthTooShort';
  if (weightedLength(name) > TEAM_NAME_MAX_WEIGHT) return 'groupLengthTooLong';
  return undefined;
}

/**
 * A multi-person chat's name when none is given: its people's names joined with 、, as many as fit
 * TEAM_NAME_MAX_WEIGHT, so that it always passes the length rule; one the rules refuse otherwise
 * (too short, a refused character) becomes "{name} chat", cut to 20 characters.
 */
export function defaultChatName(names: readonly string[]): string {
  let name = '';
  for (const n of names) {
    const next = name ? `${name}、${n}` : n;
    if (weightedLength(next) > TEAM_NAME_MAX_WEIGHT) break;
    name = next;
  }
  return validateTeamName(name) ? `${name || 'Chat'} chat`.slice(0, 20) : name;
}

/** Team notice: weighted length at most 600 (spec 000 §5). An empty notice is allowed. */
export function validateNotice(notice: string): ErrorKeyOf<'noticeLengthTooLong'> | undefined {
  return weightedLength(notice) > NOTICE_MAX_WEIGHT ? 'noticeLengthTooLong' : undefined;
}

/**
 * History limit input (spec 000 §5): a whole number not above the global maximum; empty,
 * non-numeric, negative or decimal input is rejected. `max` is the global maximum
 * (settings history_version_max); the message fills it in as `{max}`.
 */
export function validateHistoryLimit(
  input: string,
  max: number,
): ErrorKeyOf<'historyLimitInvalid'> | undefined {
  const value = input.trim();
  if (!/^\d+$/.test(value)) return 'historyLimitInvalid';
  return Number(value) > max ? 'historyLimitInvalid' : undefined;
}

/** spec 000 §4: typing DEL, in any case, enables the team delete button. */
export function isTeamDeleteConfirmed(input: string): boolean {
  return input.trim().toUpperCase() === TEAM_DELETE_WORD;
}
