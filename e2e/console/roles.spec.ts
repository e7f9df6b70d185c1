/**
 * Roles in the browser (issue 17 acceptance, docs/decisions/032): the admin makes a custom role in 角色管理,
 * adds a 内容编辑 and a 销售 through 员工管理; the editor publishes an article but has no 线索 menu and the
 * leads action answers 403 to their session; the salesperson sees only the lead assigned to them and cannot
 * open 站点设置. Screenshots of the roles page and both menus at 1440 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  actionPath,
  createCustomerIntentionSALEPPublic,
  createStaffTenant,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireLeadListAdmin,
  inquireLeadOwnerListAdmin,
  inquireRoleListTenant,
  SITE_ID,
  updateLeadAdmin,
} from '@yuexun/contract';
import { confirmPopover, expect, test } from '../fixtures';
import { CONSOLE, loginAs, loginWithPassword, switchUnit } from './helpers';

const SHOTS = join(tmpdir(), 'yuexun-screenshots', 'roles17c');
const FORBIDDEN_PAGE = '抱歉，你无权访问该页面。';

const post = async (page: Page, action: Parameters<typeof actionPath>[0], form: object) =>
  (await page.request.post(actionPath(action), { form: { siteId: SITE_ID, ...form } })).json();

/** 新建员工 in 员工管理 with a role and an initial password; answers the password shown once. */
const addColleague = async (page: Page, name: string, phone: string, role: string) => {
  await page.goto(`${CONSOLE}#/userManagement/staff`);
  await page.getByRole('button', { name: '新建员工' }).click();
  const form = page.getByRole('dialog', { name: '新建员工' });
  await form.getByLabel('姓名').fill(name);
  await form.getByLabel('手机号').fill(phone);
  // The form's one select: the role. Under load a click can land on an option still sliding in and be
  // lost, leaving the list open over the form: choose until the select shows the role and the list is gone.
  const openList = page.locator('.ant-select-dropdown:visible');
  await expect(async () => {
    if ((await openList.count()) === 0) await form.locator('.ant-select').click();
    await openList
      .locator('.ant-select-item-option', { hasText: new RegExp(`^${role}$`) })
      .click({ timeout: 2000 });
    await expect(form.locator('.ant-select')).toContainText(role, { timeout: 2000 });
    await expect(openList).toHaveCount(0, { timeout: 2000 });
  }).toPass({ timeout: 30_000 });
  await form.getByLabel('生成初始密码（只显示一次）').check();
  await form.getByRole('button', { name: /保\s*存/ }).click();
  const once = page.getByRole('dialog', { name: new RegExp(`请立即复制并发给${name}`) });
  const values = once.getByTestId('once-value');
  await expect(values).toHaveCount(2);
  const password = (await values.nth(1).innerText()).trim();
  await once.getByRole('button', { name: '我已复制' }).click();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(role);
  return password;
};

/**
 * 切换单位 to the vendor, unless the session is there already (the menu then has nothing to switch and says
 * nothing); the server's answer is what counts.
 */
const switchToVendor = async (page: Page) => {
  const current = async () =>
    (await post(page, inquireCurrentAccountEmployeeInfoAccount, {})).datas?.[0]?.tenantName as string;
  if ((await current()) !== '悦讯科技') {
    await switchUnit(page, '悦讯科技');
  }
  await expect.poll(current).toBe('悦讯科技');
};

/** The side menu, opened on a phone. */
const openMenu = async (page: Page, width: number) => {
  if (width < 400) {
    await page.locator('.ant-pro-global-header-collapsed-button').click();
    // The drawer slides in (0.3 s): the screenshot waits until it has arrived.
    await page.waitForTimeout(500);
  }
  return page.getByRole('menu').first();
};

test('内容编辑 publishes without leads; 销售 sees only their own leads and no 站点设置', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SHOTS, { recursive: true });
  const stamp = String(Date.now()).slice(-6);
  const lead = async (contactName: string, phone: string) => {
    const made = await post(page, createCustomerIntentionSALEPPublic, {
      privacyConsent: 'on',
      contactName,
      phone,
      schoolName: `${contactName}实验小学`,
      region: '浙江省',
      schoolType: 'primary',
      role: '教师',
    });
    expect(made.success).toBe(true);
  };
  await lead(`归属甲${stamp}`, `1367${stamp}1`.slice(0, 11));
  await lead(`旁人乙${stamp}`, `1367${stamp}2`.slice(0, 11));

  await loginWithPassword(page, 'admin');
  // The demo admin opens a school first; the vendor's staff and roles are managed with the vendor selected.
  await switchToVendor(page);

  // 角色管理: built-in roles read-only with their permissions in words; a custom role made with checkboxes.
  await page.goto(`${CONSOLE}#/userManagement/roles`);
  const editorRow = page.getByRole('row', { name: /内容编辑/ });
  await expect(editorRow).toContainText('发布文章（含审核通过、下线）');
  await expect(editorRow.getByRole('button', { name: /删\s*除/ })).toHaveCount(0);
  await expect(page.getByRole('row', { name: /销售/ }).first()).toContainText('查看线索（仅分配给自己的）');
  await page.getByRole('button', { name: '新建角色' }).click();
  const dialog = page.getByRole('dialog', { name: '新建角色' });
  await dialog.getByLabel('角色名称').fill('客服');
  await dialog.getByLabel('查看线索（仅分配给自己的）').check();
  await dialog.getByLabel('跟进和更新线索').check();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('角色已创建')).toBeVisible();
  const custom = page.getByRole('row', { name: /客服/ });
  await expect(custom).toContainText('跟进和更新线索');
  await expect(custom).not.toContainText('导出线索');

  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await page.goto(`${CONSOLE}#/userManagement/roles`);
    await expect(page.getByRole('row', { name: /客服/ })).toBeVisible();
    await page.screenshot({ path: join(SHOTS, `roles-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
  await page
    .getByRole('row', { name: /客服/ })
    .getByRole('button', { name: /编\s*辑/ })
    .click();
  await expect(page.getByRole('dialog', { name: '编辑角色' }).getByLabel('跟进和更新线索')).toBeChecked();
  await page.screenshot({ path: join(SHOTS, 'role-form-1440.png') });
  await page
    .getByRole('dialog', { name: '编辑角色' })
    .getByRole('button', { name: /取\s*消/ })
    .click();

  // A role in use cannot be deleted: the server's reason is shown.
  const roles = (await post(page, inquireRoleListTenant, {})).datas as { roleId: number; name: string }[];
  const service = roles.find((r) => r.name === '客服');
  const holder = await post(page, createStaffTenant, {
    name: '客服小周',
    phone: `1365${stamp}9`.slice(0, 11),
    roleId: service?.roleId,
    credential: 'password',
  });
  expect(holder.success).toBe(true);
  await page.reload();
  await page
    .getByRole('row', { name: /客服/ })
    .getByRole('button', { name: /删\s*除/ })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(page.getByText('还有 1 位员工使用这个角色，请先为他们换一个角色再删除')).toBeVisible();
  await expect(page.getByRole('row', { name: /客服/ })).toBeVisible();

  // 员工管理: the colleagues get their roles from the same list.
  const editorPhone = `1365${stamp}1`.slice(0, 11);
  const salesPhone = `1365${stamp}2`.slice(0, 11);
  const editorPassword = await addColleague(page, '文编辑', editorPhone, '内容编辑');
  const salesPassword = await addColleague(page, '武销售', salesPhone, '销售');

  // The admin assigns one of the two leads to the salesperson.
  const leads = (await post(page, inquireLeadListAdmin, { keyword: stamp, pageSize: 10 })).datas as {
    id: number;
    version: number;
    contactName: string;
  }[];
  const mine = leads.find((l) => l.contactName.startsWith('归属甲'));
  const owners = await post(page, inquireLeadOwnerListAdmin, {});
  const salesAccount = (owners.datas as { accountId: number; name: string }[]).find(
    (o) => o.name === '武销售',
  );
  const assigned = await post(page, updateLeadAdmin, {
    leadId: mine?.id,
    version: mine?.version,
    ownerAccountId: salesAccount?.accountId,
  });
  expect(assigned.success).toBe(true);

  // The editor: content menus and 站点管理 → 表单 (内容编辑 designs forms), no leads, no site settings; the
  // leads action answers 403 to their session.
  const editorContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const editor = await editorContext.newPage();
  await loginAs(editor, editorPhone, editorPassword);
  for (const width of [1440, 375]) {
    await editor.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await editor.goto(`${CONSOLE}#/content/articles`);
    await expect(editor.getByRole('button', { name: '写文章' })).toBeVisible();
    const menu = await openMenu(editor, width);
    await expect(menu.getByText('文章管理')).toBeVisible();
    for (const absent of ['销售线索', '操作日志', '用户管理', '数据统计'])
      await expect(menu.getByText(absent)).toHaveCount(0);
    await editor.screenshot({ path: join(SHOTS, `editor-menu-${width}.png`) });
  }
  await editor.setViewportSize({ width: 1440, height: 900 });
  await editor.goto(`${CONSOLE}#/site/settings`);
  await expect(editor.getByText(FORBIDDEN_PAGE)).toBeVisible();
  await editor.goto(`${CONSOLE}#/content/leads`);
  await expect(editor.getByText(FORBIDDEN_PAGE)).toBeVisible();
  const refused = await post(editor, inquireLeadListAdmin, {});
  expect(refused).toMatchObject({
    success: false,
    errorCode: 403,
    errorMessage: '无权限：您的角色没有「查看线索（仅分配给自己的）」权限（leads.read）',
  });

  const title = `编辑发布的通知 ${stamp}`;
  const categoriesLoaded = editor.waitForResponse(/inquireCategoryTreeAdmin/);
  await editor.goto(`${CONSOLE}#/content/articles/new`);
  await categoriesLoaded;
  await editor.getByPlaceholder('请输入文章标题').fill(title);
  await editor.locator('#categoryId').fill('公司新闻');
  await editor.locator('.ant-select-tree-title', { hasText: /^公司新闻$/ }).click();
  await editor.locator('.ProseMirror').click();
  await editor.keyboard.insertText('内容编辑角色发布的文章。');
  await editor.getByRole('button', { name: /^发\s?布$/ }).click();
  await confirmPopover(editor, '发布后网站上立即可见', editor.getByText('已发布，网站已可见'));
  await editorContext.close();

  // The salesperson: only the leads menu, only the lead assigned to them; 站点设置 is closed.
  const salesContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const sales = await salesContext.newPage();
  await loginAs(sales, salesPhone, salesPassword);
  for (const width of [1440, 375]) {
    await sales.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await sales.goto(`${CONSOLE}#/content/leads`);
    await expect(sales.getByText(`归属甲${stamp}`).first()).toBeVisible();
    const menu = await openMenu(sales, width);
    await expect(menu.getByText('销售线索')).toBeVisible();
    for (const absent of ['文章管理', '站点管理', '用户管理', '数据统计', '操作日志'])
      await expect(menu.getByText(absent)).toHaveCount(0);
    await sales.screenshot({ path: join(SHOTS, `sales-menu-${width}.png`) });
  }
  await sales.setViewportSize({ width: 1440, height: 900 });
  await sales.goto(`${CONSOLE}#/content/leads`);
  await expect(sales.getByText(`归属甲${stamp}`).first()).toBeVisible();
  await expect(sales.getByText(`旁人乙${stamp}`)).toHaveCount(0);
  // 销售 may export (leads.export) but has no 个人信息请求 (it concerns everyone's leads).
  await expect(sales.getByRole('link', { name: /导出 CSV/ })).toBeVisible();
  const seen = (await post(sales, inquireLeadListAdmin, { keyword: stamp })).datas as {
    contactName: string;
  }[];
  expect(seen.map((l) => l.contactName)).toEqual([`归属甲${stamp}`]);
  await sales.goto(`${CONSOLE}#/site/settings`);
  await expect(sales.getByText(FORBIDDEN_PAGE)).toBeVisible();
  await salesContext.close();
});

test('只读 sees 站点管理 with every control disabled and says why, so no typing is lost to a refused save', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  const phone = `1366${String(Date.now()).slice(-7)}`;
  await loginWithPassword(page, 'admin');
  await switchToVendor(page);
  const password = await addColleague(page, '钱只读', phone, '只读');

  const viewerContext = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const viewer = await viewerContext.newPage();
  await loginAs(viewer, phone, password);
  const notice = '只读：您的角色可以查看这些设置，但没有「修改站点设置」权限（settings.write）';
  await viewer.goto(`${CONSOLE}#/site/settings`);
  await expect(viewer.getByText(notice)).toBeVisible();
  await expect(viewer.getByLabel('服务热线')).toBeDisabled();
  await expect(viewer.getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  for (const width of [1440, 375]) {
    await viewer.setViewportSize({ width, height: width > 400 ? 900 : 812 });
    await viewer.screenshot({ path: join(SHOTS, `viewer-settings-${width}.png`) });
  }
  await viewer.setViewportSize({ width: 1440, height: 900 });
  await viewer.goto(`${CONSOLE}#/site/navigation`);
  await expect(viewer.getByText(notice)).toBeVisible();
  await expect(viewer.getByRole('button', { name: /保\s*存/ })).toBeDisabled();
  await viewer.goto(`${CONSOLE}#/site/redirects`);
  await expect(viewer.getByText(notice)).toBeVisible();
  // An admin sees no such notice and may save.
  await page.goto(`${CONSOLE}#/site/settings`);
  await expect(page.getByRole('button', { name: /保\s*存/ })).toBeEnabled();
  await expect(page.getByText(notice)).toHaveCount(0);
  await viewerContext.close();
});
