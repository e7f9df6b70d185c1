import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_PASSWORDS, expect, test } from '../fixtures';
import { CONSOLE, loginAs, loginWithPassword } from './helpers';

const SCREENSHOTS = join(tmpdir(), 'yuexun-screenshots');

test.describe('console access', () => {
  test('a user sees no admin menus and gets 403 on their addresses', async ({ page }) => {
    await loginWithPassword(page, 'user');
    const menu = page.getByRole('menu').first();
    await expect(menu.getByText('欢迎')).toBeVisible();
    await expect(menu.getByText('列表页')).toBeVisible();
    await expect(menu.getByText('管理页')).toHaveCount(0);
    // Teacher confirmation is admin only, so its parent disappears too.
    await expect(menu.getByText('用户管理')).toHaveCount(0);

    await page.goto(`${CONSOLE}#/admin/sub-page`);
    await expect(page.getByText('抱歉，你无权访问该页面。')).toBeVisible();
    await page.goto(`${CONSOLE}#/userManagement/teacherRegister`);
    await expect(page.getByText('抱歉，你无权访问该页面。')).toBeVisible();
  });

  test('an admin sees the admin pages', async ({ page }) => {
    await loginWithPassword(page, 'admin');
    const menu = page.getByRole('menu').first();
    await expect(menu.getByText('管理页')).toBeVisible();
    await expect(menu.getByText('用户管理')).toBeVisible();
    // The vendor's admin: the site's pages too.
    await expect(menu.getByText('内容管理')).toBeVisible();
    await page.goto(`${CONSOLE}#/admin/sub-page`);
    await expect(page.getByText('二级管理页同样只对管理员开放', { exact: false })).toBeVisible();
  });

  test("a school's admin manages its school but sees no site menus, at 1440 and 375 px", async ({ page }) => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    // 青溪区第二实验小学's own admin (not the vendor's staff); demo school admins use USER_PASSWORD.
    await loginAs(page, 'qingxi', DEMO_PASSWORDS.user);
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width > 400 ? 900 : 812 });
      await page.goto(`${CONSOLE}#/welcome`);
      if (width < 400) await page.locator('.ant-pro-global-header-collapsed-button').click();
      const menu = page.getByRole('menu').first();
      await expect(menu.getByText('用户管理')).toBeVisible();
      await expect(menu.getByText('欢迎')).toBeVisible();
      for (const hidden of ['内容管理', '销售线索', '文章管理', '站点管理', '素材库', '操作日志'])
        await expect(page.getByText(hidden)).toHaveCount(0);
      // The welcome speaks of the school's own work, not of the site's content.
      await expect(page.getByText(/^在这里可以使用：.*员工管理.*个人设置。$/)).toBeVisible();
      await expect(page.getByText(/网站内容/)).toHaveCount(0);
      await page.screenshot({ path: join(SCREENSHOTS, `school-admin-menu-${width}.png`) });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    for (const address of ['#/content/leads', '#/content/articles', '#/site/settings']) {
      await page.goto(`${CONSOLE}${address}`);
      await expect(page.getByText('抱歉，你无权访问该页面。')).toBeVisible();
    }
    // The pages are hidden because the server refuses their actions: the lead list answers 403.
    const leads = await page.request.post('/store/api/v1.0/inquireLeadListAdmin.json', {
      form: { siteId: '75' },
    });
    expect(await leads.json()).toMatchObject({
      success: false,
      errorCode: 403,
      errorMessage: '无权限：只有网站所属单位的员工可以管理网站',
    });
  });

  test('unknown addresses show 404 and the exception page shows the query', async ({ page }) => {
    await loginWithPassword(page, 'user');
    await page.goto(`${CONSOLE}#/no-such-page`);
    await expect(page.getByText('抱歉，你访问的页面不存在。')).toBeVisible();
    await page.goto(`${CONSOLE}#/exception?errorCode=405&errorMessage=${encodeURIComponent('接口未配置')}`);
    await expect(page.getByText('错误码：405')).toBeVisible();
    await expect(page.getByText('接口未配置')).toBeVisible();
  });
});
