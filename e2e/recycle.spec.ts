import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { closeDialog, deleteFile, fileRow, login, opened, openMenu, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

/** Uploads files into the folder on screen through the file input, and waits for them. */
async function closeUploads(page: Page) {
  const panel = page.getByRole('region', { name: 'Uploads' });
  if (await panel.isVisible()) await panel.getByRole('button', { name: 'Close' }).click();
}

const spaces = (page: Page) => page.getByRole('navigation', { name: 'Spaces' });

test('a deleted file goes to the recycle bin and is recovered where it was', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `budget-${stamp}.txt`;
  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: Buffer.from(`budget ${stamp}\n`) }]);
  await closeUploads(page);

  await deleteFile(page, name);
  await expect(page.getByText('Moved to the recycle bin.')).toBeVisible();

  // The bin lists it with where it came from and who deleted it.
  await spaces(page).getByRole('link', { name: 'Recycle bin' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/recycle\/my$/);
  const bin = page.getByRole('list', { name: 'Recycle bin' });
  const binRow = bin.getByRole('listitem').filter({ hasText: name });
  await expect(binRow).toContainText('From My drive');
  await expect(binRow).toContainText('张伟');

  // The single-file menu: preview, recover, delete permanently.
  await openMenu(page, binRow);
  const binMenu = page.getByRole('menu').filter({ has: page.getByRole('menuitem', { name: /Recover/ }) });
  await expect(binMenu.getByRole('menuitem')).toHaveText(['Preview', 'Recover', 'Delete permanently']);
  await page.getByRole('menuitem', { name: 'Recover' }).click();
  const dialog = page.getByRole('dialog', { name: 'Recover' });
  await opened(dialog);
  await expect(dialog.getByText(`Recover “${name}”?`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Recovered.')).toBeVisible();
  await expect(binRow).toHaveCount(0);

  // Back in my drive, in its place.
  await spaces(page).getByRole('link', { name: 'My drive' }).click();
  await expect(fileRow(page, name)).toBeVisible();

  // Delete it again and delete it permanently: gone from the bin for good.
  await deleteFile(page, name);
  await spaces(page).getByRole('link', { name: 'Recycle bin' }).click();
  await openMenu(page, binRow);
  await page.getByRole('menuitem', { name: 'Delete permanently' }).click();
  const purgeDialog = page.getByRole('dialog', { name: 'Delete permanently' });
  await opened(purgeDialog);
  await purgeDialog.getByRole('button', { name: 'Delete permanently' }).click();
  // Exact: the empty bin's text ends with "deleted permanently." too.
  await expect(page.getByText('Deleted permanently.', { exact: true })).toBeVisible();
  await expect(binRow).toHaveCount(0);
});

test("a deleted file's preview recovers it, from my bin and from a team's", async ({ page }) => {
  const stamp = Date.now().toString(36);
  await login(page, 'zhangwei');
  let popups = 0;
  page.context().on('page', () => popups++);

  /** Deletes a file of the folder on screen, opens its preview from the bin and recovers it there. */
  const recoverFromPreview = async (name: string, bin: () => Promise<void>) => {
    await uploadFiles(page, [{ name, buffer: Buffer.from(`notes ${stamp}\n`) }]);
    await closeUploads(page);
    await deleteFile(page, name);

    await bin();
    const binRow = page
      .getByRole('list', { name: 'Recycle bin' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await expect(binRow).toBeVisible();
    const binAddress = page.url();

    // The preview opens in this tab, as the drive's does, and Close goes back to the bin.
    await openMenu(page, binRow);
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    await expect(page).toHaveURL(/\/view\/p\/\d+$/);
    const viewer = page.url();
    await expect(page.getByText('In the recycle bin')).toBeVisible();
    await expect(page.getByText(`notes ${stamp}`)).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(binAddress);
    await expect(binRow).toBeVisible();

    // Opened at its address, Close still goes back to the bin the file lies in.
    await page.goto(viewer);
    await expect(page.getByText(`notes ${stamp}`)).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(binAddress);
    await expect(binRow).toBeVisible();

    await openMenu(page, binRow);
    await page.getByRole('menuitem', { name: 'Preview' }).click();
    await expect(page.getByText('In the recycle bin')).toBeVisible();
    await page.getByRole('button', { name: 'Recover' }).click();
    await expect(page.getByText('Recovered.')).toBeVisible();
    // Now a file of the drive again: no marker, at its drive address, with its drive actions.
    await expect(page).toHaveURL(/\/p\/\d+$/);
    await expect(page.getByText('In the recycle bin')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
    expect(popups).toBe(0);
    await page.goto(binAddress);
    // Loaded (its count shows): the file has left the bin.
    await expect(page.getByText(/^\d+ items?$/)).toBeVisible();
    await expect(binRow).toHaveCount(0);
  };

  await recoverFromPreview(`mine-${stamp}.txt`, () =>
    spaces(page).getByRole('link', { name: 'Recycle bin' }).click(),
  );
  await spaces(page).getByRole('link', { name: 'My drive' }).click();
  await expect(fileRow(page, `mine-${stamp}.txt`)).toBeVisible();

  await spaces(page).getByRole('link', { name: '研发中心' }).click();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('研发中心');
  await expect(fileRow(page, 'README.txt')).toBeVisible();
  const team = page.url().replace(/.*\/drive\/group\/(\d+).*/, '$1');
  await recoverFromPreview(`team-${stamp}.txt`, async () => {
    await page.goto(`/pcview/drive/recycle/group/${team}`);
  });
  await spaces(page).getByRole('link', { name: '研发中心' }).click();
  await expect(fileRow(page, `team-${stamp}.txt`)).toBeVisible();
});

test('a starred file is on the starred page until it is unstarred', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const name = `favourite-${stamp}.txt`;
  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: Buffer.from(`star me ${stamp}\n`) }]);
  await closeUploads(page);

  await openMenu(page, fileRow(page, name));
  // The icon names itself too ("star Star"); "Unstar" must not match.
  await page.getByRole('menuitem', { name: /Star$/ }).click();
  await expect(page.getByText('Starred.')).toBeVisible();
  // The row's star shows it, and its menu now offers Unstar.
  await fileRow(page, name).hover();
  await expect(fileRow(page, name).getByRole('button', { name: `Unstar ${name}` })).toBeVisible();

  await spaces(page).getByRole('link', { name: 'Starred' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/stared$/);
  const starred = page
    .getByRole('list', { name: 'Starred files' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(starred).toBeVisible();
  await expect(starred).toContainText('My drive');

  // Unstarring in the starred list drops the row.
  await starred.hover();
  await starred.getByRole('button', { name: `Unstar ${name}` }).click();
  await expect(page.getByText('Star removed.')).toBeVisible();
  await expect(starred).toHaveCount(0);
});

test('uploading a name twice makes history; recovering the first version brings its bytes back', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `plan-${stamp}.txt`;
  const first = Buffer.from(`first draft ${stamp}\n`);
  const second = Buffer.from(`second draft, much longer ${stamp}\n`.repeat(3));
  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: first }]);
  await closeUploads(page);
  await uploadFiles(page, [{ name, buffer: second }]);
  await closeUploads(page);

  await openMenu(page, fileRow(page, name));
  await page.getByRole('menuitem', { name: 'History versions' }).click();
  const panel = page.getByRole('dialog', { name: `History of “${name}”` });
  const versions = panel.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Version 2');
  await expect(versions.nth(0)).toContainText('Current');
  await expect(versions.nth(1)).toContainText('Version 1');

  // A remark on the first version.
  await panel.getByRole('button', { name: 'Edit the remark of version 1' }).click();
  await panel.getByRole('textbox', { name: 'Remark' }).fill('the one the team approved');
  await panel.getByRole('textbox', { name: 'Remark' }).press('Enter');
  await expect(versions.nth(1)).toContainText('the one the team approved');

  // Version 1 downloads with its own bytes.
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download version 1' }).click();
  const old = await downloading;
  expect((await readFile(await old.path())).equals(first)).toBe(true);

  await panel.getByRole('button', { name: 'Recover version 1' }).click();
  const recoverDialog = page.getByRole('dialog', { name: 'Recover this version' });
  await opened(recoverDialog);
  await recoverDialog.getByRole('button', { name: 'Recover' }).click();
  await expect(page.getByText('Recovered.')).toBeVisible();
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Version 3');
  await expect(versions.nth(0)).toContainText(`${first.length} B`);
  await closeDialog(panel);

  // The file's content is the first draft again, byte for byte.
  const download = page.waitForEvent('download');
  await fileRow(page, name).hover();
  await fileRow(page, name).getByRole('button', { name: 'Download' }).click();
  expect((await readFile(await (await download).path())).equals(first)).toBe(true);
});

test('a history version opens in the viewer, read only and marked with its version; Close comes back to the versions', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const name = `minutes-${stamp}.txt`;
  const first = Buffer.from(`minutes, first draft ${stamp}\n`);
  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: first }]);
  await closeUploads(page);
  await uploadFiles(page, [{ name, buffer: Buffer.from(`minutes, second draft ${stamp}\n`) }]);
  await closeUploads(page);
  const folder = page.url();

  await openMenu(page, fileRow(page, name));
  await page.getByRole('menuitem', { name: 'History versions' }).click();
  const panel = page.getByRole('dialog', { name: `History of “${name}”` });
  const versions = panel.getByRole('list', { name: 'Versions' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await panel.getByRole('button', { name: 'Preview version 1' }).click();

  // In this tab, version 1's own text, said to be version 1; nothing to edit or lock.
  await expect(page).toHaveURL(/\/p\/\d+\?history=\d+$/);
  await expect(page.getByText(`minutes, first draft ${stamp}`)).toBeVisible();
  await expect(page.getByText(/^Version 1 · /)).toBeVisible();
  await expect(page.getByText(`minutes, second draft ${stamp}`)).toHaveCount(0);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Lock' })).toHaveCount(0);
  // Its download is that version's bytes.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await readFile(await (await downloading).path())).equals(first)).toBe(true);

  // Close: back in the folder, with the versions open where the preview was asked for.
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(folder);
  await expect(versions).toHaveCount(2);
  await panel.getByRole('button', { name: 'Preview version 2' }).click();
  await expect(page.getByText(/^Version 2 \(current\) · /)).toBeVisible();
  await expect(page.getByText(`minutes, second draft ${stamp}`)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(versions).toHaveCount(2);

  // Closed, the panel stays closed when the page loads again.
  await closeDialog(panel);
  await page.reload();
  await expect(fileRow(page, name)).toBeVisible();
  await expect(panel).toHaveCount(0);
});

test('a team member who may not open the team bin is sent to /404.html', async ({ page }) => {
  await login(page, 'wangfang');
  const volumes = await page.request.get('/api/cooper/users/self/volumes?offset=0&limit=50');
  const team = ((await volumes.json()).groups as { id: number; name: string; user_role: string }[]).find(
    (g) => g.user_role === 'member',
  );
  expect(team).toBeDefined();
  await page.goto(`/pcview/drive/recycle/group/${team?.id}`);
  await expect(page).toHaveURL(/\/404\.html$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /Back to my drive/ }).click();
  await expect(page).toHaveURL(/\/pcview\/drive$/);
});
