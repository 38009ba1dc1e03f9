import type { Page } from '@playwright/test';

export const DEMO_PASSWORD = 'E2e-Demo-2026';

/** Logs in through the login page as a person would. */
export async function login(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/cts?cb=%2Fpcview%2Fdrive');
  await page.locator('#account').fill(account);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /log in|sign in|登 ?录/i }).click();
  await page.waitForURL('**/pcview/drive');
}
