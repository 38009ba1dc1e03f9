import { type Browser, expect, type Page, test } from '@playwright/test';
import { samplePdf, samplePng } from '../packages/server/src/seed/sample-content.ts';
import { DEMO_PASSWORD, fileRow, login, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

const row = fileRow;

/** The name the viewer's bar shows. */
const viewerTitle = (page: Page) => page.locator('.cirrus-preview-bar h1');

const MARKDOWN = [
  '# Release notes',
  '',
  'The **viewer** shows Markdown as a page.',
  '',
  '| Kind | Viewer |',
  '|---|---|',
  '| PDF | pdf.js |',
  '',
  '<img src="x" onerror="window.__owned = 1">',
  '<script>window.__owned = 2</script>',
].join('\n');

test('a user opens a picture, a PDF and a Markdown file from the list and pages through them', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const folder = `Previews ${stamp}`;
  await login(page, 'zhangwei');

  await page.getByRole('button', { name: 'New', exact: true }).click();
  await page.getByRole('menuitem', { name: /Folder$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'New folder' });
  await dialog.getByLabel('Name').fill(folder);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await page.getByRole('link', { name: folder }).click();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(folder);

  await page.getByTestId('upload-files').setInputFiles([
    {
      name: 'a-photo.png',
      mimeType: 'image/png',
      buffer: samplePng(640, 400, [51, 112, 255], [0, 181, 120]),
    },
    {
      name: 'b-report.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('Quarterly report', ['Revenue grew in every region.']),
    },
    { name: 'c-notes.md', mimeType: 'text/markdown', buffer: Buffer.from(MARKDOWN) },
  ]);
  await expect(page.getByRole('region', { name: 'Uploads' }).getByText('All uploads complete')).toBeVisible();
  // Name order, A to Z: the viewer pages in the list's order.
  await page.getByRole('button', { name: 'Name' }).click();
  const names = page.getByRole('list', { name: 'Files' }).locator('.cirrus-filelist-name');
  await expect(names).toHaveText(['a-photo.png', 'b-report.pdf', 'c-notes.md']);

  // Double click: the picture, drawn by the server.
  await row(page, 'a-photo.png').dblclick();
  await expect(page).toHaveURL(/\/p\/\d+\?orderby=name&order=asc$/);
  await expect(viewerTitle(page)).toHaveText('a-photo.png');
  await expect(page.getByTestId('preview-position')).toHaveText('1 / 3');
  const picture = page.locator('.cirrus-image-stage img');
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);

  // Next: the PDF, rendered in the page with selectable text, paged and zoomable.
  await page.getByRole('button', { name: 'Next file' }).click();
  await expect(viewerTitle(page)).toHaveText('b-report.pdf');
  await expect(page.getByTestId('preview-position')).toHaveText('2 / 3');
  const textLayer = page.locator('.textLayer').first();
  await expect(textLayer).toContainText('Quarterly report');
  await expect(page.locator('.pdfViewer .page canvas').first()).toBeVisible();
  await expect(page.getByText('of 1', { exact: true })).toBeVisible();
  const scale = page.getByTestId('pdf-scale');
  const before = await scale.textContent();
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(scale).not.toHaveText(before ?? '');
  await textLayer.getByText('Quarterly report').dblclick();
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toMatch(/Quarterly|report/);

  // Ctrl+P asks the viewer to print: the PDF's pages, rendered for paper, and nothing else.
  await page.evaluate(() => {
    const w = window as unknown as { printed: number };
    w.printed = 0;
    window.print = () => {
      w.printed += 1;
    };
  });
  await page.keyboard.press('Control+p');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expect(page.locator('#cirrus-print-root img')).toHaveCount(1);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect(page.locator('#cirrus-print-root')).toHaveCount(0);

  // Next: the Markdown, rendered and sanitised (its script and event handler never run).
  await page.getByRole('button', { name: 'Next file' }).click();
  await expect(viewerTitle(page)).toHaveText('c-notes.md');
  const article = page.getByTestId('markdown-content');
  await expect(article.getByRole('heading', { name: 'Release notes' })).toBeVisible();
  await expect(article.getByRole('table')).toContainText('pdf.js');
  expect(await page.evaluate(() => (window as { __owned?: number }).__owned)).toBeUndefined();
  await expect(page.getByRole('button', { name: 'Next file' })).toBeDisabled();

  // Back by the arrow key, then closed with Esc: the list again.
  await page.keyboard.press('ArrowLeft');
  await expect(viewerTitle(page)).toHaveText('b-report.pdf');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/pcview\/drive\/folder\/\d+$/);
  await expect(row(page, 'c-notes.md')).toBeVisible();

  // Enter on a selected row opens it too.
  await row(page, 'c-notes.md').click();
  await page.keyboard.press('Enter');
  await expect(viewerTitle(page)).toHaveText('c-notes.md');
});

async function userPage(browser: Browser, account: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await login(page, account, DEMO_PASSWORD);
  return page;
}

test('a file locked by one user shows the lock and the lock notice to another', async ({ browser }) => {
  const name = `Budget ${Date.now().toString(36)}.txt`;
  const owner = await userPage(browser, 'zhangwei');
  await owner
    .getByRole('navigation', { name: 'Spaces' })
    .getByRole('link', { name: /研发中心/ })
    .click();
  await expect(owner).toHaveURL(/\/pcview\/drive\/group\/\d+$/);
  await expect(owner.getByRole('navigation', { name: 'Location' })).toContainText('研发中心');
  await uploadFiles(owner, [{ name, buffer: Buffer.from('2026 budget draft\n') }]);

  // Zhang Wei locks it from the menu.
  await row(owner, name).click({ button: 'right' });
  await owner.getByRole('menuitem', { name: 'Lock' }).click();
  await expect(owner.getByText('Locked. Others cannot change this file until you unlock it.')).toBeVisible();
  await expect(row(owner, name).getByTestId('lock-badge')).toHaveText('Locked by you');

  // Wang Fang, a member of the same team, sees who holds it ...
  const other = await userPage(browser, 'wangfang');
  await other
    .getByRole('navigation', { name: 'Spaces' })
    .getByRole('link', { name: /研发中心/ })
    .click();
  await expect(other.getByRole('navigation', { name: 'Location' })).toContainText('研发中心');
  await expect(row(other, name).getByTestId('lock-badge')).toHaveText('Locked by 张伟');

  // ... and gets the file-lock notice instead of renaming or deleting it.
  await row(other, name).click({ button: 'right' });
  await other.getByRole('menuitem', { name: 'Rename' }).click();
  const notice = other.getByRole('dialog', { name: 'File locked' });
  await expect(notice).toContainText(`“${name}” is locked by 张伟`);
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
  await row(other, name).click({ button: 'right' });
  await other.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(other.getByRole('dialog', { name: 'File locked' })).toBeVisible();
  await other.getByRole('dialog', { name: 'File locked' }).getByRole('button', { name: 'OK' }).click();

  // The viewer shows the lock too.
  await row(other, name).dblclick();
  await expect(viewerTitle(other)).toHaveText(name);
  await expect(other.locator('.cirrus-preview-bar').getByTestId('lock-badge')).toHaveText('Locked by 张伟');
  await expect(other.getByTestId('text-content')).toHaveText('2026 budget draft\n');

  // Unlocked by its holder, it is free for everyone again.
  await row(owner, name).click({ button: 'right' });
  await owner.getByRole('menuitem', { name: 'Unlock' }).click();
  await expect(owner.getByText('The file is unlocked.')).toBeVisible();
  await expect(row(owner, name).getByTestId('lock-badge')).toHaveCount(0);
  await other.keyboard.press('Escape');
  await expect(other).toHaveURL(/\/pcview\/drive\/group\/\d+$/);
  await other.reload();
  await expect(row(other, name)).toBeVisible();
  await expect(row(other, name).getByTestId('lock-badge')).toHaveCount(0);
});

test('a user edits a text file in the viewer and saves it as a new version; leaving unsaved asks first', async ({
  page,
}) => {
  const name = `shopping list ${Date.now().toString(36)}.txt`;
  await login(page, 'bob');
  await uploadFiles(page, [{ name, buffer: Buffer.from('buy milk\n') }]);
  await row(page, name).dblclick();
  await expect(viewerTitle(page)).toHaveText(name);
  await expect(page.getByTestId('text-content')).toHaveText('buy milk\n');
  // The tab is named after the file, not left at the product's name.
  await expect(page).toHaveTitle(`${name} · Cirrus`);

  // Cancel with changes asks; keeping on editing keeps the text.
  await page.getByRole('button', { name: 'Edit' }).click();
  const area = page.getByRole('textbox', { name: `Text of ${name}` });
  await expect(area).toHaveValue('buy milk\n');
  // The bar's buttons (close, download ...) give way to the editor's own.
  await expect(page.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await area.fill('buy milk\nwrite the report\n');
  await expect(page.getByText('Unsaved changes')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  const discard = page.getByRole('dialog', { name: 'Discard your changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(area).toHaveValue('buy milk\nwrite the report\n');

  // Ctrl+S saves it as version 2, and the viewer shows the new text.
  await area.press('Control+s');
  await expect(page.getByText('Saved as version 2.')).toBeVisible();
  await expect(area).toHaveCount(0);
  await expect(page.getByTestId('text-content')).toHaveText('buy milk\nwrite the report\n');

  // Someone saves version 3 while the editor is open (here: the same user, from elsewhere): the
  // save asks before it makes version 4, and theirs stays in the history.
  await page.getByRole('button', { name: 'Edit' }).click();
  await area.fill('mine\n');
  const csrf = (await page.context().cookies()).find((c) => c.name === 'cirrus_csrf')?.value ?? '';
  const drive = (await (await page.request.get('/api/v3/groups/special')).json()).id;
  const theirs = await page.request.post(
    `/xfi/v1/me/volumes/${drive}/files/0/upload-transactions?name=${encodeURIComponent(name)}`,
    {
      headers: {
        'x-csrf-token': csrf,
        'content-type': 'application/offset+octet-stream',
        'tus-resumable': '1.0.0',
      },
      data: Buffer.from('theirs\n'),
    },
  );
  expect((await theirs.json()).fver).toBe(3);
  await page.getByRole('button', { name: 'Save' }).click();
  const changed = page.getByRole('dialog', { name: 'Someone saved this file meanwhile' });
  await expect(changed.getByText('Version 3 was saved after you opened it.')).toBeVisible();
  await changed.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('Saved as version 4.')).toBeVisible();
  await expect(page.getByTestId('text-content')).toHaveText('mine\n');

  // From the list, Edit opens the viewer in its editor (/p/{id}?edit=1); leaving it drops ?edit.
  await page.getByRole('button', { name: 'Close' }).click();
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/p\/\d+\?edit=1$/);
  await expect(area).toHaveValue('mine\n');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('text-content')).toHaveText('mine\n');
  await expect(page).toHaveURL(/\/p\/\d+$/);
});

test("a folder's id in the viewer's address opens the folder in the list", async ({ page }) => {
  await login(page, 'zhangwei');
  const name = `Opened-${Date.now().toString(36)}`;
  const csrf = (await page.context().cookies()).find((c) => c.name === 'cirrus_csrf')?.value ?? '';
  const drive = (await (await page.request.get('/api/v3/groups/special')).json()).id;
  const made = await page.request.post(`/api/v3/groups/${drive}/files`, {
    headers: { 'x-csrf-token': csrf },
    data: { parentid: 0, name },
  });
  const folder = (await made.json()).fileid;
  await page.goto(`/p/${folder}`);
  await expect(page).toHaveURL(new RegExp(`/pcview/drive/folder/${folder}$`));
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(name);
});
