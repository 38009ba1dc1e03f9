import { beforeEach, describe, expect, test, vi } from 'vitest';
import { forgetReloadForTests, isStaleBuildError, reloadForNewBuild } from './new-build';

describe('a page left open across a new deployment', () => {
  beforeEach(() => {
    forgetReloadForTests();
    window.sessionStorage.clear();
  });

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
    const reload = vi.fn();
    expect(reloadForNewBuild(1_000_000, window.sessionStorage, reload, true)).toBe(true);
    forgetReloadForTests(); // the reloaded page
    expect(reloadForNewBuild(1_030_000, window.sessionStorage, reload, true)).toBe(false);
    expect(reloadForNewBuild(1_061_000, window.sessionStorage, reload, true)).toBe(true);
    expect(reloadForNewBuild(1_200_000, window.sessionStorage, reload, true)).toBe(false); // same page
    expect(reload).toHaveBeenCalledTimes(2);
  });

  test('offline, or without storage, it does not reload (the error is shown, no loop)', () => {
    const reload = vi.fn();
    expect(reloadForNewBuild(1_000_000, window.sessionStorage, reload, false)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('blocked');
      },
    } as unknown as Storage;
    expect(reloadForNewBuild(1_000_000, blocked, reload, true)).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
