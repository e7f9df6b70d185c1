/**
 * 站点设置 (issue 15 acceptance): a bad phone or e-mail is refused under its field and nothing changes;
 * a save of the hotline, address and ICP/公安备案 numbers shows on the footer, 联系我们 and 服务支持 (one
 * source), on the embedded database and on PostgreSQL. Screenshots of the console page and 联系我们 at
 * 1440 and 375 px.
 */
import type { Page } from '@playwright/test';
import { actionPath, inquireSiteSettingsAdmin, loginAccount, SITE_ID } from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/accounts';
import { DEMO_PASSWORDS, withPostgresDatabase } from '../fixtures';
import { CONSOLE, callAction, expect, loginAsAdmin, SCREENSHOT_DIR, test } from './cms-test';

const hotline = '400-600-2026';
const address = '浙江省宁波市鄞州区天童南路 588 号';
const icp = '浙ICP备20269999号-3';
const police = '浙公网安备33021202001234号';

/** The whole story against the server at `base`, signed in as its demo admin. */
const changeContacts = async (page: Page, base: string, password: string, shots: string) => {
  const login = await page.request.post(`${base}${actionPath(loginAccount)}`, {
    form: { siteId: SITE_ID, loginType: 'account', username: 'admin', password },
  });
  expect((await login.json()).success).toBe(true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${base}${CONSOLE}#/site/settings`);
  const hotlineField = page.getByLabel('服务热线', { exact: true });
  // The page's chunk and the settings load first (slow on a busy machine).
  await expect(hotlineField).toHaveValue('400-826-7588', { timeout: 30_000 });
  // Another test on the same server may have saved the settings already: one save is one version more.
  const loaded = Number((await page.getByText(/当前版本：\d+/).textContent())?.match(/\d+/)?.[0]);
  await page.screenshot({ path: `${shots}-settings-1440.png`, fullPage: true });

  // Invalid input: the contract's message under the field, nothing saved.
  await hotlineField.fill('客服电话');
  await page.getByLabel('电子邮箱').fill('service@');
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('服务热线格式不正确')).toBeVisible();
  await expect(page.getByText('邮箱格式不正确')).toBeVisible();
  expect(await (await page.request.get(`${base}/service`)).text()).toContain('400-826-7588');

  await hotlineField.fill(hotline);
  await page.getByLabel('电子邮箱').fill('hello@yuexun.example.cn');
  await page.getByLabel('公司地址').fill(address);
  await page.getByLabel('ICP 备案号').fill(icp);
  await page.getByLabel('公安备案号').fill(police);
  await page.getByRole('button', { name: /保\s?存/ }).click();
  await expect(page.getByText('站点设置已保存，网站页面已更新')).toBeVisible();
  await expect(page.getByText(`当前版本：${loaded + 1}`)).toBeVisible();

  for (const path of ['/home', '/companyProfile/4', '/service']) {
    await page.goto(`${base}${path}`);
    const footer = page.locator('.site-footer');
    await expect(footer.getByRole('link', { name: hotline })).toHaveAttribute('href', 'tel:4006002026');
    await expect(footer).toContainText(address);
    await expect(footer.getByRole('link', { name: icp })).toHaveAttribute(
      'href',
      'https://beian.miit.gov.cn/',
    );
    await expect(footer.getByRole('link', { name: police })).toHaveAttribute(
      'href',
      'https://beian.mps.gov.cn/#/query/webSearch?code=33021202001234',
    );
    await expect(page.locator('body')).not.toContainText('400-826-7588');
    if (path !== '/home') {
      const card = page.locator('.contact-card');
      await expect(card).toContainText(hotline);
      await expect(card).toContainText(address);
    }
  }
  await page.goto(`${base}/companyProfile/4`);
  await page.screenshot({ path: `${shots}-contact-1440.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}-contact-375.png`, fullPage: true });
  await page.goto(`${base}${CONSOLE}#/site/settings`);
  await expect(page.getByLabel('服务热线', { exact: true })).toHaveValue(hotline);
  await page.screenshot({ path: `${shots}-settings-375.png`, fullPage: true });
};

test('site settings on PGlite: a bad phone is refused under its field; a good save shows on footer, 联系我们 and 服务支持', async ({
  page,
  server,
}) => {
  // Three pages on two screen widths after the console: more than the default minute on a busy machine.
  test.slow();
  await changeContacts(page, server.url, TEST_PASSWORDS.adminPassword, `${SCREENSHOT_DIR}/site`);
});

test('site settings on PostgreSQL: a bad phone is refused under its field; a good save shows on footer, 联系我们 and 服务支持', async ({
  page,
  startServer,
}) => {
  test.setTimeout(240_000);
  await withPostgresDatabase('settings', async (url) => {
    const started = await startServer({ DATABASE_URL: url });
    await changeContacts(page, started.url, DEMO_PASSWORDS.admin, `${SCREENSHOT_DIR}/site-postgres`);
  });
});

test('审核发布: 允许审核自己的提交 is a switch in 站点设置; on is saved as allowed, off as blank', async ({
  page,
}) => {
  await loginAsAdmin(page);
  const saved = async () =>
    (await callAction(page.request, inquireSiteSettingsAdmin, {})).datas[0].reviewSelfApproval as string;
  expect(await saved()).toBe('');
  await page.goto(`${CONSOLE}#/site/settings`);
  const selfApproval = page.getByRole('switch', { name: '允许审核自己的提交' });
  await expect(selfApproval).not.toBeChecked({ timeout: 30_000 });
  await expect(page.getByText('关闭时须由另一位有发布权限的同事审核')).toBeVisible();
  for (const [on, value] of [
    [true, 'allowed'],
    [false, ''],
  ] as const) {
    await selfApproval.click();
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await expect.poll(saved).toBe(value);
    await page.reload();
    if (on) {
      await expect(page.getByRole('switch', { name: '允许审核自己的提交' })).toBeChecked();
      for (const width of [1440, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await selfApproval.scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SCREENSHOT_DIR}/site-settings-review-${width}.png` });
      }
    } else await expect(page.getByRole('switch', { name: '允许审核自己的提交' })).not.toBeChecked();
  }
});
