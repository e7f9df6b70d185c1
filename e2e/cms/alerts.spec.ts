/**
 * 通知渠道 in the console: an admin adds a generic webhook pointed at a local receiver (which checks the
 * X-Yuexun-Signature), presses 发送测试消息 and reads the answer; a lead sent from the site's form then
 * reaches the receiver and shows as sent in the delivery log. Screenshots at 1440 and 375 px.
 */
import { actionPath, loginAccount, SITE_ID } from '@yuexun/contract';
import { eventually, RECEIVER_SECRETS, startReceivers } from '../../apps/server/test/alert-receivers';
import { DEMO_PASSWORDS } from '../fixtures';
import { CONSOLE, expect, SCREENSHOT_DIR, test } from './cms-test';

test('a webhook channel: test message, then a lead from the site reaches it and the delivery log', async ({
  page,
  startServer,
}) => {
  test.setTimeout(180_000);
  const rx = await startReceivers();
  try {
    // Its own server: the receiver is on 127.0.0.1, which only ALERT_ALLOW_PRIVATE_HOSTS permits.
    const server = await startServer({ ALERT_ALLOW_PRIVATE_HOSTS: 'true' });
    const login = await page.request.post(`${server.url}${actionPath(loginAccount)}`, {
      form: {
        siteId: SITE_ID,
        loginType: 'account',
        username: 'admin',
        password: DEMO_PASSWORDS.admin,
      },
    });
    expect((await login.json()).success).toBe(true);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}${CONSOLE}#/site/alerts`);
    await expect(page.getByText('还没有通知渠道')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: '新建渠道' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('渠道名称').fill('CRM 系统');
    await dialog.getByLabel('渠道类型').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: '通用 Webhook' })
      .click();
    await dialog.getByLabel('Webhook 地址').fill(`${rx.url}/hooks/yuexun`);
    await dialog.getByLabel('签名密钥').fill(RECEIVER_SECRETS.webhookSecret);
    await dialog.getByLabel('接收地区').fill('江苏');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await expect(page.getByText('保存成功').first()).toBeVisible();

    const row = page.getByRole('row', { name: /CRM 系统/ });
    await expect(row.getByText('通用 Webhook')).toBeVisible();
    await expect(row.getByText('江苏')).toBeVisible();
    await row.getByRole('button', { name: '发送测试消息' }).click();
    await expect(page.getByText('测试消息已发送：接收方返回 HTTP 200')).toBeVisible();
    expect(rx.received.map((r) => (r.body as { event: string }).event)).toEqual(['test']);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-channels-1440.png`, fullPage: true });

    // A visitor sends the form on the site.
    const phone = `135${String(Date.now()).slice(-8)}`;
    const site = await page.context().newPage();
    await site.goto(`${server.url}/agent`);
    await site.locator('#lead').scrollIntoViewIfNeeded();
    await expect(site.locator('astro-island[ssr]')).toHaveCount(0);
    await site.getByLabel('公司名称').fill('无锡通知实验科技有限公司');
    await site.getByLabel('联系人姓名').fill('钱经理');
    await site.getByLabel('手机号').fill(phone);
    await site.getByLabel('代理区域').fill('江苏省无锡市');
    await site.getByLabel('主营业务').fill('校园弱电与信息化集成');
    await site.getByLabel('团队规模').selectOption('10-49');
    await site.getByLabel('我已阅读并同意').check();
    await site.getByRole('button', { name: /提交/ }).click();
    await expect(site.locator('#lead').getByRole('status')).toContainText('提交成功');
    await site.close();

    const delivered = await eventually(() =>
      rx.received.find((r) => r.platform === 'webhook' && r.text.includes('无锡通知实验科技')),
    );
    expect(delivered.text).toContain(phone);

    await page.getByRole('tab', { name: '投递记录' }).click();
    const logRow = page.getByRole('row', { name: /CRM 系统/ });
    await expect(logRow).toContainText('新线索 #');
    await expect(logRow.getByText('已发送')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-log-1440.png`, fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(logRow.getByText('已发送')).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-log-375.png`, fullPage: true });
    await page.getByRole('tab', { name: '通知渠道' }).click();
    await expect(page.getByRole('row', { name: /CRM 系统/ })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-channels-375.png`, fullPage: true });
    await page
      .getByRole('row', { name: /CRM 系统/ })
      .getByRole('button', { name: '编辑' })
      .click();
    await expect(page.getByRole('dialog').getByLabel('签名密钥')).toHaveAttribute('placeholder', /\*{4}/);
    // The dialog has finished zooming in.
    await expect(page.locator('.ant-modal[class*="zoom"]')).toHaveCount(0);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/alerts-edit-375.png`, fullPage: true });
  } finally {
    await rx.close();
  }
});
