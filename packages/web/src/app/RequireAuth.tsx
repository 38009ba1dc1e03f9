import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { useSelfUser } from '../features/auth/queries';
import { useSettingsQuery } from '../features/settings/queries';
import { LOGIN_PATH, loginRedirectFor } from './paths';
import { AppErrorResult } from './RouteError';

/**
 * The auth guard of the app's pages: it asks who is logged in (GET /v1/users/self) and sends a
 * logged-out user to login with the current address as cb (spec 002 §4). The settings load
 * alongside, so the layout never shows an entry that the flags then take away.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const self = useSelfUser();
  const settings = useSettingsQuery();
  const location = useLocation();

  // Failed settings fall back to the defaults (useSettings); only the user is required.
  if (self.isPending || settings.isPending) return <FullPageSpin />;
  if (self.isError) return <AppErrorResult fullPage onRetry={() => void self.refetch()} />;
  if (self.data === null) return <Navigate to={loginRedirectFor(location) ?? LOGIN_PATH} replace />;
  return children;
}
