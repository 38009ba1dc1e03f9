import { expect, type Page, test } from '@playwright/test';
import { cancelDialog, login, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

const DOC = 'Price list 2026.xlsx';

const row = (page: Page) =>
  page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: DOC });

/** The demo's secure team, Contracts, opened from the spaces. */
async function openContracts(page: Page) {
  await page
    .getByRole('navigation', { name: /spaces/i })
    .getByRole('link', { name: 'Contracts' })
    .click();
  await expect(row(page)).toBeVisible();
}

/** The entries of the document's context menu. */
async function menuOf(page: Page): Promise<string[]> {
  await row(page).click({ button: 'right' });
  const menu = page.locator('.ant-dropdown:visible');
  await expect(menu.getByRole('menuitem', { name: 'Document rights' })).toBeVisible();
  const entries = await menu.getByRole('menuitem').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return entries.map((e) => e.trim());
}

test('a security document: members read it, the admin gives one of them download in its rights', async ({
  page,
  browser,
}) => {
  // Kate, a member: the document carries its mark; she may open it but not download or share it.
  await login(page, 'kate');
  await openContracts(page);
  await expect(row(page).getByRole('img', { name: 'Security document' })).toBeVisible();
  const before = await menuOf(page);
  expect(before).toContain('Open');
  expect(before).not.toContain('Download');
  expect(before).not.toContain('Share');
  // Moving it offers only its own team.
  await row(page).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Move to' }).click();
  const move = page.getByRole('dialog', { name: `Move “${DOC}” to` });
  await expect(move.getByText('Security documents stay in their team')).toBeVisible();
  const tree = move.getByRole('list', { name: 'Folders' });
  await expect(move.getByText('Contracts', { exact: true })).toBeVisible();
  await expect(move.getByText('My drive', { exact: true })).toHaveCount(0);
  await expect(move.getByText('Product & Design', { exact: true })).toHaveCount(0);
  await expect(tree).toBeVisible();
  await cancelDialog(move);

  // Alice, the team's owner: she sees the rights, adds Kate with Download and saves.
  const owner = await browser.newPage({ locale: 'en-US' });
  await login(owner, 'alice');
  await openContracts(owner);
  expect(await menuOf(owner)).not.toContain('Share');
  await row(owner).click({ button: 'right' });
  await owner.getByRole('menuitem', { name: 'Document rights' }).click();
  const dialog = owner.getByRole('dialog', { name: `Rights of “${DOC}”` });
  await expect(dialog.getByRole('checkbox', { name: 'Contracts: Read' })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: 'Contracts: Download' })).not.toBeChecked();
  await dialog.getByRole('combobox', { name: 'Add a team member…' }).click();
  await owner
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'Kate' })
    .click();
  await dialog.getByRole('checkbox', { name: 'Kate Johnson: Download' }).check();
  await dialog.getByRole('button', { name: 'Save rights' }).click();
  await expect(owner.getByText('Rights saved')).toBeVisible();
  await expect(dialog).toBeHidden();
  await owner.close();

  // Kate now has Download; the rights dialog shows them to her, read-only.
  await page.reload();
  await expect(row(page)).toBeVisible();
  expect(await menuOf(page)).toContain('Download');
  await row(page).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Document rights' }).click();
  const hers = page.getByRole('dialog', { name: `Rights of “${DOC}”` });
  await expect(hers.getByRole('checkbox', { name: 'Kate Johnson: Download' })).toBeChecked();
  await expect(hers.getByRole('checkbox', { name: 'Kate Johnson: Download' })).toBeDisabled();
  await expect(hers.getByText('Only the team’s owner and admins can change these rights.')).toBeVisible();
});

test('an office document moved into the secure team arrives as a security document, and the dialog says so first', async ({
  page,
}) => {
  const name = `Offer letter ${Date.now()}.docx`;
  const item = page.getByRole('list', { name: 'Files' }).getByRole('listitem').filter({ hasText: name });
  await login(page, 'emma');
  await uploadFiles(page, [
    { name, mimeType: 'application/octet-stream', buffer: Buffer.from('an offer, in words\n'.repeat(50)) },
  ]);
  await expect(item.getByRole('img', { name: 'Security document' })).toHaveCount(0);

  await item.click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Move to' }).click();
  const move = page.getByRole('dialog', { name: `Move “${name}” to` });
  const hint = move.getByText('Office documents among them become security documents in Contracts.');
  await move.getByRole('button', { name: 'Product & Design', exact: true }).click();
  await expect(move.getByText('To: Product & Design')).toBeVisible();
  await expect(hint).toHaveCount(0);
  await move.getByRole('button', { name: 'Contracts', exact: true }).click();
  await expect(hint).toBeVisible();
  await move.getByRole('button', { name: 'Move here' }).click();
  await expect(page.getByText('Moved.')).toBeVisible();

  await page
    .getByRole('navigation', { name: /spaces/i })
    .getByRole('link', { name: 'Contracts' })
    .click();
  await expect(item.getByRole('img', { name: 'Security document' })).toBeVisible();
});
