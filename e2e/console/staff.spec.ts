/**
 * Staff management in the browser: the admin adds a colleague with an invitation link, the colleague
 * sets a password through it and signs in; disabling ends that browser's session at its next request,
 * re-enabling lets the colleague sign in again; a used link shows a clear page.
 */
import {
  actionPath,
  createStaffTenant,
  inquireCurrentAccountEmployeeInfoAccount,
  SITE_ID,
} from '@yuexun/contract';
import { expect, test } from '../fixtures';
import { CONSOLE, loginAs, loginWithPassword } from './helpers';

const PHONE = '13655550001';
const PASSWORD = 'Colleague-2026x';

test('invite a colleague, who sets a password; disable ends their session, enable lets them back', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loginWithPassword(page, 'admin');
  await page.goto(`${CONSOLE}#/userManagement/staff`);
  await page.getByRole('button', { name: '新建员工' }).click();
  const form = page.getByRole('dialog', { name: '新建员工' });
  await form.getByLabel('姓名').fill('林编辑');
  await form.getByLabel('手机号').fill(PHONE);
  await form.getByLabel('邮箱').fill('lin@example.cn');
  await form.getByRole('button', { name: /保\s*存/ }).click();
  const once = page.getByRole('dialog', { name: /请立即复制并发给林编辑/ });
  const link = (await once.getByTestId('once-value').first().innerText()).trim();
  expect(link).toContain('#/user/password?token=');
  await once.getByRole('button', { name: '我已复制' }).click();
  await expect(page.getByRole('row', { name: /林编辑/ })).toContainText('未设置密码');

  const colleague = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const other = await colleague.newPage();
  await other.goto(link);
  await expect(other.getByText(`林编辑，您的登录账号是 ${PHONE}。`)).toBeVisible();
  await other.getByLabel('新密码', { exact: true }).fill(PASSWORD);
  await other.getByLabel('确认新密码').fill(PASSWORD);
  await other.getByRole('button', { name: /设置密码/ }).click();
  await expect(other.getByText('密码已设置，请用新密码登录。')).toBeVisible();

  // The same link again (the page is still at its address): a clear page, nothing to submit.
  await other.reload();
  await expect(other.getByText('链接已使用过：请直接登录，忘记密码请联系管理员重置')).toBeVisible();
  await expect(other.getByRole('button', { name: /设置密码/ })).toHaveCount(0);

  await loginAs(other, PHONE, PASSWORD);
  const whoAmI = () =>
    other.request.post(actionPath(inquireCurrentAccountEmployeeInfoAccount), { form: { siteId: SITE_ID } });
  expect((await (await whoAmI()).json()).datas[0].name).toBe('林编辑');

  await page.reload();
  const row = page.getByRole('row', { name: /林编辑/ });
  await row.getByRole('button', { name: /停\s*用/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toContainText('已停用');
  expect((await (await whoAmI()).json()).status).toBe(401);
  await other.reload();
  await expect(other).toHaveURL(/#\/(user\/)?login/);

  await row.getByRole('button', { name: /启\s*用/ }).click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(row).toContainText('正常');
  await loginAs(other, PHONE, PASSWORD);
  expect((await (await whoAmI()).json()).success).toBe(true);
  await colleague.close();
});

test('the session list shows both browsers; ending the other one signs it out', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // A colleague of its own, so that sessions left by other tests on this server do not count.
  await loginWithPassword(page, 'admin');
  const made = await page.request.post(actionPath(createStaffTenant), {
    form: { siteId: SITE_ID, name: '两处登录', phone: '13655550002', access: 'user', credential: 'password' },
  });
  const { initialPassword } = (await made.json()).datas[0];
  const second = await browser.newContext({ baseURL, locale: 'zh-CN' });
  const other = await second.newPage();
  await loginAs(other, '13655550002', initialPassword);
  await loginAs(page, '13655550002', initialPassword);
  await page.goto(`${CONSOLE}#/account/settings`);
  await page.getByRole('tab', { name: '登录会话' }).click();
  const items = page.getByTestId('session-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('当前会话');
  await items
    .nth(1)
    .getByRole('button', { name: /结\s*束/ })
    .click();
  await page
    .getByRole('tooltip')
    .getByRole('button', { name: /确\s*定/ })
    .click();
  await expect(items).toHaveCount(1);
  await other.reload();
  await expect(other).toHaveURL(/#\/(user\/)?login/);
  await expect(page.getByRole('cell', { name: '成功' }).first()).toBeVisible();
  await second.close();
});
