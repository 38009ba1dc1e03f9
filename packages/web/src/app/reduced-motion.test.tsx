import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { usePrefersReducedMotion, withMotion } from './reduced-motion';
import { theme } from './theme';

/** A system setting for `(prefers-reduced-motion: reduce)` that a test can change. */
function systemMotion(initiallyReduced: boolean) {
  let matches = initiallyReduced;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  );
  return {
    set(reduced: boolean) {
      matches = reduced;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('reduced motion', () => {
  test('follows the system setting, also when it changes while the page is open', () => {
    const system = systemMotion(false);
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
    act(() => system.set(true));
    expect(result.current).toBe(true);
    act(() => system.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(system.listeners.size).toBe(0);
  });

  test('turns antd motion off only when asked, keeping the rest of the theme', () => {
    expect(withMotion(theme, false)).toBe(theme);
    const still = withMotion(theme, true);
    expect(still.token?.motion).toBe(false);
    expect(still.token?.colorPrimary).toBe(theme.token?.colorPrimary);
    expect(still.components).toBe(theme.components);
  });
});
