// Rules every text the server takes must keep, whatever its field.

/** C0 control characters and DEL: never part of a name or any one-line text. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** A surrogate without its pair (UTF-16 that no UTF-8 can hold; stored, it turns into U+FFFD). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether a text can be stored as it was sent: no NUL (PostgreSQL refuses it in text) and no lone
 * surrogate (it would be stored as another text than the one checked).
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** isStorableText for every string in a parsed JSON value, keys included. */
export function isStorableJson(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(isStorableJson);
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (!isStorableText(key) || !isStorableJson(item)) return false;
    }
  }
  return true;
}

/**
 * Whether a JSON text may hold a string isStorableText refuses: a NUL or a surrogate can only be
 * written as a \u escape (raw control characters are not JSON, and UTF-8 bytes cannot be a lone
 * surrogate), so most bodies need no walk after parsing.
 */
export function mayHoldUnstorableText(json: string): boolean {
  return /\\u(?:0000|[dD][89a-fA-F])/.test(json);
}
