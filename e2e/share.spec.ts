import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { closeDialog, login } from './fixtures';

test.use({ locale: 'en-US' });

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: name });

/** Picks an option of an antd select by the text it shows. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

test('a file shared with an access code, an expiry and a download limit opens for a logged-out visitor', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const name = `handout-${stamp}.txt`;
  const bytes = Buffer.from(`Shared handout ${stamp}\n`.repeat(50));

  await login(page, 'zhangwei');
  await page.getByTestId('upload-files').setInputFiles([{ name, mimeType: 'text/plain', buffer: bytes }]);
  await expect(row(page, name)).toBeVisible();

  // Share it: the link is made on opening the panel
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(panel.getByLabel('Link address')).toHaveValue(/\/l\/[A-Za-z0-9_-]{22}$/);
  await expect(panel.getByText('No access code')).toBeVisible();
  // The company's people by default; anyone with the link from now on
  await expect(panel.getByRole('combobox', { name: 'Who can open' })).toBeVisible();
  await choose(page, 'Who can open', 'Anyone with the link');
  await expect(page.getByText('Permission changed.')).toBeVisible();

  // Other settings: 7 days, at most 3 downloads, an access code
  await panel.getByRole('button', { name: 'Other settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Link settings' });
  await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
  await choose(page, 'Expiry', '7 days');
  await settings.getByLabel('Download limit').fill('3');
  await choose(page, 'Access code', 'On');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();
  await expect(settings).toBeHidden();

  await expect(panel.getByText('3 downloads left')).toBeVisible();
  await expect(panel.getByText(/^Expires \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)).toBeVisible();
  const code = (await panel.getByTestId('share-chkcode').innerText()).trim();
  expect(code).toMatch(/^[a-z2-9]{4}$/);
  const address = await panel.getByLabel('Link address').inputValue();
  // The drive list marks the file as shared
  await closeDialog(panel);
  await expect(row(page, name).getByRole('img', { name: 'Shared by link' })).toBeVisible();

  // A fresh browser, logged out, opens the address
  const visitor = await browser.newContext({ locale: 'en-US', acceptDownloads: true });
  const guest = await visitor.newPage();
  await guest.goto(address);
  await expect(guest.getByText('张伟 shared a file with you')).toBeVisible();
  await expect(guest.getByText(name)).toHaveCount(0); // nothing about the file before the code
  const wrong = code === 'abcd' ? 'abce' : 'abcd';
  await guest.getByLabel('Access code').fill(wrong);
  await guest.getByRole('button', { name: 'Open' }).click();
  await expect(guest.getByText('The access code is incorrect.')).toBeVisible();
  await guest.getByLabel('Access code').fill(code.toUpperCase());
  await guest.getByRole('button', { name: 'Open' }).click();

  await expect(guest.getByRole('heading', { name })).toBeVisible();
  await expect(guest.getByTestId('link-remaining')).toHaveText('3 downloads left');
  await expect(guest.getByTestId('link-state')).toContainText(/Expires \d{4}-/);
  // Logged out: no saving into a drive
  await expect(guest.getByRole('button', { name: 'Save to my drive' })).toHaveCount(0);

  // Download: the same bytes, and one download fewer
  const downloading = guest.waitForEvent('download');
  await guest.getByRole('button', { name: 'Download', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(name);
  expect(Buffer.compare(await readFile((await download.path()) as string), bytes)).toBe(0);
  await expect(guest.getByTestId('link-remaining')).toHaveText('2 downloads left');

  // A reload keeps the code for the tab
  await guest.reload();
  await expect(guest.getByTestId('link-remaining')).toHaveText('2 downloads left');
  await visitor.close();

  // The owner reads the visit in the access log
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await panel.getByRole('button', { name: 'Access log' }).click();
  const log = page.getByRole('dialog', { name: 'Access log' });
  await expect(log.getByText(`downloaded ${name}`)).toBeVisible();
});

test('a cancelled link shows its page; the shared list lists what was shared', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const name = `gone-${stamp}.txt`;
  await login(page, 'zhangwei');
  await page
    .getByTestId('upload-files')
    .setInputFiles([{ name, mimeType: 'text/plain', buffer: Buffer.from('bye') }]);
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: `Share “${name}”` });
  const address = await panel.getByLabel('Link address').inputValue();
  await choose(page, 'Who can open', 'Anyone with the link');
  await expect(page.getByText('Permission changed.')).toBeVisible();

  // Shared by me lists it
  await closeDialog(panel);
  await page.getByRole('link', { name: 'Shared' }).click();
  await page.getByText('Shared by me').click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // Cancel share, confirmed; the address then shows the cancelled page
  await page.getByRole('button', { name: `Share settings of ${name}` }).click({ force: true });
  await panel.getByRole('button', { name: 'Other settings' }).click();
  await page
    .getByRole('dialog', { name: 'Link settings' })
    .getByRole('button', { name: 'Cancel share' })
    .click();
  await page
    .getByRole('dialog', { name: 'Cancel sharing?' })
    .getByRole('button', { name: 'Cancel share' })
    .click();
  await expect(panel.getByText('Sharing has been cancelled.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Share again' })).toBeVisible();

  const visitor = await browser.newContext({ locale: 'en-US' });
  const guest = await visitor.newPage();
  await guest.goto(address);
  await expect(guest.getByText('Sharing has been cancelled', { exact: true })).toBeVisible();
  await visitor.close();
});
