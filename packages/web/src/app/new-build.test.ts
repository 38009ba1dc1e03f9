import { describe, expect, test, vi } from 'vitest';
import { isStaleBuildError, reloadForNewBuild } from './new-build';

describe('a page left open across a new deployment', () => {
  test('knows a piece of the old build that is gone from other errors', () => {
    expect(
      isStaleBuildError(
        new TypeError('Failed to fetch dynamically imported module: /pcview/assets/BinPage-x1.js'),
      ),
    ).toBe(true);
    expect(isStaleBuildError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleBuildError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleBuildError(undefined)).toBe(false);
  });

  test('loads the new build once, not again within a minute', () => {
    const storage = window.sessionStorage;
    storage.clear();
    const reload = vi.fn();
    expect(reloadForNewBuild(1_000_000, storage, reload)).toBe(true);
    expect(reloadForNewBuild(1_030_000, storage, reload)).toBe(false);
    expect(reloadForNewBuild(1_061_000, storage, reload)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
