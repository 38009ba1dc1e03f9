// The bridge against real local HTTP services (node's http): the fake desktop client of the
// browser tests, and a few misbehaving programs on the candidate ports.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { isTaskActive, taskPhaseOf } from '@cirrus/shared';
import { afterEach, describe, expect, test } from 'vitest';
import { type FakeDesktopClient, startFakeDesktopClient } from '../../../../../e2e/desktop-client-fake';
import { BridgeError, candidateHosts, createDesktopBridge } from './bridge';
import { createDesktopTasks, tasksKindOf } from './desktop-tasks';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function fake(options: Parameters<typeof startFakeDesktopClient>[0] = {}): Promise<FakeDesktopClient> {
  const client = await startFakeDesktopClient(options);
  closers.push(() => client.close());
  return client;
}

/** Starts `server` on a free loopback port, closed after the test; answers its address. */
async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Another program on a port: it answers every request after `delayMs` with `body`. */
async function otherProgram(log: string[], name: string, delayMs: number, body: string) {
  const server = http.createServer((req, res) => {
    log.push(`${name} ${req.url}`);
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(body), delayMs);
  });
  return listen(server);
}

/** A port nothing listens on (taken and given back). */
async function closedPort(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function rejection(promise: Promise<unknown>): Promise<BridgeError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BridgeError);
  return error as BridgeError;
}

const target = { origin: 'http://127.0.0.1:8080', groupid: 7, parentid: 0 };

describe('probing the candidate hosts (spec 001 §7: a host from a list, probed with GET /v1/ping)', () => {
  test('in order, each within its timeout: refused, silent and foreign hosts are passed over', async () => {
    const log: string[] = [];
    const refused = await closedPort();
    const silent = await otherProgram(log, 'silent', 3_000, '{}');
    const foreign = await otherProgram(log, 'foreign', 0, '{"service":"another-app","version":"1"}');
    const client = await fake();
    const bridge = createDesktopBridge({
      hosts: [refused, silent, foreign, client.url],
      probeTimeoutMs: 300,
    });

    const started = Date.now();
    expect(await bridge.probe()).toEqual({ host: client.url, version: '3.2.1' });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(log).toEqual(['silent /v1/ping', 'foreign /v1/ping']);
    expect(client.callsTo('/v1/ping')).toHaveLength(1);
  });

  test('stops at the first that answers, and keeps it for the next calls', async () => {
    const first = await fake();
    const second = await fake();
    const bridge = createDesktopBridge({ hosts: [first.url, second.url] });
    await bridge.edit({ ...target, fileid: 3, fname: 'a.docx', lock: false });
    await bridge.edit({ ...target, fileid: 4, fname: 'b.docx', lock: false });
    expect(first.callsTo('/v1/ping')).toHaveLength(1);
    expect(first.callsTo('/v1/files/edit').map((call) => call.body)).toMatchObject([
      { fileid: 3 },
      { fileid: 4 },
    ]);
    expect(second.calls).toEqual([]);
  });

  test('no service: connectClientFailed', async () => {
    const bridge = createDesktopBridge({ hosts: [await closedPort(), await closedPort()] });
    expect(await bridge.probe()).toBeNull();
    expect((await rejection(bridge.edit({ ...target, fileid: 1, fname: 'a.docx', lock: false }))).key).toBe(
      'connectClientFailed',
    );
  });

  test('a client that went away is forgotten: the next call probes again and finds it elsewhere', async () => {
    const gone = await fake();
    const later = await fake();
    const bridge = createDesktopBridge({ hosts: [gone.url, later.url] });
    expect((await bridge.probe())?.host).toBe(gone.url);
    await gone.close();
    await bridge.edit({ ...target, fileid: 5, fname: 'c.docx', lock: false });
    expect(later.callsTo('/v1/files/edit')).toHaveLength(1);
    expect(bridge.known()?.host).toBe(later.url);
  });

  test('a call the service does not answer in time is connectClientFailed, is not sent again, and the next call probes anew', async () => {
    let hang = true;
    const log: string[] = [];
    const server = http.createServer((req, res) => {
      log.push(`${req.method} ${req.url}`);
      // It answers the ping, then hangs on every call until `hang` is off.
      if (req.url === '/v1/ping')
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"service":"cirrus-desktop","version":"1"}');
      else if (!hang) res.writeHead(204).end();
    });
    const host = await listen(server);
    const bridge = createDesktopBridge({ hosts: [host], callTimeoutMs: 200 });
    const error = await rejection(bridge.edit({ ...target, fileid: 1, fname: 'a.docx', lock: false }));
    expect(error.key).toBe('connectClientFailed');
    expect(log).toEqual(['GET /v1/ping', 'POST /v1/files/edit']);
    hang = false;
    await bridge.disableShot({ disable: true });
    expect(log.slice(2)).toEqual(['GET /v1/ping', 'POST /v1/screen/disableshot']);
  });

  test('a client gone when its funclist is read: the next action finds it elsewhere', async () => {
    const gone = await fake();
    const later = await fake({ funclist: 'batchdownload' });
    const bridge = createDesktopBridge({ hosts: [gone.url, later.url] });
    expect((await bridge.probe())?.host).toBe(gone.url);
    await gone.close();
    expect((await rejection(bridge.requireFeature('batchdownload'))).key).toBe('connectClientFailed');
    await bridge.requireFeature('batchdownload');
    expect(bridge.known()?.host).toBe(later.url);
    expect(later.callsTo('/v1/funclist')).toHaveLength(1);
  });

  test('a client that went away with no other: connectClientFailed', async () => {
    const gone = await fake();
    const bridge = createDesktopBridge({ hosts: [gone.url] });
    await bridge.probe();
    await gone.close();
    expect((await rejection(bridge.tasksStatus({ ids: ['1'] }))).key).toBe('connectClientFailed');
  });
});

describe('GET /v1/funclist', () => {
  test.each([
    ['autoencrypt,editlock', true],
    [' EditLock ', true],
    ['autoencrypt', false],
    ['', false],
  ])('%j: editlock supported %s, else clientFeatureUnsupported', async (funclist, supported) => {
    const client = await fake({ funclist });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const check = bridge.requireFeature('editlock');
    if (supported) await check;
    else expect((await rejection(check)).key).toBe('clientFeatureUnsupported');
    // Read once for the client found.
    await bridge.funcList();
    expect(client.callsTo('/v1/funclist')).toHaveLength(1);
  });
});

describe('POST /v1/files/download', () => {
  test('hands the items to the client, which answers a download task for each', async () => {
    const client = await fake();
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const items = [
      { fileid: 3, fname: 'a.txt', ftype: 'file' as const, fsize: 12 },
      { fileid: 4, fname: 'Photos', ftype: 'folder' as const, fsize: 0 },
    ];
    const { tasks } = await bridge.download({ origin: target.origin, groupid: 7, items });
    expect(client.callsTo('/v1/files/download').map((call) => call.body)).toEqual([
      { origin: target.origin, groupid: 7, items },
    ]);
    expect(tasks.map(({ kind, fname, fileSize }) => ({ kind, fname, fileSize }))).toEqual([
      { kind: 'download', fname: 'a.txt', fileSize: 12 },
      { kind: 'download', fname: 'Photos', fileSize: 0 },
    ]);
  });

  test.each([
    ['autoencrypt,editlock,batchdownload', null],
    ['autoencrypt,editlock', 'nonsupportedBatchDownload'],
  ])('batch download with funclist %j: %s', async (funclist, key) => {
    const client = await fake({ funclist });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const check = bridge.requireFeature('batchdownload');
    if (key === null) await check;
    else expect((await rejection(check)).key).toBe(key);
  });

  test("a refused download is the client's code, else downloadFailed", async () => {
    const client = await fake({ refusals: { '/v1/files/download': 'WS_E_DISK' } });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const request = { origin: target.origin, groupid: 7, items: [] };
    expect((await rejection(bridge.download(request))).key).toBe('downloadFailed');
    client.options.refusals['/v1/files/download'] = 'sha1Mismatch';
    expect((await rejection(bridge.download(request))).key).toBe('sha1Mismatch');
  });
});

describe('refusals map to the catalogue', () => {
  test('an upload task failing with 5007 is convertFileTooLarge with the limit 10 (spec 001 §8)', async () => {
    const client = await fake({ failures: { 'Notes.docx': 5007 } });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const tasks = createDesktopTasks(bridge, { pollMs: 10 });
    const { paths } = await bridge.select('files', target);
    tasks.add({ gid: 7, folderId: 0 }, (await bridge.upload({ ...target, paths, encrypt: false })).tasks);
    await expect
      .poll(() => tasks.getSnapshot().tasks.map((task) => task.state))
      .toEqual(['complete', 'interrupted']);
    expect(tasks.getSnapshot().tasks[1].errortype).toBe(5007);
    expect(tasks.getSnapshot().tasks.map(taskPhaseOf)).toEqual(['complete', 'failed']);
  });

  test.each([
    [5007, 'convertFileTooLarge', { limit: 10 }],
    ['renameFailed', 'renameFailed', undefined],
    ['WS_E_SOMETHING', 'clientEditFailed', undefined],
  ])('an edit refused with %j is %s', async (errortype, key, params) => {
    const client = await fake({ refusals: { '/v1/files/edit': errortype } });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const error = await rejection(bridge.edit({ ...target, fileid: 1, fname: 'a.docx', lock: false }));
    expect({ key: error.key, params: error.params }).toEqual({ key, params });
  });
});

describe('the window bar (spec 001 §2 "Desktop-client window bar")', () => {
  test('maximise and restore answer the state they left; the state is read by GET; close answers nothing', async () => {
    const client = await fake();
    const bridge = createDesktopBridge({ hosts: [client.url] });
    expect(await bridge.windowState()).toEqual({ maximized: false, minimized: false });
    expect(await bridge.window('maximize')).toEqual({ maximized: true, minimized: false });
    expect(await bridge.windowState()).toEqual({ maximized: true, minimized: false });
    expect(await bridge.window('restore')).toEqual({ maximized: false, minimized: false });
    expect(await bridge.window('minimize')).toEqual({ maximized: false, minimized: true });
    expect(await bridge.window('close')).toBeUndefined();
    expect(client.window.closed).toBe(true);
    expect(client.windowCalls()).toEqual(['state', 'maximize', 'state', 'restore', 'minimize', 'close']);
    expect(client.callsTo('/v1/window/state').map((call) => call.method)).toEqual(['GET', 'GET']);
  });

  test('a client gone is connectClientFailed', async () => {
    const client = await fake();
    const bridge = createDesktopBridge({ hosts: [client.url] });
    await bridge.probe();
    await client.close();
    expect((await rejection(bridge.window('maximize'))).key).toBe('connectClientFailed');
  });
});

describe('the task list', () => {
  /** A fake client moving 50 % a poll, its bridge, a task list polling every `pollMs`, and the folders it said changed. */
  async function taskList(pollMs: number) {
    const client = await fake({ step: 50 });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const tasks = createDesktopTasks(bridge, { pollMs });
    const changed: unknown[] = [];
    tasks.onFolderChanged((folder) => changed.push(folder));
    return { client, bridge, tasks, changed };
  }

  test('is polled while a task runs, and no longer once all are done; done tasks change their folder', async () => {
    const { client, bridge, tasks, changed } = await taskList(10);
    const { tasks: started } = await bridge.upload({
      ...target,
      paths: ['C:\\a.txt', 'C:\\b.txt'],
      encrypt: false,
    });
    tasks.add({ gid: 7, folderId: 0 }, started);
    expect(started.map((task) => task.state)).toEqual(['prepare', 'prepare']);
    await expect.poll(() => tasks.getSnapshot().tasks.every((task) => task.state === 'complete')).toBe(true);
    expect(tasks.getSnapshot().tasks.map((task) => task.percent)).toEqual([100, 100]);
    const polls = client.callsTo('/v1/tasks/status').length;
    expect(polls).toBe(2);
    expect(client.callsTo('/v1/tasks/status')[0].body).toEqual({ ids: ['1', '2'] });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(client.callsTo('/v1/tasks/status')).toHaveLength(polls);
    expect(changed).toEqual([
      { gid: 7, folderId: 0 },
      { gid: 7, folderId: 0 },
    ]);
  });

  test('cancel calls /v1/files/upload/cancel and the task stops', async () => {
    const client = await fake({ step: 10 });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const tasks = createDesktopTasks(bridge, { pollMs: 1_000 });
    tasks.add(
      { gid: 7, folderId: 0 },
      (await bridge.upload({ ...target, paths: ['C:\\a.txt'], encrypt: false })).tasks,
    );
    await tasks.cancel('1');
    tasks.stop();
    expect(client.callsTo('/v1/files/upload/cancel').map((call) => call.body)).toEqual([{ ids: ['1'] }]);
    expect(tasks.getSnapshot().tasks[0]).toMatchObject({ state: 'prepare', cancelled: true });
    expect(isTaskActive(tasks.getSnapshot().tasks[0])).toBe(false);
  });

  test('pause leaves a task interrupted without an error, resume and retry put it back in the queue (spec 001 §3)', async () => {
    const client = await fake({ step: 10, failures: { 'b.txt': 'WS_E_DISK_FULL' } });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const tasks = createDesktopTasks(bridge, { pollMs: 1_000 });
    tasks.add(
      { gid: 7, folderId: 0 },
      (await bridge.upload({ ...target, paths: ['C:\\a.txt', 'C:\\b.txt'], encrypt: false })).tasks,
    );
    const phases = () => tasks.getSnapshot().tasks.map(taskPhaseOf);
    await tasks.work('1', 'pause');
    expect(tasks.getSnapshot().tasks[0]).toMatchObject({ state: 'interrupted' });
    expect(phases()[0]).toBe('paused');
    expect(isTaskActive(tasks.getSnapshot().tasks[0])).toBe(true);
    await tasks.work('1', 'resume');
    expect(tasks.getSnapshot().tasks[0].state).toBe('in_queue');
    // The client fails b.txt at its first status call.
    tasks.add({ gid: 7, folderId: 0 }, (await bridge.tasksStatus({ ids: ['2'] })).tasks);
    expect(phases()).toEqual(['in_queue', 'failed']);
    delete client.options.failures['b.txt'];
    await tasks.work('2', 'retry');
    tasks.stop();
    expect(phases()).toEqual(['in_queue', 'in_queue']);
    expect(client.callsTo('/v1/tasks/work').map((call) => call.body)).toEqual([
      { ids: ['1'], work: 'pause' },
      { ids: ['1'], work: 'resume' },
      { ids: ['2'], work: 'retry' },
    ]);
  });

  test('a task the client hid leaves the list (spec 001 §3 hidden)', async () => {
    const { client, bridge, tasks } = await taskList(1_000);
    tasks.add(
      { gid: 7, folderId: 0 },
      (await bridge.upload({ ...target, paths: ['C:\\a.txt', 'C:\\b.txt'], encrypt: false })).tasks,
    );
    client.hide('1');
    await tasks.work('1', 'pause');
    tasks.stop();
    expect(tasks.getSnapshot().tasks.map((task) => task.fname)).toEqual(['b.txt']);
  });

  test('downloads are polled to the end beside uploads; they change no folder, and cancel all leaves them', async () => {
    const { client, bridge, tasks, changed } = await taskList(1_000);
    const items = [{ fileid: 3, fname: 'a.txt', ftype: 'file' as const, fsize: 12 }];
    tasks.add(null, (await bridge.download({ origin: target.origin, groupid: 7, items })).tasks);
    tasks.add(
      { gid: 7, folderId: 0 },
      (await bridge.upload({ ...target, paths: ['C:\\b.txt'], encrypt: false })).tasks,
    );
    expect(tasksKindOf(tasks.getSnapshot().tasks)).toBe('mixed');
    await tasks.cancel();
    expect(client.callsTo('/v1/files/upload/cancel').map((call) => call.body)).toEqual([{ ids: ['2'] }]);
    tasks.stop();
    const polled = createDesktopTasks(bridge, { pollMs: 10 });
    polled.onFolderChanged((folder) => changed.push(folder));
    polled.add(null, (await bridge.download({ origin: target.origin, groupid: 7, items })).tasks);
    await expect.poll(() => polled.getSnapshot().tasks.map((task) => task.state)).toEqual(['complete']);
    expect(changed).toEqual([]);
  });

  test.each([
    [[], 'upload'],
    [[{}, { kind: 'upload' }], 'upload'],
    [[{ kind: 'download' }], 'download'],
    [[{ kind: 'download' }, {}], 'mixed'],
  ] as const)('a panel of %j is titled as %s', (list, kind) => {
    expect(tasksKindOf(list)).toBe(kind);
  });

  test('a client gone while tasks run: the list stays, marked connectClientFailed', async () => {
    const client = await fake();
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const tasks = createDesktopTasks(bridge, { pollMs: 10 });
    tasks.add(
      { gid: 7, folderId: 0 },
      (await bridge.upload({ ...target, paths: ['C:\\a.txt'], encrypt: false })).tasks,
    );
    await client.close();
    await expect.poll(() => tasks.getSnapshot().lost?.key).toBe('connectClientFailed');
    expect(tasks.getSnapshot().tasks).toHaveLength(1);
  });
});

test.each([
  [null, ['http://127.0.0.1:18730', 'http://127.0.0.1:18731', 'http://127.0.0.1:18732']],
  ['http://127.0.0.1:8313', ['http://127.0.0.1:8313']],
  ['http://localhost:1, http://[::1]:2', ['http://localhost:1', 'http://[::1]:2']],
  // Never anything but loopback, whatever is stored.
  [
    'https://evil.example:443,http://10.0.0.2:80',
    ['http://127.0.0.1:18730', 'http://127.0.0.1:18731', 'http://127.0.0.1:18732'],
  ],
])('candidate hosts from %j', (stored, hosts) => {
  expect(candidateHosts(stored)).toEqual(hosts);
});

describe('the settings dialog and logout (spec 002 §2, §4)', () => {
  test('GET /v1/settings reads them, PUT /v1/settings changes a part and answers the whole', async () => {
    const client = await fake();
    const bridge = createDesktopBridge({ hosts: [client.url] });
    expect(await bridge.settings()).toEqual(client.options.settings);
    expect(await bridge.changeSettings({ startOnBoot: true })).toEqual({
      ...client.options.settings,
      startOnBoot: true,
    });
    expect(client.callsTo('/v1/settings').map(({ method, body }) => [method, body])).toEqual([
      ['GET', {}],
      ['PUT', { startOnBoot: true }],
    ]);
    expect(await bridge.selectSyncPath()).toEqual({ canceled: false, path: client.options.pickedSyncPath });
    expect(client.settings().syncPath).toBe(client.options.settings.syncPath);
  });

  test('a refused change is setFailed (the dialog says settingsFailed)', async () => {
    const client = await fake({ refusals: { '/v1/settings': 'WS_E_ACCESS' } });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    expect((await rejection(bridge.changeSettings({ sync: false }))).key).toBe('setFailed');
  });

  test.each([
    ['answered', undefined, null],
    ['refused with 4103', 4103, 'logoutFailed'],
    ['refused otherwise', 'busy', 'logoutFailed'],
  ])('the before-logout hook %s', async (_name, refusal, expected) => {
    const client = await fake(refusal === undefined ? {} : { refusals: { '/v1/session/logout': refusal } });
    const bridge = createDesktopBridge({ hosts: [client.url] });
    const asked = bridge.beforeLogout({ origin: 'http://127.0.0.1:8080' });
    if (expected === null) await asked;
    else expect((await rejection(asked)).key).toBe(expected);
    expect(client.callsTo('/v1/session/logout').map((call) => call.body)).toEqual([
      { origin: 'http://127.0.0.1:8080' },
    ]);
  });
});
