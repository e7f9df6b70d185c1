/**
 * 企业微信 / 钉钉 / 飞书扫码登录 in a browser (issue 36, decision 060), against the platforms' stand-ins on 127.0.0.1
 * (apps/server/test/*-standin.ts): the admin sets up WeCom in 登录方式 (the other two through the API), the login
 * page offers all methods, a new colleague signs in by "scanning" (the stand-in's QR page redirects straight
 * back with a code), and inside WeCom's own browser the login page signs in without a QR code.
 */

import type { APIRequestContext } from '@playwright/test';
import {
  actionPath,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireScanLoginAdmin,
  inquireSignInSettingsAdmin,
  loginAccount,
  type ScanPlatformView,
  SITE_ID,
  updateScanLoginAdmin,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import { startDingtalkStandIn } from '../../apps/server/test/dingtalk-standin';
import { startFeishuStandIn } from '../../apps/server/test/feishu-standin';
import { TEST_PASSWORDS } from '../../apps/server/test/test-passwords';
import { startWecomStandIn } from '../../apps/server/test/wecom-standin';
import { CONSOLE, expect, shotsIn, test } from '../cms/cms-test';

const shots = shotsIn('scan-login', 300);
const WECOM = { corpId: 'ww-e2e', agentId: '1000002', secret: 'wecom-e2e-secret' };
const WXWORK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh';

test('扫码登录: 登录方式 set up, the login page offers every method, and a colleague signs in by WeCom', async ({
  page,
  browser,
  startServer,
}) => {
  test.setTimeout(180_000);
  const wecom = await startWecomStandIn(WECOM);
  const dingtalk = await startDingtalkStandIn({
    corpId: 'ding-e2e',
    clientId: 'dinge2e',
    secret: 'ding-e2e-secret',
  });
  const feishu = await startFeishuStandIn({ appId: 'cli_e2e', secret: 'feishu-e2e-secret' });
  try {
    const server = await startServer({
      WECOM_API_URL: wecom.url,
      WECOM_QR_URL: `${wecom.url}/wwopen/sso/qrConnect`,
      WECOM_OAUTH_URL: `${wecom.url}/connect/oauth2/authorize`,
      DINGTALK_LOGIN_URL: `${dingtalk.url}/oauth2/auth`,
      DINGTALK_API_URL: dingtalk.url,
      DINGTALK_OAPI_URL: dingtalk.url,
      FEISHU_URL: feishu.url,
    });
    const at = (path: string) => `${server.url}${path}`;
    const call = async (request: APIRequestContext, path: string, data: Record<string, unknown>) =>
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
      (await (await request.post(at(path), { data: { siteId: SITE_ID, ...data } })).json()) as any;
    const signInAdmin = async () => {
      const res = await call(page.request, actionPath(loginAccount), {
        loginType: 'account',
        username: 'admin',
        password: TEST_PASSWORDS.adminPassword,
      });
      expect(res.success, JSON.stringify(res)).toBe(true);
    };

    await signInAdmin();
    await page.goto(at(`${CONSOLE}#/site/sign-in`));
    const card = page.locator('[data-platform="wecom"]');
    await expect(card.getByText(`${server.url}/auth/wecom/callback`)).toBeVisible();
    await card.getByLabel('企业微信 启用').click();
    await card.getByLabel('企业 ID（CorpID）').fill(WECOM.corpId);
    await card.getByLabel('应用 AgentId').fill(WECOM.agentId);
    await card.getByLabel('应用 Secret').fill(WECOM.secret);
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('已保存', { exact: true })).toBeVisible();
    await expect(card.getByText('已保存，留空表示不变')).toBeVisible();
    await expect(card.getByLabel('应用 Secret')).toHaveValue('');
    await card.getByRole('button', { name: '测试连接' }).click();
    await expect(card.getByText(/连接正常：已取得访问令牌/)).toBeVisible();

    // DingTalk and Feishu through the API; just-in-time accounts into the vendor with its default role.
    const views: ScanPlatformView[] = (await call(page.request, actionPath(inquireScanLoginAdmin), {})).datas;
    const version = (p: string) => views.find((v) => v.platform === p)?.version;
    for (const [platform, fields] of [
      ['dingtalk', { corpId: 'ding-e2e', appKey: 'dinge2e', appSecret: 'ding-e2e-secret' }],
      ['feishu', { appKey: 'cli_e2e', appSecret: 'feishu-e2e-secret' }],
    ] as const) {
      const saved = await call(page.request, actionPath(updateScanLoginAdmin), {
        platform,
        enabled: true,
        version: version(platform),
        ...fields,
      });
      expect(saved.success, JSON.stringify(saved)).toBe(true);
    }
    const signIn = (await call(page.request, actionPath(inquireSignInSettingsAdmin), {})).datas[0];
    const vendor = signIn.tenants.find((t: { name: string }) => t.name === '悦讯科技');
    const jit = await call(page.request, actionPath(updateSignInSettingsAdmin), {
      enabled: false,
      jit: true,
      jitTenantId: vendor.id,
      ssoRequired: false,
      version: signIn.version,
    });
    expect(jit.success, JSON.stringify(jit)).toBe(true);
    await page.reload();
    await expect(page.locator('[data-platform="feishu"]').getByText('已保存，留空表示不变')).toBeVisible();
    // The scan-login cards, below the OIDC form.
    await shots(page, '1-sign-in-methods', async () => {
      await page.getByText('扫码登录', { exact: true }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    });

    // Signed out: every method is offered.
    await page.context().clearCookies();
    await page.goto(at(`${CONSOLE}#/login`));
    for (const name of ['企业微信扫码登录', '钉钉扫码登录', '飞书扫码登录'])
      await expect(page.getByRole('link', { name })).toBeVisible();
    await shots(page, '2-login-page');

    // The scan: the stand-in's QR page sends the browser straight back with a code for 张三.
    wecom.members.set('ZhangSan', { name: '张三', department: [1] });
    wecom.state.scanAs = 'ZhangSan';
    await page.getByRole('link', { name: '企业微信扫码登录' }).click();
    await expect(page).toHaveURL(/#\/welcome/);
    await expect(page.getByText('张三').first()).toBeVisible();
    const me = await call(page.request, actionPath(inquireCurrentAccountEmployeeInfoAccount), {});
    expect(me.datas[0]).toMatchObject({ name: '张三', accountName: 'ZhangSan' });
    await shots(page, '3-signed-in');

    // Inside WeCom's own browser: the login page signs in by itself (snsapi_base, no QR code).
    const inApp = await browser.newContext({ userAgent: WXWORK_UA, viewport: { width: 375, height: 812 } });
    const phone = await inApp.newPage();
    await phone.goto(at(`${CONSOLE}#/login`));
    await expect(phone).toHaveURL(/#\/welcome/);
    expect(wecom.to('/connect/oauth2/authorize').at(-1)?.query.get('scope')).toBe('snsapi_base');
    await inApp.close();

    // Someone outside the organisation: refused with the reason on the login page.
    wecom.state.scanAs = null;
    await page.context().clearCookies();
    await page.goto(at(`${CONSOLE}#/login`));
    await page.getByRole('link', { name: '企业微信扫码登录' }).click();
    await expect(page.getByText('该账号不是本单位的成员，不能登录')).toBeVisible();

    // 登录方式's log: the WeCom sign-ins and the refusal with its reason.
    await signInAdmin();
    await page.goto(at(`${CONSOLE}#/site/sign-in`));
    const log = page.locator('.ant-card', { hasText: '最近的企业账号登录' });
    await expect(log.getByRole('row', { name: /不是本单位成员/ })).toContainText('企业微信');
    await expect(log.getByRole('row', { name: /张三（ZhangSan）/ }).first()).toContainText('成功');
    await shots(page, '4-sign-in-log', async () => {
      await log.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    });
  } finally {
    await wecom.close();
    await dingtalk.close();
    await feishu.close();
  }
});
