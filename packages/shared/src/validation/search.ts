// Search input and member matching (spec 000 §5, spec 001 §5, spec 002 §5).

import { SEARCH_MAX_CHARS } from '../constants.ts';

/** Search input is cut to 30 characters (code points, so a surrogate pair is never split). */
export function cutSearchInput(input: string): string {
  const chars = [...input];
  return chars.length > SEARCH_MAX_CHARS ? chars.slice(0, SEARCH_MAX_CHARS).join('') : input;
}

export interface SearchableMember {
  nick_name?: string | null;
  name?: string | null;
  pinyin?: string | null;
  phone?: string | null;
  email?: string | null;
}

/**
 * Member search (spec 000 §5, spec 002 §5): the query is trimmed and matched case-insensitively as
 * a substring of the nickname (or name), the pinyin, the phone, or the email's local part. An empty
 * query matches everyone.
 */
export function matchesMemberSearch(member: SearchableMember, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (q === '') return true;
  const email = member.email ?? '';
  const at = email.indexOf('@');
  const fields = [
    member.nick_name,
    member.name,
    member.pinyin,
    member.phone,
    at >= 0 ? email.slice(0, at) : email,
  ];
  return fields.some((field) => field?.toLowerCase().includes(q) ?? false);
}
