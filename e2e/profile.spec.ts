import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { closeDialog, DEMO_PASSWORD, login } from './fixtures';
import { lastCodeTo, lastMessageTo, lastResetLinkTo } from './outbox';

test.use({ locale: 'en-US' });

async function openMyInfo(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My info' }).click();
  const dialog = page.getByRole('dialog', { name: 'My info' });
  await expect(dialog.getByText('Departments')).toBeVisible();
  return dialog;
}

async function logInAs(page: Page, account: string, password: string) {
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** How many lines an element's text takes (its box may be taller: a cell's row, a bar above it). */
const lineCount = (element: Locator) =>
  element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });

test('the labels of my info keep to one line', async ({ page }) => {
  await login(page, 'zhangwei');
  const dialog = await openMyInfo(page);
  // 'My cloud space' broke over two lines in the 120 px label column.
  const label = dialog.locator('.ant-descriptions-item-label').filter({ hasText: 'My cloud space' });
  expect(await lineCount(label)).toBe(1);
});

test('my info, opened from the account menu and closed, gives the focus back to the menu’s button', async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const dialog = await openMyInfo(page);
  await closeDialog(dialog);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeFocused();
});

test('the card’s Open as a page link sits beside its close button, on the same line', async ({ page }) => {
  await login(page, 'zhangwei');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    const dialog = await openMyInfo(page);
    const close = await dialog.getByRole('button', { name: 'Close' }).boundingBox();
    const open = await dialog.getByRole('link', { name: 'Open as a page' }).boundingBox();
    if (!close || !open) throw new Error('the buttons are not on screen');
    // It sat some 4 px lower: centred on the title's line, not on the close button's.
    expect(open.y + open.height / 2, `at ${width} px`).toBeCloseTo(close.y + close.height / 2, 0);
    expect(open.height).toBe(close.height);
    expect(open.x + open.width).toBeLessThanOrEqual(close.x);
    await closeDialog(dialog);
  }
});

test('my info on a phone: each label over its value, the values on their lines', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await login(page, 'zhangwei');
  const dialog = await openMyInfo(page);
  const rows = dialog.locator('.ant-descriptions-row');
  await expect(rows.filter({ hasText: 'My cloud space' })).toBeVisible();
  for (const row of await rows.all()) {
    const label = await row.locator('.ant-descriptions-item-label').boundingBox();
    const value = await row.locator('.ant-descriptions-item-content').boundingBox();
    expect((label?.y ?? 0) + (label?.height ?? 0)).toBeLessThanOrEqual((value?.y ?? 0) + 1);
  }
  // Beside a 120 px label column the values had some 200 px: the email broke inside its domain
  // and the space's usage took two lines.
  expect(await lineCount(dialog.getByTestId('profile-email').getByText('@nebula.example'))).toBe(1);
  expect(await lineCount(dialog.getByText(/ of .* used/))).toBe(1);
  const body = dialog.locator('.ant-modal-body');
  expect(await body.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
});

test('a user edits their phone: an invalid number is refused, a valid one is bound by its code', async ({
  page,
}) => {
  await login(page, 'lina');
  const card = await openMyInfo(page);
  await card.getByRole('button', { name: 'Edit Phone' }).click();
  const phone = card.getByRole('textbox', { name: 'Phone' });
  await phone.fill('12345');
  await phone.press('Enter');
  await expect(card.getByText('A phone number must be 11 to 20 characters long.')).toBeVisible();

  await phone.fill('13912340001');
  await phone.press('Enter');
  const verify = page.getByRole('dialog', { name: 'Verify the new phone number' });
  await expect(verify.getByText(/We sent a verification code to 13912340001/)).toBeVisible();
  expect(lastMessageTo('13912340001')).toMatchObject({ channel: 'sms', kind: 'bind_code' });
  await verify.getByLabel('Verification code').fill(lastCodeTo('13912340001'));
  await verify.getByRole('button', { name: 'Verify' }).click();
  await expect(verify).toBeHidden();
  await expect(page.getByText('The new phone number is bound to your account')).toBeVisible();
  await expect(card.getByTestId('profile-phone')).toHaveText('13912340001');

  // it stays after a reload, and the new number logs in
  await page.reload();
  const again = await openMyInfo(page);
  await expect(again.getByTestId('profile-phone')).toHaveText('13912340001');
});

test('a user crops and uploads an avatar, which then shows in the top bar', async ({ page }) => {
  await login(page, 'liuyang');
  const card = await openMyInfo(page);
  await card.getByRole('button', { name: 'Change avatar' }).click();
  const cropper = page.getByRole('dialog', { name: 'Change avatar' });
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#00b578' } })
    .png()
    .toBuffer();
  await cropper
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'holiday.png', mimeType: 'image/png', buffer: picture });
  await expect(cropper.locator('.reactEasyCrop_Container')).toBeVisible();
  // zoom in a little, as a person would before saving
  await cropper.locator('.reactEasyCrop_Container').hover();
  await page.mouse.wheel(0, -200);
  await cropper.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Avatar updated')).toBeVisible();
  await expect(cropper).toBeHidden();

  const topBarAvatar = page.getByRole('button', { name: 'Account menu' }).locator('img');
  await expect(topBarAvatar).toHaveAttribute('src', /\/api\/v3\/avatars\/\d+\.png\?v=\d+$/);
  const src = (await topBarAvatar.getAttribute('src')) ?? '';
  const res = await page.request.get(src);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  const meta = await sharp(await res.body()).metadata();
  expect([meta.width, meta.height]).toEqual([120, 120]);
  await expect(card.locator('img').first()).toHaveAttribute('src', src);
});

test('a user changes the password, then logs in again with the new one', async ({ page }) => {
  await login(page, 'chenjing');
  const card = await openMyInfo(page);
  await card.getByRole('button', { name: /Change password/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  const ok = dialog.getByRole('button', { name: 'OK' });
  await expect(ok).toBeDisabled();
  await dialog.getByLabel('Current password').fill('Wrong-Pass-1');
  await dialog.getByRole('textbox', { name: 'New password', exact: true }).fill('Chen-New-2026');
  await dialog.getByRole('textbox', { name: 'Confirm new password' }).fill('Chen-New-2026');
  await expect(ok).toBeEnabled();
  await ok.click();
  await expect(dialog.getByText('The current password is incorrect.')).toBeVisible();
  await expect(dialog.getByLabel('Current password')).toHaveValue('');

  await dialog.getByLabel('Current password').fill(DEMO_PASSWORD);
  await ok.click();
  await expect(page.getByText('Password changed')).toBeVisible();
  await expect(page).toHaveURL(/\/pcview\/contacts$/, { timeout: 5000 });

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/cts/);
  await logInAs(page, 'chenjing', DEMO_PASSWORD);
  await expect(page.getByText('The account or password is incorrect.')).toBeVisible();
  await logInAs(page, 'chenjing', 'Chen-New-2026');
  await expect(page).toHaveURL(/\/pcview\/drive/);
});

test('keys typed as soon as Change password shows land in the current password', async ({ page }) => {
  await login(page, 'zhangwei');
  const card = await openMyInfo(page);
  await card.getByRole('button', { name: /Change password/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await expect(dialog).toBeVisible();
  await page.keyboard.type('Typed-At-Once-1');
  await expect(dialog.getByLabel('Current password')).toHaveValue('Typed-At-Once-1');
});

test('a user resets a forgotten password with the link from the outbox', async ({ page }) => {
  await page.goto('/cts');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/cts\/forgot$/);
  // The login form (with its own Account field) stays until the page's code has loaded.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Account').fill('yanglei');
  await page.getByRole('button', { name: /Continue/ }).click();
  await expect(page.getByText(/a link to reset its password is on its way/)).toBeVisible();

  const link = lastResetLinkTo('yanglei@nebula.example');
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('weak');
  await expect(page.getByText('Use 8 to 16 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('Yang-Reset-77');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('Yang-Reset-77');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Your password has been reset. Log in with the new one.')).toBeVisible();

  // the link works once: opened again, it says so at once, with no form to fill in first
  await page.goto(link);
  await expect(page.getByText('This link is no longer valid. Please request a new one.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Request a new link' }).click();
  await expect(page).toHaveURL(/\/cts\/forgot$/);

  await page.goto('/cts?cb=%2Fpcview%2Fdrive');
  await logInAs(page, 'yanglei', 'Yang-Reset-77');
  await expect(page).toHaveURL(/\/pcview\/drive/);
});
