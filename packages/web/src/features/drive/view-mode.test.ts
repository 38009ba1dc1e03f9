import { afterEach, describe, expect, test, vi } from 'vitest';
import { readView, saveView } from './view-mode';

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('the drive view kept in the browser', () => {
  test('a list until the grid is chosen; the choice is read back', () => {
    expect(readView()).toBe('list');
    saveView('grid');
    expect(readView()).toBe('grid');
    saveView('list');
    expect(readView()).toBe('list');
  });

  test('anything else stored reads as the list', () => {
    window.localStorage.setItem('cirrus.drive.view', 'tiles');
    expect(readView()).toBe('list');
  });

  test('blocked storage: the list, and choosing does not fail', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(() => saveView('grid')).not.toThrow();
    expect(readView()).toBe('list');
  });
});
