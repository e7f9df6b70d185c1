import { DEMO_PASSWORDS, expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword, smsCodeFrom } from './helpers';

test.describe('console login', () => {
  test('account and password: a wrong password is refused, the right one opens the welcome page', async ({
    page,
  }) => {
    await page.goto(`${CONSOLE}#/login`);
    await expect(
      page.getByText('演示环境：可用演示账号 admin（管理员）或 user（成员）登录', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入用户名！')).toBeVisible();
    await expect(page.getByText('请输入密码！')).toBeVisible();

    await page.getByPlaceholder('手机号或用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('not-the-password');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('登录失败，请重试！').first()).toBeVisible();
    await expect(page).toHaveURL(/#\/login/);

    await page.getByPlaceholder('密码').fill('');
    await loginWithPassword(page, 'admin');
    await expect(page).toHaveURL(/#\/welcome/);
    await expect(page.getByTestId('current-user')).toContainText('王建国');
  });

  test('an address opened without a session comes back after logging in', async ({ page }) => {
    await page.goto(`${CONSOLE}#/list/table-list`);
    await expect(page).toHaveURL(/#\/login\?redirect=/);
    await page.getByPlaceholder('手机号或用户名').fill('user');
    await page.getByPlaceholder('密码').fill(DEMO_PASSWORDS.user);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page).toHaveURL(/#\/list\/table-list/);
    await expect(page.getByRole('columnheader', { name: '规则名称' })).toBeVisible();
  });

  test('phone and SMS code: invalid phone, countdown, wrong code, then the code from the server log', async ({
    page,
    server,
  }) => {
    await page.goto(`${CONSOLE}#/login`);
    await page.getByRole('tab', { name: '手机号登录' }).click();
    await page.getByPlaceholder('手机号').fill('12345');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByText('不合法的手机号')).toBeVisible();

    const phone = '13800000001';
    await page.getByPlaceholder('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect(page.getByRole('button', { name: /\d+ 秒后重新获取/ })).toBeDisabled();
    await expect.poll(() => smsCodeFrom(server.output(), phone)).toMatch(/^\d{6}$/);
    const code = smsCodeFrom(server.output(), phone) as string;

    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByPlaceholder('请输入验证码').fill(wrong);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('验证码错误').first()).toBeVisible();

    await page.getByPlaceholder('请输入验证码').fill(code);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('登录成功！')).toBeVisible();
    await expect(page).toHaveURL(/#\/welcome/);
    await expect(page.getByTestId('current-user')).toContainText('王建国');
  });
});
