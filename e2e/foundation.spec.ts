import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, login } from './fixtures';

test.use({ locale: 'en-US' });

test('a logged-out visitor at the root sees the landing page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/landing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('opening the drive logged out sends the user to login and back afterwards', async ({ page }) => {
  await page.goto('/pcview/drive');
  await expect(page).toHaveURL(/\/cts\?cb=%2Fpcview%2Fdrive/);
  await page.locator('#account').fill('zhangwei');
  await page.locator('#password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive/);
});

test('a wrong password shows the error and keeps the user on the login page', async ({ page }) => {
  await page.goto('/cts?cb=%2Fpcview%2Fdrive');
  await page.locator('#account').fill('wangfang');
  await page.locator('#password').fill('Not-the-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('The account or password is incorrect.')).toBeVisible();
  await expect(page).toHaveURL(/\/cts/);
});

test('a demo user sees the layout and the avatar menu, then logs out', async ({ page }) => {
  await login(page, 'zhangwei');
  await expect(page.getByRole('menuitem', { name: /Drive/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Messages/ })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /Contacts/ })).toBeVisible();
  // The header's buttons are named with what they show, the language and the user's name.
  await expect(page.getByRole('button', { name: 'Language: English', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu: 张伟', exact: true }).click();
  await expect(page.getByText('zhangwei@nebula.example')).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My info' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Feedback' })).toBeVisible();
  // a plain user has no administrator entry
  await expect(page.getByRole('menuitem', { name: 'Admin console' })).toHaveCount(0);

  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/cts/);

  await page.goto('/pcview/drive');
  await expect(page).toHaveURL(/\/cts\?cb=/);
});

test('keys typed as Feedback opens land in its text', async ({ page }) => {
  // Its code comes once the first screen is up (lazyWarmed); its text field takes the focus.
  const warmed = page.waitForResponse((res) => /\/FeedbackDialog-[^/]+\.js$/.test(res.url()));
  await login(page, 'zhangwei');
  await warmed;
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Feedback' }).click();
  await page.keyboard.type('The upload panel is great');
  const dialog = page.getByRole('dialog', { name: 'Feedback' });
  await expect(dialog.getByRole('textbox')).toHaveValue('The upload panel is great');
});

test("antd's prebuilt styles are in force, with the app's theme", async ({ page }) => {
  await login(page, 'zhangwei');
  // The brand colour and radius (app/theme.ts) reach a primary button through antd's stylesheet
  // (zeroRuntime): without that stylesheet the button would have no background at all.
  const upload = page.getByRole('button', { name: 'Upload' });
  await expect(upload).toHaveCSS('background-color', 'rgb(40, 100, 212)');
  await expect(upload).toHaveCSS('border-radius', '8px');
  // A component token (Layout headerBg) applies too.
  await expect(page.locator('.ant-layout-header')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  // So does the darker grey of secondary text (a count here), which can be read (theme.test.ts).
  await expect(page.getByText(/^\d+ items$/)).toHaveCSS('color', 'rgb(102, 102, 102)');
});

test('quotation marks and the middle dot are as narrow as in Latin text, beside Chinese names too', async ({
  page,
}) => {
  await login(page, 'zhangwei');
  await page.goto('/pcview/drive/activity');
  // An activity line: 张伟 uploaded “团建.png”, then "… ago · My drive"
  const line = page.getByText(/uploaded “/).first();
  await expect(line).toBeVisible();
  const widths = await line.evaluate((el) => {
    const measure = (text: string) => {
      const span = document.createElement('span');
      span.textContent = text;
      el.append(span);
      const width = span.getBoundingClientRect().width;
      span.remove();
      return width;
    };
    return { quote: measure('“'), apostrophe: measure('’'), dot: measure('·'), han: measure('团') };
  });
  // From a CJK font (Noto Sans CJK, where a machine has it and no Latin font comes first), each
  // mark was a whole character wide: '“ 团建.png ”'.
  expect(widths.quote).toBeLessThan(widths.han * 0.6);
  expect(widths.apostrophe).toBeLessThan(widths.han * 0.6);
  expect(widths.dot).toBeLessThan(widths.han * 0.6);
});

test('the administrator sees the manage-background entry', async ({ page }) => {
  await login(page, 'admin');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Admin console' })).toBeVisible();
});
