import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { api, cancelDialog, DEMO_PASSWORD, login } from './fixtures';

test.use({ locale: 'en-US' });

/** The team details dialog, opened from the team's drive. */
async function openTeamDetails(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: /spaces/i })
    .getByRole('link', { name })
    .click();
  await page.getByRole('button', { name: 'Team details' }).click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.getByRole('tab', { name: 'Team info' })).toBeVisible();
  return dialog;
}

/** A member's row in the members tab. */
const memberRow = (dialog: ReturnType<Page['getByRole']>, name: string) =>
  dialog.locator('.cirrus-member-row').filter({ hasText: name });

/** Picks an entry of a member's role dropdown. */
async function chooseRole(page: Page, dialog: ReturnType<Page['getByRole']>, name: string, entry: string) {
  await dialog.getByRole('combobox', { name: `Role of ${name}` }).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: entry })
    .click();
}

test('a team from creation to deletion: members, roles, removal, transfer, exit, delete', async ({
  page,
  browser,
}) => {
  const team = `Launch team ${Date.now().toString(36)}`;
  await login(page, 'zhangwei');

  // Create the team, with two members picked from the department tree
  await page.getByRole('button', { name: 'Create team' }).click();
  const create = page.getByRole('dialog', { name: 'Create a team' });
  await create.getByLabel('Team name').fill('a/b');
  await create.getByLabel('Team name').blur();
  await expect(create.getByText('A team name cannot contain any of these characters')).toBeVisible();
  await create.getByLabel('Team name').fill(team);
  await create.getByRole('button', { name: 'Choose members' }).click();
  const picker = page.getByRole('dialog', { name: 'Choose members' });
  await picker.getByRole('button', { name: /星云科技/ }).click();
  await picker.getByRole('button', { name: /研发中心/ }).click();
  await picker.getByRole('button', { name: /后端组/ }).click();
  await expect(picker.getByRole('navigation')).toContainText('后端组');
  await picker.getByRole('checkbox', { name: '王芳' }).check();
  await picker.getByRole('checkbox', { name: '李娜' }).check();
  await expect(picker.getByText(/^2 of at most 499 selected$/)).toBeVisible();
  await picker.getByRole('button', { name: 'OK' }).click();
  await expect(create.getByText('3 members')).toBeVisible();
  await create.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(page).toHaveURL(/\/pcview\/drive\/group\/\d+$/);
  await expect(page.getByRole('navigation', { name: 'Location' })).toContainText(team);
  // Creating says "Changes saved." too: the notice of the role change below must be a new one.
  await expect(page.getByText('Changes saved.')).toHaveCount(0);

  // 王芳 has it open meanwhile, in a browser of her own
  const herContext = await browser.newContext({ locale: 'en-US' });
  const her = await herContext.newPage();
  await login(her, 'wangfang');
  const herTeam = her.getByRole('navigation', { name: /spaces/i }).getByRole('link', { name: team });
  await expect(herTeam).toBeVisible();

  // Make 王芳 an admin
  let dialog = await openTeamDetails(page, team);
  await dialog.getByRole('tab', { name: 'Team members' }).click();
  await expect(dialog.getByText('3 members')).toBeVisible();
  await chooseRole(page, dialog, '王芳', 'Admin');
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await expect(memberRow(dialog, '王芳')).toContainText('Admin');

  // "Remove" in the role dropdown asks first, naming the person; Cancel leaves them as they were
  await chooseRole(page, dialog, '王芳', 'Remove');
  let ask = page.getByRole('dialog', { name: 'Remove 王芳 from the team?' });
  await expect(ask).toContainText('王芳 will no longer see this team');
  await cancelDialog(ask);
  await expect(page.getByText('Removed.')).toHaveCount(0);
  await expect(memberRow(dialog, '王芳')).toContainText('Admin');
  await expect(dialog.getByText('3 members')).toBeVisible();
  // ... and confirming removes them
  await chooseRole(page, dialog, '王芳', 'Remove');
  ask = page.getByRole('dialog', { name: 'Remove 王芳 from the team?' });
  await ask.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed.')).toBeVisible();
  await expect(ask).toBeHidden();
  await expect(memberRow(dialog, '王芳')).toHaveCount(0);
  await expect(dialog.getByText('2 members')).toBeVisible();
  // ... and her page drops the team at once, without a reload (the push socket)
  await expect(herTeam).toHaveCount(0);
  await herContext.close();

  // A department brings 李娜 as well: she is not removed by name then, and the department's
  // removal asks first
  await dialog.getByRole('button', { name: 'Add members' }).click();
  const adding = page.getByRole('dialog', { name: `Add members to ${team}` });
  await adding.getByRole('button', { name: /星云科技/ }).click();
  await adding.getByRole('button', { name: /研发中心/ }).click();
  await adding.getByRole('checkbox', { name: '后端组' }).check();
  await adding.getByRole('button', { name: 'Add members' }).click();
  await expect(adding).toBeHidden();
  const deptRow = memberRow(dialog, 'Department').filter({ hasText: '后端组' });
  await expect(deptRow).toBeVisible();
  await expect(memberRow(dialog, '李娜').first()).toContainText('also through 后端组');
  await dialog.getByRole('combobox', { name: 'Role of 李娜' }).click();
  const roles = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(roles.filter({ hasText: 'Transfer ownership' })).toBeVisible();
  await expect(roles.filter({ hasText: 'Remove' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await deptRow.getByRole('button', { name: 'Remove this department' }).click();
  const askDept = page.getByRole('dialog', { name: 'Remove 后端组 from the team?' });
  await expect(askDept).toContainText('will no longer see this team');
  await cancelDialog(askDept);
  await expect(deptRow).toBeVisible();
  await deptRow.getByRole('button', { name: 'Remove this department' }).click();
  await askDept.getByRole('button', { name: 'Remove' }).click();
  await expect(askDept).toBeHidden();
  await expect(deptRow).toHaveCount(0);
  await expect(memberRow(dialog, '李娜')).not.toContainText('also through');

  // Hand the team to 李娜: the previous owner becomes a member
  await dialog.getByRole('tab', { name: 'Team settings' }).click();
  await dialog.getByRole('button', { name: 'Transfer team' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer the team' });
  await expect(transfer.getByRole('button', { name: 'Transfer' })).toBeDisabled();
  await transfer.getByRole('option', { name: /李娜/ }).click();
  const transferTo = page.getByRole('dialog', { name: 'Transfer to 李娜' });
  await transferTo.getByRole('button', { name: 'Transfer' }).click();
  await expect(transferTo).toBeHidden();
  await dialog.getByRole('tab', { name: 'Team members' }).click();
  await expect(memberRow(dialog, '李娜')).toContainText('Owner');
  await expect(memberRow(dialog, '张伟')).toContainText('Member');

  // As a member now, 张伟 exits: back to the drive, and the team is gone from his list
  await dialog.getByRole('tab', { name: 'Team settings' }).click();
  await dialog.getByRole('button', { name: 'Exit team' }).click();
  await page
    .getByRole('dialog', { name: `Exit ${team}?` })
    .getByRole('button', { name: 'Exit team' })
    .click();
  await expect(page.getByText('You have left the team.')).toBeVisible();
  await expect(page).toHaveURL(/\/pcview\/drive$/);
  await expect(
    page.getByRole('navigation', { name: /spaces/i }).getByRole('link', { name: team }),
  ).toHaveCount(0);
  // The dialog closing is not told that the team it showed is gone
  await expect(page.getByText('The team does not exist.')).toHaveCount(0);

  // The new owner deletes it, confirming with DEL
  const context = await browser.newContext({ locale: 'en-US' });
  const owner = await context.newPage();
  await login(owner, 'lina', DEMO_PASSWORD);
  dialog = await openTeamDetails(owner, team);
  await dialog.getByRole('tab', { name: 'Team settings' }).click();
  await dialog.getByRole('button', { name: 'Delete team' }).click();
  const confirm = owner.getByRole('dialog', { name: `Delete ${team}?` });
  const remove = confirm.getByRole('button', { name: 'Delete team' });
  await expect(remove).toBeDisabled();
  await confirm.getByRole('textbox').fill('de');
  await expect(remove).toBeDisabled();
  await confirm.getByRole('textbox').fill('del');
  await remove.click();
  await expect(owner.getByText('The team has been deleted.')).toBeVisible();
  await expect(owner).toHaveURL(/\/pcview\/drive$/);
  await expect(
    owner.getByRole('navigation', { name: /spaces/i }).getByRole('link', { name: team }),
  ).toHaveCount(0);
  await context.close();
});

test("a chat's owner deletes it from the chat dialog, typing DEL", async ({ page }) => {
  await login(page, 'zhangwei');
  await page.goto('/pcview/contacts/group');
  await page.getByRole('button', { name: 'New chat' }).click();
  const picker = page.getByRole('dialog', { name: 'New chat' });
  await picker.getByRole('button', { name: /星云科技/ }).click();
  await picker.getByRole('button', { name: /研发中心/ }).click();
  await picker.getByRole('button', { name: /后端组/ }).click();
  await picker.getByRole('checkbox', { name: '王芳' }).check();
  await picker.getByRole('button', { name: 'Start chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Multi-person chat' });
  await expect(chat.getByText('2 people')).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Exit chat' })).toHaveCount(0); // the owner
  await chat.getByRole('button', { name: 'Delete chat' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete 张伟、王芳?' });
  await expect(confirm).toContainText('deleted for everyone in it');
  const remove = confirm.getByRole('button', { name: 'Delete chat' });
  await expect(remove).toBeDisabled();
  await confirm.getByRole('textbox').fill('DEL');
  await remove.click();
  await expect(page.getByText('The team has been deleted.')).toBeVisible();
  await expect(chat).toBeHidden();
  await expect(page.getByText('The team does not exist.')).toHaveCount(0);
});

test('keys typed as soon as Create a team shows all land in its name, with no motion', async ({ page }) => {
  // No motion (the config's reducedMotion): the dialog is whole at once, and its Close button
  // took the focus before the name had it.
  const team = `Quick team ${Date.now().toString(36)}`;
  await login(page, 'zhangwei');
  await page.getByRole('button', { name: 'Create team' }).click();
  const create = page.getByRole('dialog', { name: 'Create a team' });
  await expect(create).toBeVisible();
  await page.keyboard.type(team);
  await expect(create.getByLabel('Team name')).toHaveValue(team);
  await expect(create).toBeVisible();
});

test('the labels of team info keep to one line', async ({ page }) => {
  await login(page, 'zhangwei');
  const dialog = await openTeamDetails(page, '研发中心');
  const labels = dialog.locator('.cirrus-team-facts .ant-descriptions-item-label');
  // 'Department group space' broke over two lines, its colon left on the first.
  const one = (await labels.filter({ hasText: 'Created' }).boundingBox())?.height ?? 0;
  const long = (await labels.filter({ hasText: 'Department group space' }).boundingBox())?.height ?? 99;
  expect(long).toBeLessThan(one + 4);
});

test("the members tab counts a team's people, not its department entries as members", async ({ page }) => {
  await login(page, 'zhangwei');
  const dialog = await openTeamDetails(page, '研发中心');
  await dialog.getByRole('tab', { name: 'Team members' }).click();
  // One department entry bringing 15 people: 15 members (it said 16, as the team list does not).
  await expect(dialog.getByText('15 members · 1 department')).toBeVisible();
  await dialog.getByPlaceholder('Search members').fill('wang');
  await expect(dialog.getByText(/^\d+ found$/)).toBeVisible();
});

test('keys typed right after clicking Create team, before the dialog shows, all land in its name', async ({
  page,
}) => {
  // The dialog's code is not on the first screen; it comes once that is up (lazyWarmed), so a
  // click and the keys straight after it do not wait for it to load.
  const warmed = page.waitForResponse((res) => /\/CreateTeamDialog-[^/]+\.js$/.test(res.url()));
  const team = `Typed at once ${Date.now().toString(36)}`;
  await login(page, 'zhangwei');
  await warmed;
  // and the chunks it imports
  await page.waitForLoadState('networkidle');
  await page.getByRole('button', { name: 'Create team' }).click();
  await page.keyboard.type(team);
  const create = page.getByRole('dialog', { name: 'Create a team' });
  await expect(create.getByLabel('Team name')).toHaveValue(team);
});

test("the contact picker's search takes the keys typed as it opens", async ({ page }) => {
  await login(page, 'zhangwei');
  await page.getByRole('button', { name: 'Create team' }).click();
  const create = page.getByRole('dialog', { name: 'Create a team' });
  await create.getByLabel('Team name').fill(`Picked ${Date.now().toString(36)}`);
  await create.getByRole('button', { name: 'Choose members' }).click();
  await page.keyboard.type('wangfang');
  const picker = page.getByRole('dialog', { name: 'Choose members' });
  await expect(picker.getByRole('searchbox', { name: 'Search by name, pinyin, phone or email' })).toHaveValue(
    'wangfang',
  );
  await expect(picker.getByRole('checkbox', { name: '王芳' })).toBeVisible();
});

test('the directory, my teams page and the approval list show what the demo holds', async ({ page }) => {
  await login(page, 'admin');
  // the waiting request of the demo, with its notice in the top bar
  await expect(page.getByRole('button', { name: /Notices, 1 unread/ })).toBeVisible();
  await page.goto('/pcview/drive/approve');
  await page.getByRole('tab', { name: 'Waiting for me' }).click();
  await expect(page.getByText('2026 用户调研')).toBeVisible();

  await page.goto('/pcview/contacts');
  await page
    .getByRole('tree')
    .getByText(/^后端组/)
    .click();
  await expect(page.getByRole('button', { name: /王芳/ })).toBeVisible();
  await page.getByLabel('Search people').fill('zw');
  await expect(page.getByRole('button', { name: /张伟/ })).toBeVisible();
});

test("the directory's Favourites and My teams line up with its department tree", async ({ page }) => {
  await login(page, 'alice');
  await page.goto('/pcview/contacts');
  const tree = (await page.getByRole('tree').boundingBox())?.x ?? 0;
  for (const entry of ['Favourites', 'My teams']) {
    // Their icons sat about 30 px in from the tree's carets and the search box.
    const icon = await page.getByRole('menuitem', { name: entry }).getByRole('img').boundingBox();
    expect(Math.abs((icon?.x ?? 99) - tree)).toBeLessThan(10);
  }
});

test('a team on my teams page keeps its name in the text colour under the pointer', async ({ page }) => {
  await login(page, 'alice');
  await page.goto('/pcview/contacts');
  await page.getByRole('menuitem', { name: 'My teams' }).click();
  const row = page.getByRole('listitem').filter({ hasText: 'Contracts' });
  const name = row.getByText('Contracts', { exact: true });
  // The row lands under the pointer that clicked My teams: the name went pale link blue.
  await name.hover();
  const text = await row.evaluate((el) => getComputedStyle(el).color);
  await expect(name).toHaveCSS('color', text);
});

test('exiting a team is a settings row like the others: a title, its hint, the button on the right', async ({
  page,
}) => {
  await login(page, 'alice');
  const dialog = await openTeamDetails(page, 'Product & Design');
  await dialog.getByRole('tab', { name: 'Team settings' }).click();
  // It was a bare button, on the left, with its hint under it and no title.
  await expect(dialog.getByText('Leave this team', { exact: true })).toBeVisible();
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error(`${locator} has no box`);
    return found;
  };
  const title = await box(dialog.getByText('Leave this team', { exact: true }));
  const hint = await box(dialog.getByText('You will no longer see the team’s files.'));
  const exit = await box(dialog.getByRole('button', { name: 'Exit team' }));
  const push = await box(dialog.getByRole('switch', { name: 'File-message push' }));
  expect(Math.abs(exit.x + exit.width - (push.x + push.width))).toBeLessThan(2);
  const middle = exit.y + exit.height / 2;
  expect(middle).toBeGreaterThan(title.y);
  expect(middle).toBeLessThan(hint.y + hint.height);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the directory puts its departments above its people, each the width of the screen', async ({
    page,
  }) => {
    await login(page, 'kate');
    await page.goto('/pcview/contacts');
    const summary = page.getByText(/people in all/);
    await expect(summary).toBeVisible();
    // Squeezed beside the tree, the summary was one letter a line (about 30 px wide).
    expect((await summary.boundingBox())?.width ?? 0).toBeGreaterThan(200);
    await page
      .getByRole('tree')
      .getByText(/^后端组/)
      .click();
    await expect(page.getByRole('button', { name: /王芳/ })).toBeInViewport();
  });

  test('a request waiting for me reads across the card, its buttons under it', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/pcview/drive/approve');
    await page.getByRole('tab', { name: 'Waiting for me' }).click();
    const card = page.getByTestId(/^approval-/).filter({ hasText: '2026 用户调研' });
    const reason = card.getByText('用户调研项目需要一个团队空间存放访谈记录');
    await expect(reason).toBeVisible();
    // Beside the two buttons the text had about 30 px: one character a line.
    expect((await reason.boundingBox())?.width ?? 0).toBeGreaterThan(150);
    const approve = await card.getByRole('button', { name: 'Approve' }).boundingBox();
    const text = await reason.boundingBox();
    expect(approve?.y ?? 0).toBeGreaterThan((text?.y ?? 0) + (text?.height ?? 0));
  });

  test('team info puts each label over its value, the longest on one line', async ({ page }) => {
    await login(page, 'zhangwei');
    await page.goto('/pcview/contacts');
    await page.getByRole('menuitem', { name: 'My teams' }).click();
    await page
      .getByTestId(/^group-/)
      .filter({ hasText: '研发中心' })
      .getByRole('button', { name: 'Team details' })
      .click();
    const dialog = page.getByRole('dialog', { name: '研发中心' });
    await expect(dialog.getByTestId('team-dept-space')).toBeVisible();
    const labels = dialog.locator('.cirrus-team-facts .ant-descriptions-item-label');
    const created = await labels.filter({ hasText: 'Created' }).boundingBox();
    const label = await labels.filter({ hasText: 'Department group space' }).boundingBox();
    const value = await dialog.getByTestId('team-dept-space').boundingBox();
    // Beside its value, 'Department group space' broke over two lines, its colon on the first.
    expect(label?.height ?? 99).toBeLessThan((created?.height ?? 0) + 4);
    expect((label?.y ?? 0) + (label?.height ?? 0)).toBeLessThanOrEqual((value?.y ?? 0) + 1);
  });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the team details dialog speaks Chinese on every tab, with no raw text keys', async ({ page }) => {
    await login(page, 'zhangwei');
    await page.locator('a[href*="/drive/group/"]').filter({ hasText: '研发中心' }).first().click();
    await page.getByRole('button', { name: '团队详情' }).click();
    const dialog = page.getByRole('dialog', { name: '研发中心' });
    const rawKey = /\b(common|roles|types|details|inline|info|members|transfer|settings|invite)\.[a-zA-Z]/;

    await expect(dialog.getByRole('tab', { name: '团队信息' })).toBeVisible();
    for (const label of ['创建日期', '团队类型', '所属部门', '云文件空间', '团队公告']) {
      await expect(dialog.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(dialog.getByText('企业团队', { exact: true }).first()).toBeVisible();
    // the department's group space has no limit in the demo
    await expect(dialog.getByTestId('team-dept-space')).toContainText(/^已用 .+，不限容量/);
    expect(await dialog.innerText()).not.toMatch(rawKey);

    await dialog.getByRole('tab', { name: '团队成员' }).click();
    await expect(dialog.getByText('共 15 名成员 · 1 个部门')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '添加成员' })).toBeVisible();
    await expect(dialog.locator('.cirrus-member-row').filter({ hasText: '张伟' })).toContainText('所有者');
    await expect(dialog.getByRole('combobox', { name: '王芳 的角色' })).toBeVisible();
    expect(await dialog.innerText()).not.toMatch(rawKey);

    await dialog.getByRole('tab', { name: '团队设置' }).click();
    await expect(dialog.getByText('每个文件的历史版本数')).toBeVisible();
    await expect(dialog.getByRole('button', { name: '转让团队' })).toBeVisible();
    expect(await dialog.innerText()).not.toMatch(rawKey);
  });
});

test("a team's owner gives it a picture of its own, cropped and uploaded, in place of an icon", async ({
  page,
}) => {
  await login(page, 'zhangwei');
  const name = `Pictured ${Date.now().toString(36)}`;
  await api(page, 'POST', '/api/v3/groups?multi_included=true', { name });
  await page.goto('/pcview/drive');
  const dialog = await openTeamDetails(page, name);
  await dialog.getByRole('button', { name: 'Change team icon' }).click();
  await page.getByRole('button', { name: 'Upload a picture' }).click();
  const cropper = page.getByRole('dialog', { name: 'Team picture' });
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
  await cropper
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'team.png', mimeType: 'image/png', buffer: picture });
  await expect(cropper.locator('.reactEasyCrop_Container')).toBeVisible();
  await cropper.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Team picture updated')).toBeVisible();
  await expect(cropper).toBeHidden();

  // The team's avatar is now that picture, in its details and in the side list
  const shown = dialog.getByRole('button', { name: 'Change team icon' }).locator('img');
  await expect(shown).toHaveAttribute('src', /^\/api\/v3\/images\/\d+\.png(\?v=\d+)?$/);
  const res = await page.request.get((await shown.getAttribute('src')) ?? '');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('image/png');
  await expect(
    page
      .getByRole('navigation', { name: /spaces/i })
      .getByRole('link', { name })
      .locator('img'),
  ).toHaveAttribute('src', /^\/api\/v3\/images\//);
});
