import { useEffect } from 'react';
import { accountApi } from '../../api/account';
import { ApiError, reloadForSession } from '../../api/http';

/** How often, at most, coming back to the tab re-checks the session (ours; the spec does not say). */
const SESSION_CHECK_INTERVAL_MS = 60_000;

/**
 * spec 002 §4: the app correlates its session once it starts (userNotLogin there reloads the page,
 * which the account client asks the http core to do), and a failed session check reloads the page.
 * We check when the user returns to the tab, since that is when a session ended elsewhere (logout in
 * another tab, expiry) would otherwise go unnoticed until the next click.
 */
export function useSessionWatch() {
  useEffect(() => {
    accountApi.correlateSession().catch(() => {
      // Other failures of correlation do not stop the app.
    });

    let lastCheck = Date.now();
    const onVisibilityChange = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck < SESSION_CHECK_INTERVAL_MS)
        return;
      lastCheck = Date.now();
      accountApi.checkSession().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) reloadForSession();
      });
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, []);
}
