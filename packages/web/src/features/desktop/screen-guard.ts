/**
 * Screen capture in the desktop client (spec 001 §6 "Screen capture can be disabled in the
 * client"; §4 "a screen heartbeat is sent every 2 seconds while screen capture is disabled"):
 * while the page shows a security document inside the client, the client is told to keep its
 * window off screenshots and recordings (POST /v1/screen/disableshot `{disable: true}`), is sent a
 * heartbeat every DESKTOP_SCREEN_HEARTBEAT_MS so that it knows the page still wants it, and is
 * told `{disable: false}` when the document is left. A page that dies cannot say so: the client
 * allows capture again once the heartbeats stop (shared/desktop-bridge.ts).
 * Calls go one after another, so that a release never overtakes the disable it undoes. A call that
 * fails (the client went away) is not shown: the next beat disables again, and the bridge looks
 * for the client anew, so a client that came back is guarded too.
 */
import { DESKTOP_SCREEN_HEARTBEAT_MS } from '@cirrus/shared';
import { useEffect } from 'react';
import { desktopClient } from '../settings/desktop-client';
import { type DesktopBridge, desktopBridge } from './bridge';

export function createScreenGuard(
  bridge: Pick<DesktopBridge, 'disableShot' | 'heartbeat' | 'known'>,
  { heartbeatMs = DESKTOP_SCREEN_HEARTBEAT_MS }: { heartbeatMs?: number } = {},
) {
  let holders = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  /**
   * The host of the client that took the disable (since the guard was held and no call failed).
   * Another host answering (the bridge found the client elsewhere) has not been told yet.
   */
  let disabledOn: string | undefined;
  const host = () => bridge.known()?.host;
  let busy = false;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (call: () => Promise<void>) => {
    queue = queue.then(call).catch(() => {
      disabledOn = undefined;
    });
    return queue;
  };

  const beat = () => {
    // A beat still waiting on the client is not doubled.
    if (busy) return;
    busy = true;
    void enqueue(async () => {
      if (holders === 0) return;
      if (disabledOn !== undefined && disabledOn === host()) await bridge.heartbeat();
      if (disabledOn === undefined || disabledOn !== host()) {
        await bridge.disableShot({ disable: true });
        disabledOn = host();
      }
    }).finally(() => {
      busy = false;
    });
  };

  return {
    /** Disables capture until the returned release is called; several holders share one disable. */
    hold(): () => void {
      holders += 1;
      if (holders === 1) {
        disabledOn = undefined;
        beat();
        timer = setInterval(beat, heartbeatMs);
      }
      let released = false;
      return () => {
        if (released) return;
        released = true;
        holders -= 1;
        if (holders > 0) return;
        clearInterval(timer);
        timer = undefined;
        void enqueue(async () => {
          // Held again meanwhile (the next document): capture stays off.
          if (holders > 0) return;
          disabledOn = undefined;
          await bridge.disableShot({ disable: false });
        });
      };
    },
    /** Whether someone holds the guard (tests). */
    held: () => holders > 0,
  };
}

/** The page's one guard. */
const screenGuard = createScreenGuard(desktopBridge);

/**
 * Keeps screen capture disabled while `active` and the page is in the desktop client's window;
 * released when `active` turns false or the component leaves (closing the viewer, moving on).
 * A plain browser has no client to ask: nothing is called.
 */
export function useScreenCaptureGuard(active: boolean): void {
  useEffect(() => {
    if (!active || desktopClient === null) return;
    return screenGuard.hold();
  }, [active]);
}
