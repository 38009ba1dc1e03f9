import { type ErrorKey, errorText, type Lang, phoneLengthRange } from '@cirrus/shared';

/**
 * The text of a validation key from the shared catalogue, with what its placeholders need (the
 * phone length range depends on the deployment).
 */
export function errorTextOf(key: ErrorKey, lang: Lang, options: { privatization?: boolean } = {}): string {
  const params =
    key === 'phone_length_err'
      ? phoneLengthRange({ privatization: options.privatization ?? false })
      : undefined;
  return errorText(key, lang, params);
}
