import { appHomeOf } from '@cirrus/shared';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { useSelfUser } from '../features/auth/queries';
import { useSettingsQuery } from '../features/settings/queries';
import { APP_BASE, appBaseOf, LANDING_PATH } from './paths';

/**
 * The root path: my drive when logged in, else the landing page (spec 000 §2). The server does the
 * same. The drive is under /view where the deployment says so (shared appHomeOf); the app's base
 * is read once per page, so another base is a new page load.
 */
export function RootRedirect() {
  const self = useSelfUser();
  const settings = useSettingsQuery();
  const home = settings.data ? appHomeOf(settings.data) : undefined;
  const elsewhere = !!self.data && home !== undefined && appBaseOf(home) !== APP_BASE;
  useEffect(() => {
    if (elsewhere && home) window.location.replace(home);
  }, [elsewhere, home]);
  if (self.isPending || (self.data && settings.isPending) || elsewhere) return <FullPageSpin />;
  return <Navigate to={self.data ? (home ?? `${APP_BASE}/drive`) : LANDING_PATH} replace />;
}
