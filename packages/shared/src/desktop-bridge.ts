// The desktop-client bridge (spec 001 §7 "Desktop-client bridge", spec 002 §7 "Local client
// service"): the desktop client runs a small HTTP service on the user's own machine, and the web
// app calls it to open a document in the local office application and to upload with the
// client's own file picker, to download through the client, and to keep a security document off
// screenshots. The specs name the calls and the feature names; the payloads are
// "not shown", so they are ours, and defined here once: the client and the web app both read them.
//
// Wire rules of the local service (ours):
// - JSON bodies in and out (`Content-Type: application/json`), no cookies: the client signs in
//   to the server itself; the web app says which server (`origin`) and where (volume, folder).
// - It answers CORS for the web app's origin, preflight included (`Access-Control-Allow-Origin`,
//   `-Headers: content-type`, `-Private-Network: true` for Chromium's private network checks).
// - A refusal is a non-2xx status with `DesktopBridgeError`; `errortype` is the client's code.

import { SCREEN_HEARTBEAT_MS, UPDATE_STATUS_THROTTLE_MS } from './constants.ts';
import { type ErrorKey, isErrorKey, type MessageParams } from './errors.ts';
import { SECDOC_CONVERT_MAX_MB } from './secdoc.ts';

/**
 * Candidate ports of the local service, probed in this order (spec: "host taken from a list and
 * probed with GET /v1/ping"; the list is not shown). Several, so that a client whose first port
 * is taken by another program still has one; loopback only, never a network address.
 */
export const DESKTOP_BRIDGE_PORTS = [18730, 18731, 18732] as const;

export const DESKTOP_BRIDGE_HOSTS: readonly string[] = DESKTOP_BRIDGE_PORTS.map(
  (port) => `http://127.0.0.1:${port}`,
);

/** How long one candidate may take to answer the ping before the next is tried (ours). */
export const DESKTOP_BRIDGE_PROBE_TIMEOUT_MS = 800;
/** How long any other call may take: the pickers wait on the user, so only the others time out. */
export const DESKTOP_BRIDGE_CALL_TIMEOUT_MS = 5_000;
/** How often the client's task list is read while tasks run (ours). */
export const DESKTOP_TASK_POLL_MS = 1_000;
/** spec 001 §4, §9: the screen heartbeat every 2 s while screen capture is disabled. */
export const DESKTOP_SCREEN_HEARTBEAT_MS = SCREEN_HEARTBEAT_MS;

/** The deep link that starts the local application (spec 001 §8, spec 002 §8: "a deep link to launch the local app"). */
export const DESKTOP_CLIENT_LAUNCH_URL = 'cirrus://open';

/** The local service's calls (spec 001 §7, spec 002 §7), at those paths. */
export const DESKTOP_BRIDGE_PATHS = {
  ping: '/v1/ping',
  funclist: '/v1/funclist',
  edit: '/v1/files/edit',
  select: (kind: DesktopSelectKind) => `/v1/files/upload/select/${kind}`,
  upload: '/v1/files/upload',
  tasksStatus: '/v1/tasks/status',
  tasksWork: '/v1/tasks/work',
  uploadCancel: '/v1/files/upload/cancel',
  download: '/v1/files/download',
  disableShot: '/v1/screen/disableshot',
  heartbeat: '/v1/screen/heartbeat',
  window: (action: DesktopWindowAction) => `/v1/window/${action}`,
  windowState: '/v1/window/state',
} as const;

/**
 * Feature names of GET /v1/funclist (spec: "returns a comma list (autoencrypt, editlock)").
 * autoencrypt: the client encrypts what it uploads into a secure team; editlock: the client takes
 * and releases the file lock around a local edit; batchdownload (ours: the spec names the rule,
 * "batch download only when the client supports it", not the name): the client downloads a folder
 * or several items at once.
 */
export const DESKTOP_FEATURES = ['autoencrypt', 'editlock', 'batchdownload'] as const;
export type DesktopFeature = (typeof DESKTOP_FEATURES)[number];

/**
 * What a client without the feature shows: spec 001 §5 "batch download only when the client
 * supports it; otherwise a not-supported error" (nonsupportedBatchDownload, §8); the others
 * clientFeatureUnsupported ("not-supported for drag-upload encryption or editing lock").
 */
export function featureUnsupportedError(feature: DesktopFeature): ErrorKey {
  return feature === 'batchdownload' ? 'nonsupportedBatchDownload' : 'clientFeatureUnsupported';
}

/** GET /v1/funclist's comma list as a set; unknown names are kept (a newer client), blanks dropped. */
export function parseFuncList(text: string): Set<string> {
  const list = text.trim().replace(/^"(.*)"$/, '$1');
  return new Set(
    list
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
}

/** GET /v1/ping's answer: `service` tells our client from another program on the port. */
export interface DesktopPing {
  service: typeof DESKTOP_BRIDGE_SERVICE;
  version: string;
}
export const DESKTOP_BRIDGE_SERVICE = 'cirrus-desktop';

export function isDesktopPing(body: unknown): body is DesktopPing {
  return (
    typeof body === 'object' &&
    body !== null &&
    (body as DesktopPing).service === DESKTOP_BRIDGE_SERVICE &&
    typeof (body as DesktopPing).version === 'string'
  );
}

/** Where on the server a call is about: the server's origin, the volume (space) and the folder. */
export interface DesktopTarget {
  /** The server's origin, e.g. `https://drive.example.com`: the client may know several. */
  origin: string;
  /** The space (volume) id: a team's id or the personal space's. */
  groupid: number;
  /** The folder; 0 is the space's root. */
  parentid: number;
}

/** POST /v1/files/edit: open the file in the local office application. Answers 204. */
export interface DesktopEditRequest extends DesktopTarget {
  fileid: number;
  fname: string;
  /** Whether the client takes the file lock around the edit (file locking on and `editlock` listed). */
  lock: boolean;
}

export type DesktopSelectKind = 'files' | 'folder';

/** POST /v1/files/upload/select/{files|folder}: the client's own picker. */
export type DesktopSelectRequest = DesktopTarget;

/** What the picker chose; `canceled` when the user closed it (no error shown). */
export interface DesktopSelectResponse {
  canceled: boolean;
  /** Local paths, as the client will read them; the web app only passes them back. */
  paths: string[];
}

/** POST /v1/files/upload: upload local paths into the target folder. Answers the new tasks. */
export interface DesktopUploadRequest extends DesktopTarget {
  paths: string[];
  /** Upload into a secure team: the client encrypts (needs `autoencrypt`). */
  encrypt: boolean;
}

/**
 * POST /v1/files/download: the client downloads these items of a space to the user's machine
 * (spec 001 §7 "Commands: upload, drag upload, download"). It answers the new tasks, one per item
 * (a folder is one task), or none when the user closed the client's save dialog: the call waits on
 * the user, so it has no timeout. The client signs in to `origin` itself and walks a folder there
 * (spec 001 §4 "batch folder download pages by 200 and recurses, skipping folders without download
 * permission"). Several items, or a folder, only when the funclist has `batchdownload`; the web app
 * has asked the server first (the zip's `preflight=1`), so an empty folder and a partial download
 * are told in the page as in a browser.
 */
export interface DesktopDownloadRequest {
  origin: string;
  /** The space (volume) the items are in. */
  groupid: number;
  items: DesktopDownloadItem[];
}

export interface DesktopDownloadItem {
  fileid: number;
  fname: string;
  ftype: 'file' | 'folder';
  /** Bytes; 0 for a folder (the client learns its size as it walks it). */
  fsize: number;
}

/** Which way a task moves bytes: an upload when absent (the clients before downloads). */
export type DesktopTaskKind = 'upload' | 'download';

/**
 * A task's state, in spec 001 §3's names ("Tasks"): an upload moves in_queue, prepare,
 * in_progress, complete; a download in_queue, in_progress, complete (no prepare). `interrupted`
 * is a stop on the way: paused by the user when it carries no `errortype`, failed when it does
 * (as the browser's own queue tells them, drive/upload/upload-queue.ts).
 */
export const DESKTOP_UPLOAD_TASK_STATES = [
  'in_queue',
  'prepare',
  'in_progress',
  'interrupted',
  'complete',
] as const;
export const DESKTOP_DOWNLOAD_TASK_STATES = ['in_queue', 'in_progress', 'complete', 'interrupted'] as const;
export const DESKTOP_TASK_STATES = DESKTOP_UPLOAD_TASK_STATES;
export type DesktopTaskState = (typeof DESKTOP_TASK_STATES)[number];

/**
 * spec 002 §3 "Desktop task: fname, state, percent, fileSize, errortype"; spec 001 §3's
 * `cancelled` and `hidden` flags; `id` and `kind` are ours.
 */
export interface DesktopTask {
  id: string;
  kind?: DesktopTaskKind;
  fname: string;
  state: DesktopTaskState;
  /** Stopped for good by the user, whatever the state it stopped in (spec 001 §3 flag). */
  cancelled?: boolean;
  /** Cleared from the client's own list: the page does not show it either (spec 001 §3 flag). */
  hidden?: boolean;
  /** 0-100. */
  percent: number;
  /** Bytes. */
  fileSize: number;
  /** The client's error code of an `interrupted` task that failed (5007: too large to convert). */
  errortype?: number | string;
}

type TaskFields = Pick<DesktopTask, 'state' | 'cancelled' | 'errortype'>;

/** How a task reads in the panel: its state, with an interruption told as paused or failed. */
export type DesktopTaskPhase = Exclude<DesktopTaskState, 'interrupted'> | 'paused' | 'failed' | 'cancelled';

export function taskPhaseOf(task: TaskFields): DesktopTaskPhase {
  if (task.cancelled) return 'cancelled';
  if (task.state !== 'interrupted') return task.state;
  return task.errortype === undefined || task.errortype === null ? 'paused' : 'failed';
}

/** Whether a task may still change (the list is polled while one does): not complete, failed or cancelled. */
export function isTaskActive(task: TaskFields): boolean {
  const phase = taskPhaseOf(task);
  return phase !== 'complete' && phase !== 'failed' && phase !== 'cancelled';
}

/** A task's kind, uploads being the default. */
export function taskKindOf(task: Pick<DesktopTask, 'kind'>): DesktopTaskKind {
  return task.kind === 'download' ? 'download' : 'upload';
}

/** Whether the page may stop a task: an active upload (POST /v1/files/upload/cancel; see below). */
export function isTaskCancelable(task: TaskFields & Pick<DesktopTask, 'kind'>): boolean {
  return isTaskActive(task) && taskKindOf(task) === 'upload';
}

/** The answer of /v1/files/upload, /v1/files/download and /v1/tasks/status. */
export interface DesktopTasksResponse {
  tasks: DesktopTask[];
}

/** POST /v1/tasks/status: the tasks of these ids (all of the client's tasks when absent). */
export interface DesktopTasksStatusRequest {
  ids?: string[];
}

/** POST /v1/tasks/work: pause, resume or retry tasks (uploads and downloads). Answers their new state. */
export interface DesktopTasksWorkRequest {
  ids: string[];
  work: 'pause' | 'resume' | 'retry';
}

/**
 * POST /v1/files/upload/cancel: stop these uploads. Answers their new state. The spec names no
 * call that stops a download: the client's own window does that, so the page offers no cancel on
 * a download task.
 */
export interface DesktopUploadCancelRequest {
  ids: string[];
}

/**
 * POST /v1/screen/disableshot `{ disable }` (spec 001 §6 "Screen capture can be disabled in the
 * client"); POST /v1/screen/heartbeat `{}` every DESKTOP_SCREEN_HEARTBEAT_MS meanwhile (§4). Both
 * answer 204. The web app disables capture while it shows a security document and sends
 * `{ disable: false }` when it stops; a page that dies cannot say so, so the client allows capture
 * again once heartbeats have stopped for DESKTOP_SCREEN_HEARTBEAT_GRACE heartbeats (ours).
 */
export interface DesktopDisableShotRequest {
  disable: boolean;
}
export const DESKTOP_SCREEN_HEARTBEAT_GRACE = 3;

/**
 * The window bar (spec 001 §2 "Desktop-client window bar: refresh, minimise, maximise/restore,
 * close"; the calls are ours): the client's window is frameless, so the page draws the bar and
 * asks the client. POST /v1/window/{minimize|maximize|restore|close} `{}` answers the window's
 * state after it (close answers 204: the window is gone); GET /v1/window/state answers it at any
 * time, for a page that loads in a window already maximised, or one the user maximised from the
 * system. Refresh is the page's own reload.
 */
export const DESKTOP_WINDOW_ACTIONS = ['minimize', 'maximize', 'restore', 'close'] as const;
export type DesktopWindowAction = (typeof DESKTOP_WINDOW_ACTIONS)[number];

export interface DesktopWindowState {
  maximized: boolean;
  minimized: boolean;
}

/** A refusal of the local service. */
export interface DesktopBridgeError {
  errortype: number | string;
  msg?: string;
}

/** spec 001 §8: client upload error 5007, the too-large conversion failure (its limit is 10 MB). */
export const DESKTOP_ERROR_CONVERT_TOO_LARGE = 5007;

/**
 * The catalogue key and placeholders of a refusal: errortype 5007 is convertFileTooLarge with its
 * limit inserted (spec 001 §8: the company's secdoc_convert_max_mb where the caller knows it); a
 * catalogue key sent as is stays itself; anything else is the caller's generic failure of that
 * call (`fallback`).
 */
export function desktopErrorOf(
  errortype: number | string | undefined,
  fallback: ErrorKey,
  convertLimitMb: number = SECDOC_CONVERT_MAX_MB,
): { key: ErrorKey; params?: MessageParams } {
  if (Number(errortype) === DESKTOP_ERROR_CONVERT_TOO_LARGE)
    return { key: 'convertFileTooLarge', params: { limit: convertLimitMb } };
  if (isErrorKey(errortype)) return { key: errortype };
  return { key: fallback };
}

// ---------------------------------------------------------------------------------------------
// The settings dialog, the update checker and logout inside the client (spec 002 §2, §4, §8).
// The spec names what they do, not the calls: the paths and payloads below are ours.

/**
 * - GET /v1/settings: the client's settings (DesktopSettings).
 * - PUT /v1/settings: a part of them (DesktopSettingsChange); answers the whole DesktopSettings
 *   (the service's preflight allows PUT: `Access-Control-Allow-Methods: GET, POST, PUT`).
 *   A new `syncPath` is one the user chose with the picker below and then confirmed in the page.
 * - POST /v1/settings/syncpath/select `{}`: the client's folder picker; answers
 *   DesktopSyncPathSelectResponse and changes nothing. It waits on the user: no timeout.
 * - POST /v1/update/check `{}`: look for a newer client. POST /v1/update/download `{}`: download it
 *   again after downloadError. POST /v1/update/cancel `{}`: stop the download. GET
 *   /v1/update/status: where it is. All four answer DesktopUpdateStatus; a refused check is
 *   checkingError, a refused download downloadError.
 * - POST /v1/update/install `{}`: the client quits and installs the downloaded version. Answers 204.
 * - POST /v1/session/logout DesktopLogoutRequest: the client's before-logout hook, asked before the
 *   page logs out. 204: go on (the client signs out of `origin` too and stops its transfers);
 *   refused with errortype 4103 (DESKTOP_ERROR_LOGOUT_REFUSED): stay logged in, logoutFailed.
 */
export const DESKTOP_CLIENT_PATHS = {
  settings: '/v1/settings',
  syncPathSelect: '/v1/settings/syncpath/select',
  updateCheck: '/v1/update/check',
  updateDownload: '/v1/update/download',
  updateCancel: '/v1/update/cancel',
  updateStatus: '/v1/update/status',
  updateInstall: '/v1/update/install',
  sessionLogout: '/v1/session/logout',
} as const;

/** spec 002 §2 "Desktop settings dialog": General (startOnBoot, shortcutIcon) and Sync (sync, syncPath). */
export interface DesktopSettings {
  startOnBoot: boolean;
  /** The show-shortcut-icon switch; absent where the system has no such icon ("where supported"). */
  shortcutIcon?: boolean;
  sync: boolean;
  /** The local folder kept in sync. */
  syncPath: string;
}
export type DesktopSettingsChange = Partial<DesktopSettings>;

/** What the sync folder picker chose; `canceled` when the user closed it (nothing shown). */
export interface DesktopSyncPathSelectResponse {
  canceled: boolean;
  path: string;
}

/**
 * spec 002 §2 "Update checker states" and §4 "checking, then checkingError, noNewVersion, or
 * downloading; downloading then downloaded or downloadError or downloadCancel"; `idle` (ours) is
 * before any check.
 */
export const DESKTOP_UPDATE_STATES = [
  'idle',
  'checking',
  'checkingError',
  'noNewVersion',
  'downloading',
  'downloaded',
  'downloadError',
  'downloadCancel',
] as const;
export type DesktopUpdateState = (typeof DESKTOP_UPDATE_STATES)[number];

export interface DesktopUpdateStatus {
  state: DesktopUpdateState;
  /** The newer version, once one was found. */
  version?: string;
  /** 0-100 while downloading. */
  percent?: number;
}

/** spec 002 §9 "update status listener throttle 300 ms": GET /v1/update/status this often meanwhile. */
export const DESKTOP_UPDATE_POLL_MS = UPDATE_STATUS_THROTTLE_MS;

/** Whether the client is still at it: the status is read again while it is. */
export function isUpdatePending(state: DesktopUpdateState): boolean {
  return state === 'checking' || state === 'downloading';
}

/** The one action a state offers (spec 002 §2): the call it makes, or none. */
export type DesktopUpdateAction =
  | 'check'
  | 'retryCheck'
  | 'cancel'
  | 'install'
  | 'retryDownload'
  | 'checkAgain';

export function updateActionOf(state: DesktopUpdateState): DesktopUpdateAction | null {
  switch (state) {
    case 'idle':
      return 'check';
    case 'checking':
      return null;
    case 'checkingError':
      return 'retryCheck';
    case 'noNewVersion':
      return 'checkAgain';
    case 'downloading':
      return 'cancel';
    case 'downloaded':
      return 'install';
    case 'downloadError':
      return 'retryDownload';
    case 'downloadCancel':
      return 'checkAgain';
  }
}

/**
 * What a failed call or status read leaves, by the state the page was in: the page enters checking
 * (or downloading) as it asks, so a failed check is checkingError and anything after it downloadError.
 */
export function updateStateOnFailure(state: DesktopUpdateState): DesktopUpdateState {
  return state === 'idle' || state === 'checking' || state === 'checkingError' || state === 'noNewVersion'
    ? 'checkingError'
    : 'downloadError';
}

/** POST /v1/session/logout: the server the page logs out of. */
export interface DesktopLogoutRequest {
  origin: string;
}

/** spec 002 §4, §8: the before-logout hook's refusal, shown as logoutFailed (its catalogue code). */
export const DESKTOP_ERROR_LOGOUT_REFUSED = 4103;
