import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'E2e-Demo-2026';

/** Logs in through the login page as a person would. */
export async function login(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/cts?cb=%2Fpcview%2Fdrive');
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /log in|sign in|登 ?录/i }).click();
  await page.waitForURL('**/pcview/drive');
}

/**
 * Closes a dialog with its Close button and waits until it has gone. A dialog ignores a cancel
 * within MODAL_CANCEL_GUARD_MS (500 ms) of opening (spec 000 §2, GuardedModal), and a test on a
 * quick machine can get there sooner, so the click is made again until the dialog has gone.
 */
/** Calls the API as the logged-in page does (cookies and the csrf token); a refusal fails the test. */
export async function api(page: Page, method: 'GET' | 'POST' | 'PUT', url: string, data?: unknown) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'cirrus_csrf')?.value ?? '';
  const res = await page.request.fetch(url, { method, data, headers: { 'x-csrf-token': csrf } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** The id of a file at the top of my drive. */
export async function fileIdOf(page: Page, name: string): Promise<number> {
  const space = (await (await page.request.get('/api/v3/groups/special')).json()) as { id: number };
  const list = await page.request.get(
    `/api/v3/groups/${space.id}/files?parentid=0&offset=0&count=100&orderby=mtime&order=desc`,
  );
  const file = ((await list.json()).files as { fileid: number; fname: string }[]).find(
    (f) => f.fname === name,
  );
  if (!file) throw new Error(`${name} is not in my drive`);
  return file.fileid;
}

export async function closeDialog(dialog: Locator, button = 'Close'): Promise<void> {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: button }).click({ timeout: 1000 });
    await expect(dialog).toBeHidden({ timeout: 400 });
  }).toPass({ timeout: 10_000 });
}

/** Cancels a dialog with its Cancel button, the same way (closeDialog). */
export const cancelDialog = (dialog: Locator) => closeDialog(dialog, 'Cancel');

/** Closes a dialog with Escape, pressed again until the dialog takes it (it ignores one at once). */
export async function escapeDialog(dialog: Locator): Promise<void> {
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.page().keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 400 });
  }).toPass({ timeout: 10_000 });
}

/** A row of the drive's file list, by the name it shows. */
export const fileRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: name });

/** Makes a folder in the open folder with New > Folder, and waits for its row. */
export async function createFolder(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Folder', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(fileRow(page, name)).toBeVisible();
}

/** A file to upload through the drive's upload button: its name and bytes (text/plain unless given). */
export interface FileToUpload {
  name: string;
  buffer: Buffer;
  mimeType?: string;
}

/** Uploads files into the open folder and waits until the upload panel says all are complete. */
export async function uploadFiles(page: Page, files: FileToUpload[]): Promise<void> {
  await page
    .getByTestId('upload-files')
    .setInputFiles(files.map(({ name, buffer, mimeType = 'text/plain' }) => ({ name, mimeType, buffer })));
  await expect(page.getByRole('region', { name: 'Uploads' }).getByText('All uploads complete')).toBeVisible();
}

/**
 * Waits for a menu or dialog that has just opened to finish its opening animation. antd first lays
 * it out in place but transparent for a frame or two, then shrinks it and grows it back; Playwright's
 * click, which waits only for the element to keep still, may press in those first frames and release
 * a frame later on whatever is there then, and the item or button never gets the click (the context
 * menu stays open with the item highlighted, the dialog stays too).
 */
export async function opened(popup: Locator) {
  await expect(popup).toHaveCSS('opacity', '1');
  await expect(popup).toHaveCSS('transform', 'none');
}

/** Right-clicks a row and waits for its context menu to be ready for a click. */
export async function openMenu(page: Page, row: Locator) {
  await row.click({ button: 'right' });
  await opened(page.locator('.ant-dropdown:visible'));
}

/** Deletes a row of the folder on screen through its menu and the Delete dialog. */
export async function deleteFile(page: Page, name: string) {
  await openMenu(page, fileRow(page, name));
  await page.getByRole('menuitem', { name: /Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  await opened(dialog);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(fileRow(page, name)).toHaveCount(0);
}
