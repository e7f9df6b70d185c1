/**
 * 企业微信客户联系 in 获客链接 mode in a browser (issue 34, decision 068), against the WeCom stand-in: the admin's
 * account is linked to a WeCom member (账号绑定 through scan login), 方式 = 获客链接 is chosen in 登录方式's 客户联系 card,
 * a visitor on a 375 px phone sends the home page's form and the thank-you shows the 添加您的专属顾问 button to the
 * owner's 获客链接 (customer_channel = the lead's state) with no QR code; at 1440 px the link's QR code shows too.
 * WeCom's callback with that State binds the contact, and the lead drawer shows the link. Screenshots at 1440 and
 * 375 px.
 */
import type { APIRequestContext } from '@playwright/test';
import {
  actionPath,
  createLeadRouteAdmin,
  inquireLeadOwnerListAdmin,
  inquireScanLoginAdmin,
  inquireWecomContactSettingsAdmin,
  loginAccount,
  SITE_ID,
  updateScanLoginAdmin,
  WECOM_CONTACT_CALLBACK_PATH,
  WECOM_LINK_CAPTION,
} from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/test-passwords';
import { wecomCallback } from '../../apps/server/test/wecom-callback';
import { startWecomStandIn } from '../../apps/server/test/wecom-standin';
import { CONSOLE, expect, shotsIn, test } from './cms-test';

const shots = shotsIn('wecom-acquisition-link', 300);
const APP = {
  corpId: 'ww-e2e-link',
  agentId: '1000002',
  secret: 'scan-e2e-secret',
  acquisitionSecret: 'callable-app-e2e-secret',
};
const KEYS = {
  corpId: APP.corpId,
  token: 'E2eLinkToken',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};

test('获客链接: a phone’s thank-you shows 添加您的专属顾问 to the owner’s link; the callback with its customer_channel binds', async ({
  page,
  startServer,
}) => {
  test.setTimeout(180_000);
  const wecom = await startWecomStandIn(APP);
  try {
    const server = await startServer({
      WECOM_API_URL: wecom.url,
      WECOM_QR_URL: `${wecom.url}/wwopen/sso/qrConnect`,
      WECOM_OAUTH_URL: `${wecom.url}/connect/oauth2/authorize`,
    });
    const at = (path: string) => `${server.url}${path}`;
    const call = async (request: APIRequestContext, path: string, data: Record<string, unknown> = {}) =>
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
      (await (await request.post(at(path), { data: { siteId: SITE_ID, ...data } })).json()) as any;
    const signedIn = await call(page.request, actionPath(loginAccount), {
      loginType: 'account',
      username: 'admin',
      password: TEST_PASSWORDS.adminPassword,
    });
    expect(signedIn.success, JSON.stringify(signedIn)).toBe(true);
    wecom.members.set('WangJianGuo', { name: '王建国', department: [1] });
    wecom.contacts.set('wmE2E-link', { name: '钱老师（鼓楼二中）' });

    // 账号绑定 through scan login: the admin's account becomes the member WangJianGuo.
    const scan = (await call(page.request, actionPath(inquireScanLoginAdmin))).datas.find(
      (v: { platform: string }) => v.platform === 'wecom',
    );
    const saved = await call(page.request, actionPath(updateScanLoginAdmin), {
      platform: 'wecom',
      enabled: true,
      corpId: APP.corpId,
      agentId: APP.agentId,
      appSecret: APP.secret,
      version: scan.version,
    });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    wecom.state.scanAs = 'WangJianGuo';
    await page.goto(at('/auth/wecom/start?purpose=link'));
    await expect(page).toHaveURL(/sso=linked/);

    // The 客户联系 card: 方式 = 获客链接 (its explanation says when and which secret), the keys, saved.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(at(`${CONSOLE}#/site/sign-in`));
    const card = page.getByTestId('wecom-contact-settings');
    await expect(card.getByRole('radio', { name: '联系我二维码' })).toBeChecked();
    await expect(card).toContainText('获客链接在手机浏览器或微信里一点即可打开企业微信');
    await card.getByRole('radio', { name: '获客链接' }).check();
    await card.getByLabel('企业 ID（CorpID）').fill(APP.corpId);
    await card.getByLabel('客户联系 Secret').fill(APP.acquisitionSecret);
    await card.getByLabel('Token', { exact: true }).fill(KEYS.token);
    await card.getByLabel('EncodingAESKey').fill(KEYS.encodingAesKey);
    await card.getByRole('switch').click();
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('企业微信客户联系设置已保存')).toBeVisible();
    const settings = (await call(page.request, actionPath(inquireWecomContactSettingsAdmin))).datas[0];
    expect(settings).toMatchObject({ enabled: true, mode: 'acquisition_link', secretSet: true });
    await shots(page, 'settings', async () => {
      await card.getByRole('radio', { name: '获客链接' }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    });
    const owners = (await call(page.request, actionPath(inquireLeadOwnerListAdmin))).datas;
    const admin = owners.find((o: { name: string }) => o.name === '王建国');
    const route = await call(page.request, actionPath(createLeadRouteAdmin), {
      name: '全部线索',
      ownerAccountId: admin.accountId,
      position: 1,
      requestKey: crypto.randomUUID(),
    });
    expect(route.success, JSON.stringify(route)).toBe(true);

    // A visitor on a phone sends the home page's form: one button opens the owner's 获客链接, no QR code.
    const visitor = await page
      .context()
      .browser()
      ?.newPage({ viewport: { width: 375, height: 812 } });
    if (!visitor) throw new Error('no browser');
    const phone = `138${String(Date.now()).slice(-8)}`;
    await visitor.goto(at('/home#lead'));
    await visitor.getByLabel('联系人姓名').fill('钱老师');
    await visitor.getByLabel('手机号').fill(phone);
    await visitor.getByLabel('学校名称').fill('南京市鼓楼区第二中学');
    await visitor.getByLabel('所在地区').fill('江苏省南京市');
    await visitor.getByLabel('学校类型').selectOption('junior');
    await visitor.getByLabel('您的职务').fill('校长');
    await visitor.getByLabel('我已阅读并同意').check();
    await visitor.getByRole('button', { name: /提交/ }).click();
    await expect(visitor.locator('#lead').getByRole('status')).toContainText('提交成功');
    const button = visitor.getByRole('link', { name: WECOM_LINK_CAPTION });
    await expect(button).toBeVisible();
    const made = wecom.acquisition.createLinks.at(-1);
    expect(made).toMatchObject({ range: { user_list: ['WangJianGuo'] }, skipVerify: true });
    const href = new URL(String(await button.getAttribute('href')));
    expect(`${href.origin}${href.pathname}`).toBe(made?.url);
    const state = href.searchParams.get('customer_channel') ?? '';
    expect(state).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await expect(visitor.getByTestId('lead-contact-qr')).toBeHidden();
    await shots(visitor, 'thank-you', async (width) => {
      await button.scrollIntoViewIfNeeded();
      // A computer's screen also shows the link as a QR code to scan with a phone.
      if (width > 400) {
        const img = visitor.getByTestId('lead-contact-qr').locator('img');
        await expect
          .poll(() => img.evaluate((el) => Number(Reflect.get(el, 'naturalWidth'))))
          .toBeGreaterThan(100);
        await expect(visitor.getByTestId('lead-contact-qr')).toBeVisible();
      } else await expect(visitor.getByTestId('lead-contact-qr')).toBeHidden();
      await visitor.waitForTimeout(300);
    });
    await visitor.close();

    // The customer taps it and adds 王建国: WeCom calls back with the customer_channel as the State.
    const callback = wecomCallback(KEYS, {
      ChangeType: 'add_external_contact',
      UserID: 'WangJianGuo',
      ExternalUserID: 'wmE2E-link',
      State: state,
    });
    const answered = await page.request.post(at(`${WECOM_CONTACT_CALLBACK_PATH}?${callback.query}`), {
      headers: { 'content-type': 'text/xml' },
      data: callback.body,
    });
    expect([answered.status(), await answered.text()]).toEqual([200, 'success']);

    await page.goto(at(`${CONSOLE}#/content/leads`));
    const row = page.getByRole('row', { name: new RegExp(phone) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: '跟进' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByTestId('wecom-binding')).toContainText('已添加企业微信：钱老师（鼓楼二中）');
    await expect(drawer.getByTestId('wecom-link')).toContainText(`customer_channel=${state}`);
    await shots(page, 'drawer', async () => {
      await drawer.getByTestId('wecom-link').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    });
  } finally {
    await wecom.close();
  }
});
