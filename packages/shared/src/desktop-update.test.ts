import { describe, expect, test } from 'vitest';
import {
  DESKTOP_UPDATE_POLL_MS,
  DESKTOP_UPDATE_STATES,
  type DesktopUpdateAction,
  type DesktopUpdateState,
  isUpdatePending,
  updateActionOf,
  updateStateOnFailure,
} from './desktop-bridge.ts';

// The update checker of spec 002 §2 and §4 (desktop-bridge.ts); its own file beside the bridge's tests.
describe('update checker', () => {
  const cases: [DesktopUpdateState, DesktopUpdateAction | null, boolean, DesktopUpdateState][] = [
    ['idle', 'check', false, 'checkingError'],
    ['checking', null, true, 'checkingError'],
    ['checkingError', 'retryCheck', false, 'checkingError'],
    ['noNewVersion', 'checkAgain', false, 'checkingError'],
    ['downloading', 'cancel', true, 'downloadError'],
    ['downloaded', 'install', false, 'downloadError'],
    ['downloadError', 'retryDownload', false, 'downloadError'],
    ['downloadCancel', 'checkAgain', false, 'downloadError'],
  ];

  test('every state is covered', () => {
    expect(cases.map(([state]) => state)).toEqual([...DESKTOP_UPDATE_STATES]);
  });

  test.each(cases)('%s offers %s, is polled: %s, fails to %s', (state, action, pending, failed) => {
    expect(updateActionOf(state)).toBe(action);
    expect(isUpdatePending(state)).toBe(pending);
    expect(updateStateOnFailure(state)).toBe(failed);
  });

  test('the status is read at the spec 002 §9 update status throttle', () => {
    expect(DESKTOP_UPDATE_POLL_MS).toBe(300);
  });
});
