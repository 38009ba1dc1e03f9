import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { samplePng } from '../packages/server/src/seed/sample-content.ts';
import { api, deleteFile, fileIdOf, fileRow, login, openMenu, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

/** A picture's thumbnail in a row or tile, once the browser has it decoded. */
async function expectThumbnailLoaded(item: Locator): Promise<void> {
  const img = item.locator('img.cirrus-thumb-img');
  await expect(img).toHaveClass(/is-loaded/);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
}

const viewButton = (page: Page, name: 'List view' | 'Grid view') => page.getByRole('button', { name });

async function newFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: /Folder$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
}

test('pictures show thumbnails in the list and the grid; the grid selects, opens and is remembered', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const album = `Album ${stamp}`;
  const inner = `Inner ${stamp}`;
  await login(page, 'zhangwei');
  await newFolder(page, album);
  await page.getByRole('link', { name: album }).click();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(album);
  await newFolder(page, inner);

  const thumbAsks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('size=thumb')) thumbAsks.push(request.url());
  });
  const jpeg = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2f7d5b' } })
    .jpeg()
    .toBuffer();
  await uploadFiles(page, [
    {
      name: 'harbour.png',
      mimeType: 'image/png',
      buffer: samplePng(640, 400, [51, 112, 255], [0, 181, 120]),
    },
    { name: 'garden.jpg', mimeType: 'image/jpeg', buffer: jpeg },
    { name: 'minutes.txt', buffer: Buffer.from('Minutes of the meeting\n') },
  ]);

  // The list: a picture's row has its thumbnail in the icon's place; a text file keeps its icon.
  await expect(viewButton(page, 'List view')).toHaveAttribute('aria-pressed', 'true');
  await expectThumbnailLoaded(fileRow(page, 'harbour.png'));
  await expectThumbnailLoaded(fileRow(page, 'garden.jpg'));
  await expect(fileRow(page, 'minutes.txt').locator('img')).toHaveCount(0);
  await expect(fileRow(page, 'minutes.txt').locator('.cirrus-file-icon')).toBeVisible();
  await expect(fileRow(page, inner).locator('img')).toHaveCount(0);
  // Asked for pictures only, each by its content's version (so the browser keeps it).
  expect(thumbAsks.length).toBeGreaterThanOrEqual(2);
  for (const url of thumbAsks)
    expect(url).toMatch(/\/v1\/preview\/files\/\d+\/image\?size=thumb&v=[0-9a-f]{40}$/);

  // The grid: tiles, with the same thumbnails.
  await viewButton(page, 'Grid view').click();
  await expect(viewButton(page, 'Grid view')).toHaveAttribute('aria-pressed', 'true');
  await expect(viewButton(page, 'List view')).toHaveAttribute('aria-pressed', 'false');
  const tiles = page.getByRole('list', { name: 'Files' }).locator('.cirrus-tile');
  await expect(tiles).toHaveCount(4);
  await expectThumbnailLoaded(fileRow(page, 'harbour.png'));
  await expect(fileRow(page, 'minutes.txt').locator('img')).toHaveCount(0);

  // Selection as in the list: a click selects one, Ctrl adds, Shift takes the range.
  await fileRow(page, 'harbour.png').click();
  await expect(page.getByText('1 selected')).toBeVisible();
  await fileRow(page, 'minutes.txt').click({ modifiers: ['Control'] });
  await expect(page.getByText('2 selected')).toBeVisible();
  await tiles.first().click();
  await tiles.last().click({ modifiers: ['Shift'] });
  await expect(page.getByText('4 selected')).toBeVisible();
  // The same menus as a row's: of the selection, and of one item.
  await fileRow(page, 'garden.jpg').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Move to' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await fileRow(page, 'garden.jpg').click();
  await expect(page.getByText('1 selected')).toBeVisible();
  await fileRow(page, 'garden.jpg').click({ button: 'right' });
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Rename' })).toBeHidden();

  // Kept over a reload.
  await page.reload();
  await expect(viewButton(page, 'Grid view')).toHaveAttribute('aria-pressed', 'true');
  await expect(tiles).toHaveCount(4);

  // A double click opens a folder.
  await fileRow(page, inner).dblclick();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(inner);
  await expect(page.getByText('This folder is empty')).toBeVisible();
  await page.goBack();
  await expect(tiles).toHaveCount(4);

  // Enter opens the selected picture in the viewer.
  await fileRow(page, 'garden.jpg').click();
  await page.keyboard.press('Enter');
  await expect(page.locator('.cirrus-preview-bar h1')).toHaveText('garden.jpg');
  await page.keyboard.press('Escape');
  await expect(tiles).toHaveCount(4);

  // And back to the list, kept too.
  await viewButton(page, 'List view').click();
  await page.reload();
  await expect(viewButton(page, 'List view')).toHaveAttribute('aria-pressed', 'true');
  await expect(page.locator('.cirrus-tile')).toHaveCount(0);
  await expectThumbnailLoaded(fileRow(page, 'harbour.png'));
});

test("a picture's details panel shows it larger; in the bin its row keeps its thumbnail, until it is purged", async ({
  page,
}) => {
  const name = `sunset-${Date.now().toString(36)}.png`;
  await login(page, 'zhangwei');
  await uploadFiles(page, [
    { name, mimeType: 'image/png', buffer: samplePng(1200, 800, [240, 120, 40], [30, 40, 120]) },
  ]);
  const fileid = await fileIdOf(page, name);

  // The details panel: the picture at the panel's width, from the larger size.
  await openMenu(page, fileRow(page, name));
  await page.getByRole('menuitem', { name: 'Details and comments' }).click();
  const panel = page.getByRole('dialog');
  const picture = panel.locator('.cirrus-detail-picture');
  await expectThumbnailLoaded(picture);
  const img = picture.locator('img');
  expect(await img.getAttribute('src')).toMatch(
    new RegExp(`^/v1/preview/files/${fileid}/image\\?size=detail&v=[0-9a-f]{40}$`),
  );
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(800);
  const box = await picture.boundingBox();
  const body = await panel.locator('.ant-drawer-body').boundingBox();
  // The panel's width, within its padding.
  expect(box && body && box.width).toBeGreaterThan((body?.width ?? 0) - 60);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // In the bin: its row has its thumbnail, asked for through the bin.
  await deleteFile(page, name);
  await page.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: 'Recycle bin' }).click();
  const binRow = page
    .getByRole('list', { name: 'Recycle bin' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expectThumbnailLoaded(binRow);
  const binned = String(await binRow.locator('img').getAttribute('src'));
  expect(binned).toMatch(
    new RegExp(`^/v1/preview/files/${fileid}/image\\?size=thumb&recycle=1&v=[0-9a-f]{40}$`),
  );
  // Not as a live file any more.
  expect((await page.request.get(`/v1/preview/files/${fileid}/image?size=thumb`)).status()).toBe(404);

  // Purged, its thumbnail is gone too.
  await api(page, 'POST', '/api/v3/recycles/batch/destory', { fileids: [fileid] });
  await page.reload();
  await expect(page.getByText(/^\d+ items?$/)).toBeVisible();
  await expect(binRow).toHaveCount(0);
  const gone = await page.request.get(binned);
  expect(gone.status()).toBe(404);
  expect((await gone.json()).result).toBe('fileNotExists');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the grid shows two or three columns and one switch', async ({ page }) => {
    await login(page, 'zhangwei');
    await expect(viewButton(page, 'List view')).toHaveCount(0);
    await viewButton(page, 'Grid view').click();
    await expect(viewButton(page, 'Grid view')).toHaveAttribute('aria-pressed', 'true');
    const tiles = page.locator('.cirrus-tile');
    await expect(tiles.first()).toBeVisible();
    const lefts = await tiles.evaluateAll((els) => [
      ...new Set(els.map((el) => el.getBoundingClientRect().left)),
    ]);
    expect(lefts.length).toBeGreaterThanOrEqual(2);
    expect(lefts.length).toBeLessThanOrEqual(3);
    // Pressed again: the list.
    await viewButton(page, 'Grid view').click();
    await expect(tiles).toHaveCount(0);
  });
});
