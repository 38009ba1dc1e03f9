/**
 * The web app's client of the desktop client's local service (spec 001 §7 "Desktop-client
 * bridge", spec 002 §7; the paths and payloads are in shared/desktop-bridge.ts). It finds the
 * service by pinging the candidate hosts in order, each with a short timeout, and remembers the one
 * that answered until a call to it gets no answer: the next call then probes again (the client
 * quit, restarted on another port, or was upgraded). Every failure becomes a catalogue key: no
 * answer is connectClientFailed, a feature missing from the funclist its not-supported message
 * (featureUnsupportedError), a refusal the client's own code (5007: convertFileTooLarge) or the
 * call's generic failure.
 */
import {
  DESKTOP_BRIDGE_CALL_TIMEOUT_MS,
  DESKTOP_BRIDGE_HOSTS,
  DESKTOP_BRIDGE_PATHS,
  DESKTOP_BRIDGE_PROBE_TIMEOUT_MS,
  DESKTOP_CLIENT_PATHS,
  type DesktopBridgeError,
  type DesktopDisableShotRequest,
  type DesktopDownloadRequest,
  type DesktopEditRequest,
  type DesktopFeature,
  type DesktopLogoutRequest,
  type DesktopPing,
  type DesktopSelectKind,
  type DesktopSelectRequest,
  type DesktopSelectResponse,
  type DesktopSettings,
  type DesktopSettingsChange,
  type DesktopSyncPathSelectResponse,
  type DesktopTasksResponse,
  type DesktopTasksStatusRequest,
  type DesktopTasksWorkRequest,
  type DesktopUpdateStatus,
  type DesktopUploadCancelRequest,
  type DesktopUploadRequest,
  type DesktopWindowAction,
  type DesktopWindowState,
  desktopErrorOf,
  type ErrorKey,
  featureUnsupportedError,
  isDesktopPing,
  type MessageParams,
  parseFuncList,
} from '@cirrus/shared';

/** A failed bridge call, as the catalogue key to show. */
export class BridgeError extends Error {
  readonly key: ErrorKey;
  readonly params?: MessageParams;

  constructor(key: ErrorKey, params?: MessageParams) {
    super(key);
    this.name = 'BridgeError';
    this.key = key;
    this.params = params;
  }
}

/** The local service that answered the ping. */
export interface DesktopService {
  host: string;
  version: string;
}

export interface BridgeOptions {
  /** Candidate hosts, probed in this order. */
  hosts: readonly string[];
  fetch?: typeof fetch;
  probeTimeoutMs?: number;
  callTimeoutMs?: number;
}

/** A fetch that gives up after `ms` (undefined: waits as long as the service takes). */
async function fetchWithin(
  doFetch: typeof fetch,
  url: string,
  init: RequestInit,
  ms: number | undefined,
): Promise<Response> {
  const controller = new AbortController();
  const timer = ms === undefined ? undefined : setTimeout(() => controller.abort(), ms);
  try {
    // No cookies: the local service is another origin and keeps no session of ours.
    return await doFetch(url, { ...init, credentials: 'omit', signal: controller.signal });
  } finally {
    if (timer !== undefined) clearTimeout(timer);
  }
}

export function createDesktopBridge(options: BridgeOptions) {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const probeTimeout = options.probeTimeoutMs ?? DESKTOP_BRIDGE_PROBE_TIMEOUT_MS;
  const callTimeout = options.callTimeoutMs ?? DESKTOP_BRIDGE_CALL_TIMEOUT_MS;
  /** The service found, null when none answered, undefined before the first probe. */
  let found: DesktopService | null | undefined;
  let probing: Promise<DesktopService | null> | undefined;
  let features: Promise<Set<string>> | undefined;

  const ping = async (host: string): Promise<DesktopService | null> => {
    try {
      const res = await fetchWithin(
        doFetch,
        host + DESKTOP_BRIDGE_PATHS.ping,
        { method: 'GET' },
        probeTimeout,
      );
      const body: unknown = res.ok ? await res.json() : null;
      // Another program on the port answers something else.
      return isDesktopPing(body) ? { host, version: (body as DesktopPing).version } : null;
    } catch {
      return null;
    }
  };

  /** Pings the candidates in order; the first that answers is kept. One probe at a time. */
  const probe = (): Promise<DesktopService | null> => {
    probing ??= (async () => {
      let service: DesktopService | null = null;
      for (const host of options.hosts) {
        service = await ping(host);
        if (service) break;
      }
      found = service;
      features = undefined;
      return service;
    })().finally(() => {
      probing = undefined;
    });
    return probing;
  };

  /** The service: the one found before, else a new probe; connectClientFailed when none answers. */
  const service = async (): Promise<DesktopService> => {
    const known = found ?? (await probe());
    if (!known) throw new BridgeError('connectClientFailed');
    return known;
  };

  /** Calls the service; a host that stopped answering is forgotten and the others tried once. */
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: unknown,
    fallback: ErrorKey,
    timed = true,
  ): Promise<T> {
    const init: RequestInit =
      method === 'GET'
        ? { method }
        : { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
    const send = async ({ host }: DesktopService) =>
      fetchWithin(doFetch, host + path, init, timed ? callTimeout : undefined);
    let res: Response;
    try {
      res = await send(await service());
    } catch (error) {
      if (error instanceof BridgeError) throw error;
      found = undefined;
      // No answer in time: not sent again, as the service may have acted on it; the next call
      // probes anew. Refused: the client quit, or came back on another port; the others are tried.
      if ((error as Error).name === 'AbortError') throw new BridgeError('connectClientFailed');
      try {
        res = await send(await service());
      } catch (again) {
        if (again instanceof BridgeError) throw again;
        found = undefined;
        throw new BridgeError('connectClientFailed');
      }
    }
    if (res.status === 204) return undefined as T;
    const answer: unknown = await res.json().catch(() => null);
    if (!res.ok) {
      const { key, params } = desktopErrorOf((answer as DesktopBridgeError | null)?.errortype, fallback);
      throw new BridgeError(key, params);
    }
    return answer as T;
  }

  const post = <T>(path: string, body: unknown, fallback: ErrorKey, timed = true) =>
    call<T>('POST', path, body, fallback, timed);

  /** GET /v1/funclist of the service found, read once per service. */
  const funcList = async (): Promise<Set<string>> => {
    const { host } = await service();
    features ??= fetchWithin(doFetch, host + DESKTOP_BRIDGE_PATHS.funclist, { method: 'GET' }, callTimeout)
      .then((res) => (res.ok ? res.text() : ''))
      .then(parseFuncList, () => {
        // The client went away: the next call looks for it again.
        features = undefined;
        found = undefined;
        throw new BridgeError('connectClientFailed');
      });
    return features;
  };

  /** spec 001 §5, §8: a feature the funclist lacks is its not-supported error. */
  const requireFeature = async (feature: DesktopFeature): Promise<void> => {
    if (!(await funcList()).has(feature)) throw new BridgeError(featureUnsupportedError(feature));
  };

  return {
    probe,
    /** The service found so far, without probing. */
    known: () => found,
    funcList,
    requireFeature,
    edit: (body: DesktopEditRequest) => post<void>(DESKTOP_BRIDGE_PATHS.edit, body, 'clientEditFailed'),
    // The picker waits on the user: no timeout.
    select: (kind: DesktopSelectKind, body: DesktopSelectRequest) =>
      post<DesktopSelectResponse>(DESKTOP_BRIDGE_PATHS.select(kind), body, 'clientUploadFailed', false),
    upload: (body: DesktopUploadRequest) =>
      post<DesktopTasksResponse>(DESKTOP_BRIDGE_PATHS.upload, body, 'clientUploadFailed'),
    tasksStatus: (body: DesktopTasksStatusRequest) =>
      post<DesktopTasksResponse>(DESKTOP_BRIDGE_PATHS.tasksStatus, body, 'clientUploadFailed'),
    tasksWork: (body: DesktopTasksWorkRequest) =>
      post<DesktopTasksResponse>(DESKTOP_BRIDGE_PATHS.tasksWork, body, 'clientUploadFailed'),
    cancelUpload: (body: DesktopUploadCancelRequest) =>
      post<DesktopTasksResponse>(DESKTOP_BRIDGE_PATHS.uploadCancel, body, 'clientUploadFailed'),
    // The client may ask where to save: no timeout.
    download: (body: DesktopDownloadRequest) =>
      post<DesktopTasksResponse>(DESKTOP_BRIDGE_PATHS.download, body, 'downloadFailed', false),
    disableShot: (body: DesktopDisableShotRequest) =>
      post<void>(DESKTOP_BRIDGE_PATHS.disableShot, body, 'connectClientFailed'),
    heartbeat: () => post<void>(DESKTOP_BRIDGE_PATHS.heartbeat, {}, 'connectClientFailed'),
    /** The window bar's minimise, maximise, restore and close: the window's state after it (close: none). */
    window: (action: DesktopWindowAction) =>
      post<DesktopWindowState | undefined>(DESKTOP_BRIDGE_PATHS.window(action), {}, 'connectClientFailed'),
    windowState: () =>
      call<DesktopWindowState>('GET', DESKTOP_BRIDGE_PATHS.windowState, undefined, 'connectClientFailed'),
    // The settings dialog (spec 002 §2): a refusal is setFailed, which the dialog tells as its own
    // message (settingsFailed, setSyncPathFailed).
    settings: () => call<DesktopSettings>('GET', DESKTOP_CLIENT_PATHS.settings, null, 'setFailed'),
    changeSettings: (body: DesktopSettingsChange) =>
      call<DesktopSettings>('PUT', DESKTOP_CLIENT_PATHS.settings, body, 'setFailed'),
    // The folder picker waits on the user: no timeout.
    selectSyncPath: () =>
      post<DesktopSyncPathSelectResponse>(DESKTOP_CLIENT_PATHS.syncPathSelect, {}, 'setFailed', false),
    // The update checker (spec 002 §2, §4): a refusal becomes a state (updateStateOnFailure).
    updateCheck: () => post<DesktopUpdateStatus>(DESKTOP_CLIENT_PATHS.updateCheck, {}, 'setFailed'),
    updateDownload: () => post<DesktopUpdateStatus>(DESKTOP_CLIENT_PATHS.updateDownload, {}, 'setFailed'),
    updateCancel: () => post<DesktopUpdateStatus>(DESKTOP_CLIENT_PATHS.updateCancel, {}, 'setFailed'),
    updateStatus: () =>
      call<DesktopUpdateStatus>('GET', DESKTOP_CLIENT_PATHS.updateStatus, null, 'setFailed'),
    updateInstall: () => post<void>(DESKTOP_CLIENT_PATHS.updateInstall, {}, 'setFailed'),
    /** spec 002 §4: the client's before-logout hook; its refusal (4103) is logoutFailed. */
    beforeLogout: (body: DesktopLogoutRequest) =>
      post<void>(DESKTOP_CLIENT_PATHS.sessionLogout, body, 'logoutFailed'),
  };
}

export type DesktopBridge = ReturnType<typeof createDesktopBridge>;

/** Where a developer (or a browser test) points the app at a client on other ports. */
export const BRIDGE_HOSTS_STORAGE_KEY = 'cirrus.desktopBridgeHosts';

/**
 * The candidate hosts: the shared list, or a comma list of origins kept under
 * BRIDGE_HOSTS_STORAGE_KEY. Only loopback http origins are taken: the bridge never calls the
 * network, whatever is stored.
 */
export function candidateHosts(stored: string | null): readonly string[] {
  const hosts = (stored ?? '')
    .split(',')
    .map((host) => host.trim())
    .filter((host) => /^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d{1,5}$/.test(host));
  return hosts.length > 0 ? hosts : DESKTOP_BRIDGE_HOSTS;
}

function storedHosts(): string | null {
  try {
    return window.localStorage.getItem(BRIDGE_HOSTS_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The page's one bridge: the host found is remembered for the session. */
export const desktopBridge = createDesktopBridge({
  hosts: candidateHosts(typeof window === 'undefined' ? null : storedHosts()),
});
