import { expect, test } from '@playwright/test';
import { api, login, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

test("a team's conversation: one writes, another sees it unread, reads it and answers", async ({
  page,
  browser,
}) => {
  const hello = `Hello team ${Date.now().toString(36)}`;
  // Emma, in the same team, has the app open: what is written from now on is new to her.
  const other = await browser.newContext({ locale: 'en-US' });
  const emma = await other.newPage();
  const firstLook = emma.waitForResponse((r) => r.url().includes('/api/v3/yun_msg/conversations'));
  await login(emma, 'emma');
  await firstLook;

  await login(page, 'alice');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await expect(page).toHaveURL(/\/pcview\/message$/);
  await expect(page.getByText('Pick a conversation')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Product & Design/ })
    .click();
  await expect(page).toHaveURL(/\/pcview\/message\/group\/3_\d+$/);
  const thread = page.getByRole('region', { name: 'Conversation' });
  await expect(thread.getByRole('heading', { name: 'Product & Design' })).toBeVisible();

  // Nothing to send is refused, and nothing is sent.
  await thread.getByRole('button', { name: 'Send' }).click();
  await expect(thread.getByRole('alert')).toHaveText('Type a message first.');
  const box = thread.getByLabel('Write a message');
  await box.fill(hello);
  await box.press('Enter');
  await expect(thread.getByRole('log').getByText(hello)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(thread.getByRole('alert')).toHaveCount(0);

  // Emma sees it as unread in the navigation at once, without a reload (the push socket: without
  // it the badge asks only every minute), and in the list.
  const nav = emma.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByLabel(/unread message/)).toBeVisible();
  await nav.getByRole('link', { name: /Messages/ }).click();
  const item = emma
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Product & Design/ });
  await expect(item).toContainText(`Alice Walker: ${hello}`);
  await expect(item.getByLabel(/unread message/)).toBeVisible();
  await item.click();
  const emmaThread = emma.getByRole('region', { name: 'Conversation' });
  await expect(emmaThread.getByRole('log').getByText(hello)).toBeVisible();
  // Read now: the counts go.
  await expect(item.getByLabel(/unread message/)).toHaveCount(0);
  await expect(nav.getByLabel(/unread message/)).toHaveCount(0);
  await emmaThread.getByLabel('Write a message').fill('Thanks, Alice!');
  await emmaThread.getByRole('button', { name: 'Send' }).click();
  await expect(emmaThread.getByRole('log').getByText('Thanks, Alice!')).toBeVisible();
  await other.close();

  // Alice's open conversation shows the answer without a reload.
  await expect(thread.getByRole('log').getByText('Thanks, Alice!')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list, then the open conversation at the width of the screen, and back', async ({ page }) => {
    await login(page, 'alice');
    await page.goto('/pcview/message');
    const list = page.getByRole('navigation', { name: 'Conversations' });
    const item = list.getByRole('link', { name: /Product & Design/ });
    await expect(item).toBeInViewport();
    await item.click();
    const thread = page.getByRole('region', { name: 'Conversation' });
    // Beside the list, the thread was a strip a character wide and its name one character a line.
    const heading = thread.getByRole('heading', { name: 'Product & Design' });
    await expect(heading).toBeInViewport();
    expect((await heading.boundingBox())?.height ?? 0).toBeLessThan(40);
    expect((await thread.getByLabel('Write a message').boundingBox())?.width ?? 0).toBeGreaterThan(150);
    await expect(list).toBeHidden();
    await thread.getByRole('link', { name: 'All conversations' }).click();
    await expect(page).toHaveURL(/\/pcview\/message$/);
    await expect(item).toBeInViewport();
  });
});

test("a team's conversation opens the team's details from its header", async ({ page }) => {
  await login(page, 'alice');
  await page.goto('/pcview/message');
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Product & Design/ })
    .click();
  const thread = page.getByRole('region', { name: 'Conversation' });
  await thread.getByRole('button', { name: 'Team details' }).click();
  const dialog = page.getByRole('dialog', { name: 'Product & Design' });
  await dialog.getByRole('tab', { name: 'Team members' }).click();
  await expect(dialog.locator('.cirrus-member-row').filter({ hasText: 'Alice Walker' })).toBeVisible();
});

test("a file uploaded into a team with the file-message push on shows in the team's conversation, and opens", async ({
  page,
  browser,
}) => {
  const name = `Pushed ${Date.now().toString(36)}.txt`;
  await login(page, 'alice');
  const volumes = await api(page, 'GET', '/api/cooper/users/self/volumes?offset=0&limit=50');
  const team = (volumes.groups as { id: number; name: string }[]).find((g) => g.name === 'Product & Design');
  if (!team) throw new Error('Product & Design is not among my team spaces');
  // The team settings' file-message push switch (spec 000 §3 im_push); Alice is an admin of the team.
  await api(page, 'PUT', `/api/v3/yun/contacts/${team.id}/im_push`, { im_push: true });

  await page.goto(`/pcview/drive/group/${team.id}`);
  await uploadFiles(page, [{ name, buffer: Buffer.from('what the team should read') }]);

  // Emma, a member, finds it in the team's conversation as a file card.
  const other = await browser.newContext({ locale: 'en-US' });
  const emma = await other.newPage();
  await login(emma, 'emma');
  await emma.goto('/pcview/message');
  const item = emma
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /Product & Design/ });
  await expect(item).toContainText(`Alice Walker: Shared a file: ${name}`);
  await item.click();
  const card = emma.getByRole('region', { name: 'Conversation' }).getByRole('link', { name: `Open ${name}` });
  await expect(card).toContainText(name);
  await expect(card).toContainText('25 B');
  await card.click();
  await expect(emma).toHaveURL(/\/p\/\d+$/);
  await expect(emma.getByText('what the team should read')).toBeVisible();
  await other.close();
});
