import { expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword } from './helpers';

test('switching to Arabic lays the console out right to left and is remembered', async ({ page }) => {
  await page.goto(`${CONSOLE}#/login`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('language-menu').click();
  // A click during the menu's opening motion falls through it (seen on a loaded CI machine): choose once it stands.
  await expect(page.locator('.ant-dropdown')).not.toHaveClass(/-(appear|enter)\b/);
  await page.getByRole('menuitem', { name: /العربية/ }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate('localStorage.getItem("umi_locale")')).toBe('ar-EG');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.ant-input-affix-wrapper-rtl').first()).toBeVisible();

  // The login page's toast is drawn outside the page's antd provider; it runs right to left too.
  await page.getByPlaceholder('Phone number or username').fill('admin');
  await page.getByPlaceholder('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  const toast = page.locator('.ant-message', { hasText: 'Login failed, please try again!' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveClass(/ant-message-rtl/);
});

test('the console tells the user when the network drops', async ({ page, context }) => {
  await loginWithPassword(page, 'user');
  // The console's shell (which holds the notice) is loaded after login: wait for it, or on a loaded machine the
  // network drops while its code is still on the way and the login page's notice is already gone.
  await expect(page.getByRole('menuitem', { name: /欢迎/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: '网络已断开' })).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByRole('alert').filter({ hasText: '网络已断开' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('alert').filter({ hasText: '网络已断开' })).toHaveCount(0);
  await page.goto(`${CONSOLE}#/welcome`);
});
