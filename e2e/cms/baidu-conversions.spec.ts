/**
 * Baidu oCPC feedback from a real visit (issue 34 item 2 acceptance, decision 053): a visitor opens the landing
 * page /home?bd_vid=abc123 in the browser and sends the home page's form; staff mark the lead 有效, then 成交. The
 * Baidu stand-in (which checks the documented request shape and the token) refuses the first upload, and still
 * receives each of the three conversions exactly once with its configured type and the landing address as
 * logidUrl. 线索来源 counts them (screenshots at 1440 and 375 px).
 */
import type { APIRequestContext } from '@playwright/test';
import {
  type ActionDef,
  actionPath,
  inquireAdConversionSettingsAdmin,
  inquireLeadListAdmin,
  loginAccount,
  SITE_ID,
  updateAdConversionSettingsAdmin,
  updateLeadAdmin,
} from '@yuexun/contract';
import { baiduOcpcStandIn } from '../../apps/server/test/baidu-ocpc-standin';
import { TEST_PASSWORDS } from '../../apps/server/test/test-passwords';
import { CONSOLE, expect, shotsIn, test } from './cms-test';

const shots = shotsIn('baidu-conversions', 300);
const TOKEN = 'e2e-ocpc-token';

test('a visit from a Baidu ad: 表单提交成功, 有效 and 成交 reach Baidu once each, the first refusal retried', async ({
  page,
  startServer,
}) => {
  test.setTimeout(180_000);
  const baidu = await baiduOcpcStandIn(TOKEN);
  try {
    const server = await startServer({
      BAIDU_OCPC_URL: baidu.url,
      OUTBOX_POLL_MS: '100',
      OUTBOX_RETRY_BASE_MS: '300',
      OUTBOX_RETRY_MAX_MS: '600',
    });
    const at = (path: string) => `${server.url}${path}`;
    const call = async (request: APIRequestContext, def: ActionDef, data: Record<string, unknown> = {}) =>
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary envelope fields
      (await (await request.post(at(actionPath(def)), { data: { siteId: SITE_ID, ...data } })).json()) as any;
    const signedIn = await call(page.request, loginAccount, {
      loginType: 'account',
      username: 'admin',
      password: TEST_PASSWORDS.adminPassword,
    });
    expect(signedIn.success, JSON.stringify(signedIn)).toBe(true);
    const settings = (await call(page.request, inquireAdConversionSettingsAdmin)).datas[0];
    const saved = await call(page.request, updateAdConversionSettingsAdmin, {
      baiduEnabled: true,
      baiduToken: TOKEN,
      webhookEnabled: false,
      webhookUrl: '',
      version: settings.version,
    });
    expect(saved.success, JSON.stringify(saved)).toBe(true);
    baidu.state.failNext = 1;

    // The visitor lands from the ad and sends the form on the same page.
    const visitor = await page.context().browser()?.newPage();
    if (!visitor) throw new Error('no browser');
    const phone = `138${String(Date.now()).slice(-8)}`;
    await visitor.goto(at('/home?bd_vid=abc123'));
    await visitor.locator('#lead').scrollIntoViewIfNeeded();
    await visitor.getByLabel('联系人姓名').fill('郑老师');
    await visitor.getByLabel('手机号').fill(phone);
    await visitor.getByLabel('学校名称').fill('杭州市西湖区转化小学');
    await visitor.getByLabel('所在地区').fill('浙江省杭州市');
    await visitor.getByLabel('学校类型').selectOption('primary');
    await visitor.getByLabel('您的职务').fill('信息中心主任');
    await visitor.getByLabel('我已阅读并同意').check();
    await visitor.getByRole('button', { name: /提交/ }).click();
    await expect(visitor.locator('#lead').getByRole('status')).toContainText('提交成功');
    await visitor.close();

    const leads = (await call(page.request, inquireLeadListAdmin, { keyword: phone })).datas;
    expect(leads).toHaveLength(1);
    const leadId = leads[0].id as number;
    let version = leads[0].version as number;
    // Staff mark it 有效, then 成交.
    for (const status of ['contacted', 'qualified', 'won']) {
      const moved = await call(page.request, updateLeadAdmin, { leadId, status, version });
      expect(moved.success, JSON.stringify(moved)).toBe(true);
      version = moved.datas[0].version;
    }
    const mine = () => baidu.accepted.filter((c) => c.logidUrl.endsWith('/home?bd_vid=abc123'));
    await expect.poll(() => mine().length, { timeout: 30_000 }).toBe(3);
    // A little longer: nothing else arrives.
    await page.waitForTimeout(1500);
    expect(
      mine()
        .map((c) => c.newType)
        .sort((a, b) => a - b),
    ).toEqual(
      [
        settings.baidu.newTypes.submitted,
        settings.baidu.newTypes.qualified,
        settings.baidu.newTypes.won,
      ].sort((a: number, b: number) => a - b),
    );
    expect(baidu.state.requests).toBe(4);

    await page.goto(at(`${CONSOLE}#/content/lead-sources`));
    const counts = page.locator('.ant-card').filter({ hasText: '广告转化回传' });
    await expect(counts.getByRole('cell', { name: '百度 oCPC' }).first()).toBeVisible();
    await shots(page, 'lead-sources', async () => {
      await counts.scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
    });
  } finally {
    await baidu.close();
  }
});
