/**
 * Two-step verification in the browser (issue 17): bind an authenticator on the security tab (the test
 * computes codes from the secret the page shows, as an app would), sign out, sign in with password + code on
 * the login page's second step; a recovery code works once. Screenshots of the security tab, the enrolment,
 * the session list and the login's second step at 1440 and 375 px, in zh-CN and en-US.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { actionPath, createStaffTenant, logout, SITE_ID } from '@yuexun/contract';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORDS, expect, test } from '../fixtures';
import { CONSOLE, loginWithPassword, submitLogin, switchUnit } from './helpers';

const SCREENSHOTS = join(tmpdir(), 'yuexun-screenshots', 'mfa17');

/** What an authenticator app would show `steps` periods from now. */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const shoot = async (page: Page, name: string) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [375, 812],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
};

/** A colleague with an initial password, made by the admin through the real action. */
const newColleague = async (page: Page, name: string, phone: string) => {
  await loginWithPassword(page, 'admin');
  // A 教职工 of 悦讯实验学校 (the vendor's admin starts at the vendor).
  await switchUnit(page, '悦讯实验学校');
  const made = await page.request.post(actionPath(createStaffTenant), {
    form: { siteId: SITE_ID, name, phone, access: 'user', credential: 'password' },
  });
  const { initialPassword } = (await made.json()).datas[0];
  await page.request.post(actionPath(logout), { form: { siteId: SITE_ID } });
  return initialPassword as string;
};

const signOut = async (page: Page) => {
  const res = await page.request.post(actionPath(logout), { form: { siteId: SITE_ID } });
  expect((await res.json()).success).toBe(true);
};

const firstStep = async (page: Page, username: string, password: string, submit = /登\s*录/) => {
  await page.goto(`${CONSOLE}#/login`);
  await page.getByRole('textbox').first().fill(username);
  await page.locator('input[type="password"]').fill(password);
  await page.getByRole('button', { name: submit }).click();
};

test('bind an authenticator, sign out, sign in with password + code; a recovery code works once', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const phone = '13655550017';
  const password = await newColleague(page, '两步验证', phone);

  await firstStep(page, phone, password);
  await expect(page.getByText('登录成功！').last()).toBeVisible();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(`${CONSOLE}#/account/settings?tab=security`);
  const mfa = page.getByRole('listitem').filter({ hasText: 'MFA 设备' });
  await expect(mfa).toContainText('未绑定 MFA 设备');
  await shoot(page, 'security-tab-zh-CN');

  await mfa.getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定 MFA 设备' });
  await expect(dialog.getByRole('img', { name: '验证器二维码' })).toBeVisible();
  const secret = (await dialog.getByTestId('mfa-secret').textContent()) ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
  await shoot(page, 'totp-enrolment-zh-CN');
  await dialog.getByLabel('动态码').fill('12345');
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('动态码为 6 位数字')).toBeVisible();
  await dialog.getByLabel('动态码').fill(codeAt(secret));
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  const codes = page.getByTestId('mfa-recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = (await codes.allTextContents()).map((c) => c.trim());
  await shoot(page, 'recovery-codes-zh-CN');
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect(mfa).toContainText('已绑定验证器，登录时需输入动态码；剩余恢复码 10 个');

  // Signed out, the password alone no longer opens the console.
  await signOut(page);
  await firstStep(page, phone, password);
  await expect(page.getByRole('heading', { name: '两步验证' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);
  await shoot(page, 'login-second-step-zh-CN');
  await page.getByLabel('动态码').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: /验证并登录/ }).click();
  await expect(page.getByText('登录成功！').last()).toBeVisible();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));

  // A recovery code instead of the phone: once.
  await signOut(page);
  await firstStep(page, phone, password);
  await page.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await page.getByLabel('恢复码').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: /验证并登录/ }).click();
  await expect(page.getByText('登录成功！').last()).toBeVisible();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(`${CONSOLE}#/account/settings?tab=security`);
  await expect(mfa).toContainText('剩余恢复码 9 个');

  await signOut(page);
  await firstStep(page, phone, password);
  await page.getByRole('button', { name: '手机不在身边？使用恢复码' }).click();
  await page.getByLabel('恢复码').fill(recovery[0] ?? '');
  await page.getByRole('button', { name: /验证并登录/ }).click();
  await expect(page.getByRole('alert').filter({ hasText: '恢复码不正确或已使用过' })).toBeVisible();
  await expect(page).toHaveURL(/#\/login/);

  // Back to the first step; the school's admin reads all of it in words on 员工管理 → 操作日志.
  await page.getByRole('button', { name: '返回重新登录' }).click();
  await expect(page.getByPlaceholder('手机号或用户名')).toBeVisible();
  await submitLogin(page, 'admin', DEMO_PASSWORDS.admin);
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await switchUnit(page, '悦讯实验学校');
  await page.goto(`${CONSOLE}#/userManagement/staff`);
  await expect(page.getByRole('row').filter({ hasText: phone })).toContainText('两步验证');
  await page.getByRole('button', { name: '操作日志' }).click();
  const log = page.getByTestId('staff-audit-row');
  await expect(log.filter({ hasText: '用恢复码登录 两步验证「两步验证」' })).toHaveCount(1);
  await expect(log.filter({ hasText: '绑定 MFA 设备 两步验证「两步验证」' })).toHaveCount(1);
  await shoot(page, 'staff-audit-log-zh-CN');

  // The phone is lost and so are the codes: the admin resets the colleague's two-step verification.
  await page.keyboard.press('Escape');
  const row = page.getByRole('row').filter({ hasText: phone });
  await row.getByRole('button', { name: '重置两步验证' }).click();
  await expect(page.getByText('重置「两步验证」的两步验证？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已重置两步验证').last()).toBeVisible();
  await expect(row.getByRole('button', { name: '重置两步验证' })).toHaveCount(0);
  await shoot(page, 'staff-mfa-reset-zh-CN');
  await signOut(page);
  await firstStep(page, phone, password);
  await expect(page.getByText('登录成功！').last()).toBeVisible();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
});

test('en-US: the security tab, enrolment, session list and second step', async ({
  page: admin,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const phone = '13655550018';
  const password = await newColleague(admin, 'Lin Two-Step', phone);
  const context = await browser.newContext({ baseURL, locale: 'en-US' });
  // As script text: the e2e typecheck has no DOM lib.
  await context.addInitScript("localStorage.setItem('umi_locale', 'en-US')");
  const page = await context.newPage();

  await firstStep(page, phone, password, /Log in/);
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(`${CONSOLE}#/account/settings?tab=security`);
  const mfa = page.getByRole('listitem').filter({ hasText: 'MFA device' });
  await expect(mfa).toBeVisible();
  await shoot(page, 'security-tab-en-US');
  await mfa.getByRole('button', { name: /bind/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Bind an MFA device' });
  const secret = (await dialog.getByTestId('mfa-secret').textContent()) ?? '';
  await shoot(page, 'totp-enrolment-en-US');
  await dialog.getByLabel('Code').fill(codeAt(secret));
  await dialog.getByRole('button', { name: /save/i }).click();
  await expect(page.getByTestId('mfa-recovery-codes').getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(mfa).toContainText('Authenticator bound');

  await page.goto(`${CONSOLE}#/account/settings?tab=sessions`);
  await expect(page.getByTestId('session-item').first()).toBeVisible();
  await shoot(page, 'sessions-en-US');

  await signOut(page);
  await firstStep(page, phone, password, /Log in/);
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await shoot(page, 'login-second-step-en-US');
  await page.getByLabel('Code').fill(codeAt(secret, 1));
  await page.getByRole('button', { name: /Verify and sign in/ }).click();
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await context.close();
});

test('zh-CN session list (two browsers) for the screenshots', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const phone = '13655550019';
  const password = await newColleague(page, '会话截图', phone);
  const second = await browser.newContext({
    baseURL,
    locale: 'zh-CN',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });
  const other = await second.newPage();
  await firstStep(other, phone, password);
  await other.waitForURL((url) => !url.hash.startsWith('#/login'));
  await firstStep(page, phone, password);
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
  await page.goto(`${CONSOLE}#/account/settings?tab=sessions`);
  await expect(page.getByTestId('session-item')).toHaveCount(2);
  await shoot(page, 'sessions-zh-CN');
  await second.close();
});

test('角色管理 requires two-step verification of a role: its member binds an authenticator while signing in', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const phone = '13655550027';
  const password = await newColleague(page, '角色要求', phone);
  await loginWithPassword(page, 'admin');
  await switchUnit(page, '悦讯实验学校');
  await page.getByRole('menuitem', { name: /用户管理/ }).click();
  await page.getByRole('menuitem', { name: /角色管理/ }).click();
  const staffRow = page.getByRole('row').filter({ hasText: '教职工' });
  const toggle = staffRow.getByRole('switch', { name: '「教职工」要求两步验证' });
  await expect(toggle).not.toBeChecked();
  await toggle.click();
  await expect(page.getByText('已要求「教职工」的员工使用两步验证').last()).toBeVisible();
  await expect(toggle).toBeChecked();
  await shoot(page, 'roles-mfa-required-zh-CN');
  try {
    const context = await browser.newContext({ baseURL, locale: 'zh-CN' });
    const colleague = await context.newPage();
    await firstStep(colleague, phone, password);
    await expect(
      colleague.getByText('本单位要求您的角色开启两步验证。请先绑定验证器，再继续登录。'),
    ).toBeVisible();
    const secret = (await colleague.getByTestId('mfa-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    await shoot(colleague, 'login-enrolment-zh-CN');
    await colleague.getByLabel('动态码').fill(codeAt(secret));
    await colleague.getByRole('button', { name: /验证并登录/ }).click();
    await expect(colleague.getByTestId('mfa-recovery-codes').getByRole('listitem')).toHaveCount(10);
    await colleague.getByRole('button', { name: '我已保存，进入后台' }).click();
    await colleague.waitForURL((url) => !url.hash.startsWith('#/login'));
    await colleague.goto(`${CONSOLE}#/account/settings?tab=security`);
    await expect(colleague.getByRole('listitem').filter({ hasText: 'MFA 设备' })).toContainText(
      '已绑定验证器',
    );
    await context.close();
  } finally {
    // The worker's server is shared with later tests: the demo staff sign in with the password alone again.
    await page.goto(`${CONSOLE}#/userManagement/roles`);
    if (await toggle.isChecked()) await toggle.click();
    await expect(toggle).not.toBeChecked();
  }
});
