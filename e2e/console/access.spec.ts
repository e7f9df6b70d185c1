import { expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword } from './helpers';

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
    await page.goto(`${CONSOLE}#/admin/sub-page`);
    await expect(page.getByText('二级管理页同样只对管理员开放', { exact: false })).toBeVisible();
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
