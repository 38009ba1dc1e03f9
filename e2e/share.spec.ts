import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { api, closeDialog, createFolder, fileIdOf, fileRow, login, uploadFiles } from './fixtures';

test.use({ locale: 'en-US' });

const row = fileRow;

/** The panel asks for a file's link, and "none yet" is a 404 (lightLinkNotExist): expected, not a failure. */
const isNoLinkYet = (url: string, status: number) =>
  status === 404 && /\/api\/v3\/links\/\d+(\?|$)/.test(url);

/** Failed link calls and console errors from now on, but for the panel's "no link yet" answer. */
function watchFailures(page: Page): string[] {
  const failures: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    // The browser itself notes every 404 it loads.
    if (m.text().includes('404') && isNoLinkYet(m.location().url, 404)) return;
    failures.push(`console: ${m.text()} ${m.location().url}`);
  });
  page.on('response', (r) => {
    if (r.url().includes('/api/v3/links') && r.status() >= 400 && !isNoLinkYet(r.url(), r.status()))
      failures.push(`${r.status()} ${r.url()}`);
  });
  return failures;
}

/** Picks an option of an antd select by the text it shows. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: option })
    .click();
}

/** Makes a folder where the drive is and opens it. */
async function newFolder(page: Page, name: string) {
  await createFolder(page, name);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(name);
}

/** Uploads small text files ("This is {name}") into the open folder. */
function uploadTexts(page: Page, names: string[]) {
  return uploadFiles(
    page,
    names.map((name) => ({ name, buffer: Buffer.from(`This is ${name}\n`) })),
  );
}

/** Shares a row of the open folder with anyone who has the link; answers the link's address. */
async function shareWithAnyone(page: Page, name: string): Promise<string> {
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: `Share “${name}”` });
  await choose(page, 'Who can open', 'Anyone with the link');
  await panel.getByRole('button', { name: 'Create link' }).click();
  await expect(panel.getByLabel('Link address')).toHaveValue(/\/l\/[A-Za-z0-9_-]{22}$/);
  const address = await panel.getByLabel('Link address').inputValue();
  await closeDialog(panel);
  return address;
}

/** A logged-out visitor at a shared folder's link page, with the names of the items it lists. */
async function visitFolderLink(
  browser: Browser,
  address: string,
  viewport?: { width: number; height: number },
) {
  const visitor = await browser.newContext({ locale: 'en-US', ...(viewport ? { viewport } : {}) });
  const guest = await visitor.newPage();
  await guest.goto(address);
  const items = guest.getByRole('list', { name: 'Items' }).locator('.cirrus-linkpage-item-name');
  return { visitor, guest, items };
}

test('a file shared with an access code, an expiry and a download limit opens for a logged-out visitor', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const name = `handout-${stamp}.txt`;
  const bytes = Buffer.from(`Shared handout ${stamp}\n`.repeat(50));

  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: bytes }]);

  // Opening Share shares nothing: the panel shows the link to be, and "Create link"
  const failures = watchFailures(page);
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(panel.getByRole('button', { name: 'Create link' })).toBeVisible();
  await expect(panel.getByText('This file is not shared yet.', { exact: false })).toBeVisible();
  await expect(panel.getByRole('combobox', { name: 'Who can open' })).toBeVisible();
  await expect(panel.getByText('People in my company')).toBeVisible(); // the default range
  await expect(panel.getByRole('combobox', { name: 'Permission' })).toBeVisible();
  await expect(panel.getByLabel('Link address')).toHaveCount(0);
  await closeDialog(panel);
  // Closed with ×: still no link, and no failed call or console error on the way
  const none = await page.request.get(`/api/v3/links/${await fileIdOf(page, name)}`);
  expect(none.status()).toBe(404);
  expect((await none.json()).result).toBe('lightLinkNotExist');
  await expect(row(page, name).getByRole('img', { name: 'Shared by link' })).toHaveCount(0);
  expect(failures).toEqual([]);

  // Share it: anyone with the link, chosen before "Create link" makes it
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await choose(page, 'Who can open', 'Anyone with the link');
  await panel.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Link created.')).toBeVisible();
  await expect(panel.getByLabel('Link address')).toHaveValue(/\/l\/[A-Za-z0-9_-]{22}$/);
  await expect(panel.getByRole('button', { name: 'Create link' })).toHaveCount(0);
  await expect(panel.getByText('No access code')).toBeVisible();
  await expect(panel.getByText('Anyone with the link')).toBeVisible();

  // Other settings: 7 days, at most 3 downloads, an access code
  await panel.getByRole('button', { name: 'Other settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Link settings' });
  await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
  await choose(page, 'Expiry', '7 days');
  // The download limit takes digits only (spec 002 §5): what else is typed does not appear
  const limit = settings.getByLabel('Downloads left');
  await limit.fill('-3');
  await expect(limit).toHaveValue('3');
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
  await closeDialog(log);

  // The settings show what is left; 7 days picked again renews the expiry from now
  await panel.getByRole('button', { name: 'Other settings' }).click();
  await expect(settings.getByLabel('Downloads left')).toHaveValue('2');
  await expect(settings.getByRole('button', { name: 'Save' })).toBeDisabled();
  await choose(page, 'Expiry', '7 days');
  await expect(settings.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test("on a phone, the access-code card's heading is centred on every line it wraps to", async ({
  page,
  browser,
}) => {
  const name = `brief-${Date.now().toString(36)}.txt`;
  await login(page, 'alice');
  await uploadTexts(page, [name]);
  const address = await shareWithAnyone(page, name);
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: `Share “${name}”` });
  await panel.getByRole('button', { name: 'Other settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Link settings' });
  await choose(page, 'Access code', 'On');
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved.')).toBeVisible();

  const visitor = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const guest = await visitor.newPage();
  await guest.goto(address);
  const heading = guest.getByRole('heading', { name: 'Alice Walker shared a file with you' });
  await expect(heading).toBeVisible();
  // Each line's space on its left and on its right, inside the heading's box
  const gaps = await heading.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].map((line) => [line.left - box.left, box.right - line.right]);
  });
  expect(gaps.length).toBeGreaterThan(1); // a phone wraps it
  for (const [left, right] of gaps) expect(Math.abs(left - right)).toBeLessThan(4);
  await visitor.close();
});

test('a cancelled link shows its page; the shared list lists what was shared', async ({ page, browser }) => {
  const stamp = Date.now().toString(36);
  const name = `gone-${stamp}.txt`;
  await login(page, 'zhangwei');
  await uploadFiles(page, [{ name, buffer: Buffer.from('bye') }]);
  // Share opened and closed: Shared by me does not list it
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  const panel = page.getByRole('dialog', { name: `Share “${name}”` });
  await expect(panel.getByRole('button', { name: 'Create link' })).toBeVisible();
  await closeDialog(panel);
  await page.getByRole('link', { name: 'Shared' }).click();
  const sent = page.waitForResponse(
    (r) => r.url().includes('/api/v3/links?') && r.url().includes('filter=sent'),
  );
  await page.getByText('Shared by me').click();
  expect((await sent).status()).toBe(200);
  await expect(page.getByText('Shared by me')).toBeVisible();
  await expect(page.getByRole('link', { name })).toHaveCount(0);

  // Create link, then the range changes at once
  await page.getByRole('navigation', { name: 'Spaces' }).getByRole('link', { name: 'My drive' }).click();
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  await panel.getByRole('button', { name: 'Create link' }).click();
  await expect(panel.getByLabel('Link address')).toHaveValue(/\/l\/[A-Za-z0-9_-]{22}$/);
  const address = await panel.getByLabel('Link address').inputValue();
  await expect(panel.getByText('People in my company')).toBeVisible();
  await choose(page, 'Who can open', 'Anyone with the link');
  await expect(page.getByText('Sharing settings changed.')).toBeVisible();

  // Shared by me lists it
  await closeDialog(panel);
  await page.getByRole('link', { name: 'Shared' }).click();
  await page.getByText('Shared by me').click();
  await expect(page.getByRole('link', { name })).toBeVisible();

  // Stop sharing, confirmed; the address then shows the cancelled page
  await page.getByRole('button', { name: `Share settings of ${name}` }).click({ force: true });
  await panel.getByRole('button', { name: 'Other settings' }).click();
  await page
    .getByRole('dialog', { name: 'Link settings' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await page
    .getByRole('dialog', { name: 'Stop sharing?' })
    .getByRole('button', { name: 'Stop sharing' })
    .click();
  await expect(panel.getByText('Sharing has been cancelled.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Share again' })).toBeVisible();

  const visitor = await browser.newContext({ locale: 'en-US' });
  const guest = await visitor.newPage();
  await guest.goto(address);
  await expect(guest.getByText('Sharing has been cancelled', { exact: true })).toBeVisible();
  await visitor.close();
});

test('a visitor pages through the files of a shared folder in the viewer, as its page lists them', async ({
  page,
  browser,
}) => {
  const folder = `Trip ${Date.now().toString(36)}`;
  await login(page, 'zhangwei');
  await newFolder(page, folder);
  await uploadTexts(page, ['b-route.txt', 'a-hotels.txt', 'c-budget.txt']);
  await page.getByRole('navigation', { name: 'Location' }).getByText('My drive').click();
  const address = await shareWithAnyone(page, folder);

  // A visitor opens the middle file from the folder's page
  const { visitor, guest, items } = await visitFolderLink(browser, address);
  await expect(items).toHaveText(['a-hotels.txt', 'b-route.txt', 'c-budget.txt']);
  await items.filter({ hasText: 'b-route.txt' }).click();
  const title = guest.locator('.cirrus-preview-bar h1');
  await expect(title).toHaveText('b-route.txt');
  await expect(guest.getByText('This is b-route.txt')).toBeVisible();
  await expect(guest.getByTestId('preview-position')).toHaveText('2 / 3');

  // Next and previous by button and by arrow key, in the page's order
  await guest.getByRole('button', { name: 'Next file' }).click();
  await expect(title).toHaveText('c-budget.txt');
  await expect(guest.getByText('This is c-budget.txt')).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Next file' })).toBeDisabled();
  await guest.keyboard.press('ArrowLeft');
  await expect(title).toHaveText('b-route.txt');
  await guest.keyboard.press('ArrowLeft');
  await expect(title).toHaveText('a-hotels.txt');
  await expect(guest.getByTestId('preview-position')).toHaveText('1 / 3');
  await expect(guest.getByRole('button', { name: 'Previous file' })).toBeDisabled();
  await guest.keyboard.press('ArrowRight');
  await expect(title).toHaveText('b-route.txt');

  // Close goes back to the folder's page
  await guest.getByRole('button', { name: 'Close' }).click();
  await expect(items).toHaveText(['a-hotels.txt', 'b-route.txt', 'c-budget.txt']);
  await visitor.close();
});

test("a visitor's open subfolder stays in the link page's address: reload, closing the viewer and Back", async ({
  page,
  browser,
}) => {
  const folder = `Album ${Date.now().toString(36)}`;
  await login(page, 'zhangwei');
  await newFolder(page, folder);
  await uploadTexts(page, ['cover.txt']);
  await newFolder(page, 'Day one');
  await uploadTexts(page, ['morning.txt', 'evening.txt']);
  await page.getByRole('navigation', { name: 'Location' }).getByText('My drive').click();
  const address = await shareWithAnyone(page, folder);

  const { visitor, guest, items } = await visitFolderLink(browser, address);
  await expect(items).toHaveText(['Day one', 'cover.txt']);
  await items.filter({ hasText: 'Day one' }).click();
  await expect(items).toHaveText(['evening.txt', 'morning.txt']);
  await expect(guest).toHaveURL(/\/l\/[A-Za-z0-9_-]+\?parentid=\d+$/);

  // A reload stays in the subfolder
  await guest.reload();
  await expect(items).toHaveText(['evening.txt', 'morning.txt']);

  // So does closing the viewer, after a reload in it too
  await items.filter({ hasText: 'morning.txt' }).click();
  await expect(guest.getByText('This is morning.txt')).toBeVisible();
  await guest.reload();
  await expect(guest.getByText('This is morning.txt')).toBeVisible();
  await guest.getByRole('button', { name: 'Previous file' }).click();
  await expect(guest.getByText('This is evening.txt')).toBeVisible();
  await guest.getByRole('button', { name: 'Close' }).click();
  await expect(items).toHaveText(['evening.txt', 'morning.txt']);

  // Back goes up to the shared folder's top
  await guest.goBack();
  await expect(items).toHaveText(['Day one', 'cover.txt']);
  await visitor.close();
});

/**
 * Uploads a text file to my drive and shares it by a download link for the people I choose, naming
 * one person (by their demo address) at read; answers the link.
 */
async function shareWithOne(
  page: Page,
  name: string,
  account: string,
  extra: Record<string, unknown> = {},
): Promise<{ sid: string; url: string }> {
  await uploadTexts(page, [name]);
  const link = await api(page, 'POST', '/api/v3/links', {
    fileid: await fileIdOf(page, name),
    ranges: 'user',
    permission: 'download',
  });
  const person = (await api(
    page,
    'GET',
    `/api/v3/share/users/lookup?account=${encodeURIComponent(`${account}@nebula.example`)}`,
  )) as { userid: number };
  await api(page, 'PUT', `/api/v3/links/${link.sid}`, {
    sid: link.sid,
    version: link.version,
    ...extra,
    permission_list: [{ userid: person.userid, ranges_type: 'user', permission: 'read', operate: 'add' }],
  });
  return link;
}

test('someone named at read on a download link is told they may only view, with no download count', async ({
  page,
  browser,
}) => {
  const name = `minutes-${Date.now().toString(36)}.txt`;
  await login(page, 'alice');
  // A download link for the chosen people, with a limit; zhangwei is named at read
  const link = await shareWithOne(page, name, 'zhangwei', { download_limits: 5 });

  const desk = await browser.newContext({ locale: 'en-US' });
  const other = await desk.newPage();
  await login(other, 'zhangwei');
  await other.goto(link.url);
  await expect(other.getByRole('heading', { name })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Preview' })).toBeVisible();
  await expect(other.getByRole('button', { name: 'Download' })).toHaveCount(0);
  // Nothing to download: no count of downloads left, and the page says why
  await expect(other.getByTestId('link-state')).toContainText('Never expires');
  await expect(other.getByTestId('link-remaining')).toHaveCount(0);
  await expect(other.getByText('You can view this, but not download it.')).toBeVisible();
  await desk.close();
});

/** Whether every button of a dialog's footer lies inside the dialog (nothing cut off at its edge). */
async function footerInside(dialog: Locator): Promise<string[]> {
  const box = await dialog.locator('.ant-modal-container, .ant-modal-content').first().boundingBox();
  const outside: string[] = [];
  for (const button of await dialog.locator('.ant-modal-footer button').all()) {
    const b = await button.boundingBox();
    if (!box || !b) continue;
    if (b.x < box.x || b.x + b.width > box.x + box.width + 0.5)
      outside.push((await button.textContent())?.trim() ?? '');
  }
  return outside;
}

/**
 * On a phone, alice shares a new file with bob (shareWithOne) and opens its share panel from the
 * row's menu; answers her page, its context and the panel.
 */
async function phoneSharePanel(browser: Browser, name: string) {
  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  await login(page, 'alice');
  await shareWithOne(page, name, 'bob');
  await page.reload();
  await row(page, name)
    .getByRole('button', { name: `More actions ${name}`, exact: true })
    .click();
  await page.getByRole('menuitem', { name: 'Share' }).click();
  return { phone, page, panel: page.getByRole('dialog', { name: `Share “${name}”` }) };
}

test("on a phone, the chosen people's dialog keeps every footer button on screen, in each mode", async ({
  browser,
}) => {
  const { phone, page, panel } = await phoneSharePanel(browser, `roster-${Date.now().toString(36)}.txt`);
  await panel.getByRole('button', { name: /^1 person/ }).click();
  const assign = page.getByRole('dialog', { name: 'People who may open it' });
  await expect(assign.getByText('Bob Chen')).toBeVisible();
  await expect(assign.getByRole('button', { name: 'Add from contacts' })).toBeVisible();
  expect(await footerInside(assign)).toEqual([]);
  await assign.getByRole('button', { name: 'Change permission' }).click();
  await expect(assign.getByRole('combobox', { name: 'Set to' })).toBeVisible();
  expect(await footerInside(assign)).toEqual([]);
  await phone.close();
});

test("on a phone, a long name in a shared folder's list ends in an ellipsis and shows in full on hover", async ({
  page,
  browser,
}) => {
  const folder = `Brochures ${Date.now().toString(36)}`;
  const long = 'A very long file name for the brochure of the spring conference in Hangzhou, final.txt';
  await login(page, 'zhangwei');
  await newFolder(page, folder);
  await uploadTexts(page, [long]);
  await page.getByRole('navigation', { name: 'Location' }).getByText('My drive').click();
  const address = await shareWithAnyone(page, folder);

  const { visitor, items } = await visitFolderLink(browser, address, { width: 390, height: 844 });
  const name = items.filter({ hasText: 'A very long file name' });
  await expect(name).toHaveAttribute('title', long);
  // The text is cut with an ellipsis inside its own box, before the size column
  const cut = await name.evaluate((button) => {
    const text = button.querySelector('span') as HTMLElement;
    const size = button.parentElement?.querySelector('.cirrus-linkpage-item-size') as HTMLElement;
    return {
      ellipsis: getComputedStyle(text).textOverflow === 'ellipsis',
      clipped: text.scrollWidth > text.clientWidth,
      beforeSize: text.getBoundingClientRect().right <= size.getBoundingClientRect().left,
    };
  });
  expect(cut).toEqual({ ellipsis: true, clipped: true, beforeSize: true });
  await visitor.close();
});

test("on a phone, a share member's address stays on one line beside their permission", async ({
  browser,
}) => {
  const { phone, page, panel } = await phoneSharePanel(browser, `agenda-${Date.now().toString(36)}.txt`);
  await panel.getByRole('button', { name: 'Share members' }).click();
  const members = page.getByRole('dialog', { name: 'Share members' });
  const contact = members.locator('.cirrus-share-contact').filter({ hasText: 'bob@nebula.example' });
  await expect(contact).toBeVisible();
  const layout = await contact.evaluate((el) => {
    const item = el.closest('.ant-list-item') as HTMLElement;
    const select = item.querySelector('.ant-select') as HTMLElement;
    const lineHeight = Number.parseFloat(getComputedStyle(el).lineHeight);
    return {
      oneLine: el.getBoundingClientRect().height < lineHeight * 1.5,
      beforeSelect: el.getBoundingClientRect().right <= select.getBoundingClientRect().left,
    };
  });
  expect(layout).toEqual({ oneLine: true, beforeSelect: true });
  await expect(contact).toHaveAttribute('title', 'bob@nebula.example'); // in full, on hover
  await phone.close();
});

/** alice shares a new file with bob (shareWithOne) and opens its share panel from the row's menu. */
async function sharePanel(page: Page, name: string) {
  await login(page, 'alice');
  const link = await shareWithOne(page, name, 'bob');
  await page.reload();
  await row(page, name).click({ button: 'right' });
  await page.getByRole('menuitem', { name: 'Share' }).click();
  return { link, panel: page.getByRole('dialog', { name: `Share “${name}”` }) };
}

test('people picked from contacts join the members with the permission the invite form has chosen', async ({
  page,
}) => {
  // A download link (shareWithOne), so the invite form offers "Can view and download"
  const { link, panel } = await sharePanel(page, `budget-${Date.now().toString(36)}.txt`);
  await panel.getByRole('button', { name: 'Share members' }).click();
  const members = page.getByRole('dialog', { name: 'Share members' });
  await members.getByRole('combobox', { name: 'Permission', exact: true }).click();
  await page.locator('.ant-select-dropdown:visible [title="Can view and download"]').click();

  await members.getByRole('button', { name: 'Pick from contacts' }).click();
  const picker = page.getByRole('dialog', { name: 'Pick from contacts' });
  await picker.getByRole('searchbox').fill('李娜');
  await picker.getByRole('checkbox', { name: '李娜' }).check();
  await picker.getByRole('button', { name: 'OK' }).click();
  await expect(picker).toBeHidden();

  // The list shows her at the chosen permission, and so does the server
  await expect(members.getByRole('combobox', { name: 'Permission of 李娜' })).toBeVisible();
  await expect(members.locator('.ant-list-item').filter({ hasText: '李娜' })).toContainText(
    'Can view and download',
  );
  const listed = (await api(page, 'GET', `/api/v3/links/${link.sid}/members`)) as {
    members: { name: string; permission: string }[];
  };
  expect(listed.members.find((m) => m.name === '李娜')?.permission).toBe('download');

  // The link drops to view only: the form offers no more than that when the panel opens again
  await closeDialog(members);
  await panel.getByRole('combobox', { name: 'Permission' }).click();
  await page.locator('.ant-select-dropdown:visible [title="Can view"]').click();
  await expect(page.getByText('Sharing settings changed.')).toBeVisible();
  await panel.getByRole('button', { name: 'Share members' }).click();
  const invitePermission = page.getByRole('combobox', { name: 'Permission', exact: true });
  await expect(members.locator('.ant-select').filter({ has: invitePermission })).toHaveText('Can view');
});

/** The line under a shared-list row's name: its text, and whether every tag shows whole inside the name column. */
async function subLineOf(item: Locator) {
  const line = item.locator('.cirrus-recordlist-sub');
  return line.evaluate((el) => {
    const column = (el.closest('.cirrus-recordlist-main') as HTMLElement).getBoundingClientRect();
    const right = Math.min(column.right, el.getBoundingClientRect().right);
    const tags = [...el.querySelectorAll<HTMLElement>('.ant-tag')];
    return {
      text: el.textContent,
      tagsWhole: tags.every(
        (tag) => tag.scrollWidth <= tag.clientWidth && tag.getBoundingClientRect().right <= right + 0.5,
      ),
    };
  });
}

test("people added from contacts in the chosen people's dialog join with the permission chosen there", async ({
  page,
}) => {
  // A download link naming bob at read (shareWithOne)
  const { link, panel } = await sharePanel(page, `forecast-${Date.now().toString(36)}.txt`);
  await panel.getByRole('button', { name: /^1 person/ }).click();
  const assign = page.getByRole('dialog', { name: 'People who may open it' });
  await assign.getByRole('button', { name: 'Add from contacts' }).click();

  const picker = page.getByRole('dialog', { name: 'Add from contacts' });
  await picker.getByRole('searchbox').fill('李娜');
  await picker.getByRole('checkbox', { name: '李娜' }).check();
  // Up to the link's own permission (spec 002 §4): a download link offers no "Can edit"
  const addAs = page.getByRole('combobox', { name: 'Add as' });
  await expect(picker.locator('.ant-select').filter({ has: addAs })).toHaveText('Can view');
  await addAs.click();
  await expect(page.locator('.ant-select-dropdown:visible .ant-select-item-option')).toHaveText([
    'Can view',
    'Can view and download',
  ]);
  await page.locator('.ant-select-dropdown:visible [title="Can view and download"]').click();
  await picker.getByRole('button', { name: 'OK' }).click();
  await expect(picker).toBeHidden();

  const added = assign.locator('.ant-list-item').filter({ hasText: '李娜' });
  await expect(added).toContainText('Can view and download');
  const listed = (await api(page, 'GET', `/api/v3/links/${link.sid}/members`)) as {
    members: { name: string; permission: string }[];
  };
  expect(listed.members.find((m) => m.name === '李娜')?.permission).toBe('download');

  // Opened again, the dialog still lists her so
  await assign.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
  await expect(assign).toBeHidden();
  await panel.getByRole('button', { name: /^2 people/ }).click();
  await expect(assign.locator('.ant-list-item').filter({ hasText: '李娜' })).toContainText(
    'Can view and download',
  );
  await expect(assign.locator('.ant-list-item').filter({ hasText: 'Bob Chen' })).toHaveText(/Can view$/);
});

/**
 * Alice shares two new files with bob by links with an access code; the second link expires 2 s
 * from now. Answers their names.
 */
async function codedAndLapsedLinks(page: Page) {
  const stamp = Date.now().toString(36);
  const coded = `plan-${stamp}.txt`;
  const lapsed = `draft-${stamp}.txt`;
  const links = [];
  for (const name of [coded, lapsed]) {
    const link = await shareWithOne(page, name, 'bob');
    await api(page, 'PUT', `/api/v3/links/${link.sid}/chkcode`, { sid: link.sid });
    links.push(link);
  }
  const expiring = links[1];
  const expireTime = Math.floor(Date.now() / 1000) + 2;
  await api(page, 'PUT', `/api/v3/links/${expiring.sid}`, { sid: expiring.sid, expire_time: expireTime });
  return { coded, lapsed };
}

/** A row of a shared list, once its link shows as expired (a reload may be needed to see it so). */
async function sharedRowOnceExpired(page: Page, name: string) {
  const item = page.getByRole('list', { name: 'Shared' }).getByRole('listitem').filter({ hasText: name });
  await expect(async () => {
    await page.reload();
    await expect(item).toContainText('Expired', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  return item;
}

const justNow = '(just now|1 minute ago)';

test('on a phone, the shared lists say under each name the link’s state, who shared it, and when', async ({
  page,
  browser,
}) => {
  await login(page, 'alice');
  const { coded, lapsed } = await codedAndLapsedLinks(page);

  const phone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const mine = await phone.newPage();
  await login(mine, 'alice');
  await mine.goto('/pcview/drive/share?filter=sent');
  const sent = (name: string) =>
    mine.getByRole('list', { name: 'Shared' }).getByRole('listitem').filter({ hasText: name });
  await sharedRowOnceExpired(mine, lapsed);
  // The tags, whole, then when
  expect(await subLineOf(sent(coded))).toEqual({
    text: expect.stringMatching(new RegExp(`^Access code on${justNow}$`)),
    tagsWhole: true,
  });
  expect(await subLineOf(sent(lapsed))).toMatchObject({ text: /^ExpiredAccess code on/, tagsWhole: true });
  expect(await mine.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The row's actions are in its menu
  await sent(coded).getByRole('button', { name: 'More actions' }).click();
  await expect(mine.getByRole('menuitem', { name: 'Share settings' })).toBeVisible();

  await phone.close();

  // Shared with me: the same tags as on a wide screen, then who shared it and when
  const bobsPhone = await browser.newContext({ locale: 'en-US', viewport: { width: 390, height: 844 } });
  const theirs = await bobsPhone.newPage();
  await login(theirs, 'bob');
  await theirs.goto('/pcview/drive/share');
  const received = (name: string) =>
    theirs.getByRole('list', { name: 'Shared' }).getByRole('listitem').filter({ hasText: name });
  await sharedRowOnceExpired(theirs, lapsed);
  // "Alice Walker · just now" alone: the link's state, which the wide list shows, was left out.
  expect(await subLineOf(received(coded))).toEqual({
    text: expect.stringMatching(new RegExp(`^Access code onAlice Walker · ${justNow}$`)),
    tagsWhole: true,
  });
  expect(await subLineOf(received(lapsed))).toMatchObject({
    text: /^ExpiredAccess code onAlice Walker · /,
    tagsWhole: true,
  });
  expect(await theirs.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await bobsPhone.close();
});

test('on a wide screen, a shared link’s state tags show whole beside its range', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await login(page, 'alice');
  const { coded, lapsed } = await codedAndLapsedLinks(page);
  await page.goto('/pcview/drive/share?filter=sent');
  // Two tags after "Only people I choose" ran past the name column and were cut.
  const twoTags = await sharedRowOnceExpired(page, lapsed);
  expect(await subLineOf(twoTags)).toEqual({
    text: 'ExpiredAccess code onOnly people I choose',
    tagsWhole: true,
  });
  // Beside two tags the range may be cut, but not past knowing: most of it shows, all of it on hover.
  const range = twoTags.locator('.cirrus-recordlist-sub').getByText('Only people I choose');
  await expect(range).toHaveAttribute('title', 'Only people I choose');
  expect(await range.evaluate((el) => el.clientWidth / el.scrollWidth)).toBeGreaterThan(0.7);
  const oneTag = page.getByRole('list', { name: 'Shared' }).getByRole('listitem').filter({ hasText: coded });
  expect(await subLineOf(oneTag)).toEqual({ text: 'Access code onOnly people I choose', tagsWhole: true });

  const bob = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
  const theirs = await bob.newPage();
  await login(theirs, 'bob');
  await theirs.goto('/pcview/drive/share');
  expect(await subLineOf(await sharedRowOnceExpired(theirs, lapsed))).toEqual({
    text: 'ExpiredAccess code onOnly people I choose',
    tagsWhole: true,
  });
  await bob.close();
});
