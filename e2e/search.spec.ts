import { expect, test } from '@playwright/test';
import { fileRow, login } from './fixtures';

test.use({ locale: 'en-US' });

const row = fileRow;

test('a user types in the search box, picks a file from the dropdown to read it, and finds its folder', async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const box = page.getByRole('searchbox', { name: 'Search' });
  // Part of a Chinese name, in the demo's R&D team: 研发中心 / 测试报告 / v2.3 回归测试报告.docx
  await box.fill('回归测试');
  const files = page.getByRole('region', { name: 'Files' });
  const hit = files.getByRole('button', { name: /v2\.3 回归测试报告\.docx/ });
  await expect(hit).toBeVisible();
  // The matched text is marked.
  await expect(files.locator('mark', { hasText: '回归测试' })).toBeVisible();
  await hit.click();

  // The file opens in the viewer
  await expect(page).toHaveURL(/\/p\/\d+$/);
  await expect(page.getByRole('heading', { name: 'v2.3 回归测试报告.docx' })).toBeVisible();
  await page.goBack();

  // The results page's Open folder: the file's folder, with the file to highlight named in the address.
  await box.fill('回归测试');
  await box.press('Enter');
  const found = page.locator('.cirrus-hit-row').filter({ hasText: 'v2.3 回归测试报告.docx' });
  await found.getByRole('button', { name: 'Open folder' }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/group\/\d+\/\d+\?highlight=\d+$/);
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText('测试报告');
  await expect(row(page, 'v2.3 回归测试报告.docx')).toBeVisible();
  // ... and highlighted there: it comes selected, the only selected row.
  await expect(row(page, 'v2.3 回归测试报告.docx').getByRole('checkbox')).toBeChecked();
  await expect(page.locator('.cirrus-filelist-row.is-selected')).toHaveCount(1);
  const highlighted = new URL(page.url()).searchParams.get('highlight');
  const record = await page.evaluate(
    async (id) => (await fetch(`/api/files/${id}/path`)).json(),
    highlighted,
  );
  expect(record.path.at(-1).fname).toBe('v2.3 回归测试报告.docx');
});

test('all results: teams, people and files; file pages load more on scrolling, with snippets', async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill('周报');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/pcview\/search\/%E5%91%A8%E6%8A%A5$/);
  await expect(page.getByRole('heading', { name: 'Results for “周报”' })).toBeVisible();

  // The demo holds far more than one page (50) of weekly reports.
  const hits = page.locator('.cirrus-hit-row');
  await expect(hits).toHaveCount(50);
  // A content snippet with the match marked, under a hit.
  await expect(page.locator('.cirrus-hit-snippet mark', { hasText: '周报' }).first()).toBeVisible();
  await hits.last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect.poll(() => hits.count()).toBeGreaterThan(50);

  // The Files tab: the full file page under the area searched from.
  await page.getByText('Files', { exact: true }).first().click();
  await expect(page).toHaveURL(/\/pcview\/drive\/search\/file\/%E5%91%A8%E6%8A%A5/);
  await expect(hits.first()).toBeVisible();
});

test('advanced search: name and type narrow the file page, the query string carries them', async ({
  page,
}) => {
  await login(page, 'zhangwei');
  await page.goto('/pcview/drive/search/file/');
  // Before a word is typed the page is plain "Search", not the results for empty quotes.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search');
  await expect(page).toHaveTitle(/^Search · /);
  await expect(page.getByText('Type what you are looking for in the search box above.')).toBeVisible();
  await page.getByText('Advanced search', { exact: true }).click();
  const form = page.getByRole('form', { name: 'Advanced search' });
  await form.getByLabel('Name').fill('回归测试');
  await form.getByLabel('Type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Documents (doc, docx, wps)' }).click();
  await page.keyboard.press('Escape');
  await form.getByRole('button', { name: 'Search', exact: true }).click();

  // The advanced call's fields in the address, so the page can be reloaded and shared.
  await expect(page).toHaveURL(/\/pcview\/drive\/search\/file\/.+\?adv=1&fname=.+&type=doc$/);
  await expect(page.getByRole('heading', { name: 'Advanced search results' })).toBeVisible();
  // The search box shows what the page searched for.
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('回归测试');
  const names = page.locator('.cirrus-hit-row .cirrus-hit-name');
  await expect(names.filter({ hasText: 'v2.3 回归测试报告.docx' })).toBeVisible();
  for (const name of await names.allTextContents()) expect(name).toMatch(/\.(docx?|wps)$/);
});
