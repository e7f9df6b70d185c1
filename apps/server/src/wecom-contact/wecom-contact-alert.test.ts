/**
 * The owner's lead alert carries the owner's 联系我 (issue 34 item 1, decision 062) on both drivers: WeCom's group
 * robot (text, to @ the owner), DingTalk (markdown), Feishu (a card button) and the generic webhook (JSON) get 扫码添加您的专属顾问 with the QR code's
 * address on the site's own origin, for the state of the lead's 联系我; that address answers the picture. A lead
 * whose owner has no WeCom member gets the alert without it. In 获客链接 mode (decision 068) the alert carries
 * 添加您的专属顾问 with the address that redirects to the owner's 获客链接.
 */
import {
  createAlertChannelAdmin,
  createLeadRouteAdmin,
  inquireWecomContactSettingsAdmin,
  updateWecomContactSettingsAdmin,
  WECOM_CONTACT_CAPTION,
  WECOM_LINK_CAPTION,
  wecomLinkPath,
  wecomQrPath,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, only, requestKey } from '../../test/admin';
import { startAlertEnv, submitLead } from '../../test/alert-env';
import { eventually, type Receivers, RECEIVER_SECRETS as S } from '../../test/alert-receivers';
import { drivers, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { startWecomStandIn, type WecomStandIn } from '../../test/wecom-standin';
import { account, externalIdentity, leadWecomContact } from '../db/schema';

const APP = {
  corpId: 'ww-alert-corp',
  agentId: '1000002',
  secret: 'scan-secret',
  contactSecret: 'contact-3',
  acquisitionSecret: 'callable-app-3',
};
const ORIGIN = 'https://www.yuexun.example';

describe.each(drivers)('the owner’s alert with the 联系我 on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let s: AdminSessions;
  let close: () => Promise<void>;
  let wecom: WecomStandIn;
  let adminId: number;

  beforeAll(async () => {
    wecom = await startWecomStandIn(APP);
    ({ rx, server, s, close } = await startAlertEnv(driver));
    server.app.config.platforms = { ...server.app.config.platforms, ...wecom.urls() };
    wecom.members.set('WangJianGuo', { name: '王建国', department: [1] });
    const [admin] = await server.app.db.select().from(account).where(eq(account.username, 'admin'));
    adminId = admin?.id ?? 0;
    await server.app.db.insert(externalIdentity).values({
      accountId: adminId,
      provider: 'wecom',
      issuer: APP.corpId,
      subject: 'WangJianGuo',
      label: '王建国',
    });
    for (const channel of [
      { kind: 'wecom', name: '销售群', url: `${rx.url}/cgi-bin/webhook/send?key=${S.wecomKey}` },
      {
        kind: 'dingtalk',
        name: '钉钉销售群',
        url: `${rx.url}/robot/send?access_token=${S.dingtalkToken}`,
        secret: S.dingtalkSecret,
      },
      {
        kind: 'feishu',
        name: '飞书销售群',
        url: `${rx.url}/open-apis/bot/v2/hook/${S.feishuHook}`,
        secret: S.feishuSecret,
      },
      { kind: 'webhook', name: 'CRM', url: `${rx.url}/hooks/yuexun`, secret: S.webhookSecret },
    ])
      only(await s.asAdmin(createAlertChannelAdmin, { enabled: true, ...channel }));
    const settings = only(await s.asAdmin(inquireWecomContactSettingsAdmin));
    only(
      await s.asAdmin(updateWecomContactSettingsAdmin, {
        enabled: true,
        corpId: APP.corpId,
        secret: APP.contactSecret,
        callbackToken: 'AlertToken1',
        encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
        version: settings.version,
      }),
    );
  });
  afterAll(async () => {
    await close?.();
    await wecom?.close();
  });

  const arrivals = async (schoolName: string) => {
    const leadId = await submitLead(server, { contactName: '吴老师', schoolName, region: '江苏省苏州市' });
    const got = await eventually(() => {
      const mine = rx.received.filter((r) => r.text.includes(schoolName));
      return mine.length >= 4 && mine;
    }, 5000);
    return { leadId, got };
  };

  it('shows 扫码添加您的专属顾问 with the QR code on the site’s own origin in every channel', async () => {
    only(
      await s.asAdmin(createLeadRouteAdmin, {
        name: '苏州',
        ownerAccountId: adminId,
        position: 1,
        requestKey: requestKey(),
      }),
    );
    const { leadId, got } = await arrivals('苏州市实验小学');
    const row = await until(
      async () =>
        (await server.app.db.select().from(leadWecomContact).where(eq(leadWecomContact.leadId, leadId)))[0],
      (r) => r?.status === 'ready',
      'the 联系我',
    );
    const url = `${ORIGIN}${wecomQrPath(String(row?.state))}`;
    const byPlatform = (p: string) => got.find((r) => r.platform === p);
    // Markdown where the platform takes it; WeCom's robot sends text to @ the owner.
    expect(byPlatform('dingtalk')?.text).toContain(`[${WECOM_CONTACT_CAPTION}](${url})`);
    expect(byPlatform('wecom')?.text).toContain(`${WECOM_CONTACT_CAPTION}：${url}`);
    expect(JSON.stringify(byPlatform('feishu')?.body)).toContain(
      JSON.stringify({ tag: 'button', text: { tag: 'plain_text', content: WECOM_CONTACT_CAPTION }, url }),
    );
    expect(byPlatform('webhook')?.body).toMatchObject({ event: 'lead.created', wecomContactQr: url });
    // The address answers the owner's QR code from our own server.
    const picture = await fetch(`${server.url}${wecomQrPath(String(row?.state))}`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it('in 获客链接 mode: 添加您的专属顾问 with the address that redirects to the owner’s 获客链接', async () => {
    const current = only(await s.asAdmin(inquireWecomContactSettingsAdmin));
    only(
      await s.asAdmin(updateWecomContactSettingsAdmin, {
        enabled: true,
        mode: 'acquisition_link',
        corpId: APP.corpId,
        secret: APP.acquisitionSecret,
        version: current.version,
      }),
    );
    const { leadId, got } = await arrivals('苏州市第三实验小学');
    const row = await until(
      async () =>
        (await server.app.db.select().from(leadWecomContact).where(eq(leadWecomContact.leadId, leadId)))[0],
      (r) => r?.status === 'ready',
      'the 获客链接',
    );
    expect(row?.kind).toBe('acquisition_link');
    const url = `${ORIGIN}${wecomLinkPath(String(row?.state))}`;
    const byPlatform = (p: string) => got.find((r) => r.platform === p);
    expect(byPlatform('dingtalk')?.text).toContain(`[${WECOM_LINK_CAPTION}](${url})`);
    expect(byPlatform('wecom')?.text).toContain(`${WECOM_LINK_CAPTION}：${url}`);
    expect(byPlatform('webhook')?.body).toMatchObject({ wecomContactLink: url });
    expect(JSON.stringify(byPlatform('webhook')?.body)).not.toContain('wecomContactQr');
    const go = await fetch(`${server.url}${wecomLinkPath(String(row?.state))}`, { redirect: 'manual' });
    expect([go.status, go.headers.get('location')]).toEqual([302, row?.linkUrl]);
  });

  it('leaves it out when the owner has no WeCom member linked', async () => {
    await server.app.db.delete(externalIdentity).where(eq(externalIdentity.accountId, adminId));
    const { got } = await arrivals('苏州市第二实验小学');
    for (const r of got) {
      expect(JSON.stringify(r.body)).not.toContain(WECOM_CONTACT_CAPTION);
      expect(JSON.stringify(r.body)).not.toContain(WECOM_LINK_CAPTION);
    }
  });
});
