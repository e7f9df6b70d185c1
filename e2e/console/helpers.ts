/** Console e2e helpers: log in through the real login page, read SMS codes from the server's log. */
import type { Page } from '@playwright/test';
import { actionPath, inquireCurrentAccountEmployeeInfoAccount, SITE_ID } from '@yuexun/contract';
import { DEMO_PASSWORDS, expect } from '../fixtures';

export const CONSOLE = '/home/2.0/login/';

/** Fills the account tab of the login page and submits; the caller checks the outcome. */
export const submitLogin = async (page: Page, username: string, password: string, hash = '#/login') => {
  await page.goto(`${CONSOLE}${hash}`);
  await page.getByPlaceholder('手机号或用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
};

export const loginAs = async (page: Page, username: string, password: string, hash = '#/login') => {
  await submitLogin(page, username, password, hash);
  await expect(page.getByText('登录成功！').last()).toBeVisible();
  // The page moves on by itself after the toast; wait for it so a test's own navigation is not overtaken.
  await page.waitForURL((url) => !url.hash.startsWith('#/login'));
};

export const loginWithPassword = (page: Page, who: 'admin' | 'user', hash = '#/login') =>
  loginAs(page, who, DEMO_PASSWORDS[who], hash);

/** The latest code the `log` SMS provider wrote for a phone (pino JSON lines on stdout). */
export const smsCodeFrom = (output: string, phone: string) => {
  const codes = output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; phone?: string; code?: string };
      } catch {
        return {};
      }
    })
    .filter((l) => l.msg === 'sms code (log provider)' && l.phone === phone)
    .map((l) => l.code);
  return codes.at(-1);
};

/** The ProLayout side menu. */
export const sideMenu = (page: Page) => page.locator('.ant-pro-sider-menu, .ant-layout-sider').first();

/** The latest backup-e-mail code the log mailer wrote for an address (no SMTP server configured). */
export const emailCodeFrom = (output: string, email: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as { msg?: string; email?: string; code?: string };
      } catch {
        return {};
      }
    })
    .filter((l) => l.msg === 'email code (log mailer)' && l.email === email)
    .map((l) => l.code)
    .at(-1);

/**
 * 切换单位 in the avatar menu to `unit` (the vendor's staff start at the vendor; a test of a school's own
 * pages, such as teacher registrations, goes to the school as a person does).
 */
export const switchUnit = async (page: Page, unit: string) => {
  // The session's unit as the server has it: the 已切换到 toast stays 3 s, and on a busy machine the three
  // requests before it may take longer than a look at the screen allows; a unit already current shows none.
  const currentUnit = async () => {
    const res = await page.request.post(actionPath(inquireCurrentAccountEmployeeInfoAccount), {
      form: { siteId: SITE_ID },
    });
    return ((await res.json()) as { datas?: { tenantName?: string }[] }).datas?.[0]?.tenantName;
  };
  // The menu opens on hover and may close again while it animates on a busy machine, so a pick can be lost
  // (CI saw the unit unchanged 30 s after a pick that "succeeded"): a person looks and picks again, as this does.
  await expect(async () => {
    if ((await currentUnit()) !== unit) {
      await page.getByTestId('current-user').hover();
      await page.getByRole('menuitem', { name: unit }).click({ timeout: 3_000 });
    }
    await expect.poll(currentUnit, { timeout: 8_000 }).toBe(unit);
  }).toPass({ timeout: 60_000 });
  // Then 欢迎 of the new unit, loaded afresh, so the menu the test goes on with is the new unit's.
  await page.goto(`${CONSOLE}#/welcome`);
  await page.reload();
  await expect(page.getByTestId('current-user')).toBeVisible();
};
