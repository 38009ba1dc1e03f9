import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { isAppPath } from './paths';

/** Goes to a same-origin address, replacing the current entry: inside the app by the router, elsewhere by a page load. */
export function useGoTo() {
  const navigate = useNavigate();
  return useCallback(
    (url: string) => {
      if (isAppPath(new URL(url, window.location.origin).pathname)) void navigate(url, { replace: true });
      else window.location.replace(url);
    },
    [navigate],
  );
}
