/**
 * Account settings beyond the basic form: the security tab saves through the server, and what it saved is
 * still there after a reload; 账号绑定 lists the real sign-in bindings (none yet), not the template's made-up
 * 淘宝/支付宝 ones, and the template's notification tab is not shown.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { CONSOLE, emailCodeFrom, loginWithPassword } from './helpers';

const openTab = async (page: Page, tab: '安全设置') => {
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

test('账号绑定 lists the real company-account bindings (none yet), no made-up 淘宝/支付宝; no 新消息通知 for a 站内信 that does not exist', async ({
  page,
}) => {
  await loginWithPassword(page, 'user');
  // The template's own key (binding) is not ours: 基本设置 opens.
  await page.goto(`${CONSOLE}#/account/settings?tab=binding`);
  await expect(page.getByRole('tab', { name: '基本设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: '安全设置' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '新消息通知' })).toHaveCount(0);
  await page.getByRole('tab', { name: '账号绑定' }).click();
  await expect(page.getByRole('heading', { name: '账号绑定' })).toBeVisible();
  await expect(page.getByText('尚未绑定任何企业账号')).toBeVisible();
  await expect(page).toHaveURL(/#\/account\/settings\?tab=bindings$/);
  await expect(page.getByText('绑定淘宝')).toHaveCount(0);
  await expect(page.getByText('支付宝')).toHaveCount(0);
});

test('?tab= opens that tab (the site menu’s 安全中心), an unknown tab opens 基本设置, switching updates the address', async ({
  page,
}) => {
  await loginWithPassword(page, 'user');
  await page.goto(`${CONSOLE}#/account/settings?tab=security`);
  await expect(page.getByRole('tab', { name: '安全设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: '安全设置' })).toBeVisible();

  await page.getByRole('tab', { name: '登录会话' }).click();
  await expect(page).toHaveURL(/#\/account\/settings\?tab=sessions$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: '登录会话' })).toHaveAttribute('aria-selected', 'true');

  await page.goto(`${CONSOLE}#/account/settings?tab=nonsense`);
  await expect(page.getByRole('tab', { name: '基本设置' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('昵称')).toBeVisible();
});
