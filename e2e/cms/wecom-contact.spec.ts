/**
 * 企业微信客户联系 in a browser (issue 34 item 1, decision 062), against the WeCom stand-in: the admin's account is
 * linked to a WeCom member (账号绑定 through scan login), 客户联系 is set up in 登录方式's card, a visitor sends the home page's form and
 * the thank-you shows 扫码添加您的专属顾问 with the owner's QR code; WeCom's signed, encrypted add_external_contact
 * callback binds the contact and the lead drawer shows it. Screenshots at 1440 and 375 px.
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
  WECOM_CONTACT_CAPTION,
} from '@yuexun/contract';
import { TEST_PASSWORDS } from '../../apps/server/test/test-passwords';
import { wecomCallback } from '../../apps/server/test/wecom-callback';
import { startWecomStandIn } from '../../apps/server/test/wecom-standin';
import { CONSOLE, expect, shotsIn, test } from './cms-test';

const shots = shotsIn('wecom-contact', 300);
const APP = {
  corpId: 'ww-e2e',
  agentId: '1000002',
  secret: 'scan-e2e-secret',
  contactSecret: 'contact-e2e-secret',
};
const KEYS = {
  corpId: APP.corpId,
  token: 'E2eToken',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};

test('a lead’s thank-you shows the owner’s 联系我 QR code; the WeCom callback binds the contact in the drawer', async ({
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
    wecom.contacts.set('wmE2E-teacher', { name: '周老师（鼓楼一中）' });

    // Scan login's app, then 账号绑定: the admin's account becomes the member WangJianGuo.
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

    // 登录方式's 客户联系 card: the callback URL to enter in WeCom, the keys typed in, saved; the secrets come back
    // as dots only.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(at(`${CONSOLE}#/site/sign-in`));
    const card = page.getByTestId('wecom-contact-settings');
    await expect(card).toContainText(`${WECOM_CONTACT_CALLBACK_PATH}`);
    await card.getByLabel('企业 ID（CorpID）').fill(APP.corpId);
    await card.getByLabel('客户联系 Secret').fill(APP.contactSecret);
    await card.getByLabel('Token', { exact: true }).fill(KEYS.token);
    await card.getByLabel('EncodingAESKey').fill('too-short');
    await card.getByRole('switch').click();
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(card).toContainText('EncodingAESKey 应为 43 个字母或数字');
    await card.getByLabel('EncodingAESKey').fill(KEYS.encodingAesKey);
    await card.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('企业微信客户联系设置已保存')).toBeVisible();
    await expect(card.getByLabel('客户联系 Secret')).toHaveValue('');
    await expect(card.getByLabel('客户联系 Secret')).toHaveAttribute('placeholder', '••••••••');
    await expect(card.getByText('已保存，留空表示不变')).toHaveCount(3);
    const settings = (await call(page.request, actionPath(inquireWecomContactSettingsAdmin))).datas[0];
    expect(settings).toMatchObject({ enabled: true, corpId: APP.corpId, secretSet: true, tokenSet: true });
    expect(settings.aesKeySet).toBe(true);
    expect(JSON.stringify(settings)).not.toContain(APP.contactSecret);
    await shots(page, 'settings', async () => {
      await card.scrollIntoViewIfNeeded();
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

    // A visitor sends the home page's form: the thank-you has the owner's QR code.
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error('no browser');
    const phone = `139${String(Date.now()).slice(-8)}`;
    await visitor.goto(at('/home#lead'));
    await visitor.getByLabel('联系人姓名').fill('周老师');
    await visitor.getByLabel('手机号').fill(phone);
    await visitor.getByLabel('学校名称').fill('南京市鼓楼区第一中学');
    await visitor.getByLabel('所在地区').fill('江苏省南京市');
    await visitor.getByLabel('学校类型').selectOption('junior');
    await visitor.getByLabel('您的职务').fill('副校长');
    await visitor.getByLabel('我已阅读并同意').check();
    await visitor.getByRole('button', { name: /提交/ }).click();
    await expect(visitor.locator('#lead').getByRole('status')).toContainText('提交成功');
    const qr = visitor.getByTestId('lead-contact-qr');
    await expect(qr).toContainText(WECOM_CONTACT_CAPTION);
    await expect(qr.locator('img')).toHaveJSProperty('naturalWidth', 200);
    await qr.scrollIntoViewIfNeeded();
    await shots(visitor, 'thank-you', async () => {
      await qr.scrollIntoViewIfNeeded();
      await visitor.waitForTimeout(300);
    });
    await visitor.close();

    // The customer scans it: WeCom calls back with the lead's state.
    const way = wecom.contactWays.at(-1);
    const callback = wecomCallback(KEYS, {
      ChangeType: 'add_external_contact',
      UserID: 'WangJianGuo',
      ExternalUserID: 'wmE2E-teacher',
      State: String(way?.state),
    });
    const answered = await page.request.post(at(`${WECOM_CONTACT_CALLBACK_PATH}?${callback.query}`), {
      headers: { 'content-type': 'text/xml' },
      data: callback.body,
    });
    expect([answered.status(), await answered.text()]).toEqual([200, 'success']);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(at(`${CONSOLE}#/content/leads`));
    const row = page.getByRole('row', { name: new RegExp(phone) });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: '跟进' }).click();
    const drawer = page.locator('.ant-drawer');
    await expect(drawer.getByTestId('wecom-binding')).toContainText('已添加企业微信：周老师（鼓楼一中）');
    await expect(drawer.getByText('已添加企业微信：周老师（鼓楼一中）').last()).toBeVisible();
    await shots(page, 'drawer', async () => {
      await drawer.getByTestId('wecom-binding').scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    });
  } finally {
    await wecom.close();
  }
});
