/**
 * The About tab's update checker (spec 002 §2 "Update checker states", §4 "checking, then
 * checkingError, noNewVersion, or downloading; downloading then downloaded or downloadError or
 * downloadCancel"). The client checks and downloads; the page asks it to (POST /v1/update/...) and
 * reads where it is (GET /v1/update/status) every DESKTOP_UPDATE_POLL_MS, the spec's update status
 * throttle, while it is checking or downloading. A small store of its own, as the task list is: the
 * state lives in the local client, not on our server.
 */
import {
  DESKTOP_UPDATE_POLL_MS,
  type DesktopUpdateAction,
  type DesktopUpdateState,
  type DesktopUpdateStatus,
  isUpdatePending,
  updateStateOnFailure,
} from '@cirrus/shared';
import type { DesktopBridge } from '../desktop/bridge';

type UpdateBridge = Pick<
  DesktopBridge,
  'updateCheck' | 'updateDownload' | 'updateCancel' | 'updateStatus' | 'updateInstall'
>;

export function createUpdateChecker(bridge: UpdateBridge, { pollMs = DESKTOP_UPDATE_POLL_MS } = {}) {
  let status: DesktopUpdateStatus = { state: 'idle' };
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** Counts the requests: an answer to one overtaken by a later one is dropped. */
  let latest = 0;
  let inFlight = false;
  let stopped = false;

  const emit = (next: DesktopUpdateStatus) => {
    status = next;
    for (const listener of listeners) listener();
  };

  const schedule = () => {
    if (stopped || inFlight || timer !== undefined || !isUpdatePending(status.state)) return;
    timer = setTimeout(() => {
      timer = undefined;
      void request(status.state, () => bridge.updateStatus());
    }, pollMs);
  };

  /** Enters `entering` at once, then takes the client's answer; a failure is the state's error. */
  async function request(entering: DesktopUpdateState, call: () => Promise<DesktopUpdateStatus | undefined>) {
    const mine = ++latest;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (entering !== status.state) emit({ ...status, state: entering, percent: 0 });
    inFlight = true;
    let next: DesktopUpdateStatus | undefined;
    try {
      next = await call();
    } catch {
      next = { ...status, state: updateStateOnFailure(status.state) };
    }
    if (mine !== latest) return;
    inFlight = false;
    if (next) emit(next);
    schedule();
  }

  const calls: Record<DesktopUpdateAction, () => Promise<void>> = {
    check: () => request('checking', bridge.updateCheck),
    retryCheck: () => request('checking', bridge.updateCheck),
    checkAgain: () => request('checking', bridge.updateCheck),
    retryDownload: () => request('downloading', bridge.updateDownload),
    cancel: () => request('downloading', bridge.updateCancel),
    // The client quits to install: its answer changes nothing here.
    install: () =>
      request('downloaded', async () => {
        await bridge.updateInstall();
        return undefined;
      }),
  };

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => status,
    /** Where the client is as the tab opens: a download started earlier goes on showing. */
    start: () => {
      stopped = false;
      return request(status.state, () => bridge.updateStatus().catch(() => undefined));
    },
    act: (action: DesktopUpdateAction) => calls[action](),
    stop() {
      stopped = true;
      latest++;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}

export type UpdateChecker = ReturnType<typeof createUpdateChecker>;
