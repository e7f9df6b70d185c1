/**
 * Changing the password in the browser. It runs on a server of its own: the demo admin's password
 * changes, which the other tests of this worker rely on.
 */
import { DEMO_PASSWORDS, expect, test } from '../fixtures';
import { CONSOLE, loginAs, submitLogin } from './helpers';

test('security tab: a changed password is the only one that logs in, and the other sessions end', async ({
  browser,
  startServer,
}) => {
  // A server of its own: its start (migrations, demo content) takes long on a busy machine.
  test.setTimeout(180_000);
  const { url } = await startServer();
  const mine = await browser.newContext({ baseURL: url });
  const elsewhere = await browser.newContext({ baseURL: url });
  const page = await mine.newPage();
  const other = await elsewhere.newPage();
  const newPassword = 'Xq7-changed-Passw0rd';

  await loginAs(other, 'admin', DEMO_PASSWORDS.admin);
  await loginAs(page, 'admin', DEMO_PASSWORDS.admin);
  await page.goto(`${CONSOLE}#/account/settings`);
  await page.getByRole('tab', { name: '安全设置' }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: '账户密码' })
    .getByRole('button', { name: '修改' })
    .click();

  const dialog = page.getByRole('dialog', { name: '修改密码' });
  await dialog.getByLabel('当前密码').fill('not-my-password-1');
  await dialog.getByLabel('新密码', { exact: true }).fill(newPassword);
  await dialog.getByLabel('确认新密码').fill(newPassword);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('当前密码不正确')).toBeVisible();

  await dialog.getByLabel('当前密码').fill(DEMO_PASSWORDS.admin);
  await dialog.getByLabel('确认新密码').fill(`${newPassword}x`);
  await expect(dialog.getByText('两次输入的密码不一致！')).toBeVisible();
  await dialog.getByLabel('确认新密码').fill(newPassword);
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('密码已修改')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('listitem').filter({ hasText: '账户密码' })).toContainText('当前密码强度：强');

  // The other browser's session is over: its next request sends it to the login page.
  await other.reload();
  await expect(other).toHaveURL(/#\/login/);
  await expect(other.getByRole('button', { name: /登\s*录/ })).toBeVisible();

  // This browser keeps its session.
  await page.reload();
  await expect(page.getByRole('tab', { name: '安全设置' })).toBeVisible();
  await expect(page).toHaveURL(/#\/account\/settings/);

  await submitLogin(other, 'admin', DEMO_PASSWORDS.admin);
  await expect(other.getByText('登录失败，请重试！').first()).toBeVisible();
  await expect(other).toHaveURL(/#\/login/);
  await loginAs(other, 'admin', newPassword);
  await expect(other.getByTestId('current-user')).toContainText('王建国');

  await mine.close();
  await elsewhere.close();
});
