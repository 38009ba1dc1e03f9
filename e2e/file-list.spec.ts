import { expect, type Page, test } from '@playwright/test';
import { api, login, fileRow as row, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

/** The names in a folder of my drive, by the API. */
async function namesIn(page: Page, gid: number, folderId: number): Promise<string[]> {
  const list = await api(page, 'GET', `/api/v3/groups/${gid}/files?parentid=${folderId}&offset=0&count=100`);
  return (list.files as { fname: string }[]).map((f) => f.fname).sort();
}

/** Logged in as zhangwei, a new folder of that name at the top of my drive. */
async function newFolder(page: Page, name: string) {
  await login(page, 'zhangwei');
  const { id: gid } = (await api(page, 'GET', '/api/v3/groups/special')) as { id: number };
  const folder = await api(page, 'POST', `/api/v3/groups/${gid}/files`, { groupid: gid, parentid: 0, name });
  return { gid, folder: folder as { fileid: number } };
}

/** The same, with an Inbox folder in it, and the folder open. */
async function openFolderWithInbox(page: Page, name: string) {
  const { gid, folder } = await newFolder(page, name);
  const inbox = (await api(page, 'POST', `/api/v3/groups/${gid}/files`, {
    groupid: gid,
    parentid: folder.fileid,
    name: 'Inbox',
  })) as { fileid: number };
  await page.goto(`/pcview/drive/folder/${folder.fileid}`);
  return { gid, folder, inbox };
}

test('rows dragged onto a folder, or onto a crumb above, move there', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { gid, folder: parent, inbox } = await openFolderWithInbox(page, `Sorting ${stamp}`);
  await expect(row(page, 'Inbox')).toBeVisible();
  await uploadFiles(
    page,
    ['a.txt', 'b.txt', 'c.txt'].map((name) => ({ name, buffer: Buffer.from(name) })),
  );

  // One row onto the folder: it goes in, and the toast offers the folder
  await row(page, 'a.txt').dragTo(row(page, 'Inbox'));
  await expect(page.getByText('Moved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Open folder' })).toBeVisible();
  await expect(row(page, 'a.txt')).toHaveCount(0);
  expect(await namesIn(page, gid, inbox.fileid)).toEqual(['a.txt']);

  // A selected row takes the whole selection along
  await row(page, 'b.txt').click();
  await row(page, 'c.txt').click({ modifiers: ['ControlOrMeta'] });
  await row(page, 'c.txt').dragTo(row(page, 'Inbox'));
  await expect(row(page, 'b.txt')).toHaveCount(0);
  await expect(row(page, 'c.txt')).toHaveCount(0);
  expect(await namesIn(page, gid, inbox.fileid)).toEqual(['a.txt', 'b.txt', 'c.txt']);
  // Dropping rows is not dropping files from the desktop: nothing was uploaded
  expect(await namesIn(page, gid, parent.fileid)).toEqual(['Inbox']);

  // Inside the folder, a row dropped on the crumb of the folder above moves up
  await row(page, 'Inbox').getByRole('link', { name: 'Inbox' }).click();
  await expect(row(page, 'a.txt')).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Location' });
  await row(page, 'a.txt').dragTo(crumbs.getByRole('link', { name: `Sorting ${stamp}` }));
  await expect(row(page, 'a.txt')).toHaveCount(0);
  expect(await namesIn(page, gid, parent.fileid)).toEqual(['Inbox', 'a.txt']);
  // ...and the current folder's own crumb takes nothing
  await row(page, 'b.txt').dragTo(crumbs.getByText('Inbox', { exact: true }));
  await expect(row(page, 'b.txt')).toBeVisible();
  expect(await namesIn(page, gid, inbox.fileid)).toEqual(['b.txt', 'c.txt']);
});

test('a row dropped on a team in the side list moves to the team’s top folder', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { folder: parent } = await newFolder(page, `Outbox ${stamp}`);
  await page.goto(`/pcview/drive/folder/${parent.fileid}`);
  const name = `notes-${stamp}.txt`;
  await uploadFiles(page, [{ name, buffer: Buffer.from('to the team') }]);

  const spaces = page.getByRole('navigation', { name: 'Spaces' });
  const team = spaces.getByRole('link', { name: '研发中心' });
  await row(page, name).dragTo(team);
  await expect(page.getByText('Moved.')).toBeVisible();
  await expect(row(page, name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Open folder' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/group\/\d+$/);
  await expect(row(page, name)).toBeVisible();
});

test('the arrow keys move through the rows, Shift draws a range, and the keys act on it', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const { gid, folder } = await newFolder(page, `Keys ${stamp}`);
  await page.goto(`/pcview/drive/folder/${folder.fileid}`);
  const names = ['k1.txt', 'k2.txt', 'k3.txt', 'k4.txt', 'k5.txt'];
  await uploadFiles(
    page,
    names.map((name) => ({ name, buffer: Buffer.from(name) })),
  );
  // By name, so the order is known
  await page.getByRole('button', { name: 'Name' }).click();
  const box = (name: string) => row(page, name).getByRole('checkbox');

  await row(page, 'k1.txt').click();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(box('k3.txt')).toBeChecked();
  await expect(box('k3.txt')).toBeFocused();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await page.keyboard.press('ArrowUp');
  await expect(box('k2.txt')).toBeFocused();

  // Shift: from k2 down to k4, then End and Home
  await page.keyboard.press('Shift+ArrowDown');
  await page.keyboard.press('Shift+ArrowDown');
  for (const name of ['k2.txt', 'k3.txt', 'k4.txt']) await expect(box(name)).toBeChecked();
  await expect(box('k1.txt')).not.toBeChecked();
  await page.keyboard.press('End');
  await expect(box('k5.txt')).toBeFocused();
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1);
  await page.keyboard.press('Home');
  await page.keyboard.press('Shift+ArrowDown');

  // The keys act on what the arrows selected: Delete asks about those two
  await page.keyboard.press('Delete');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('2');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'k1.txt')).toHaveCount(0);
  expect(await namesIn(page, gid, folder.fileid)).toEqual(['k3.txt', 'k4.txt', 'k5.txt']);
});

test('files dropped from the desktop on a folder’s row go into that folder', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { gid, folder, inbox } = await openFolderWithInbox(page, `Desk ${stamp}`);
  await uploadFiles(page, [{ name: 'here.txt', buffer: Buffer.from('here') }]);

  /** A drag of one file from the desktop over a row, then its drop, as the browser fires them. */
  async function dropFile(on: string, name: string, check: () => Promise<void>) {
    const data = await page.evaluateHandle((fileName) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped'], fileName, { type: 'text/plain' }));
      return transfer;
    }, name);
    const target = row(page, on).locator('.cirrus-filelist-name');
    await target.dispatchEvent('dragenter', { dataTransfer: data });
    await target.dispatchEvent('dragover', { dataTransfer: data });
    await check();
    await target.dispatchEvent('drop', { dataTransfer: data });
    await expect(
      page.getByRole('region', { name: 'Uploads' }).getByText('All uploads complete'),
    ).toBeVisible();
  }

  await dropFile('Inbox', 'into-inbox.txt', async () => {
    await expect(row(page, 'Inbox')).toHaveClass(/is-drop-target/);
    await expect(page.getByText('Drop to upload to “Inbox”')).toBeVisible();
  });
  await expect.poll(() => namesIn(page, gid, inbox.fileid)).toEqual(['into-inbox.txt']);
  await expect(row(page, 'Inbox')).not.toHaveClass(/is-drop-target/);

  // On a file's row they go into the folder that is open
  await dropFile('here.txt', 'beside.txt', async () => {
    await expect(page.getByText(`Drop to upload to “Desk ${stamp}”`)).toBeVisible();
  });
  await expect(row(page, 'beside.txt')).toBeVisible();
  expect(await namesIn(page, gid, folder.fileid)).toEqual(['Inbox', 'beside.txt', 'here.txt']);
});

test('in the grid the arrow keys go by tile and by line, and a tile dragged onto a folder moves', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const { gid, inbox } = await openFolderWithInbox(page, `Tiles ${stamp}`);
  const names = ['t1.txt', 't2.txt', 't3.txt', 't4.txt', 't5.txt', 't6.txt', 't7.txt'];
  await uploadFiles(
    page,
    names.map((name) => ({ name, buffer: Buffer.from(name) })),
  );
  await page.getByRole('button', { name: 'Grid view' }).click();
  await page.getByRole('button', { name: 'Name' }).click();
  // The grid's tiles are the list's items; in a 1280 px window a line holds several
  const tile = (name: string) =>
    page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: name });
  // The grid's code loads when chosen: its tiles, all of them, first
  await expect(tile('t7.txt')).toBeVisible();
  const columns = await page.evaluate(() => {
    const tops = [...document.querySelectorAll('.cirrus-tile')].map((el) => el.getBoundingClientRect().top);
    return tops.filter((top) => top === tops[0]).length;
  });
  expect(columns).toBeGreaterThan(2);
  const order = ['Inbox', ...names];

  await tile('Inbox').click();
  await page.keyboard.press('ArrowRight');
  await expect(tile('t1.txt').getByRole('checkbox')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(tile(order[1 + columns]).getByRole('checkbox')).toBeChecked();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowLeft');
  await expect(tile('Inbox').getByRole('checkbox')).toBeFocused();

  await tile('t2.txt').dragTo(tile('Inbox'));
  await expect(tile('t2.txt')).toHaveCount(0);
  expect(await namesIn(page, gid, inbox.fileid)).toEqual(['t2.txt']);
  // Back to the list for the other tests, which expect it
  await page.getByRole('button', { name: 'List view' }).click();
});

test('a drag held over a folder opens it, so rows and desktop files go deeper', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const { gid, folder, inbox } = await openFolderWithInbox(page, `Spring ${stamp}`);
  const deeper = (await api(page, 'POST', `/api/v3/groups/${gid}/files`, {
    groupid: gid,
    parentid: inbox.fileid,
    name: 'Deeper',
  })) as { fileid: number };
  await uploadFiles(page, [{ name: 'a.txt', buffer: Buffer.from('a') }]);

  // A row held over the Inbox opens it; dropped on a folder there, it lands two levels down
  const centre = async (name: string) => {
    const box = await row(page, name).locator('.cirrus-filelist-name').boundingBox();
    if (!box) throw new Error(`no row ${name}`);
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  };
  const from = await centre('a.txt');
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  const inboxAt = await centre('Inbox');
  await page.mouse.move(inboxAt.x, inboxAt.y, { steps: 5 });
  await expect(row(page, 'Inbox')).toHaveClass(/is-drop-target/);
  await expect(page).toHaveURL(new RegExp(`/folder/${inbox.fileid}$`));
  await expect(row(page, 'Deeper')).toBeVisible();
  const deeperAt = await centre('Deeper');
  await page.mouse.move(deeperAt.x, deeperAt.y, { steps: 5 });
  await expect(row(page, 'Deeper')).toHaveClass(/is-drop-target/);
  await page.mouse.up();
  await expect(page.getByText('Moved.')).toBeVisible();
  await expect.poll(() => namesIn(page, gid, deeper.fileid)).toEqual(['a.txt']);
  expect(await namesIn(page, gid, folder.fileid)).toEqual(['Inbox']);
  // The folder opened stays open: nothing else was opened by the drop
  await expect(page).toHaveURL(new RegExp(`/folder/${inbox.fileid}$`));

  // Files from the desktop held over a folder row open it too
  await page.goto(`/pcview/drive/folder/${folder.fileid}`);
  const data = await page.evaluateHandle(() => {
    const transfer = new DataTransfer();
    transfer.items.add(new File(['dropped'], 'deep.txt', { type: 'text/plain' }));
    return transfer;
  });
  const over = async (name: string) => {
    const target = row(page, name).locator('.cirrus-filelist-name');
    await target.dispatchEvent('dragenter', { dataTransfer: data });
    await target.dispatchEvent('dragover', { dataTransfer: data });
    return target;
  };
  await over('Inbox');
  await expect(page).toHaveURL(new RegExp(`/folder/${inbox.fileid}$`));
  const target = await over('Deeper');
  await expect(page.getByText('Drop to upload to “Deeper”')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer: data });
  await expect(page.getByRole('region', { name: 'Uploads' }).getByText('All uploads complete')).toBeVisible();
  await expect.poll(() => namesIn(page, gid, deeper.fileid)).toEqual(['a.txt', 'deep.txt']);

  // A row held over a crumb above opens that folder; let go on the list there, it moves into it
  await expect(page).toHaveURL(new RegExp(`/folder/${inbox.fileid}$`));
  const rowAt = await centre('Deeper');
  await page.mouse.move(rowAt.x, rowAt.y);
  await page.mouse.down();
  const crumb = page
    .getByRole('navigation', { name: 'Location' })
    .getByRole('link', { name: `Spring ${stamp}` });
  const crumbBox = await crumb.boundingBox();
  if (!crumbBox) throw new Error('no crumb');
  await page.mouse.move(crumbBox.x + crumbBox.width / 2, crumbBox.y + crumbBox.height / 2, { steps: 5 });
  await expect(page).toHaveURL(new RegExp(`/folder/${folder.fileid}$`));
  // Below the rows, and then over the Inbox row, where the row came from: both are this folder
  const list = await page.locator('.cirrus-browser').boundingBox();
  if (!list) throw new Error('no list');
  await page.mouse.move(list.x + 150, list.y + list.height - 60, { steps: 5 });
  await expect(page.getByText(`Drop to move to “Spring ${stamp}”`)).toBeVisible();
  const inboxRow = await centre('Inbox');
  await page.mouse.move(inboxRow.x, inboxRow.y, { steps: 5 });
  await expect(row(page, 'Inbox')).not.toHaveClass(/is-drop-target/);
  await expect(page.getByText(`Drop to move to “Spring ${stamp}”`)).toBeVisible();
  await page.mouse.up();
  await expect(row(page, 'Deeper')).toBeVisible();
  await expect.poll(() => namesIn(page, gid, folder.fileid)).toEqual(['Deeper', 'Inbox']);
  expect(await namesIn(page, gid, inbox.fileid)).toEqual([]);
});
