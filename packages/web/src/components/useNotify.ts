import { ERROR_TOAST_MS, SHORT_ERROR_TOAST_MS, SUCCESS_TOAST_MS } from '@cirrus/shared';
import { App } from 'antd';
import { useMemo } from 'react';
import { ApiError, errorMessage } from '../api/http';
import { useLanguage } from '../i18n';

/** spec 002 §9: error toasts 3 s by default, 1.5 s for some; success 10 s in some places. */
export interface ToastOptions {
  /** `short`: 1.5 s errors; `long`: 10 s success. */
  length?: 'default' | 'short' | 'long';
}

const ANTD_DEFAULT_MS = 3000;

function seconds(ms: number): number {
  return ms / 1000;
}

/** Toasts through antd's App context (themed and localised), errors through the shared lookup. */
export function useNotify() {
  const { message } = App.useApp();
  const language = useLanguage();

  return useMemo(
    () => ({
      error(error: unknown, { length = 'default' }: ToastOptions = {}) {
        // The http core is already taking the user to login (or reloading): nothing to say.
        if (error instanceof ApiError && error.handled) return;
        const ms = length === 'short' ? SHORT_ERROR_TOAST_MS : ERROR_TOAST_MS;
        void message.error(errorMessage(error, language), seconds(ms));
      },
      warning(text: string) {
        void message.warning(text, seconds(ERROR_TOAST_MS));
      },
      success(text: string, { length = 'default' }: ToastOptions = {}) {
        void message.success(text, seconds(length === 'long' ? SUCCESS_TOAST_MS : ANTD_DEFAULT_MS));
      },
    }),
    [message, language],
  );
}
