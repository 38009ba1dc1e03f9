import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { api, cancelDialog, escapeDialog, fileIdOf, fileRow, login, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

const row = fileRow;

/** In the open menu, which has the focus: down to the item of that name, and Enter on it. */
async function chooseByKeyboard(page: Page, name: string) {
  await expect(page.locator('[role="menuitem"]:focus')).toHaveCount(1);
  const item = page.getByRole('menuitem', { name });
  for (let step = 0; step < 20 && !(await item.evaluate((el) => el === document.activeElement)); step++)
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}
test('a user runs a file through its life in my drive', async ({ page }) => {
  // Names of their own, so the story does not depend on what the demo drive already holds.
  const stamp = Date.now().toString(36);
  const folder = `Reports ${stamp}`;
  const alphaName = `alpha-${stamp}.txt`;
  const betaName = `beta-${stamp}.csv`;
  const renamed = `summary-${stamp}.txt`;
  // Over SINGLE_REQUEST_UPLOAD_MAX (1 MiB), so it goes by tus; beta goes in one request.
  const alpha = Buffer.from(`first line of alpha ${stamp}\n`.repeat(50_000));
  const beta = Buffer.from('city,visits\nBeijing,3\nShanghai,5\n');

  await login(page, 'zhangwei');
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('My drive');

  // A new folder
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Folder', exact: true }).click();
  const newFolder = page.getByRole('dialog', { name: 'New folder' });
  await newFolder.getByLabel('Name').fill(`bad/${folder}`);
  await expect(newFolder.getByText('A name cannot contain any of these characters')).toBeVisible();
  await expect(newFolder.getByRole('button', { name: 'Create' })).toBeDisabled();
  // ".." has none of those characters: it is refused for its leading dot
  await newFolder.getByLabel('Name').fill('..');
  await expect(newFolder.getByText('A name cannot start with a dot.')).toBeVisible();
  await expect(newFolder.getByText('A name cannot contain any of these characters')).toHaveCount(0);
  await newFolder.getByLabel('Name').fill(folder);
  await newFolder.getByRole('button', { name: 'Create' }).click();
  await expect(row(page, folder)).toBeVisible();

  // Two files through the file input: a larger one by transaction and tus, a small one in one request
  const oneRequest = page.waitForRequest(
    (req) => req.method() === 'POST' && req.url().includes(`upload-transactions?name=${betaName}`),
  );
  const tusBytes = page.waitForRequest(
    (req) => req.method() === 'PATCH' && req.url().includes('/xfi/v1/me/uploads/'),
  );
  await page.getByTestId('upload-files').setInputFiles([
    { name: alphaName, mimeType: 'text/plain', buffer: alpha },
    { name: betaName, mimeType: 'text/csv', buffer: beta },
  ]);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText('All uploads complete')).toBeVisible();
  await oneRequest;
  await tusBytes;
  await expect(row(page, alphaName)).toBeVisible();
  await expect(row(page, betaName)).toBeVisible();

  // Rename one: the extension stays as the suffix, and an unchanged name cannot be saved
  await row(page, alphaName).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await expect(rename.getByLabel('Name')).toHaveValue(`alpha-${stamp}`);
  await expect(rename.getByText('.txt', { exact: true })).toBeVisible();
  await expect(rename.getByRole('button', { name: 'Rename' })).toBeDisabled();
  await rename.getByLabel('Name').fill(`summary-${stamp}`);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(row(page, renamed)).toBeVisible();
  await expect(row(page, alphaName)).toHaveCount(0);

  // A name typed with its extension keeps it once, not "table.csv.csv"
  const table = `table-${stamp}.csv`;
  await row(page, betaName).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Rename' }).click();
  await expect(rename.getByLabel('Name')).toHaveValue(`beta-${stamp}`);
  await rename.getByLabel('Name').fill(table);
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(row(page, table)).toBeVisible();
  await expect(row(page, `${table}.csv`)).toHaveCount(0);
  await expect(row(page, betaName)).toHaveCount(0);

  // Copying it where it is already says so, and copies nothing
  await row(page, renamed).click();
  await page.getByRole('button', { name: 'Copy to' }).click();
  const copy = page.getByRole('dialog', { name: `Copy “${renamed}” to` });
  await copy.getByRole('button', { name: 'My drive', exact: true }).click();
  await expect(copy.getByText('It is in this folder already')).toBeVisible();
  await expect(copy.getByRole('button', { name: 'Copy here' })).toBeDisabled();
  await cancelDialog(copy);

  // Move it into the folder through the picker
  await page.getByRole('button', { name: 'Move to' }).click();
  const move = page.getByRole('dialog', { name: `Move “${renamed}” to` });
  await expect(move.getByRole('button', { name: 'Move here' })).toBeDisabled();
  // the picker opens where the items are: my drive is open
  await expect(move.getByRole('button', { name: 'Collapse My drive' })).toBeVisible();
  await move.getByRole('button', { name: folder, exact: true }).click();
  await expect(move.getByText(`To: ${folder}`)).toBeVisible();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('Moved.')).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);

  // Open the folder
  await page.getByRole('link', { name: folder }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/folder\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(folder);
  await expect(row(page, renamed)).toBeVisible();

  // Inside the folder, the picker opens at it
  await row(page, renamed).click();
  await page.getByRole('button', { name: 'Copy to' }).click();
  const copyInside = page.getByRole('dialog', { name: `Copy “${renamed}” to` });
  await expect(copyInside.getByRole('button', { name: folder, exact: true })).toBeInViewport();
  await cancelDialog(copyInside);

  // Download it: the same bytes come back
  const downloading = page.waitForEvent('download');
  await row(page, renamed).hover();
  // Each row's buttons say which file they act on.
  await row(page, renamed)
    .getByRole('button', { name: `Download ${renamed}`, exact: true })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(renamed);
  expect((await readFile(await download.path())).equals(alpha)).toBe(true);

  // Delete it
  await row(page, renamed).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete' });
  await expect(confirm.getByText(`Delete “${renamed}”?`)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Moved to the recycle bin.')).toBeVisible();
  await expect(row(page, renamed)).toHaveCount(0);
  await expect(page.getByText('This folder is empty')).toBeVisible();
});

test("a keyboard user goes through a row's menu and a dialog from it, and is back on the row's button", async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const more = row(page, '个人笔记.txt').getByRole('button', {
    name: 'More actions 个人笔记.txt',
    exact: true,
  });
  await more.focus();

  // The menu takes the focus as it opens; the arrow keys go through it; Escape gives it back.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Star' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'History versions' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();

  // A dialog chosen from the menu gives the focus back to the row's button too, not to the page.
  await page.keyboard.press('Enter');
  await chooseByKeyboard(page, 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await expect(rename.getByLabel('Name')).toBeFocused();
  await cancelDialog(rename);
  await expect(more).toBeFocused();
});

test("a dialog chosen from the toolbar's New or Actions menu gives the focus back to the menu's button", async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const newButton = page.getByRole('button', { name: 'New', exact: true });
  await newButton.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Folder', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  const newFolder = page.getByRole('dialog', { name: 'New folder' });
  await expect(newFolder.getByLabel('Name')).toBeFocused();
  await escapeDialog(newFolder);
  await expect(newButton).toBeFocused();
  // By mouse the same.
  await page.getByRole('button', { name: 'Refresh' }).focus();
  await newButton.click();
  await page.getByRole('menuitem', { name: 'Folder', exact: true }).click();
  await cancelDialog(newFolder);
  await expect(newButton).toBeFocused();

  // A phone's width: the selection's actions are one menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await row(page, '个人笔记.txt').getByRole('checkbox').check();
  const actions = page.getByRole('button', { name: 'Actions', exact: true });
  await actions.focus();
  await page.keyboard.press('Enter');
  await chooseByKeyboard(page, 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename' });
  await expect(rename.getByLabel('Name')).toBeFocused();
  await escapeDialog(rename);
  await expect(actions).toBeFocused();
});

test('keys typed as New folder first opens all land in its name', async ({ page }) => {
  const folder = `Plans ${Date.now().toString(36)}`;
  await login(page, 'zhangwei');
  // The first open in this page load, typed at once: nothing waits for the dialog to show.
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Folder', exact: true }).click();
  await page.keyboard.type(folder);
  const newFolder = page.getByRole('dialog', { name: 'New folder' });
  await expect(newFolder.getByLabel('Name')).toHaveValue(folder);
  await page.keyboard.press('Enter');
  await expect(row(page, folder)).toBeVisible();
});

test("the details panel heads with the file's icon, a gap, and its name on one line", async ({ page }) => {
  const name = `Quarterly planning notes for the whole department ${Date.now().toString(36)} final.txt`;
  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: Buffer.from('plans\n') }]);
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Details and comments' }).click();
  const panel = page.getByRole('dialog');
  await expect(panel.getByRole('tab', { name: 'Details' })).toBeVisible();
  const title = panel.locator('.ant-drawer-title');
  const [icon, text] = await Promise.all([
    title.locator('svg').first().boundingBox(),
    title.getByText(name).boundingBox(),
  ]);
  // The drive page does not load the record list's stylesheet: the name sat against the icon.
  expect(icon && text && text.x - (icon.x + icon.width)).toBeGreaterThanOrEqual(6);
  // A long name is cut on one line (the full name in its title), not wrapped under the icon.
  expect(text && icon && text.height).toBeLessThan(30);
  await expect(title.getByText(name)).toHaveAttribute('title', name);
});

test('copying into the folder the files are in is refused in words that fit one file or several', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const names = [`one-${stamp}.txt`, `two-${stamp}.txt`];
  await login(page, 'zhangwei');
  await uploadFiles(
    page,
    names.map((name) => ({ name, buffer: Buffer.from(`${name}\n`) })),
  );

  const copyHere = async (expected: string) => {
    await page.getByRole('button', { name: 'Copy to' }).click();
    const dialog = page.getByRole('dialog', { name: /^Copy/ });
    await dialog.getByText('My drive', { exact: true }).click();
    await expect(dialog.getByText(expected)).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Copy here' })).toBeDisabled();
    await cancelDialog(dialog);
  };
  await row(page, names[0]).click();
  await copyHere('It is in this folder already: choose another one to copy into.');
  await row(page, names[1]).click({ modifiers: ['Control'] });
  await expect(page.getByText('2 selected')).toBeVisible();
  await copyHere('They are in this folder already: choose another one to copy into.');
});

test('a folder the user may only read says so where Upload and New would be', async ({ page }) => {
  // zhaomin is a read-only member of 研发中心, and owns her my drive.
  await login(page, 'zhaomin');
  await expect(page.getByRole('button', { name: 'Upload' })).toBeVisible();
  await expect(page.getByText('View only')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: '研发中心' }).click();
  await expect(row(page, 'README.txt')).toBeVisible();
  await expect(page.getByText('View only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New', exact: true })).toHaveCount(0);
  await page.getByText('View only').hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'You may open and download what is here, but not add, change or delete it.',
  );
});

test('Ctrl+A on a folder just opened selects its files, not the text of the page', async ({ page }) => {
  await login(page, 'zhangwei');
  await page.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: '研发中心' }).click();
  await expect(row(page, 'README.txt')).toBeVisible();
  const count = ((await page.getByText(/^\d+ items$/).textContent()) ?? '').replace(' items', '');
  await page.keyboard.press('Control+a');
  await expect(page.getByText(`${count} selected`)).toBeVisible();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');
  await page.keyboard.press('Escape');
  await expect(page.getByText(`${count} selected`)).toHaveCount(0);
});

test('the selection toolbar keeps every action in view: icons alone where the labels do not fit', async ({
  page,
}) => {
  // With the folder panel open, a 1280 px window leaves the toolbar too narrow for six labels.
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'zhangwei');
  await page.getByRole('list', { name: 'Files' }).getByRole('listitem').first().getByRole('checkbox').check();
  const actions = page.locator('.cirrus-toolbar-actions');
  const remove = actions.getByRole('button', { name: 'Delete' });
  await expect(remove).toBeVisible();
  await expect(remove).toHaveText('');
  const [button, bar] = await Promise.all([remove.boundingBox(), actions.boundingBox()]);
  expect(button && bar && button.x + button.width <= bar.x + bar.width).toBe(true);
  await remove.hover();
  await expect(page.getByRole('tooltip')).toHaveText('Delete');

  // Wide enough again, the labels come back.
  await page.setViewportSize({ width: 1800, height: 800 });
  await expect(remove).toHaveText('Delete');

  // Narrow (the spaces move into a drawer) and wide again: the selection stays.
  await page.setViewportSize({ width: 800, height: 800 });
  await expect(page.getByRole('button', { name: 'Show spaces' })).toBeVisible();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.setViewportSize({ width: 1800, height: 800 });
  await expect(page.getByRole('navigation', { name: 'Spaces' })).toBeVisible();
  await expect(page.getByText('1 selected')).toBeVisible();
});

test('the selection toolbar fits its line: the item count gives way to the labels, then icons, then one menu', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1800, height: 900 });
  await login(page, 'zhangwei');
  // A text file: Open, Edit, Download, Copy to, Move to, Rename and Delete, the longest selection.
  await row(page, '个人笔记.txt').getByRole('checkbox').check();
  const actions = page.locator('.cirrus-toolbar-actions');
  const remove = actions.getByRole('button', { name: 'Delete' });
  await expect(remove).toHaveText('Delete');

  // Where each form takes over depends on the fonts' widths (and the line's on the panes beside
  // it), so the toolbar's line is narrowed 10 px at a time, from 1300 px until its actions are one
  // menu, and the forms met on the way are noted, with whether the line fits.
  await page.addStyleTag({ content: '.cirrus-toolbar { max-width: var(--toolbar-probe, none); }' });
  const forms: string[] = [];
  for (let width = 1300; width >= 200 && !forms.at(-1)?.startsWith('menu'); width -= 10) {
    const seen = await actions.evaluate(async (el, px) => {
      document.documentElement.style.setProperty('--toolbar-probe', `${px}px`);
      // The form is chosen from a resize observer, before the frame after the resize is painted.
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const buttons = [...el.querySelectorAll('button')];
      const remove = buttons.find(
        (b) => b.getAttribute('aria-label') === 'Delete' || b.textContent === 'Delete',
      );
      const shape = remove ? (remove.textContent === 'Delete' ? 'labels' : 'icons') : 'menu';
      const count = [...document.querySelectorAll('.cirrus-toolbar-right *')].some((n) =>
        /^\d+ items$/.test(n.textContent ?? ''),
      );
      return { form: `${shape}${count ? ' and count' : ''}`, fits: el.scrollWidth <= el.clientWidth };
    }, width);
    expect(seen.fits, `the line scrolls at ${width} px (${seen.form})`).toBe(true);
    if (forms.at(-1) !== seen.form) forms.push(seen.form);
  }
  // The count gives way first: the labels were dropped before it, and the icons left half the
  // line empty. Each form in turn, none skipped, none coming back.
  expect(forms).toEqual(['labels and count', 'labels', 'icons and count', 'icons', 'menu and count']);

  const menu = actions.getByRole('button', { name: 'Actions' });
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeVisible();
  await menu.click();
  await expect(page.getByRole('menuitem', { name: 'Delete' })).toBeHidden();

  // And back: labels and count with room for both.
  await page.evaluate(() => document.documentElement.style.removeProperty('--toolbar-probe'));
  await expect(remove).toHaveText('Delete');
  await expect(page.locator('.cirrus-toolbar').getByText(/^\d+ items$/)).toBeVisible();
});

/**
 * Where a list's header line ends and where its first row's line ends, in px from the left. The
 * header's line is its bottom border, or a pseudo-element drawn in its place.
 */
const lineEnds = (list: Locator) =>
  list.evaluate((el) => {
    const head = el.querySelector('.cirrus-filelist-head') as HTMLElement;
    const row = el.querySelector('.cirrus-filelist-row') as HTMLElement;
    const box = head.getBoundingClientRect();
    const style = getComputedStyle(head);
    const after = getComputedStyle(head, '::after');
    const ends: number[] = [];
    if (parseFloat(style.borderBottomWidth) > 0 && style.borderBottomColor !== 'rgba(0, 0, 0, 0)')
      ends.push(box.right);
    if (after.content !== 'none')
      ends.push(box.left + head.clientLeft + parseFloat(after.left) + parseFloat(after.width));
    return { head: Math.max(...ends), row: row.getBoundingClientRect().right };
  });

test("a list's header line ends where its rows' lines do, before the scrollbar's room", async ({ page }) => {
  await login(page, 'zhangwei');
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/pcview/drive');
    const files = page.locator('.cirrus-filelist').filter({ has: page.getByRole('list', { name: 'Files' }) });
    await expect(row(page, '个人笔记.txt')).toBeVisible();
    const drive = await lineEnds(files);
    expect(Math.abs(drive.head - drive.row)).toBeLessThan(1);

    // Recent's list (RecordList) ran its header line some 15 px further, over the scrollbar's room.
    await page.goto('/pcview/drive/recent');
    const recentList = page.getByRole('list', { name: 'Recent files' });
    await expect(recentList.getByRole('listitem').first()).toBeVisible();
    const recent = await lineEnds(page.locator('.cirrus-filelist').filter({ has: recentList }));
    expect(Math.abs(recent.head - recent.row)).toBeLessThan(1);
  }
});

test("at a laptop's widths, with both side panes, every list's columns and row buttons fit its width", async ({
  page,
}) => {
  await login(page, 'zhangwei');
  // Something in Shared by me: a link of a new file
  const name = `laptop-${Date.now().toString(36)}.txt`;
  await uploadFiles(page, [{ name, buffer: Buffer.from('shared\n') }]);
  await api(page, 'POST', '/api/v3/links', {
    fileid: await fileIdOf(page, name),
    ranges: 'company',
    permission: 'read',
  });
  const lists = [
    ['/pcview/drive', 'Files'],
    ['/pcview/drive/recent', 'Recent files'],
    ['/pcview/drive/share?filter=sent', 'Shared'],
  ] as const;
  for (const width of [920, 1024, 1100, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const [address, label] of lists) {
      await page.goto(address);
      const items = page.getByRole('list', { name: label }).getByRole('listitem');
      await expect(items.first()).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Spaces' })).toBeVisible();
      const list = page.locator('.cirrus-filelist').filter({ has: page.getByRole('list', { name: label }) });
      // The header's cells and the first row's, each within the list's own width. At 1024 px the
      // drive's 'Modified by' and the row's buttons were cut off at the window's edge.
      const past = await list.evaluate((el) => {
        const right = el.getBoundingClientRect().right + 0.5;
        const cells = [
          ...el.querySelectorAll('.cirrus-filelist-head > *'),
          ...(el.querySelector('.cirrus-filelist-row')?.children ?? []),
        ];
        return cells
          .filter((cell) => cell.getBoundingClientRect().right > right)
          .map((cell) => cell.className);
      });
      expect(past, `${address} at ${width} px`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  }
});

test('in a phone-sized window the files take the width: names readable, nothing sideways, a file opens', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'zhangwei');
  // The top bar shows only the logo, and the logo's link keeps the product's name.
  await expect(page.getByRole('link', { name: 'Cirrus', exact: true })).toBeVisible();
  const name = `narrow-${Date.now().toString(36)}.txt`;
  await uploadFiles(page, [{ name, buffer: Buffer.from('on a small screen\n') }]);
  const file = row(page, name);
  await page.getByRole('region', { name: 'Uploads' }).getByRole('button', { name: 'Close' }).click();

  // The spaces wait in a drawer; the file list has the width, and the names can be read.
  await expect(page.getByRole('navigation', { name: 'Spaces' })).toBeHidden();
  const label = file.locator('.cirrus-filelist-name');
  await expect(label).toBeVisible();
  const box = await label.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390 && box.width >= 100).toBe(true);

  // Nothing runs past the window's right edge, so the page does not scroll sideways.
  const overflowing = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName}.${el.className}`),
    );
  expect(await overflowing()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Selected, its actions are one menu within the window; Open opens it.
  await file.getByRole('checkbox').check();
  await expect(page.getByText('1 selected')).toBeVisible();
  expect(await overflowing()).toEqual([]);
  await page.getByRole('button', { name: 'Actions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/p\/\d+/);
  await page.goBack();

  // The spaces open from the button before the crumbs, and close once one is picked.
  await page.getByRole('button', { name: 'Show spaces' }).click();
  const spaces = page.getByRole('navigation', { name: 'Spaces' });
  await expect(spaces).toBeVisible();
  await spaces.getByRole('link', { name: 'Uploaded files' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/tmp$/);
  await expect(spaces).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('Uploaded files');

  // The drive's other areas too: the list has the width, each row's menu is within reach.
  await page.getByRole('button', { name: 'Show spaces' }).click();
  await spaces.getByRole('link', { name: 'Recent' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/recent$/);
  await expect(spaces).toBeHidden();
  const recent = page
    .getByRole('list', { name: 'Recent files' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(recent.getByRole('button', { name: `More actions ${name}`, exact: true })).toBeInViewport();
  expect(await overflowing()).toEqual([]);
});

test("the drive's other lists line up with the drive's own, edge to edge on a phone", async ({ page }) => {
  await login(page, 'zhangwei');
  /** Where a list runs, and where its first column (the select-all box) sits. */
  const edges = async () => {
    const head = page.locator('.cirrus-filelist-head');
    await expect(head).toBeVisible();
    const list = await page.locator('.cirrus-filelist').boundingBox();
    const check = await head.getByRole('checkbox', { name: 'Select all' }).boundingBox();
    return { left: list?.x, right: (list?.x ?? 0) + (list?.width ?? 0), check: check?.x };
  };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/pcview/drive');
    const drive = await edges();
    if (width === 390) expect(drive.right).toBe(390);
    // On a phone these kept 8 px of margin each side while the drive ran edge to edge.
    for (const area of ['recent', 'stared', 'share', 'share?filter=sent', 'recycle/my']) {
      await page.goto(`/pcview/drive/${area}`);
      expect(await edges(), `${area} at ${width} px`).toEqual(drive);
    }
  }
});

test.describe('on a touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('a tap opens a file; once one is checked, taps select', async ({ page }) => {
    await login(page, 'zhangwei');
    const files = page.getByRole('list', { name: 'Files' }).getByRole('listitem');
    const file = files.filter({ hasText: '个人笔记.txt' });
    await file.locator('.cirrus-filelist-name').tap();
    await expect(page).toHaveURL(/\/p\/\d+/);
    await page.goBack();
    await file.getByRole('checkbox').check();
    const other = files.filter({ hasText: '季度汇报.pptx' });
    await other.locator('.cirrus-filelist-name').tap();
    await expect(page.getByText('2 selected')).toBeVisible();
  });

  test('the Show spaces tip does not stay over the spaces a tap opened', async ({ page }) => {
    await login(page, 'zhangwei');
    await page.getByRole('button', { name: 'Show spaces' }).tap();
    await expect(page.getByRole('dialog', { name: 'Spaces' })).toBeVisible();
    // Longer than the tip's delay (0.1 s): it would have shown by now.
    await page.waitForTimeout(500);
    await expect(page.getByRole('tooltip', { name: 'Show spaces' })).toHaveCount(0);
  });

  test("the viewer's toolbar leaves no tip on screen after a tap on Download", async ({ page }) => {
    await login(page, 'zhangwei');
    const files = page.getByRole('list', { name: 'Files' }).getByRole('listitem');
    await files.filter({ hasText: '个人笔记.txt' }).locator('.cirrus-filelist-name').tap();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download' }).tap();
    await download;
    await page.waitForTimeout(500);
    await expect(page.getByRole('tooltip', { name: 'Download' })).toHaveCount(0);
  });
});

test('in a narrow window a mouse over Show spaces gets its tip', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await login(page, 'zhangwei');
  await page.getByRole('button', { name: 'Show spaces' }).hover();
  await expect(page.getByRole('tooltip', { name: 'Show spaces' })).toBeVisible();
});

test('when the system asks for less motion, a menu is whole and in place as soon as it shows', async ({
  page,
}) => {
  // The suite runs so (playwright.config.ts); this says what that gives.
  expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true);
  await login(page, 'zhangwei');
  await page.getByRole('list', { name: 'Files' }).getByRole('listitem').first().click({ button: 'right' });
  const menu = page.locator('.ant-dropdown:visible');
  await menu.waitFor();
  // Read at once, not retried: with antd's motion on, the menu first shows transparent and flat,
  // with its slide-up classes, and grows for a few frames.
  const shown = await menu.evaluate((el) => ({
    opacity: getComputedStyle(el).opacity,
    transform: getComputedStyle(el).transform,
    moving: [...el.classList].filter((c) => /slide|zoom|motion/.test(c)),
  }));
  expect(shown).toEqual({ opacity: '1', transform: 'none', moving: [] });
});

test('a name the server refuses fails at once in the upload panel, saying why, and is not offered again', async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const stamp = Date.now().toString(36);
  const kept = `kept-${stamp}.txt`;
  const refused = `.env-${stamp}`;
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('upload-transactions')) sent.push(decodeURIComponent(req.url()));
  });
  await page.getByTestId('upload-files').setInputFiles([
    { name: kept, mimeType: 'text/plain', buffer: Buffer.from('kept\n') },
    { name: refused, mimeType: 'text/plain', buffer: Buffer.from('SECRET=1\n') },
  ]);
  await expect(row(page, kept)).toBeVisible();
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText('1 of 2 uploaded')).toBeVisible();
  await expect(uploads.getByText('1 failed')).toBeVisible();
  await expect(uploads.getByText('A name cannot start with a dot.')).toBeVisible();
  // Trying again cannot help: neither the row nor the panel offers it.
  await expect(uploads.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(uploads.getByRole('button', { name: 'Resume all' })).toHaveCount(0);
  await expect(uploads.getByRole('button', { name: 'Retry all' })).toHaveCount(0);
  expect(sent.some((url) => url.includes(kept))).toBe(true);
  expect(sent.some((url) => url.includes(refused))).toBe(false);
  await expect(row(page, refused)).toHaveCount(0);
});
