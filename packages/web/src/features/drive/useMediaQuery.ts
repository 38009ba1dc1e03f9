import { useCallback, useSyncExternalStore } from 'react';

/**
 * Below this width the drive has no room for its side list of spaces beside the files (the app's
 * own menu and the list's 180 px minimum leave the files too little): the list opens as a drawer.
 */
export const DRIVE_NARROW_QUERY = '(max-width: 899.98px)';

/** A phone's width: the selection's actions go into one menu, and the file rows drop their extras. */
export const DRIVE_PHONE_QUERY = '(max-width: 599.98px)';

/** Whether the window matches a media query now, kept up to date as it is resized. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
