import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fileRow, login } from './fixtures';

test.use({ locale: 'en-US' });

test('a user cancels an upload while it is being sent: the panel says so and the server keeps nothing', async ({
  page,
  context,
}) => {
  await login(page, 'wangfang');
  const name = `slow-${Date.now().toString(36)}.bin`;
  // Slow enough that the cancel comes while a PATCH is on its way (Chromium's network emulation).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 256 * 1024,
  });
  const opened = page.waitForResponse(
    (res) => res.request().method() === 'POST' && res.url().includes('/upload-transactions'),
  );
  // Over SINGLE_REQUEST_UPLOAD_MAX (1 MiB): a transaction and tus PATCHes.
  await page
    .getByTestId('upload-files')
    .setInputFiles([
      { name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(3 * 1024 * 1024, 7) },
    ]);
  const { transaction } = await (await opened).json();
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText(/KB of 3.00 MB/)).toBeVisible();

  await uploads.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(uploads.getByText('0 uploaded, 1 cancelled')).toBeVisible();
  await expect(uploads.getByText('Cancelled · 3.00 MB')).toBeVisible();
  await expect(uploads.getByRole('progressbar')).toHaveCount(0);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  // The transaction is gone at once, not left to expire (tus HEAD: 404).
  await expect.poll(async () => (await page.request.head(transaction.upload_url)).status()).toBe(404);
  const drive = await (await page.request.get('/api/v3/groups/special')).json();
  const list = await (await page.request.get(`/api/v3/groups/${drive.id}/files?parentid=0`)).json();
  expect(list.files.map((file: { fname: string }) => file.fname)).not.toContain(name);
});

test('a user uploads a folder with nested folders: the tree is kept, and each file shows the folder it went into', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const top = `Trip ${stamp}`;
  const local = await mkdtemp(path.join(os.tmpdir(), 'cirrus-e2e-folder-'));
  await mkdir(path.join(local, top, 'Day 1', 'Morning'), { recursive: true });
  await writeFile(path.join(local, top, 'plan.txt'), 'plan\n');
  await writeFile(path.join(local, top, 'Day 1', 'notes.txt'), 'notes\n');
  await writeFile(path.join(local, top, 'Day 1', 'Morning', '早餐 🍜.txt'), 'congee\n');
  await writeFile(path.join(local, top, 'Day 1', 'Morning', 'empty.txt'), '');

  await login(page, 'wangfang');
  await page.getByTestId('upload-folder').setInputFiles(path.join(local, top));
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText('All uploads complete')).toBeVisible();
  await rm(local, { recursive: true, force: true });
  await expect(fileRow(page, top)).toBeVisible();

  const breakfast = uploads.locator('.cirrus-upload-row').filter({ hasText: '早餐 🍜.txt' });
  await breakfast.getByRole('link', { name: 'Show in folder' }).click();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(top);
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('Day 1');
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('Morning');
  await expect(fileRow(page, '早餐 🍜.txt')).toBeVisible();
  await expect(fileRow(page, 'empty.txt')).toContainText('0 B');
});
