/**
 * Account settings beyond the basic form: the security, binding and notification tabs each save through
 * the server, and what they saved is still there after a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CONSOLE, emailCodeFrom, loginWithPassword } from './helpers';

const openTab = async (page: Page, tab: '安全设置' | '账号绑定' | '新消息通知') => {
  await page.getByRole('tab', { name: tab }).click();
  await expect(page.getByRole('heading', { name: tab })).toBeVisible();
};

/** One entry of a settings list (security items, bindings, notifications), found by its title. */
const item = (page: Page, title: string) => page.getByRole('listitem').filter({ hasText: title });

const SAVE = { name: /保\s*存/ };

test('security tab: security question and a backup email proven by its code are saved and survive a reload', async ({
  page,
  server,
}) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/account/settings`);
  await openTab(page, '安全设置');
  await expect(item(page, '账户密码')).toContainText('当前密码强度：');
  await expect(item(page, '密保手机')).toContainText('已绑定手机：138****0002');

  await expect(item(page, '密保问题')).toContainText('未设置密保问题');
  await item(page, '密保问题').getByRole('button', { name: '设置' }).click();
  const question = page.getByRole('dialog', { name: '密保问题' });
  await question.getByRole('button', SAVE).click();
  await expect(question.getByText('请输入问题')).toBeVisible();
  await question.getByLabel('问题').fill('我的小学班主任姓什么？');
  await question.getByLabel('答案').fill('周');
  await question.getByRole('button', SAVE).click();
  await expect(question).toBeHidden();
  await expect(item(page, '密保问题')).toContainText('已设置密保问题：我的小学班主任姓什么？');

  // The backup e-mail is set only by the code sent there (no SMTP here: the server logs it).
  await expect(item(page, '备用邮箱')).toContainText('未绑定备用邮箱');
  await item(page, '备用邮箱').getByRole('button', { name: '设置' }).click();
  const email = page.getByRole('dialog', { name: '备用邮箱' });
  await email.getByLabel('备用邮箱').fill('not-an-email');
  await email.getByRole('button', { name: '发送验证码' }).click();
  await expect(email.getByText('不是一个有效的邮箱')).toBeVisible();
  await email.getByLabel('备用邮箱').fill('xiaomei.backup@example.edu.cn');
  await email.getByRole('button', { name: '发送验证码' }).click();
  await expect(email.getByRole('button', { name: /秒后重新获取/ })).toBeDisabled();
  let code: string | undefined;
  await expect
    .poll(() => (code = emailCodeFrom(server.output(), 'xiaomei.backup@example.edu.cn')))
    .toMatch(/^\d{6}$/);
  await email.getByLabel('邮件中的验证码').fill(code === '000000' ? '111111' : '000000');
  await email.getByRole('button', SAVE).click();
  await expect(email.getByText('邮箱验证码不正确或已过期，请重新获取')).toBeVisible();
  await email.getByLabel('邮件中的验证码').fill(code ?? '');
  await email.getByRole('button', SAVE).click();
  await expect(email).toBeHidden();
  await expect(item(page, '备用邮箱')).toContainText('已绑定邮箱：xiaomei.backup@example.edu.cn');
  await expect(item(page, 'MFA 设备')).toContainText('未绑定 MFA 设备');

  await page.reload();
  await openTab(page, '安全设置');
  await expect(item(page, '密保问题')).toContainText('已设置密保问题：我的小学班主任姓什么？');
  await expect(item(page, '备用邮箱')).toContainText('已绑定邮箱：xiaomei.backup@example.edu.cn');
});

test('binding tab: binding and unbinding an account are saved and survive a reload', async ({ page }) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/account/settings`);
  await openTab(page, '账号绑定');
  const wechat = item(page, '绑定微信');
  await expect(wechat).toContainText('当前未绑定微信账号');

  await wechat.getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定微信' });
  await dialog.getByLabel('账号').fill('xiaomei_wx');
  await dialog.getByRole('button', SAVE).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(wechat).toContainText('已绑定：xiaomei_wx');
  await expect(item(page, '绑定钉钉')).toContainText('当前未绑定钉钉账号');

  await page.reload();
  await openTab(page, '账号绑定');
  await expect(wechat).toContainText('已绑定：xiaomei_wx');

  await wechat.getByRole('button', { name: '解绑' }).click();
  await expect(wechat).toContainText('当前未绑定微信账号');
  await page.reload();
  await openTab(page, '账号绑定');
  await expect(wechat).toContainText('当前未绑定微信账号');
  await expect(wechat.getByRole('button', { name: '绑定' })).toBeVisible();
});

test('notification tab: each switch is saved on its own and survives a reload', async ({ page }) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/account/settings`);
  await openTab(page, '新消息通知');
  const others = page.getByRole('switch', { name: '他人消息' });
  const system = page.getByRole('switch', { name: '系统消息' });
  const todo = page.getByRole('switch', { name: '待办任务' });
  for (const s of [others, system, todo]) await expect(s).toBeChecked();

  await system.click();
  await expect(system).not.toBeChecked();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await todo.click();
  await expect(todo).not.toBeChecked();

  await page.reload();
  await openTab(page, '新消息通知');
  await expect(others).toBeChecked();
  await expect(system).not.toBeChecked();
  await expect(todo).not.toBeChecked();

  await system.click();
  await expect(system).toBeChecked();
  await page.reload();
  await openTab(page, '新消息通知');
  await expect(system).toBeChecked();
  await expect(todo).not.toBeChecked();
});

test('?tab= opens that tab (the site menu’s 安全中心), an unknown tab opens 基本设置, switching updates the address', async ({
  page,
}) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/account/settings?tab=security`);
  await expect(page.getByRole('tab', { name: '安全设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: '安全设置' })).toBeVisible();

  await page.getByRole('tab', { name: '新消息通知' }).click();
  await expect(page.getByRole('heading', { name: '新消息通知' })).toBeVisible();
  await expect(page).toHaveURL(/#\/account\/settings\?tab=notification$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: '新消息通知' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(`${CONSOLE}#/account/settings?tab=nonsense`);
  await expect(page.getByRole('tab', { name: '基本设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('昵称')).toBeVisible();
});
