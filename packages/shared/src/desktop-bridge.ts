// The desktop-client bridge (spec 001 §7 "Desktop-client bridge", spec 002 §7 "Local client
// service"): the desktop client runs a small HTTP service on the user's own machine, and the web
// app calls it to open a document in the local office application and to upload with the
// client's own file picker. The specs name the calls and the feature names; the payloads are
// "not shown", so they are ours, and defined here once: the client and the web app both read them.
//
// Wire rules of the local service (ours):
// - JSON bodies in and out (`Content-Type: application/json`), no cookies: the client signs in
//   to the server itself; the web app says which server (`origin`) and where (volume, folder).
// - It answers CORS for the web app's origin, preflight included (`Access-Control-Allow-Origin`,
//   `-Headers: content-type`, `-Private-Network: true` for Chromium's private network checks).
// - A refusal is a non-2xx status with `DesktopBridgeError`; `errortype` is the client's code.

import { SCREEN_HEARTBEAT_MS } from './constants.ts';
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
  disableShot: '/v1/screen/disableshot',
  heartbeat: '/v1/screen/heartbeat',
} as const;

/**
 * Feature names of GET /v1/funclist (spec: "returns a comma list (autoencrypt, editlock)").
 * autoencrypt: the client encrypts what it uploads into a secure team; editlock: the client takes
 * and releases the file lock around a local edit. A missing one shows clientFeatureUnsupported.
 */
export const DESKTOP_FEATURES = ['autoencrypt', 'editlock'] as const;
export type DesktopFeature = (typeof DESKTOP_FEATURES)[number];

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

/** spec 002 §3 "Desktop task: fname, state, percent, fileSize, errortype"; `id` is ours. */
export interface DesktopTask {
  id: string;
  fname: string;
  state: DesktopTaskState;
  /** 0-100. */
  percent: number;
  /** Bytes. */
  fileSize: number;
  /** The client's error code when state is `failed` (5007: too large to convert). */
  errortype?: number | string;
}

export const DESKTOP_TASK_STATES = ['waiting', 'running', 'paused', 'done', 'failed', 'canceled'] as const;
export type DesktopTaskState = (typeof DESKTOP_TASK_STATES)[number];

/** Whether a task may still change (the list is polled while one does). */
export function isTaskActive(task: Pick<DesktopTask, 'state'>): boolean {
  return task.state === 'waiting' || task.state === 'running' || task.state === 'paused';
}

/** The answer of /v1/files/upload and /v1/tasks/status. */
export interface DesktopTasksResponse {
  tasks: DesktopTask[];
}

/** POST /v1/tasks/status: the tasks of these ids (all of the client's uploads when absent). */
export interface DesktopTasksStatusRequest {
  ids?: string[];
}

/** POST /v1/tasks/work: pause, resume or retry tasks. Answers their new state. */
export interface DesktopTasksWorkRequest {
  ids: string[];
  work: 'pause' | 'resume' | 'retry';
}

/** POST /v1/files/upload/cancel: stop these uploads. Answers their new state. */
export interface DesktopUploadCancelRequest {
  ids: string[];
}

/** POST /v1/screen/disableshot `{ disable }`; POST /v1/screen/heartbeat `{}` every 2 s meanwhile. */
export interface DesktopDisableShotRequest {
  disable: boolean;
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
 * limit inserted (spec 001 §8); a catalogue key sent as is stays itself; anything else is the
 * caller's generic failure of that call (`fallback`).
 */
export function desktopErrorOf(
  errortype: number | string | undefined,
  fallback: ErrorKey,
): { key: ErrorKey; params?: MessageParams } {
  if (Number(errortype) === DESKTOP_ERROR_CONVERT_TOO_LARGE)
    return { key: 'convertFileTooLarge', params: { limit: SECDOC_CONVERT_MAX_MB } };
  if (isErrorKey(errortype)) return { key: errortype };
  return { key: fallback };
}
