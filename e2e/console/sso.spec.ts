import {
  inquireCurrentAccountEmployeeInfoAccount,
  inquireSignInSettingsAdmin,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import { type OidcStandIn, startOidcProvider } from '../../apps/server/test/oidc-provider';
import { CONSOLE, callAction, expect, loginAsAdmin, shotsIn, test } from '../cms/cms-test';

const shots = shotsIn('sso', 300);

let idp: OidcStandIn | undefined;

test.afterAll(async () => idp?.close());

test('configure 登录方式, then a new colleague signs in through the company’s provider and lands in the console', async ({
  page,
  server,
}) => {
  // Three sign-ins through the provider's pages and two visits to 登录方式: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  idp = await startOidcProvider([`${server.url}/auth/oidc/callback`]);
  idp.users.set('zhang.san', { name: '张三', groups: ['staff', 'web-editors'] });

  await loginAsAdmin(page);
  await page.goto(`${CONSOLE}#/site/sign-in`);
  await expect(page.getByText('企业账号登录（OIDC）')).toBeVisible();
  await expect(page.getByText(`${server.url}/auth/oidc/callback`)).toBeVisible();
  await page.getByLabel('启用企业账号登录').click();
  await page.getByLabel('签发方地址（Issuer）').fill(idp.issuer);
  await page.getByLabel('客户端 ID').fill(idp.clientId);
  await page.getByLabel('客户端密钥').fill(idp.clientSecret);
  await page.getByLabel('授权范围（scope）').fill('openid profile email groups');
  await page.getByLabel('自动创建账号').click();
  await page.getByLabel('新账号加入的单位').click();
  await page.getByTitle('悦讯科技').click();
  await page.getByRole('button', { name: '添加规则' }).click();
  await page.getByLabel('用户组', { exact: true }).fill('web-editors');
  await page.getByLabel('角色', { exact: true }).click();
  await page.getByTitle('内容编辑').click();
  // The OIDC form's 保存 (the first; each scan-login card below has its own).
  await page
    .getByRole('button', { name: /保\s*存/ })
    .first()
    .click();
  await expect(page.getByText('登录方式已保存')).toBeVisible();
  // The secret is not shown again.
  await expect(page.getByText('已保存，留空表示不变')).toBeVisible();
  await expect(page.getByLabel('客户端密钥')).toHaveValue('');
  await shots(page, '1-sign-in-methods');

  // Signed out, the login page offers the company account.
  await page.context().clearCookies();
  await page.goto(`${CONSOLE}#/login`);
  const sso = page.getByRole('link', { name: '企业账号登录' });
  await expect(sso).toBeVisible();
  await shots(page, '2-login-page');

  // The provider's own login page, then back in the console as the new colleague.
  await sso.click();
  await page.getByPlaceholder('Enter any login').fill('zhang.san');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page).toHaveURL(/#\/welcome/);
  await expect(page.getByText('张三').first()).toBeVisible();
  await shots(page, '3-signed-in');
  // The group's role: 内容编辑 sees 内容管理, not 销售线索.
  const me = await callAction(page.request, inquireCurrentAccountEmployeeInfoAccount, {});
  expect(me.datas[0]).toMatchObject({ name: '张三', roleName: '内容编辑' });

  // An identity the provider vouches for but that is linked to nobody, once JIT is off: refused.
  await page.context().clearCookies();
  await loginAsAdmin(page);
  const { version: v1 } = (await callAction(page.request, inquireSignInSettingsAdmin, {})).datas[0];
  const jitOff = await callAction(page.request, updateSignInSettingsAdmin, {
    enabled: 'true',
    issuer: idp.issuer,
    clientId: idp.clientId,
    scopes: 'openid profile email groups',
    jit: 'false',
    ssoRequired: 'false',
    version: v1,
  });
  expect(jitOff.success).toBe(true);
  await page.context().clearCookies();
  await page.goto(`${CONSOLE}#/login`);
  await page.getByRole('link', { name: '企业账号登录' }).click();
  await page.getByPlaceholder('Enter any login').fill('zhao.liu');
  await page.getByPlaceholder('and password').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await expect(page.getByText('该企业账号尚未绑定', { exact: false })).toBeVisible();

  // 登录方式 shows both, and 测试连接 what the provider published.
  await loginAsAdmin(page);
  await page.goto(`${CONSOLE}#/site/sign-in`);
  const log = page.locator('.ant-card', { hasText: '最近的企业账号登录' });
  await expect(log.getByRole('row', { name: /zhao\.liu/ })).toContainText('未绑定悦讯账号');
  await expect(log.getByRole('row', { name: /zhang\.san/ })).toContainText('成功');
  await expect(log.getByRole('row', { name: /zhang\.san/ })).toContainText('张三');
  await page.getByRole('button', { name: '测试连接' }).first().click();
  await expect(page.getByText(/连接正常：已读取配置和签名公钥/)).toBeVisible();
  await expect(page.getByText(`${idp.issuer}/token`, { exact: false }).first()).toBeVisible();
  await shots(page, '4-test-and-log');
  await page.getByLabel('签发方地址（Issuer）').fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: '测试连接' }).first().click();
  await expect(page.getByText(/无法读取签发方的/)).toBeVisible();

  // Back as it was for the other specs on this server.
  const { version } = (await callAction(page.request, inquireSignInSettingsAdmin, {})).datas[0];
  const off = await callAction(page.request, updateSignInSettingsAdmin, {
    enabled: 'false',
    jit: 'false',
    ssoRequired: 'false',
    version,
  });
  expect(off.success).toBe(true);
});
