import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, cancelDialog, login } from './fixtures';

test.use({ locale: 'en-US' });

/** A fresh browser of its own: another person at another desk. */
async function otherPerson(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  return context.newPage();
}

test('a plain user gets the 404 page at the console', async ({ page }) => {
  await login(page, 'wangfang');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);
  await page.goto('/pcview/admin/people');
  await expect(page.getByText('Page not found')).toBeVisible();
});

test("a dialog from a person's Actions menu, closed, gives the focus back to the menu's button", async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/pcview/admin/people');
  const actions = page.getByRole('button', { name: 'Actions wangfang', exact: true });
  await actions.click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await cancelDialog(page.getByRole('dialog', { name: /^Edit / }));
  await expect(actions).toBeFocused();
});

test('an administrator creates a person, who must change the temporary password at the first login', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const account = `new.${stamp}`;
  await login(page, 'admin');
  // The avatar menu's "Admin console" (spec: manage background) opens the console (admin_portal_url).
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('link', { name: 'Admin console' })).toHaveAttribute('href', '/pcview/admin');
  await page.goto('/pcview/admin');
  await expect(page).toHaveURL(/\/pcview\/admin\/people$/);
  await expect(page.getByRole('navigation', { name: 'Admin console' })).toBeVisible();
  // The way back is one link (it was a link inside a button: two Tab stops, not valid HTML).
  await expect(page.getByRole('link', { name: 'Back to drive' })).toHaveAttribute('href', '/pcview/drive');
  await expect(page.getByRole('button', { name: 'Back to drive' })).toHaveCount(0);

  await page.getByRole('button', { name: 'New person' }).click();
  const dialog = page.getByRole('dialog', { name: 'New person' });
  // Saved empty: one "Required" under each required field, and the account rule not repeated
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(2);
  await expect(dialog.getByText('not only digits')).toHaveCount(0);
  await dialog.getByLabel('Account').fill('12345');
  await dialog.getByLabel('Name', { exact: true }).fill(`New Hire ${stamp}`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('not only digits')).toHaveCount(1);
  await dialog.getByLabel('Account').fill(account);
  await dialog.getByLabel('Email').fill(`${account}@nebula.example`);
  await dialog.getByRole('button', { name: 'Save' }).click();

  const shown = page.getByRole('dialog', { name: 'Temporary password' });
  const password = (await shown.getByTestId('temporary-password').innerText()).trim();
  expect(password).toMatch(/^[A-Za-z0-9]{8,}\d{4}$/);
  await shown.getByRole('button', { name: 'OK' }).click();

  // Search finds the new person by account.
  await page.getByRole('searchbox', { name: 'Search' }).fill(account);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  const row = page.getByRole('row').filter({ hasText: account });
  await expect(row).toBeVisible();
  await expect(row.getByText('Must change password')).toBeVisible();

  // The new person logs in with it and is asked for a new password first.
  const newcomer = await otherPerson(browser);
  await newcomer.goto('/cts?cb=%2Fpcview%2Fdrive');
  await newcomer.locator('#account').fill(account);
  await newcomer.locator('#password').fill(password);
  await newcomer.getByRole('button', { name: /log in/i }).click();
  await expect(newcomer.getByText('Set a new password')).toBeVisible();
  await newcomer.getByLabel('New password', { exact: true }).fill('Fresh-Start-2026');
  await newcomer.getByLabel('Confirm new password').fill('Fresh-Start-2026');
  await newcomer.getByRole('button', { name: 'Save and log in' }).click();
  await newcomer.waitForURL('**/pcview/drive');

  // The console shows the change is done, and the audit log tells who created the account.
  await page.reload();
  await page.getByRole('searchbox', { name: 'Search' }).fill(account);
  await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
  await expect(
    page.getByRole('row').filter({ hasText: account }).getByText('Must change password'),
  ).toHaveCount(0);
  await page.getByRole('link', { name: 'Audit log' }).click();
  await expect(
    page.getByRole('row').filter({ hasText: 'Added a person' }).filter({ hasText: account }),
  ).toBeVisible();
  await newcomer.context().close();
});

test('an administrator blocks a reported file; its owner sees why and appeals', async ({ page, browser }) => {
  // A file of zhangwei's drive is reported (anyone who can read a file may report it).
  const owner = await otherPerson(browser);
  await login(owner, 'zhangwei');
  const drive = await api(owner, 'GET', '/api/v3/groups/special');
  const gid = drive.id ?? drive.groupid;
  const files = (await api(owner, 'GET', `/api/v3/groups/${gid}/files?parentid=0&count=100`)).files as {
    fileid: number;
    fname: string;
    ftype: string;
  }[];
  const file = files.find((f) => f.ftype !== 'folder');
  if (!file) throw new Error('the demo drive of zhangwei has no file');
  await api(owner, 'POST', '/api/report', {
    fileid: file.fileid,
    reason: 'spam',
    reason_detail: 'Reported in the browser test',
  });

  await login(page, 'admin');
  await page.goto('/pcview/admin/moderation');
  const report = page
    .getByRole('row')
    .filter({ hasText: file.fname })
    .filter({ hasText: 'Reported in the browser test' });
  await expect(report).toBeVisible();
  await report.getByRole('button', { name: 'Block file' }).click();
  const confirm = page.getByRole('dialog', { name: `Block “${file.fname}”?` });
  await expect(confirm.getByRole('button', { name: 'Block file' })).toBeDisabled();
  await confirm.getByLabel('Reason shown to the owner').fill('Advertising');
  await confirm.getByRole('button', { name: 'Block file' }).click();
  await expect(page.getByText('Done.')).toBeVisible();
  await page.getByText('Blocked', { exact: true }).first().click();
  await expect(page.getByRole('row').filter({ hasText: file.fname }).getByText('Blocked')).toBeVisible();

  // The owner's preview shows the illegalFile page, the reason, and the appeal.
  await owner.goto(`/p/${file.fileid}`);
  await expect(owner.getByText('This file cannot be viewed')).toBeVisible();
  await expect(owner.getByText('An administrator blocked this file: Advertising')).toBeVisible();
  await owner.getByRole('button', { name: 'Appeal' }).click();
  const appeal = owner.getByRole('dialog', { name: 'Appeal the block' });
  await appeal.getByLabel('Why should the file be restored?').fill('These are meeting notes');
  await appeal.getByRole('button', { name: 'Send appeal' }).click();
  await expect(owner.getByText('Your appeal is waiting for an administrator.')).toBeVisible();

  // The appeal is back in the administrator's queue.
  await page.getByText('To review', { exact: true }).click();
  const appealed = page.getByRole('row').filter({ hasText: file.fname });
  await expect(appealed.getByText('Appeal: These are meeting notes')).toBeVisible();
  await appealed.getByRole('button', { name: 'Restore' }).click();
  const restore = page.getByRole('dialog', { name: `Restore “${file.fname}”?` });
  await restore.getByRole('button', { name: 'Restore' }).click();
  // The dialog closes once the decision is saved, with a notice (the block's may still be showing).
  await expect(restore).toBeHidden();
  await expect(page.getByText('Done.').last()).toBeVisible();
  await owner.reload();
  await expect(owner.getByText('This file cannot be viewed')).toHaveCount(0);
  await owner.context().close();
});

test('an administrator names who approves group creation, beside the setting that requires it', async ({
  page,
}) => {
  await login(page, 'admin');
  await page.goto('/pcview/admin/settings');
  const editor = page.getByTestId('group-approvers');
  // The administrators always approve; the demo names 何雪 as well.
  await expect(editor.getByText('系统管理员 · administrator')).toBeVisible();
  await expect(
    editor.locator('.ant-select-selection-item').filter({ hasText: '何雪 (hexue)' }),
  ).toBeVisible();

  const picker = editor.getByRole('combobox', { name: 'Group-creation approvers' });
  await picker.click();
  await picker.fill('wangfang');
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: 'wangfang' })
    .click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  const { approvers } = await api(page, 'GET', '/admin/v1/group_approvers');
  expect(approvers.map((a: { unique_name: string }) => a.unique_name)).toEqual(
    expect.arrayContaining(['admin', 'hexue', 'wangfang']),
  );
  // ... and 王芳 is now among the approvers a member may choose.
  const asked = await api(page, 'GET', '/v1/companies/self/users/self/group_approvers');
  expect(asked.approvers.map((a: { unique_name: string }) => a.unique_name)).toContain('wangfang');
  // leave the demo's approvers as they were for the other tests
  const hexue = approvers.find((a: { unique_name: string }) => a.unique_name === 'hexue');
  await api(page, 'PUT', '/admin/v1/group_approvers', { user_ids: [hexue.id] });
});

test('a setting the rules refuse says why beside Save, which stays off', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/pcview/admin/settings');
  const field = page.getByRole('spinbutton', { name: 'trash_retention_days' });
  const row = page.locator('.ant-space').filter({ has: field }).last();
  await field.fill('0');
  await expect(page.getByRole('alert').filter({ hasText: 'must be at least 1' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  await field.fill('');
  await expect(page.getByRole('alert').filter({ hasText: 'must be a whole number' })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Save' })).toBeDisabled();
  await field.fill('45');
  await expect(page.getByRole('alert').filter({ hasText: /must be/ })).toHaveCount(0);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  // Changed, it can go back to its default.
  await page.getByRole('button', { name: 'Use the default: trash_retention_days' }).click();
  await expect(field).toHaveValue('30');
  await expect(page.getByRole('button', { name: 'Use the default: trash_retention_days' })).toHaveCount(0);
});

test('a size setting is typed in GB and kept in bytes', async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/pcview/admin/settings');
  const setting = page.locator('[data-setting="max_file_size"]');
  await expect(setting.getByText('Default: 100.00 MB')).toBeVisible();
  const amount = setting.getByRole('spinbutton', { name: 'max_file_size' });
  const unit = setting.getByRole('combobox', { name: 'max_file_size unit' });
  const pick = async (name: string) => {
    await unit.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: name })
      .click();
  };
  await expect(amount).toHaveValue('100');
  await expect(setting.locator('.ant-select-content')).toHaveText('MB');

  // Beyond the bound: the reason is said in the same units, and Save stays off.
  await amount.fill('2');
  await pick('TB');
  await expect(setting.getByRole('alert')).toHaveText('must be at most 1.00 TB');
  await expect(setting.getByRole('button', { name: 'Save' })).toBeDisabled();
  await pick('GB');
  await expect(setting.getByRole('alert')).toHaveCount(0);
  await setting.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();

  // Stored in bytes; shown again as 2 GB.
  const { settings } = await api(page, 'GET', '/admin/v1/settings');
  expect(settings.find((s: { name: string }) => s.name === 'max_file_size').value).toBe(2 * 1024 ** 3);
  await page.reload();
  await expect(amount).toHaveValue('2');
  await expect(setting.locator('.ant-select-content')).toHaveText('GB');

  // Back to the default for the other tests: 100 MB again.
  await page.getByRole('button', { name: 'Use the default: max_file_size' }).click();
  await expect(amount).toHaveValue('100');
  await expect(setting.locator('.ant-select-content')).toHaveText('MB');
});

test("the company's space reads as the people's do: used / limit", async ({ page }) => {
  await login(page, 'admin');
  await page.goto('/pcview/admin/quotas');
  const company = page.locator('.ant-card').filter({ hasText: 'Company space' });
  // It said '88.94 KB of Unlimited'.
  await expect(company.getByText(/^[\d.]+ [KMG]?B \/ Unlimited$/)).toBeVisible();
});
