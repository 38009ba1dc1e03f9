// Password rules (spec 000 §5, spec 002 §5). Both modes check the trimmed password; the server
// must hash the trimmed value too, or a password with edge spaces could never be typed again.

import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts';
import type { ErrorKeyOf, Lang } from '../errors.ts';
import { randomInt, randomString } from '../random.ts';
import type { PrivatePasswordRule } from '../settings.ts';

export type PasswordError = ErrorKeyOf<'PasswordWeak'>;

/** The four character classes of the standard rule. */
export type PasswordClass = 'lowercase' | 'uppercase' | 'digit' | 'special';

/** Which part of the standard rule a password breaks, for the form's tips. */
export type PasswordIssue = 'length' | 'charset' | 'classes';

// Printable ASCII: space (0x20) to tilde (0x7e).
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
// Symbols: printable ASCII that is neither a letter, a digit nor a space.
const SYMBOL = /[!-/:-@[-`{-~]/;

export function passwordClasses(password: string): PasswordClass[] {
  const classes: PasswordClass[] = [];
  if (/[a-z]/.test(password)) classes.push('lowercase');
  if (/[A-Z]/.test(password)) classes.push('uppercase');
  if (/\d/.test(password)) classes.push('digit');
  if (SYMBOL.test(password)) classes.push('special');
  return classes;
}

/**
 * The parts of the standard rule (spec 000 §5, spec 002 §5) that a password breaks: 8 to 16
 * characters, only printable ASCII, at least three of the four classes. Empty when it is valid.
 */
export function passwordIssues(password: string): PasswordIssue[] {
  const value = password.trim();
  const issues: PasswordIssue[] = [];
  if (value.length < PASSWORD_MIN || value.length > PASSWORD_MAX) issues.push('length');
  if (!PRINTABLE_ASCII.test(value)) issues.push('charset');
  if (passwordClasses(value).length < 3) issues.push('classes');
  return issues;
}

/** Standard-mode new password (spec 000 §5, spec 002 §5). */
export function validatePassword(password: string): PasswordError | undefined {
  return passwordIssues(password).length > 0 ? 'PasswordWeak' : undefined;
}

/** spec 002 §3: the types a private-deployment rule (settings private_password_rule) may require. */
export type PrivatePasswordType = PrivatePasswordRule['type'][number];

/** The rule as the checks read it: settings' PrivatePasswordRule, or a read-only literal. */
export type PasswordRule = Readonly<
  Omit<PrivatePasswordRule, 'type'> & { type: readonly PrivatePasswordType[] }
>;

const TYPE_TESTS: Record<PrivatePasswordType, (password: string) => boolean> = {
  digit: (p) => /\d/.test(p),
  character: (p) => /[A-Za-z]/.test(p),
  upper_lower_case: (p) => /[a-z]/.test(p) && /[A-Z]/.test(p),
  symbol: (p) => SYMBOL.test(p),
};

/**
 * Private-deployment password (spec 002 §5): required; length within the configured bounds; each
 * required type present; only printable ASCII.
 */
export function validatePrivatePassword(password: string, rule: PasswordRule): PasswordError | undefined {
  const value = password.trim();
  if (value === '') return 'PasswordWeak';
  if (value.length < rule.length_lowerbound || value.length > rule.length_upperbound) return 'PasswordWeak';
  if (!PRINTABLE_ASCII.test(value)) return 'PasswordWeak';
  return rule.type.every((type) => TYPE_TESTS[type](value)) ? undefined : 'PasswordWeak';
}

const TYPE_LABELS: Record<PrivatePasswordType, { zh: string; en: string }> = {
  digit: { zh: '数字', en: 'digits' },
  character: { zh: '字母', en: 'letters' },
  upper_lower_case: { zh: '大小写字母', en: 'upper- and lower-case letters' },
  symbol: { zh: '特殊字符', en: 'symbols' },
};

function joinEnglish(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/**
 * The tip for the private-deployment rule (spec 002 §5): lists the required types, optionally
 * prefixed by the length range.
 */
export function privatePasswordTip(
  rule: PasswordRule,
  lang: Lang,
  options: { withLength?: boolean } = {},
): string {
  const withLength = options.withLength ?? true;
  const { length_lowerbound: min, length_upperbound: max } = rule;
  if (lang === 'en') {
    const types = rule.type.map((t) => TYPE_LABELS[t].en);
    const must = types.length > 0 ? `must contain ${joinEnglish(types)}` : '';
    if (!withLength) return must === '' ? '' : `The password ${must}.`;
    return `The password must be ${min}–${max} characters long${must === '' ? '' : ` and ${must}`}.`;
  }
  const types = rule.type.map((t) => TYPE_LABELS[t].zh).join('、');
  const must = types === '' ? '' : `必须包含${types}`;
  if (!withLength) return must === '' ? '' : `密码${must}`;
  return `密码长度为 ${min}–${max} 位${must === '' ? '' : `，${must}`}`;
}

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!#$%&*+-=?@^_~';
/** How many candidates to draw before giving up on a rule no candidate can meet. */
const MAX_ATTEMPTS = 1000;

/**
 * A temporary password (spec 002 §5): random letters and digits followed by a 4-digit number of at
 * least 1000, regenerated until it passes the rule (the private rule when given, else the standard
 * one). When the rule requires symbols, the random part draws from a few symbols too, since
 * letters and digits alone could never pass. A rule too tight for that shape (six characters with
 * all four kinds, say) gets one character of each kind it requires, the rest random, shuffled:
 * every rule the settings accept has a temporary password.
 */
export function generateTemporaryPassword(rule?: PasswordRule): string {
  const min = rule?.length_lowerbound ?? PASSWORD_MIN;
  const max = rule?.length_upperbound ?? PASSWORD_MAX;
  // A little above the lower bound, never above the upper one; the number takes the last 4.
  const total = Math.min(max, Math.max(min, 12));
  const alphabet = rule?.type.includes('symbol') ? LETTERS + DIGITS + SYMBOLS : LETTERS + DIGITS;
  const passes = (candidate: string) =>
    !(rule ? validatePrivatePassword(candidate, rule) : validatePassword(candidate));
  const prefixLength = total - 4;
  for (let attempt = 0; prefixLength >= 1 && attempt < MAX_ATTEMPTS; attempt++) {
    const candidate = randomString(prefixLength, alphabet) + String(1000 + randomInt(9000));
    if (passes(candidate)) return candidate;
  }
  const required = (rule?.type ?? ['character', 'digit']).flatMap((type) =>
    REQUIRED_CHARS[type].map((chars) => randomString(1, chars)),
  );
  if (total >= required.length) {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const chars = [...required, ...randomString(total - required.length, alphabet)];
      for (let i = chars.length - 1; i > 0; i--) {
        const j = randomInt(i + 1);
        [chars[i], chars[j]] = [chars[j], chars[i]];
      }
      const candidate = chars.join('');
      if (passes(candidate)) return candidate;
    }
  }
  throw new Error('generateTemporaryPassword: no password meets the rule');
}

/** One character from each of these for each kind a rule requires. */
const REQUIRED_CHARS: Record<PrivatePasswordType, string[]> = {
  digit: [DIGITS],
  character: [LETTERS],
  upper_lower_case: ['abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
  symbol: [SYMBOLS],
};

/** spec 000 §5: confirm must equal the new password and may not be only whitespace. */
export function validateConfirmPassword(
  password: string,
  confirm: string,
): ErrorKeyOf<'confirmPassword'> | undefined {
  if (confirm.trim() === '' || confirm !== password) return 'confirmPassword';
  return undefined;
}
