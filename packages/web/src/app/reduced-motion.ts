import type { ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

function subscribe(changed: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', changed);
  return () => list.removeEventListener('change', changed);
}

const reduced = () => window.matchMedia(QUERY).matches;

/** Whether the visitor's system asks for less motion (it may change while the page is open). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}

/**
 * The theme with antd's motion (menus and dialogs growing, notices sliding) turned off when
 * `reduced`: they then appear at once, in their place.
 */
export function withMotion(theme: ThemeConfig, reduced: boolean): ThemeConfig {
  return reduced ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}
