// A stand-in for the desktop client's local service (shared/desktop-bridge.ts), for the browser
// test, the bridge's unit tests and a demo: node's http, the protocol with CORS for the app, and a
// record of every call it got. It uploads and downloads nothing: a task advances one step on each
// status call, so a test sees progress without waiting on a clock.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DESKTOP_BRIDGE_SERVICE,
  type DesktopDisableShotRequest,
  type DesktopDownloadRequest,
  type DesktopSettings,
  type DesktopTask,
  type DesktopUpdateStatus,
  type DesktopUploadRequest,
  type DesktopWindowState,
  isTaskActive,
  taskPhaseOf,
} from '../packages/shared/src/index.ts';

export interface FakeCall {
  method: string;
  path: string;
  body: unknown;
  /** When it came (Date.now()), for the tests of a polling rate. */
  at: number;
}

export interface FakeDesktopClientOptions {
  /** 0: any free port. */
  port?: number;
  /** GET /v1/funclist's answer. */
  funclist?: string;
  /** What the pickers choose: local paths. */
  pickedFiles?: string[];
  pickedFolder?: string[];
  /** Bytes of each picked file, by name (1 MiB otherwise). */
  sizes?: Record<string, number>;
  /** Uploads and downloads of these names fail at their first status call with this client error code. */
  failures?: Record<string, number | string>;
  /** Percent added on each status call. */
  step?: number;
  /** Calls refused with this client error code, by path (POST /v1/session/logout: 4103 refuses a logout). */
  refusals?: Record<string, number | string>;
  /** Whether its window starts maximised. */
  maximized?: boolean;
  /** The settings GET /v1/settings starts from; PUT changes them. */
  settings?: DesktopSettings;
  /** What the sync folder picker chooses; null: the user closes it. */
  pickedSyncPath?: string | null;
  /** The newer version the update check finds; null: there is none (noNewVersion). */
  newVersion?: string | null;
  /** Percent of the update's download added on each status read. */
  updateStep?: number;
  /** The update's download fails (downloadError) at its next status read. */
  updateDownloadFails?: boolean;
}

export interface FakeDesktopClient {
  url: string;
  port: number;
  calls: FakeCall[];
  options: Required<FakeDesktopClientOptions>;
  callsTo(path: string): FakeCall[];
  /** Its tasks as it holds them now. */
  tasks(): DesktopTask[];
  /** The user clears a task from the client's own list (spec 001 §3 `hidden`). */
  hide(id: string): void;
  /** Its window: what the window bar's calls made of it (closed once asked to close). */
  window: DesktopWindowState & { closed: boolean };
  /** The window calls in order: their actions, `state` for a read. */
  windowCalls(): string[];
  /** The client's settings now. */
  settings(): DesktopSettings;
  /** The update checker's state now. */
  update(): DesktopUpdateStatus;
  /** The screen calls in order: `disable` and `allow` (POST /v1/screen/disableshot), `beat` (heartbeat). */
  screenCalls(): ('disable' | 'allow' | 'beat')[];
  close(): Promise<void>;
}

const baseName = (path: string) => path.split(/[\\/]/).filter(Boolean).pop() ?? path;

export async function startFakeDesktopClient(
  given: FakeDesktopClientOptions = {},
): Promise<FakeDesktopClient> {
  const options: Required<FakeDesktopClientOptions> = {
    port: 0,
    funclist: 'autoencrypt,editlock',
    pickedFiles: ['C:\\Users\\demo\\Documents\\Budget 2027.xlsx', 'C:\\Users\\demo\\Documents\\Notes.docx'],
    pickedFolder: ['C:\\Users\\demo\\Pictures\\Holiday'],
    sizes: {},
    failures: {},
    step: 25,
    refusals: {},
    maximized: false,
    settings: { startOnBoot: false, shortcutIcon: true, sync: true, syncPath: 'C:\\Users\\demo\\Cirrus' },
    pickedSyncPath: 'D:\\Cirrus sync',
    newVersion: '3.3.0',
    updateStep: 50,
    updateDownloadFails: false,
    ...given,
  };
  const frame = { maximized: options.maximized, minimized: false, closed: false };
  const windowState = (): DesktopWindowState => ({ maximized: frame.maximized, minimized: frame.minimized });
  let settings: DesktopSettings = { ...options.settings };
  let update: DesktopUpdateStatus = { state: 'idle' };
  /** The update checker moves one step on each status read, as tasks do. */
  const advanceUpdate = () => {
    if (update.state === 'checking')
      update = options.newVersion
        ? { state: 'downloading', version: options.newVersion, percent: 0 }
        : { state: 'noNewVersion' };
    else if (update.state === 'downloading' && options.updateDownloadFails)
      update = { ...update, state: 'downloadError' };
    else if (update.state === 'downloading') {
      const percent = Math.min(100, (update.percent ?? 0) + options.updateStep);
      update = { ...update, percent, state: percent === 100 ? 'downloaded' : 'downloading' };
    }
  };
  const calls: FakeCall[] = [];
  const tasks = new Map<string, DesktopTask>();
  let nextId = 1;

  // spec 001 §3: a new upload answers `prepare` (the client reads the local files), a download
  // `in_queue`; each moves to in_progress, then complete; a failure is `interrupted` with the
  // error code; a pause `interrupted` without one; a cancel sets the `cancelled` flag.
  const advance = (task: DesktopTask) => {
    const phase = taskPhaseOf(task);
    if (phase !== 'in_queue' && phase !== 'prepare' && phase !== 'in_progress') return;
    const failure = options.failures[task.fname];
    if (failure !== undefined) {
      Object.assign(task, { state: 'interrupted', errortype: failure });
      return;
    }
    task.percent = Math.min(100, task.percent + options.step);
    task.state = task.percent === 100 ? 'complete' : 'in_progress';
  };
  const track = (task: DesktopTask) => {
    tasks.set(task.id, task);
    return task;
  };
  const pick = (ids: unknown) =>
    [...tasks.values()].filter((task) => !Array.isArray(ids) || ids.includes(task.id));

  const answer = (body: Record<string, unknown>): [number, unknown] => [200, body];
  const routes: Record<string, (body: Record<string, unknown>) => [number, unknown]> = {
    'GET /v1/ping': () => answer({ service: DESKTOP_BRIDGE_SERVICE, version: '3.2.1' }),
    'POST /v1/files/edit': () => [204, null],
    'POST /v1/files/upload/select/files': () => answer({ canceled: false, paths: options.pickedFiles }),
    'POST /v1/files/upload/select/folder': () => answer({ canceled: false, paths: options.pickedFolder }),
    'POST /v1/files/upload': (body) => {
      const created = (body as unknown as DesktopUploadRequest).paths.map((path) => {
        const fname = baseName(path);
        const fileSize = options.sizes[fname] ?? 1024 * 1024;
        return track({ id: String(nextId++), fname, state: 'prepare', percent: 0, fileSize });
      });
      return answer({ tasks: created });
    },
    'POST /v1/files/download': (body) => {
      const created = (body as unknown as DesktopDownloadRequest).items.map(({ fname, fsize }) =>
        track({
          id: String(nextId++),
          kind: 'download',
          fname,
          state: 'in_queue',
          percent: 0,
          fileSize: fsize,
        }),
      );
      return answer({ tasks: created });
    },
    'POST /v1/tasks/status': (body) => {
      const chosen = pick(body.ids);
      for (const task of chosen) advance(task);
      return answer({ tasks: chosen });
    },
    'POST /v1/tasks/work': (body) => {
      const chosen = pick(body.ids);
      for (const task of chosen) {
        const phase = taskPhaseOf(task);
        if (body.work === 'retry' && (phase === 'failed' || phase === 'cancelled'))
          Object.assign(task, { state: 'in_queue', cancelled: false, percent: 0, errortype: undefined });
        if (body.work === 'pause' && isTaskActive(task) && phase !== 'paused') task.state = 'interrupted';
        if (body.work === 'resume' && phase === 'paused') task.state = 'in_queue';
      }
      return answer({ tasks: chosen });
    },
    'POST /v1/files/upload/cancel': (body) => {
      const chosen = pick(body.ids);
      for (const task of chosen) if (isTaskActive(task)) task.cancelled = true;
      return answer({ tasks: chosen });
    },
    'POST /v1/screen/disableshot': () => [204, null],
    'POST /v1/screen/heartbeat': () => [204, null],
    'GET /v1/window/state': () => answer({ ...windowState() }),
    'POST /v1/window/minimize': () => {
      frame.minimized = true;
      return answer({ ...windowState() });
    },
    'POST /v1/window/maximize': () => {
      Object.assign(frame, { maximized: true, minimized: false });
      return answer({ ...windowState() });
    },
    'POST /v1/window/restore': () => {
      Object.assign(frame, { maximized: false, minimized: false });
      return answer({ ...windowState() });
    },
    'POST /v1/window/close': () => {
      frame.closed = true;
      return [204, null];
    },
    'GET /v1/settings': () => answer({ ...settings }),
    'PUT /v1/settings': (body) => {
      settings = { ...settings, ...body };
      return answer({ ...settings });
    },
    'POST /v1/settings/syncpath/select': () =>
      answer({ canceled: options.pickedSyncPath === null, path: options.pickedSyncPath ?? '' }),
    'POST /v1/update/check': () => {
      update = { state: 'checking' };
      return answer({ ...update });
    },
    'POST /v1/update/download': () => {
      update = { state: 'downloading', version: options.newVersion ?? undefined, percent: 0 };
      return answer({ ...update });
    },
    'POST /v1/update/cancel': () => {
      if (update.state === 'downloading') update = { ...update, state: 'downloadCancel' };
      return answer({ ...update });
    },
    'GET /v1/update/status': () => {
      advanceUpdate();
      return answer({ ...update });
    },
    'POST /v1/update/install': () => [204, null],
    'POST /v1/session/logout': () => [204, null],
  };

  const server = http.createServer((req, res) => {
    // CORS for the web app, whatever its origin: the fake serves tests on any port.
    res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
    res.setHeader('vary', 'origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-methods': 'GET, POST, PUT',
        'access-control-allow-headers': 'content-type',
        'access-control-allow-private-network': 'true',
      });
      res.end();
      return;
    }
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      let body: Record<string, unknown> = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        // recorded as sent
      }
      calls.push({ method: req.method ?? '', path, body, at: Date.now() });
      if (req.method === 'GET' && path === '/v1/funclist') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end(options.funclist);
        return;
      }
      const route = routes[`${req.method} ${path}`];
      const refusal = options.refusals[path];
      const [status, out]: [number, unknown] =
        refusal !== undefined
          ? [500, { errortype: refusal }]
          : route
            ? route(body)
            : [404, { errortype: 'notFound' }];
      if (out === null) res.writeHead(status).end();
      else res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(out));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    calls,
    options,
    callsTo: (path) => calls.filter((call) => call.path === path),
    tasks: () => [...tasks.values()].map((task) => ({ ...task })),
    hide: (id) => {
      const task = tasks.get(id);
      if (task) task.hidden = true;
    },
    window: frame,
    windowCalls: () =>
      calls
        .filter((call) => call.path.startsWith('/v1/window/'))
        .map((call) => call.path.slice('/v1/window/'.length)),
    settings: () => settings,
    update: () => update,
    screenCalls: () =>
      calls
        .filter((call) => call.path.startsWith('/v1/screen/'))
        .map((call) =>
          call.path === '/v1/screen/heartbeat'
            ? 'beat'
            : (call.body as DesktopDisableShotRequest).disable
              ? 'disable'
              : 'allow',
        ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
