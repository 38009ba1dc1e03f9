import { cutSearchInput, nameKey, splitExt } from '@cirrus/shared';
import { match as pinyinMatch } from 'pinyin-pro';
import { pinyinOf } from '../../lib/pinyin.ts';

/**
 * The pure side of file search: how a keyword becomes terms, how a name is indexed, the sort key,
 * and where the terms are in a name or a text (for highlighting). No I/O.
 */

/** A match range in a string: [start, end) in UTF-16 code units, as JavaScript indexes strings. */
export type Range = [number, number];

/** Terms shorter than this cannot use a trigram index (SQLite FTS5 trigram, pg_trgm). */
export const TRIGRAM = 3;
/** At most this many terms are used from a keyword (the keyword itself is at most 30 characters). */
const MAX_TERMS = 8;

/**
 * The terms of a search keyword: cut to 30 characters (spec 000 §5, spec 001 §5), Unicode-composed,
 * lower-cased, split at white space, each once. Every term must match (a substring, in any
 * order): "plan 2026" finds "2026 Plan.docx". An empty keyword has no terms and finds nothing.
 */
export function searchTerms(raw: string | undefined): string[] {
  // Keyed as names are (nameKey), so that a term is a substring of the name keys it finds.
  const text = nameKey(cutSearchInput(raw ?? ''))
    // Control characters never occur in names and would only confuse the index's query syntax.
    .replace(/\p{Cc}/gu, ' ');
  return [...new Set(text.split(/\s+/).filter((t) => t !== ''))].slice(0, MAX_TERMS);
}

export const charCount = (text: string) => [...text].length;

/** Whether a term can be looked up in a trigram index (3 characters or more). */
export const isIndexable = (term: string) => charCount(term) >= TRIGRAM;

// --- Sort key -----------------------------------------------------------------------------------

/**
 * Results come newest first. The sort key packs the time and the id into one integer that stays
 * exact in a double until the year 2106: mtime * 2^21 + (id mod 2^21). On SQLite it is the FTS
 * rowid, so a match streams from the index in this order and the first page stops early; two
 * files changed in the same second with ids 2^21 apart would collide, and the indexer then takes
 * the next free key below (indexer.ts), which keeps the order by time.
 */
export const SORT_KEY_LOW = 2 ** 21;

export function sortKeyOf(mtime: number, fileId: number): number {
  return Math.max(0, Math.floor(mtime)) * SORT_KEY_LOW + (fileId % SORT_KEY_LOW);
}

/** The sort keys of files changed between `from` and `to` (unix seconds, both included). */
export function sortKeyRange(from?: number, to?: number): { min?: number; max?: number } {
  return {
    min: from === undefined ? undefined : Math.max(0, from) * SORT_KEY_LOW,
    max: to === undefined ? undefined : (Math.max(0, to) + 1) * SORT_KEY_LOW - 1,
  };
}

// --- What a name is indexed by --------------------------------------------------------------------

const HAN = /\p{Script=Han}/u;

export interface NameTerms {
  name_key: string;
  /** Full pinyin and initials when the name has Chinese characters ('' otherwise: nothing to add). */
  pinyin: string;
  initials: string;
  /** Extension, lower-case, '' for folders. */
  ext: string;
  /** Short grams of the name and of the initials (see shortGrams). */
  grams: string;
  initial_grams: string;
}

export function nameTermsOf(name: string, isFolder: boolean): NameTerms {
  const name_key = nameKey(name);
  const ext = isFolder ? '' : splitExt(name).ext.toLowerCase();
  const grams = nameGramsOf(name_key);
  if (!HAN.test(name)) return { name_key, pinyin: '', initials: '', ext, grams, initial_grams: '' };
  const py = pinyinOf(name);
  return {
    name_key,
    pinyin: py.full,
    initials: py.initials,
    ext,
    grams,
    initial_grams: shortGrams(py.initials, () => true),
  };
}

const WORD_CHAR = /^[\p{L}\p{N}]$/u;
const isAscii = (ch: string) => ch.charCodeAt(0) < 0x80;
const every = () => true;

/**
 * The one- and two-character grams of a text that a short term can look up (space separated, each
 * once): single letters and digits, and pairs of them, where `wanted` holds for one of the
 * characters.
 */
export function shortGrams(text: string, wanted: (ch: string) => boolean): string {
  const chars = [...text];
  const grams = new Set<string>();
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (!WORD_CHAR.test(ch)) continue;
    if (wanted(ch)) grams.add(ch);
    const next = chars[i + 1];
    if (next !== undefined && WORD_CHAR.test(next) && (wanted(ch) || wanted(next))) grams.add(ch + next);
  }
  return [...grams].join(' ');
}

/**
 * The short grams of a name (its name_key): every letter and digit and every pair of them, Latin
 * ones too. A one- or two-character term then has an index however rare it is ("jz", "qx", "7"):
 * a scan of the names newest first ends early only for common ones and reads every name for a
 * rare one. About 30 grams for a name of 25 characters: SQLite's short-gram table grows by about
 * 40 MB per 200,000 names (bench/search.ts).
 */
export const nameGramsOf = (nameKey: string) => shortGrams(nameKey, every);

/**
 * The short grams of a content text: only those with a non-ASCII character (Chinese words are
 * mostly two characters). Latin pairs would be in nearly every text; short Latin terms are a
 * substring test of the texts, which stream newest first.
 */
export const textGramsOf = (text: string) => shortGrams(text, (ch) => !isAscii(ch));

const isGramTerm = (chars: string[]) => chars.length <= 2 && chars.every((ch) => WORD_CHAR.test(ch));

/** A short term the name grams answer: one or two letters or digits, Latin or not. */
export const isNameGramTerm = (term: string) => isGramTerm([...term]);

/**
 * The name grams a short term that is not one itself implies ("a." needs the gram "a"): its
 * letters and digits, each alone. None for a term without any ("-", "._").
 */
export function impliedNameGrams(term: string): string[] {
  const chars = [...term];
  if (isGramTerm(chars)) return [term];
  return [...new Set(chars.filter((ch) => WORD_CHAR.test(ch)))];
}

/** A short term the content grams answer (one or two letters or digits, one of them not ASCII). */
export function isTextGramTerm(term: string): boolean {
  const chars = [...term];
  return isGramTerm(chars) && chars.some((ch) => !isAscii(ch));
}

/** A short term the initials grams answer (one or two Latin letters). */
export const isInitialsGramTerm = (term: string) => /^[a-z]{1,2}$/.test(term);

// --- Query text for the indexes -------------------------------------------------------------------

/** An FTS5 phrase: the term quoted, its quotes doubled (the trigram tokenizer matches it as a substring). */
export function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

// --- Where the terms are (highlighting) -----------------------------------------------------------

/** Sorted, merged ranges. */
export function mergeRanges(ranges: Range[]): Range[] {
  const sorted = ranges.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const [s, e] of sorted) {
    const last = merged[merged.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/**
 * The text lower-cased with, for every unit of the lower-cased text, the index of the unit of the
 * original it came from (lower-casing may change lengths: "İ" becomes two units).
 */
function lowered(text: string): { lower: string; origin: number[] } {
  let lower = '';
  const origin: number[] = [];
  let i = 0;
  for (const ch of text) {
    const l = ch.toLowerCase();
    for (let k = 0; k < l.length; k++) origin.push(i);
    lower += l;
    i += ch.length;
  }
  origin.push(i);
  return { lower, origin };
}

/** Every occurrence of every term in the text, case-insensitively. */
export function literalRanges(text: string, terms: string[]): Range[] {
  const { lower, origin } = lowered(text.normalize('NFC'));
  const ranges: Range[] = [];
  for (const term of terms) {
    if (term === '') continue;
    for (let at = lower.indexOf(term); at !== -1; at = lower.indexOf(term, at + term.length)) {
      ranges.push([origin[at], origin[at + term.length]]);
    }
  }
  return mergeRanges(ranges);
}

/** The characters of a Chinese name that a pinyin term stands for ("jidu" in 季度报告: 季度). */
export function pinyinRanges(name: string, terms: string[]): Range[] {
  const chars = [...name];
  const offsets: number[] = [];
  let at = 0;
  for (const ch of chars) {
    offsets.push(at);
    at += ch.length;
  }
  offsets.push(at);
  const ranges: Range[] = [];
  for (const term of terms) {
    if (!/^[a-z]+$/.test(term)) continue;
    const hit = pinyinMatch(name, term, { continuous: true });
    for (const index of hit ?? [])
      if (index < chars.length) ranges.push([offsets[index], offsets[index + 1]]);
  }
  return mergeRanges(ranges);
}

/** The ranges to highlight in a name: its literal matches, and where those miss a term, its pinyin. */
export function nameRanges(name: string, terms: string[]): Range[] {
  const literal = literalRanges(name, terms);
  const lower = nameKey(name);
  const missing = terms.filter((t) => !lower.includes(t));
  return missing.length ? mergeRanges([...literal, ...pinyinRanges(name, missing)]) : literal;
}

export interface Snippet {
  text: string;
  ranges: Range[];
}

/** Characters of context before the first match in a snippet, and the snippet's length. */
export const SNIPPET_BEFORE = 40;
export const SNIPPET_LENGTH = 160;

/**
 * A snippet of a text around the first match of any term (white space folded to single spaces),
 * with the matches in it. `cutStart`/`cutEnd` tell whether the text went on before and after the
 * window it came from, for the ellipses.
 */
export function snippetOf(
  window: string,
  terms: string[],
  opts: { cutStart?: boolean; cutEnd?: boolean } = {},
): Snippet {
  const folded = window.replace(/\s+/g, ' ');
  const { lower, origin } = lowered(folded);
  let first = -1;
  for (const term of terms) {
    const at = term ? lower.indexOf(term) : -1;
    if (at !== -1 && (first === -1 || at < first)) first = at;
  }
  let start = first === -1 ? 0 : Math.max(0, origin[first] - SNIPPET_BEFORE);
  // Never start inside a surrogate pair.
  if (start > 0 && /[\uDC00-\uDFFF]/.test(folded[start])) start--;
  let end = Math.min(folded.length, start + SNIPPET_LENGTH);
  if (end < folded.length && /[\uDC00-\uDFFF]/.test(folded[end])) end++;
  const head = opts.cutStart || start > 0 ? '…' : '';
  const tail = opts.cutEnd || end < folded.length ? '…' : '';
  const body = folded.slice(start, end).trim();
  const text = `${head}${body}${tail}`;
  return { text, ranges: literalRanges(text, terms) };
}
