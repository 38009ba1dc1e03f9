// File and folder names (spec 001 §5). The web dialogs and the server call the same validator.

import { NAME_MAX } from '../constants.ts';
import type { ErrorKeyOf } from '../errors.ts';
import { CONTROL_CHARS, isStorableText } from './text.ts';

export type FileNameError = ErrorKeyOf<
  'fileNameEmpty' | 'illegalFname' | 'illegalDotFname' | 'fileNameLengthExceed'
>;

export interface FileNameOptions {
  kind: 'file' | 'folder';
  /** The dialog the name comes from; both modes cap the full name at 249 (see below). */
  mode?: 'rename' | 'create';
  /**
   * The extension shown as a suffix beside the input, with or without its dot. When it is given,
   * `name` is the base name the user typed and the saved name is `${name}.${ext}`.
   */
  ext?: string;
}

/** spec 001 §5: characters a name must not contain. */
export const FILE_NAME_ILLEGAL_CHARS = ['/', '\\', ':', '*', '?', '"', '<', '>', '|'] as const;

/** The length of a name in characters (code points), as the user counts them. */
function charLength(s: string): number {
  return [...s].length;
}

/** The longest name the input may hold: 249 for the full name, less the suffix and its dot. */
export function maxFileNameLength(options: FileNameOptions): number {
  if (options.kind === 'folder') return NAME_MAX;
  const ext = (options.ext ?? '').replace(/^\./, '');
  // spec 001 §5: "249 minus extension length for files (and minus one more for the dot when
  // creating)". The rename dialog counts '.docx' and the create dialog 'docx' plus the dot, so in
  // both the full saved name is at most 249 characters.
  return ext === '' ? NAME_MAX : NAME_MAX - charLength(ext) - 1;
}

/**
 * Validates a file or folder name for rename and create (spec 001 §5). The name is checked
 * trimmed; callers save it trimmed. Names with control characters are illegal too; "." and ".."
 * start with a dot, so they can never walk a path, and say so (illegalDotFname, not the message
 * about forbidden characters, which they do not contain).
 */
export function validateFileName(name: string, options: FileNameOptions): FileNameError | undefined {
  const value = name.trim();
  if (value === '') return 'fileNameEmpty';
  if (value === '.' || value === '..') return 'illegalDotFname';
  if ([...value].some((char) => (FILE_NAME_ILLEGAL_CHARS as readonly string[]).includes(char))) {
    return 'illegalFname';
  }
  // Control characters (NUL included) would break paths, headers and listings.
  if (CONTROL_CHARS.test(value) || !isStorableText(value)) return 'illegalFname';
  if (value.startsWith('.')) return 'illegalDotFname';
  if (charLength(value) > maxFileNameLength(options)) return 'fileNameLengthExceed';
  return undefined;
}

/**
 * Splits a name at its last dot: 'a.tar.gz' -> { base: 'a.tar', ext: 'gz' }. A leading dot or a
 * trailing dot is not an extension separator: '.env' and 'notes.' have no extension.
 */
export function splitExt(name: string): { base: string; ext: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return { base: name, ext: '' };
  return { base: name.slice(0, dot), ext: name.slice(dot + 1) };
}

/**
 * The name the input stands for when `ext` is shown as a fixed suffix beside it: the trimmed input
 * with `.ext` added, unless the input already ends with it (in any case: 'notes.TXT' for 'txt'),
 * so that typing the whole name 'notes.txt' does not save 'notes.txt.txt'. `base` is the input
 * without that extension, the part the suffix's length rule (maxFileNameLength) applies to.
 */
export function withFixedExt(input: string, ext: string): { base: string; fullName: string } {
  const value = input.trim();
  const suffix = ext.replace(/^\./, '');
  if (suffix === '') return { base: value, fullName: value };
  const dotted = `.${suffix}`;
  if (value.toLowerCase().endsWith(dotted.toLowerCase())) {
    return { base: value.slice(0, -dotted.length), fullName: value };
  }
  return { base: value, fullName: `${value}${dotted}` };
}

/** spec 001 §5: rename is disabled unless the trimmed name differs from the original. */
export function isRenameUnchanged(original: string, input: string): boolean {
  return input.trim() === original.trim();
}

/** Names are unique per folder regardless of case (and of Unicode composition): the name's key. */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * A code unit's rank in code point order: the surrogates (U+D800-DFFF, halves of U+10000 and above)
 * after the rest of the Basic Multilingual Plane, so that comparing UTF-16 code units orders as
 * comparing code points does (and as comparing UTF-8 bytes does).
 */
function codePointRank(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return unit + 0x2000;
  return unit >= 0xe000 ? unit - 0x800 : unit;
}

function compareCodePoints(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/**
 * The drive list's order of names (modules/files: `ORDER BY name_key`, compared byte by byte):
 * by nameKey in code point order, so case does not count; names that differ only in case (which
 * one folder never holds, an archive may) then by the name itself.
 */
export function compareFileNames(a: string, b: string): number {
  return compareCodePoints(nameKey(a), nameKey(b)) || compareCodePoints(a, b);
}
