/**
 * 站点管理 → 备份 (issue 28, decision 045), as the vendor's admin: retention changed and saved (a number out of
 * range is refused under its field first), 立即备份 runs through the outbox until the list shows the archive as
 * 成功 with its size, and 下载 gives the archive itself. A 内容编辑 colleague has no 备份 in the menu and gets the
 * 403 page at its address. Screenshots at 1440 and 375 px; the page never scrolls sideways on a phone. The
 * server is shared with other specs: the schedule is put back as it was.
 */

import { statSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  type ActionDef,
  actionPath,
  type BackupOverview,
  createStaffTenant,
  inquireBackupListAdmin,
  inquireRoleListTenant,
  inquireTenantListAccount,
  loginAccount,
  SITE_ID,
  startBackupAdmin,
  switchTenantAccount,
  updateBackupSettingsAdmin,
} from '@yuexun/contract';
import { CONSOLE, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
const post = async (request: APIRequestContext, def: ActionDef, data: object): Promise<any> =>
  (await request.post(actionPath(def), { data: { siteId: SITE_ID, ...data } })).json();

const overview = async (request: APIRequestContext): Promise<BackupOverview> =>
  (await post(request, inquireBackupListAdmin, {})).datas[0];

const sized = (page: Page, width: number) => page.setViewportSize({ width, height: width > 400 ? 900 : 812 });

/** The list's first row: the newest run. */
const newestRun = (page: Page) => page.locator('.ant-pro-table .ant-table-row').first();

/** The admin at the vendor (悦讯科技), whose role holds backups.manage. */
const adminAtVendor = async (page: Page) => {
  await loginAsAdmin(page);
  const tenants = (await post(page.request, inquireTenantListAccount, {})).datas as {
    tenantId: number;
    tenantName: string;
  }[];
  const vendor = tenants.find((t) => t.tenantName === '悦讯科技');
  expect((await post(page.request, switchTenantAccount, { tenantId: vendor?.tenantId })).success).toBe(true);
};

test('the admin saves the retention, backs up now, sees 成功 with the size and downloads the archive', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await adminAtVendor(page);
  // The schedule's own run may be on its way on this shared server: 立即备份 would then be refused.
  await expect
    .poll(
      async () => (await overview(page.request)).runs.some((r) => ['queued', 'running'].includes(r.status)),
      {
        timeout: 180_000,
      },
    )
    .toBe(false);
  const before = (await overview(page.request)).settings;
  const keep = before.keep === 5 ? 6 : 5;

  try {
    await sized(page, 1440);
    await page.goto(`${CONSOLE}#/site/backups`);
    const menu = page.getByRole('menu').first();
    await expect(menu.getByRole('menuitem', { name: '备份' })).toBeVisible();
    await expect(page.getByText('npm run restore -- 备份文件')).toBeVisible();
    await expect(page.getByText(/README 的「Restore」一节/)).toBeVisible();

    // A number out of range is said under its field, nothing saved; then the real change.
    const keepField = page.getByLabel('保留份数');
    await keepField.fill('0');
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(page.getByText('保留份数为 1 到 365 之间的整数')).toBeVisible();
    await keepField.fill(String(keep));
    await page.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(page.getByText(`当前版本：${before.version + 1}`)).toBeVisible();
    expect((await overview(page.request)).settings).toMatchObject({ keep, schedule: before.schedule });

    // 立即备份: the run is queued, then the list refreshes by itself until it is done.
    await page.getByRole('button', { name: '立即备份' }).click();
    const newest = newestRun(page);
    await expect(newest).toContainText(/立即备份 · /);
    // Usually still 排队中 or 进行中 here (a few seconds for the demo site): a look at the waiting state.
    await page.screenshot({ path: `${SCREENSHOT_DIR}/backups-running-1440.png` });
    await expect(newest).toContainText('成功', { timeout: 180_000 });
    await expect(newest).toContainText(/\d+(\.\d)? (B|KB|MB|GB)/);
    await expect(page.getByText('备份进行中，完成后列表会自动刷新')).toHaveCount(0);
    const [run] = (await overview(page.request)).runs;
    if (!run) throw new Error('no backup listed');
    expect(run).toMatchObject({ status: 'succeeded', trigger: 'manual' });

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      newest.getByRole('link', { name: '下载' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(run.fileName);
    expect(download.suggestedFilename()).toMatch(/^yuexun-backup-\d{8}-\d{6}.*\.tar\.gz$/);
    const size = statSync(await download.path()).size;
    expect(size).toBeGreaterThan(0);
    expect(size).toBe(run.sizeBytes);

    for (const width of [1440, 375]) {
      await sized(page, width);
      await page.goto(`${CONSOLE}#/site/backups`);
      await expect(newestRun(page)).toContainText('成功');
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - window.innerWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/backups-${width}.png`, fullPage: true });
    }
  } finally {
    const now = (await overview(page.request)).settings;
    const restored = await post(page.request, updateBackupSettingsAdmin, {
      schedule: before.schedule,
      hour: before.hour,
      keep: before.keep,
      version: now.version,
    });
    expect(restored.success, JSON.stringify(restored)).toBe(true);
  }
});

test('a 内容编辑 colleague has no 备份 in the menu, gets 403 at its address, and the server refuses the run', async ({
  page,
  browser,
  baseURL,
}) => {
  await adminAtVendor(page);
  const stamp = String(Date.now()).slice(-6);
  const roles = (await post(page.request, inquireRoleListTenant, {})).datas as {
    roleId: number;
    builtinKey: string | null;
  }[];
  const made = await post(page.request, createStaffTenant, {
    name: `备份编辑${stamp}`,
    phone: `1377${stamp}8`.slice(0, 11),
    roleId: roles.find((r) => r.builtinKey === 'editor')?.roleId,
    credential: 'password',
  });
  expect(made.success, JSON.stringify(made)).toBe(true);

  const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const editor = await context.newPage();
  const login = await editor.request.post(actionPath(loginAccount), {
    form: {
      siteId: SITE_ID,
      loginType: 'account',
      username: made.datas[0].member.username,
      password: made.datas[0].initialPassword,
    },
  });
  expect((await login.json()).success).toBe(true);
  await sized(editor, 1440);
  // 站点管理 is open on 表单 (内容编辑 designs forms): its entries are in sight, 备份 is not among them.
  await editor.goto(`${CONSOLE}#/site/forms`);
  const menu = editor.getByRole('menu').first();
  await expect(menu.getByRole('menuitem', { name: '表单' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: '备份' })).toHaveCount(0);
  await editor.goto(`${CONSOLE}#/site/backups`);
  await expect(editor.getByText('抱歉，你无权访问该页面。')).toBeVisible();
  expect((await post(editor.request, startBackupAdmin, {})).errorCode).toBe(403);
  await context.close();
});
