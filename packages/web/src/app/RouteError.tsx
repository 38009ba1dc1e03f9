import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { LazyResult } from '../components/LazyResult';
import { NotFoundPage } from './NotFoundPage';
import { isStaleBuildError, reloadForNewBuild } from './new-build';

interface AppErrorResultProps {
  onRetry?: () => void;
  fullPage?: boolean;
}

export function AppErrorResult({ onRetry, fullPage }: AppErrorResultProps) {
  const { t } = useTranslation();
  return (
    <div className={fullPage ? 'cirrus-full-page' : undefined}>
      <LazyResult
        status="error"
        title={<h1 className="cirrus-title-heading">{t('appError.title')}</h1>}
        subTitle={t('appError.text')}
        extra={
          <Button type="primary" onClick={onRetry ?? (() => window.location.reload())}>
            {onRetry ? t('common.retry') : t('appError.reload')}
          </Button>
        }
      />
    </div>
  );
}

/** The router's error element: a thrown render error or an unmatched loader answer. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage fullPage />;
  // A piece of an older build, gone since a new deployment: the new build is loaded instead.
  if (isStaleBuildError(error) && reloadForNewBuild()) return null;
  return <AppErrorResult fullPage />;
}
