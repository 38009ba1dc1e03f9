import { IconProvider } from '@ant-design/icons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useMemo } from 'react';
import { ApiError } from '../api/http';
import { useLanguage } from '../i18n';
import { usePrefersReducedMotion, withMotion } from './reduced-motion';
import { theme } from './theme';

/** Client errors (4xx) will not change by asking again; network and server errors get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

/**
 * antd's icons, like its components (app/theme.ts), take their styles from the prebuilt stylesheet.
 * antd passes its zeroRuntime on to the icons only along with a prefix or csp setting; without it
 * every icon, on mounting, looked for its style element in the page again (a file list shows four
 * or five icons a row: about 40 ms of the first screen, bench W8).
 */
const ICONS = { zeroRuntime: true };

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const language = useLanguage();
  const reducedMotion = usePrefersReducedMotion();
  const themed = useMemo(() => withMotion(theme, reducedMotion), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={themed} locale={language === 'zh-CN' ? zhCN : enUS}>
        <IconProvider value={ICONS}>
          <AntdApp>{children}</AntdApp>
        </IconProvider>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
