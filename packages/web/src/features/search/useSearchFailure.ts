import { errorText, SHORT_ERROR_TOAST_MS } from '@cirrus/shared';
import { App } from 'antd';
import { useEffect } from 'react';
import { ApiError, errorMessage } from '../../api/http';
import { useLanguage } from '../../i18n';

export type SearchFailure = { kind: 'serverBusy' } | { kind: 'error'; text: string };

/**
 * spec 001 §8 "Recycle and search": a failed search without a response body is a server error:
 * "server busy" for 1.5 s and the server-error placeholder. Other failures say what the server said.
 */
export function searchFailureOf(
  error: unknown,
  lang: Parameters<typeof errorMessage>[1],
): SearchFailure | undefined {
  if (!error) return undefined;
  if (!(error instanceof ApiError) || error.body === null) return { kind: 'serverBusy' };
  return { kind: 'error', text: errorMessage(error, lang) };
}

/** The failure of a search, with the 1.5 s server-busy message shown once per failure. */
export function useSearchFailure(error: unknown): SearchFailure | undefined {
  const { message } = App.useApp();
  const language = useLanguage();
  const failure = searchFailureOf(error, language);
  const busy = failure?.kind === 'serverBusy';
  useEffect(() => {
    if (busy) void message.error(errorText('serverBusy', language), SHORT_ERROR_TOAST_MS / 1000);
  }, [busy, message, language]);
  return failure;
}
