import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { devices, expect, type Page, test } from '@playwright/test';
import { type FakeDesktopClient, startFakeDesktopClient } from './desktop-client-fake';
import { closeDialog, createFolder, fileIdOf, fileRow, login, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

/** The app as the desktop client's window opens it: its user agent names the client. */
const IN_CLIENT = { userAgent: `${devices['Desktop Chrome'].userAgent} CirrusDesktop/3.2.1` };

/** A loopback port nothing listens on: the first candidate, which the probe must pass over. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Points the app at these candidate ports (the bridge's storage override, as a developer would),
 * so that the fake client listens on a free port of its own, not on the product's.
 */
async function candidatePorts(page: Page, ports: number[]) {
  const hosts = ports.map((port) => `http://127.0.0.1:${port}`).join(',');
  await page.addInitScript((value) => window.localStorage.setItem('cirrus.desktopBridgeHosts', value), hosts);
}

let fake: FakeDesktopClient | undefined;
test.afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A fake client with these options, the app pointed at it, and `user` logged in. */
async function loggedInWithClient(
  page: Page,
  user: string,
  options?: Parameters<typeof startFakeDesktopClient>[0],
): Promise<FakeDesktopClient> {
  fake = await startFakeDesktopClient(options);
  await candidatePorts(page, [fake.port]);
  await login(page, user);
  return fake;
}

/** A Word document and a text file of names of their own at the top of my drive. */
async function uploadDocuments(page: Page): Promise<{ doc: string; text: string }> {
  const stamp = Date.now().toString(36);
  const doc = `Plan ${stamp}.docx`;
  const text = `notes-${stamp}.txt`;
  await uploadFiles(page, [
    { name: doc, buffer: Buffer.from('not really a document'), mimeType: 'application/octet-stream' },
    { name: text, buffer: Buffer.from('plain text') },
  ]);
  await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Close' }).click();
  return { doc, text };
}

/**
 * A fake client with these options, wangfang logged in with a document of her own, and that
 * document's row menu open: the start of most tests here.
 */
async function docMenuWithClient(page: Page, options?: Parameters<typeof startFakeDesktopClient>[0]) {
  fake = await startFakeDesktopClient(options);
  await candidatePorts(page, [fake.port]);
  await login(page, 'wangfang');
  const { doc } = await uploadDocuments(page);
  await rowMenu(page, doc);
  return doc;
}

/** spec 002 §8: the client unreachable: connect-client-failed and the deep link that starts it. */
async function expectCannotConnect(page: Page) {
  await expect(page.getByText('Cannot connect to the desktop client. Start it and try again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start the desktop client' })).toHaveAttribute(
    'href',
    'cirrus://open',
  );
}

async function rowMenu(page: Page, name: string) {
  await fileRow(page, name)
    .getByRole('button', { name: `More actions ${name}`, exact: true })
    .click();
}

test.describe('inside the desktop client', () => {
  test.use(IN_CLIENT);

  test('with the desktop client running, a user opens a document in the local office app and uploads with its picker', async ({
    page,
    baseURL,
  }) => {
    fake = await startFakeDesktopClient({ step: 5, failures: { Holiday: 5007 } });
    await candidatePorts(page, [await closedPort(), fake.port]);
    await login(page, 'wangfang');
    const { doc, text } = await uploadDocuments(page);

    // A document the user may change: "Open in desktop app" hands it to the client, which takes
    // the file lock itself (file locking is on, and the client lists editlock).
    await rowMenu(page, doc);
    await page.getByRole('menuitem', { name: 'Open in desktop app' }).click();
    await expect(page.getByText(`Opening “${doc}” in the desktop app…`)).toBeVisible();
    const fileid = await fileIdOf(page, doc);
    expect(fake.callsTo('/v1/files/edit').map((call) => call.body)).toEqual([
      expect.objectContaining({ origin: baseURL, fileid, fname: doc, parentid: 0, lock: true }),
    ]);
    expect(fake.callsTo('/v1/ping')).toHaveLength(1);
    expect(fake.callsTo('/v1/funclist')).toHaveLength(1);

    // Not on a text file: the local office app opens office documents.
    await page.keyboard.press('Escape');
    await rowMenu(page, text);
    await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Open in desktop app' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    // "Upload" offers the client's own picker; what it picks goes into this folder.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Files with desktop client…' }).click();
    const panel = page.getByRole('region', { name: 'Desktop client uploads' });
    await expect(panel.getByText('Budget 2027.xlsx')).toBeVisible();
    await expect(panel.getByRole('progressbar', { name: 'Upload progress of Notes.docx' })).toBeVisible();
    const [select] = fake.callsTo('/v1/files/upload/select/files');
    expect(select.body).toMatchObject({ origin: baseURL, parentid: 0 });
    const [upload] = fake.callsTo('/v1/files/upload');
    expect(upload.body).toMatchObject({
      origin: baseURL,
      parentid: 0,
      encrypt: false,
      paths: fake.options.pickedFiles,
    });
    // The client's progress, read while the tasks run.
    await expect(panel.getByText(/Uploading · [1-9]\d*%/).first()).toBeVisible();

    // Cancel one: the client is told; the other finishes.
    await panel.getByRole('button', { name: 'Cancel Notes.docx' }).click();
    await expect(panel.getByText('Cancelled · 1.00 MB')).toBeVisible();
    expect(fake.callsTo('/v1/files/upload/cancel').map((call) => call.body)).toEqual([{ ids: ['2'] }]);
    fake.options.step = 100;
    await expect(panel.getByText('Desktop client: 1 of 2 uploaded')).toBeVisible();
    await expect(panel.getByRole('progressbar')).toHaveCount(0);
    const polls = fake.callsTo('/v1/tasks/status').length;
    expect(polls).toBeGreaterThan(1);

    // A folder too large to convert: the client's 5007, with the limit of 10 MB.
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Folder with desktop client…' }).click();
    await expect(panel.getByText('Conversion failed: the file is larger than 10 MB.')).toBeVisible();
    expect(fake.callsTo('/v1/files/upload/select/folder')).toHaveLength(1);

    // Nothing is polled once no task runs.
    const settled = fake.callsTo('/v1/tasks/status').length;
    await page.waitForTimeout(2_500);
    expect(fake.callsTo('/v1/tasks/status')).toHaveLength(settled);
  });

  test("the client's uploads show spec 001 §3's states: preparing, a pause, a failure and its retry, complete", async ({
    page,
  }) => {
    const client = await loggedInWithClient(page, 'wangfang', {
      step: 10,
      failures: { 'Notes.docx': 'WS_E_ACCESS' },
    });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Files with desktop client…' }).click();
    const panel = page.getByRole('region', { name: 'Desktop client uploads' });
    const budget = 'Budget 2027.xlsx';
    const stateOf = (fname: string) => client.tasks().find((task) => task.fname === fname);

    // The client answers the upload in prepare; then in_progress. Notes.docx is interrupted with
    // the client's code: it failed.
    await expect(panel.getByText('Preparing · 0% of 1.00 MB').first()).toBeVisible();
    await expect(panel.getByText('The desktop client could not upload the file.')).toBeVisible();
    expect(stateOf('Notes.docx')).toMatchObject({ state: 'interrupted', errortype: 'WS_E_ACCESS' });
    await expect(panel.getByText(/Uploading · [1-9]\d*% of 1.00 MB/)).toBeVisible();

    // Pause: interrupted without an error, shown as paused, and it stays where it was.
    await panel.getByRole('button', { name: `Pause ${budget}` }).click();
    await expect(panel.getByText(/Paused · \d+% of 1.00 MB/)).toBeVisible();
    expect(stateOf(budget)).toMatchObject({ state: 'interrupted' });
    expect(stateOf(budget)?.errortype).toBeUndefined();
    const pausedAt = stateOf(budget)?.percent;
    await page.waitForTimeout(1_500);
    expect(stateOf(budget)?.percent).toBe(pausedAt);
    await expect(panel.getByRole('button', { name: `Pause ${budget}` })).toHaveCount(0);

    // Retry the failed one and resume the paused one: both go back in the queue and complete.
    delete client.options.failures['Notes.docx'];
    await panel.getByRole('button', { name: 'Retry Notes.docx' }).click();
    await panel.getByRole('button', { name: `Resume ${budget}` }).click();
    client.options.step = 100;
    await expect(panel.getByText('Desktop client: 2 of 2 uploaded')).toBeVisible();
    await expect(panel.getByRole('img', { name: 'Uploaded' })).toHaveCount(2);
    expect(client.tasks().map((task) => task.state)).toEqual(['complete', 'complete']);
    expect(client.callsTo('/v1/tasks/work').map((call) => call.body)).toEqual([
      { ids: ['1'], work: 'pause' },
      { ids: ['2'], work: 'retry' },
      { ids: ['1'], work: 'resume' },
    ]);
  });

  test('the window bar asks the client to minimise, maximise or restore and close; refresh reloads the page', async ({
    page,
  }) => {
    const client = await loggedInWithClient(page, 'wangfang');
    const bar = page.getByRole('banner').getByRole('toolbar', { name: 'Window' });
    await expect(bar.getByRole('button', { name: 'Maximise' })).toBeVisible();
    await expect.poll(() => client.windowCalls()).toEqual(['state']);

    // Maximise toggles to restore, and back, as the client answers.
    await bar.getByRole('button', { name: 'Maximise' }).click();
    await expect(bar.getByRole('button', { name: 'Restore' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Maximise' })).toHaveCount(0);
    expect(client.window.maximized).toBe(true);
    await bar.getByRole('button', { name: 'Restore' }).click();
    await expect(bar.getByRole('button', { name: 'Maximise' })).toBeVisible();
    expect(client.window.maximized).toBe(false);

    await bar.getByRole('button', { name: 'Minimise' }).click();
    await expect.poll(() => client.window.minimized).toBe(true);

    // Refresh loads the page again, which reads the window's state anew (maximised meanwhile).
    client.window.maximized = true;
    await page.evaluate(() => {
      (window as unknown as { beforeRefresh?: boolean }).beforeRefresh = true;
    });
    await bar.getByRole('button', { name: 'Refresh' }).click();
    await expect(bar.getByRole('button', { name: 'Restore' })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { beforeRefresh?: boolean }).beforeRefresh)).toBe(
      undefined,
    );

    await bar.getByRole('button', { name: 'Close window' }).click();
    await expect.poll(() => client.window.closed).toBe(true);
    expect(client.windowCalls()).toEqual(['state', 'maximize', 'restore', 'minimize', 'state', 'close']);
    expect(client.callsTo('/v1/window/maximize')[0]).toMatchObject({ method: 'POST', body: {} });
  });

  test("the breadcrumb starts with all files (spec 001 §2), which opens the drive's root", async ({
    page,
  }) => {
    await loggedInWithClient(page, 'wangfang');
    const crumbs = page.getByRole('navigation', { name: 'Location' });
    const folder = `Trail ${Date.now().toString(36)}`;
    await createFolder(page, folder);
    await page.getByRole('link', { name: folder }).click();
    await expect(crumbs).toContainText(folder);
    await expect(crumbs.getByRole('link')).toHaveText(['All files', 'My drive']);

    await crumbs.getByRole('link', { name: 'All files' }).click();
    await expect(page).toHaveURL(/\/pcview\/drive$/);
    await expect(fileRow(page, folder)).toBeVisible();
    // My drive's top is the root: all files and my drive are the same page, so no way up.
    await expect(crumbs.getByRole('link', { name: 'All files' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Up one level' })).toHaveCount(0);
  });

  test('the client quit meanwhile: the action says it cannot connect and offers to start it', async ({
    page,
  }) => {
    const doc = await docMenuWithClient(page);
    await expect(page.getByRole('menuitem', { name: 'Open in desktop app' })).toBeVisible();
    await page.keyboard.press('Escape');

    await fake?.close();
    await rowMenu(page, doc);
    await page.getByRole('menuitem', { name: 'Open in desktop app' }).click();
    await expectCannotConnect(page);
  });

  test('a client that cannot take the file lock may not edit while file locking is on', async ({ page }) => {
    // spec 001 §8: the funclist lacks editlock: not supported, and nothing is sent to edit.
    await docMenuWithClient(page, { funclist: 'autoencrypt' });
    await page.getByRole('menuitem', { name: 'Open in desktop app' }).click();
    await expect(
      page.getByText('This version of the desktop client does not support this feature.'),
    ).toBeVisible();
    expect(fake?.callsTo('/v1/funclist')).toHaveLength(1);
    expect(fake?.callsTo('/v1/files/edit')).toEqual([]);
  });
});

/** The demo's secure team, Contracts, and its security document. */
const SECDOC = 'Price list 2026.xlsx';

async function openContracts(page: Page) {
  await page
    .getByRole('navigation', { name: /spaces/i })
    .getByRole('link', { name: 'Contracts' })
    .click();
  await expect(fileRow(page, SECDOC)).toBeVisible();
}

/** The id of my drive, the space of the files here. */
async function myDriveId(page: Page): Promise<number> {
  return ((await (await page.request.get('/api/v3/groups/special')).json()) as { id: number }).id;
}

/** Selects these rows and presses the selection's Download. */
async function downloadSelection(page: Page, names: string[]) {
  for (const name of names) await fileRow(page, name).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Download', exact: true }).click();
}

test.describe('downloads inside the desktop client (spec 001 §7 "Commands: ... download")', () => {
  test.use(IN_CLIENT);

  test('a file goes to the client; a folder or several items need its batch download, else not supported', async ({
    page,
    baseURL,
  }) => {
    // The default fake lists autoencrypt and editlock: no batchdownload.
    fake = await startFakeDesktopClient({ step: 50 });
    await candidatePorts(page, [fake.port]);
    await login(page, 'wangfang');
    const browserDownloads: string[] = [];
    page.on('download', (download) => browserDownloads.push(download.suggestedFilename()));
    const { doc, text } = await uploadDocuments(page);

    // One file: the client downloads it, and its task shows in the client's panel.
    await fileRow(page, text)
      .getByRole('button', { name: `Download ${text}`, exact: true })
      .click();
    const panel = page.getByRole('region', { name: 'Desktop client downloads' });
    await expect(panel.getByText(text)).toBeVisible();
    await expect(panel.getByText('Desktop client: 1 of 1 downloaded')).toBeVisible();
    await expect(panel.getByRole('img', { name: 'Downloaded' })).toBeVisible();
    expect(fake.callsTo('/v1/files/download').map((call) => call.body)).toEqual([
      {
        origin: baseURL,
        groupid: await myDriveId(page),
        items: [{ fileid: await fileIdOf(page, text), fname: text, ftype: 'file', fsize: 10 }],
      },
    ]);
    // The page offers no cancel for a download: the spec names none (the client's window stops it).
    await expect(panel.getByRole('button', { name: `Cancel ${text}` })).toHaveCount(0);

    // Several items: spec 001 §5, not supported by this client; nothing is handed to it.
    await downloadSelection(page, [doc, text]);
    await expect(
      page.getByText('This client does not support downloading several files at once.'),
    ).toBeVisible();
    // A folder is a batch too.
    await page.getByRole('button', { name: 'Clear selection' }).click();
    const folder = `Empty ${Date.now().toString(36)}`;
    await createFolder(page, folder);
    await fileRow(page, folder)
      .getByRole('button', { name: `Download ${folder}`, exact: true })
      .click();
    await expect(
      page.getByText('This client does not support downloading several files at once.'),
    ).toHaveCount(2);
    expect(fake.callsTo('/v1/files/download')).toHaveLength(1);

    // The viewer's Download goes to the client as well; with no task panel there, a toast says so.
    await fileRow(page, text).dblclick();
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    await expect(page.getByText(`The desktop client is downloading “${text}”…`)).toBeVisible();
    expect(fake.callsTo('/v1/files/download')).toHaveLength(2);
    expect(fake.callsTo('/v1/files/download')[1].body).toMatchObject({
      items: [{ fname: text, ftype: 'file', fsize: 10 }],
    });
    expect(browserDownloads).toEqual([]);
  });

  test('a client with batch download: an empty folder says so, several items go to it in one call', async ({
    page,
    baseURL,
  }) => {
    fake = await startFakeDesktopClient({ funclist: 'autoencrypt,editlock,batchdownload', step: 50 });
    await candidatePorts(page, [fake.port]);
    await login(page, 'wangfang');
    const { doc, text } = await uploadDocuments(page);

    // spec 001 §8: an empty folder shows empty folder (the server's preflight); the client gets nothing.
    const folder = `Empty ${Date.now().toString(36)}`;
    await createFolder(page, folder);
    await fileRow(page, folder)
      .getByRole('button', { name: `Download ${folder}`, exact: true })
      .click();
    await expect(page.getByText('The folder is empty.')).toBeVisible();
    expect(fake.callsTo('/v1/files/download')).toEqual([]);

    // The client fails one with a code of its own: spec 001 §8's download failed.
    fake.options.failures[doc] = 'WS_E_DISK_FULL';
    await downloadSelection(page, [doc, text]);
    await expect(page.getByText('The desktop client is downloading 2 items…')).toBeVisible();
    const panel = page.getByRole('region', { name: 'Desktop client downloads' });
    await expect(panel.getByText('Desktop client: 1 of 2 downloaded')).toBeVisible();
    await expect(panel.getByText('The download failed.')).toBeVisible();
    const [call] = fake.callsTo('/v1/files/download');
    expect(call.body).toEqual({
      origin: baseURL,
      groupid: await myDriveId(page),
      items: expect.arrayContaining([
        { fileid: await fileIdOf(page, doc), fname: doc, ftype: 'file', fsize: 21 },
        { fileid: await fileIdOf(page, text), fname: text, ftype: 'file', fsize: 10 },
      ]),
    });
    expect((call.body as { items: unknown[] }).items).toHaveLength(2);

    // An upload beside the downloads: the panel names both.
    await page.getByRole('button', { name: 'Clear selection' }).click();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Files with desktop client…' }).click();
    const both = page.getByRole('region', { name: 'Desktop client transfers' });
    await expect(both.getByText('Desktop client: 3 of 4 done')).toBeVisible({ timeout: 10_000 });
  });

  test('a folder holding a security document the user may not download: partial download fail, the rest to the client', async ({
    page,
    browser,
  }) => {
    // Alice, the secure team's owner, adds a folder with a document (a security document once in
    // the team, whose default rights give members no download) and a text file.
    const folder = `Quotes ${Date.now().toString(36)}`;
    const owner = await browser.newPage({ locale: 'en-US' });
    await login(owner, 'alice');
    await openContracts(owner);
    await createFolder(owner, folder);
    await owner.getByRole('link', { name: folder }).click();
    await expect(owner.getByRole('navigation', { name: 'Location' })).toContainText(folder);
    await uploadFiles(owner, [
      { name: 'Quote.docx', buffer: Buffer.from('a quote'), mimeType: 'application/octet-stream' },
      { name: 'readme.txt', buffer: Buffer.from('read me') },
    ]);
    await owner.close();

    fake = await startFakeDesktopClient({ funclist: 'batchdownload' });
    await candidatePorts(page, [fake.port]);
    await login(page, 'kate');
    await openContracts(page);
    await fileRow(page, folder)
      .getByRole('button', { name: `Download ${folder}`, exact: true })
      .click();
    // spec 001 §8: partial failure shows partial download fail; what may be downloaded still goes.
    await expect(page.getByText('Some files could not be downloaded.')).toBeVisible();
    await expect.poll(() => fake?.callsTo('/v1/files/download')).toHaveLength(1);
    expect(fake.callsTo('/v1/files/download')[0].body).toMatchObject({
      items: [{ fname: folder, ftype: 'folder', fsize: 0 }],
    });
  });

  test('the client gone: a download says it cannot connect and offers to start it', async ({ page }) => {
    fake = await startFakeDesktopClient();
    await candidatePorts(page, [fake.port]);
    await login(page, 'wangfang');
    const { text } = await uploadDocuments(page);
    await fake.close();
    await fileRow(page, text)
      .getByRole('button', { name: `Download ${text}`, exact: true })
      .click();
    await expectCannotConnect(page);
  });
});

async function openSecdoc(page: Page) {
  await openContracts(page);
  await fileRow(page, SECDOC).dblclick();
  await expect(page.getByRole('heading', { name: SECDOC })).toBeVisible();
}

test.describe('screen capture (spec 001 §6 "Screen capture can be disabled in the client")', () => {
  test.use(IN_CLIENT);

  test('a security document keeps the client off screenshots while it shows, with a heartbeat every 2 s', async ({
    page,
  }) => {
    const client = await loggedInWithClient(page, 'kate');
    await openSecdoc(page);
    await expect.poll(() => client.screenCalls()[0]).toBe('disable');
    // spec 001 §4, §9: a heartbeat every 2000 ms while capture is disabled.
    await page.waitForTimeout(4_500);
    const beats = client.screenCalls().filter((call) => call === 'beat').length;
    expect(beats).toBeGreaterThanOrEqual(2);
    expect(beats).toBeLessThanOrEqual(3);
    expect(client.screenCalls().slice(1)).toEqual(Array(beats).fill('beat'));

    // Leaving the document allows capture again, and the heartbeats stop.
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(fileRow(page, SECDOC)).toBeVisible();
    await expect.poll(() => client.screenCalls().at(-1)).toBe('allow');
    const settled = client.screenCalls().length;
    await page.waitForTimeout(2_500);
    expect(client.screenCalls()).toHaveLength(settled);
    expect(client.callsTo('/v1/screen/disableshot').map((call) => call.body)).toEqual([
      { disable: true },
      { disable: false },
    ]);

    // An ordinary file's preview leaves capture alone.
    await page.goto('/pcview/drive');
    const { text } = await uploadDocuments(page);
    await fileRow(page, text).dblclick();
    await expect(page.getByRole('heading', { name: text })).toBeVisible();
    await page.waitForTimeout(500);
    expect(client.screenCalls()).toHaveLength(settled);
  });
});

test('in a plain browser a security document calls no client', async ({ page }) => {
  fake = await startFakeDesktopClient();
  await candidatePorts(page, [fake.port]);
  await login(page, 'kate');
  await openSecdoc(page);
  await page.waitForTimeout(2_500);
  expect(fake.calls).toEqual([]);
});

test('in a plain browser no desktop action is offered, and the local service is not called', async ({
  page,
}) => {
  // A client runs, but this is a browser tab: it must not reach for 127.0.0.1 (Chromium would ask
  // the user about local network access on every visit).
  const doc = await docMenuWithClient(page);
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Open in desktop app' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // No window bar: the browser has its own.
  await expect(page.getByRole('toolbar', { name: 'Window' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Minimise' })).toHaveCount(0);
  // The breadcrumb starts with my drive: the all-files crumb is the client's.
  const crumbs = page.getByRole('navigation', { name: 'Location' });
  await expect(crumbs).toContainText('My drive');
  await expect(crumbs.getByText('All files')).toHaveCount(0);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(page.getByRole('menuitem', { name: 'Folder', exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /desktop client/ })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // A download is the browser's own.
  const downloading = page.waitForEvent('download');
  await fileRow(page, doc)
    .getByRole('button', { name: `Download ${doc}`, exact: true })
    .click();
  expect((await downloading).suggestedFilename()).toBe(doc);
  expect(fake?.calls).toEqual([]);
});

/** The avatar menu's Settings, inside the client: the dialog of spec 002 §2. */
async function openDesktopSettings(page: Page) {
  await page.getByRole('button', { name: /^Account menu:/ }).click();
  await page.getByRole('menuitem', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog.getByRole('tab', { name: 'General' })).toBeVisible();
  return dialog;
}

const putsOf = (client: FakeDesktopClient) =>
  client
    .callsTo('/v1/settings')
    .filter((call) => call.method === 'PUT')
    .map((call) => call.body);

test.describe('the desktop settings dialog (spec 002 §2)', () => {
  test.use(IN_CLIENT);

  test('General and Sync change the client’s settings; a new sync folder is confirmed first', async ({
    page,
  }) => {
    const client = await loggedInWithClient(page, 'wangfang');
    const dialog = await openDesktopSettings(page);

    // General: start on boot, and the shortcut icon this client has.
    const boot = dialog.getByRole('switch', { name: 'Start when the computer starts' });
    await expect(boot).not.toBeChecked();
    await boot.click();
    await expect(page.getByText('Settings saved.')).toBeVisible();
    await expect(boot).toBeChecked();
    const shortcut = dialog.getByRole('switch', { name: 'Show the shortcut icon' });
    await expect(shortcut).toBeChecked();
    await shortcut.click();
    await expect(shortcut).not.toBeChecked();
    expect(putsOf(client)).toEqual([{ startOnBoot: true }, { shortcutIcon: false }]);
    expect(client.settings()).toMatchObject({ startOnBoot: true, shortcutIcon: false });

    // A change the client refuses: settingsFailed, and the switch stays as it was.
    client.options.refusals['/v1/settings'] = 'WS_E_ACCESS';
    await boot.click();
    await expect(page.getByText('The settings could not be saved.')).toBeVisible();
    await expect(boot).toBeChecked();
    delete client.options.refusals['/v1/settings'];

    // Sync: the switch, and the folder.
    await dialog.getByRole('tab', { name: 'Sync' }).click();
    await expect(dialog.getByText('C:\\Users\\demo\\Cirrus')).toBeVisible();
    await dialog.getByRole('switch', { name: 'Sync files to this computer' }).click();
    await expect.poll(() => client.settings().sync).toBe(false);

    // The client's picker chooses a folder; nothing changes until the user confirms it.
    await dialog.getByRole('button', { name: 'Change…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Change the sync folder?' });
    await expect(confirm).toContainText('D:\\Cirrus sync');
    expect(client.callsTo('/v1/settings/syncpath/select')).toHaveLength(1);
    await closeDialog(confirm, 'Cancel');
    expect(client.settings().syncPath).toBe('C:\\Users\\demo\\Cirrus');
    expect(putsOf(client)).toHaveLength(4);

    await dialog.getByRole('button', { name: 'Change…' }).click();
    await confirm.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByText('Sync folder changed.')).toBeVisible();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByText('D:\\Cirrus sync')).toBeVisible();
    expect(putsOf(client).at(-1)).toEqual({ syncPath: 'D:\\Cirrus sync' });
    expect(client.settings().syncPath).toBe('D:\\Cirrus sync');

    // Refused: setSyncPathFailed, and the confirmation stays for another try.
    client.options.pickedSyncPath = 'E:\\Elsewhere';
    client.options.refusals['/v1/settings'] = 'WS_E_ACCESS';
    await dialog.getByRole('button', { name: 'Change…' }).click();
    await confirm.getByRole('button', { name: 'Change', exact: true }).click();
    await expect(page.getByText('The sync folder could not be changed.')).toBeVisible();
    await expect(confirm).toBeVisible();
    expect(client.settings().syncPath).toBe('D:\\Cirrus sync');
  });

  test('About: the version from the user agent and the update checker through its states', async ({
    page,
  }) => {
    const client = await loggedInWithClient(page, 'wangfang', {
      // A client with no shortcut icon: that switch is not offered.
      settings: { startOnBoot: true, sync: false, syncPath: '/home/demo/Cirrus' },
      newVersion: null,
      refusals: { '/v1/update/check': 'WS_E_OFFLINE' },
    });
    const dialog = await openDesktopSettings(page);
    await expect(dialog.getByRole('switch', { name: 'Start when the computer starts' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Show the shortcut icon' })).toHaveCount(0);

    await dialog.getByRole('tab', { name: 'About' }).click();
    await expect(dialog.getByRole('heading', { name: 'Cirrus' })).toBeVisible();
    await expect(dialog.getByText('Version 3.2.1')).toBeVisible();

    // checking, refused: checkingError with a retry; then noNewVersion.
    await dialog.getByRole('button', { name: 'Check for updates' }).click();
    await expect(dialog.getByText('Could not check for updates.')).toBeVisible();
    delete client.options.refusals['/v1/update/check'];
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByText('You have the latest version.')).toBeVisible();

    // A newer version whose download fails: downloadError, retried; cancelled: downloadCancel.
    Object.assign(client.options, { newVersion: '3.3.0', updateDownloadFails: true, updateStep: 5 });
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(dialog.getByText('The update could not be downloaded.')).toBeVisible();
    client.options.updateDownloadFails = false;
    await dialog.getByRole('button', { name: 'Retry' }).click();
    await expect(dialog.getByText(/^Downloading version 3\.3\.0… [1-9]\d*%$/)).toBeVisible();
    await expect(dialog.getByRole('progressbar', { name: 'Update download progress' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel download' }).click();
    await expect(dialog.getByText('The download was cancelled.')).toBeVisible();
    expect(client.callsTo('/v1/update/cancel')).toHaveLength(1);

    // Checked again: downloading, then downloaded, and install hands over to the client.
    client.options.updateStep = 25;
    const from = client.callsTo('/v1/update/status').length;
    await dialog.getByRole('button', { name: 'Check again' }).click();
    await expect(dialog.getByText(/^Downloading version 3\.3\.0… /)).toBeVisible();
    await expect(dialog.getByText('Version 3.3.0 is ready to install.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Install and restart' }).click();
    await expect.poll(() => client.callsTo('/v1/update/install').length).toBe(1);
    // spec 002 §9: the status is read no oftener than the update status throttle, 300 ms.
    const reads = client.callsTo('/v1/update/status').slice(from);
    expect(reads).toHaveLength(5);
    for (const [i, read] of reads.entries())
      if (i > 0) expect(read.at - reads[i - 1].at).toBeGreaterThanOrEqual(290);
    await page.waitForTimeout(700);
    expect(client.callsTo('/v1/update/status')).toHaveLength(from + 5);
  });
});

test.describe('the desktop settings dialog with the client gone', () => {
  test.use(IN_CLIENT);

  test('its settings say it cannot connect and offer to start it', async ({ page }) => {
    const client = await loggedInWithClient(page, 'wangfang');
    await client.close();
    await openDesktopSettings(page);
    await expectCannotConnect(page);
  });
});

test.describe('logout inside the desktop client (spec 002 §4, §8)', () => {
  test.use(IN_CLIENT);

  test('with transfers running it says they stop; offline, or refused with 4103, it is logout failed', async ({
    page,
    baseURL,
  }) => {
    const client = await loggedInWithClient(page, 'wangfang', { step: 1 });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Files with desktop client…' }).click();
    await expect(
      page.getByRole('region', { name: 'Desktop client uploads' }).getByText('Notes.docx'),
    ).toBeVisible();

    await page.getByRole('button', { name: /^Account menu:/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect(dialog).toContainText('Logging out stops these transfers.');
    const failed = page.getByText('Sign-out failed. Please try again.');

    // Offline: logout failed, nothing asked, still logged in.
    await page.context().setOffline(true);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(failed).toBeVisible();
    expect(client.callsTo('/v1/session/logout')).toEqual([]);
    await page.context().setOffline(false);
    await expect(failed).toBeHidden({ timeout: 10_000 });

    // The client's before-logout hook refuses with 4103: the same message, still logged in.
    client.options.refusals['/v1/session/logout'] = 4103;
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(failed).toBeVisible();
    await expect(page).toHaveURL(/\/pcview\/drive/);
    expect((await page.request.get('/api/v3/groups/special')).ok()).toBe(true);

    // The hook agrees: logged out.
    delete client.options.refusals['/v1/session/logout'];
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/cts/);
    expect(client.callsTo('/v1/session/logout').map((call) => call.body)).toEqual([
      { origin: baseURL },
      { origin: baseURL },
    ]);
  });

  test('with nothing running, the usual confirmation', async ({ page }) => {
    const client = await loggedInWithClient(page, 'wangfang');
    await page.getByRole('button', { name: /^Account menu:/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log out' });
    await expect.poll(() => client.callsTo('/v1/tasks/status').length).toBe(1);
    await expect(dialog).toContainText('Log out of Cirrus on this browser?');
    await expect(dialog).not.toContainText('transfers');
  });
});

test('in a plain browser logout asks no client', async ({ page }) => {
  const client = await loggedInWithClient(page, 'wangfang', { refusals: { '/v1/session/logout': 4103 } });
  await page.getByRole('button', { name: /^Account menu:/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/cts/);
  expect(client.calls).toEqual([]);
});
