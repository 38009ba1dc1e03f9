import { useLayoutEffect, useRef } from 'react';

/**
 * Gives the focus back to what had it when `open` turned true (a row's "More actions" button, a
 * toolbar's menu button: MenuDropdown), once `open` turns false and the focus is left in the
 * closing menu or nowhere. A row's menu opens at a point, so antd has no trigger to return the
 * focus to; and a dialog chosen from a menu returns the focus, when it closes, to what had it as
 * it opened: this runs first (a layout effect), so that is the button too, not a menu item that is
 * gone.
 */
export function useFocusReturn(open: boolean): void {
  const origin = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) {
      origin.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      return;
    }
    const target = origin.current;
    origin.current = null;
    const active = document.activeElement;
    const lost = active === null || active === document.body || active.closest('.ant-dropdown') !== null;
    if (target?.isConnected && lost) target.focus({ preventScroll: true });
  }, [open]);
}
