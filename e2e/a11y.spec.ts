import { AxeBuilder } from '@axe-core/playwright';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { api, fileIdOf, login } from './fixtures';

test.use({ locale: 'en-US' });

/** axe's verdict on the page as it is: what is serious or critical, and any fault in the headings. */
async function problemsOn(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter(
      (v) =>
        v.impact === 'serious' ||
        v.impact === 'critical' ||
        v.id === 'page-has-heading-one' ||
        v.id === 'heading-order',
    )
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** The page has one h1, which names it, and axe finds nothing serious on it. */
async function expectAccessible(page: Page, h1: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
  await expect(page.locator('h1')).toHaveCount(1);
  // Lists loaded, spinners gone, before axe reads the page.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await problemsOn(page)).toEqual([]);
}

/** A team space of the user's, by name, from the list the drive's side shows. */
async function teamId(page: Page, name: string): Promise<number> {
  const res = await page.request.get('/api/cooper/users/self/volumes?offset=0&limit=50');
  const team = ((await res.json()).groups as { id: number; name: string }[]).find((g) => g.name === name);
  if (!team) throw new Error(`${name} is not among my team spaces`);
  return team.id;
}

async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US' });
  return context.newPage();
}

test('the drive: my drive, a folder, a team space and its activity', async ({ page }) => {
  await login(page, 'zhangwei');
  await expectAccessible(page, 'My drive');

  await page.getByRole('link', { name: '照片', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('照片');
  await expectAccessible(page, '照片');
  // The grid view of the folder: its tiles, their thumbnails and the view switch.
  await page.getByRole('button', { name: 'Grid view' }).click();
  await expect(page.locator('.cirrus-tile').first()).toBeVisible();
  await expectAccessible(page, '照片');

  const gid = await teamId(page, '研发中心');
  await page.goto(`/pcview/drive/group/${gid}`);
  await expectAccessible(page, '研发中心');
  await page.goto(`/pcview/drive/group/${gid}/activity`);
  await expectAccessible(page, 'Activity of 研发中心');
});

test('the drive’s other areas: recent, shared, approvals, recycle bin', async ({ page }) => {
  await login(page, 'zhangwei');
  await page.goto('/pcview/drive/recent');
  await expectAccessible(page, 'Recent');
  await page.goto('/pcview/drive/share');
  await expectAccessible(page, 'Shared');
  await page.goto('/pcview/drive/share?filter=sent');
  await expectAccessible(page, 'Shared');
  await page.goto('/pcview/drive/approve');
  await expectAccessible(page, 'Approvals');
  await page.goto('/pcview/drive/recycle');
  await expectAccessible(page, 'Recycle bin');
  await page.goto('/pcview/drive/stared');
  await expectAccessible(page, 'Starred');
});

test('messages with a conversation open, contacts and a user card, search, the preview', async ({ page }) => {
  await login(page, 'zhangwei');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
  await expectAccessible(page, 'Messages');
  await page
    .getByRole('navigation', { name: 'Conversations' })
    .getByRole('link', { name: /午餐小分队/ })
    .click();
  await expect(
    page.getByRole('region', { name: 'Conversation' }).getByRole('heading', { level: 2 }),
  ).toHaveText('午餐小分队');
  await expectAccessible(page, 'Messages');

  await page.goto('/pcview/contacts');
  await expectAccessible(page, 'Contacts');
  // A person's card, in a dialog over the page: its heading fits under the page's h1
  await page.getByLabel('Search people').fill('王芳');
  await page.getByRole('button', { name: /王芳/ }).click();
  const card = page.getByRole('dialog');
  await expect(card.getByRole('heading', { level: 2, name: '王芳' })).toBeVisible();
  expect(await problemsOn(page)).toEqual([]);
  // ... and the card as a page of its own
  await card.getByRole('link', { name: 'Open as a page' }).click();
  await expectAccessible(page, 'User info');

  await page.goto(`/pcview/search/${encodeURIComponent('周报')}`);
  await expectAccessible(page, 'Results for “周报”');

  await page.goto(`/p/${await fileIdOf(page, '个人笔记.txt')}`);
  await expectAccessible(page, '个人笔记.txt');
});

test('joining a team by its invite link', async ({ page, browser }) => {
  await login(page, 'zhangwei');
  const invite = await api(page, 'GET', `/api/v3/groups/${await teamId(page, '研发中心')}/invite_info`);
  const other = await visitor(browser);
  await login(other, 'alice');
  await other.goto(invite.link);
  await expectAccessible(other, '研发中心');
});

test('the administrator’s console', async ({ page }) => {
  await login(page, 'admin');
  for (const [path, h1] of [
    ['people', 'People'],
    ['quotas', 'Quotas and usage'],
    ['settings', 'Settings'],
    ['departments', 'Departments'],
    ['import', 'Import'],
    ['moderation', 'Reports'],
    ['feedback', 'Feedback'],
    ['identities', 'Real-name requests'],
    ['outbox', 'Outbox'],
    ['audit', 'Audit log'],
  ]) {
    await page.goto(`/pcview/admin/${path}`);
    await expectAccessible(page, h1);
  }
});

test('the pages of a logged-out visitor: landing, login, a share link', async ({ page, browser }) => {
  const guest = await visitor(browser);
  await guest.goto('/landing');
  await expectAccessible(guest, 'The cloud drive you host yourself');
  await guest.goto('/cts');
  await expectAccessible(guest, 'Log in');
  await guest.goto('/cts/forgot');
  await expectAccessible(guest, 'Reset your password');
  await guest.goto('/cts/signup');
  await expectAccessible(guest, 'Create an account');

  // A folder shared with anyone who has the link, as its visitor sees it
  await login(page, 'zhangwei');
  const link = await api(page, 'POST', '/api/v3/links', {
    fileid: await fileIdOf(page, '照片'),
    ranges: 'anyone',
    permission: 'download',
  });
  await guest.goto(`/l/${link.sid}`);
  await expectAccessible(guest, '照片');

  // A link behind an access code: the prompt; and a link that is gone
  const coded = await api(page, 'POST', '/api/v3/links', {
    fileid: await fileIdOf(page, '个人笔记.txt'),
    ranges: 'anyone',
    permission: 'download',
    chkcode: true,
  });
  await guest.goto(`/l/${coded.sid}`);
  await expect(guest.getByRole('textbox')).toBeVisible();
  await expectAccessible(guest, '张伟 shared a file with you');
  await guest.goto('/l/nosuchlink0');
  await expectAccessible(guest, 'This share link does not exist');
});

test('a file one may not open, and the preview shell’s error pages', async ({ page, browser }) => {
  await login(page, 'zhangwei');
  const mine = await fileIdOf(page, '个人笔记.txt');
  const other = await visitor(browser);
  await login(other, 'alice');
  await other.goto(`/p/${mine}`);
  // Someone else's private file is not revealed to exist
  await expectAccessible(other, 'This file does not exist');
  // The preview shell's own error pages (spec 001 §2)
  await other.goto('/403');
  await expectAccessible(other, 'You do not have permission to view this file');
  await other.goto('/502');
  await expectAccessible(other, 'The preview service is not available');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the drive, a team space, messages, contacts and the console', async ({ page }) => {
    await login(page, 'zhangwei');
    await expectAccessible(page, 'My drive');
    await page.getByRole('button', { name: 'Grid view' }).click();
    await expect(page.locator('.cirrus-tile').first()).toBeVisible();
    await expectAccessible(page, 'My drive');
    await page.goto(`/pcview/drive/group/${await teamId(page, '研发中心')}`);
    await expectAccessible(page, '研发中心');
    await page.goto('/pcview/drive/recent');
    await expectAccessible(page, 'Recent');
    await page.goto('/pcview/message');
    await expectAccessible(page, 'Messages');
    await page.goto('/pcview/contacts');
    await expectAccessible(page, 'Contacts');
  });

  test('a share link, as its visitor sees it', async ({ page, browser }) => {
    await login(page, 'zhangwei');
    // A folder of its own: a file has one link, and the desktop test shared 照片 already
    const drive = await api(page, 'GET', '/api/v3/groups/special');
    const name = `Trip ${Date.now().toString(36)}`;
    const folder = await api(page, 'POST', `/api/v3/groups/${drive.id}/files`, { parentid: 0, name });
    const link = await api(page, 'POST', '/api/v3/links', {
      fileid: folder.fileid,
      ranges: 'anyone',
      permission: 'download',
    });
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
    const guest = await context.newPage();
    await guest.goto(`/l/${link.sid}`);
    await expectAccessible(guest, name);
  });
});
