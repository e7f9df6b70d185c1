/** Routing by region: a channel with regions receives only leads whose region contains one of them. */
import {
  createAlertChannelAdmin,
  inquireAlertDeliveryListAdmin,
  updateAlertChannelAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, only } from '../../test/admin';
import { startAlertEnv, submitLead } from '../../test/alert-env';
import { eventually, type Receivers, RECEIVER_SECRETS as S } from '../../test/alert-receivers';
import { drivers, type TestServer } from '../../test/server';

describe.each(drivers)('lead alert routing by region on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let s: AdminSessions;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ rx, server, s, close } = await startAlertEnv(driver));
  });
  afterAll(() => close?.());

  const submit = (schoolName: string, region: string) =>
    submitLead(server, { contactName: '郑老师', schoolName, region });
  const labelsOf = async (leadId: number) => {
    const { body } = await s.asAdmin(inquireAlertDeliveryListAdmin, { pageSize: 50 });
    return body.datas
      .filter((d: { subjectId: string }) => d.subjectId === String(leadId))
      .map((d: { label: string }) => d.label.replace(/^新线索 #\d+ → /, ''))
      .sort();
  };

  it('sends a lead to the channels of its region and to the channels without regions', async () => {
    const east = only(
      await s.asAdmin(createAlertChannelAdmin, {
        kind: 'webhook',
        name: '江浙销售',
        url: `${rx.url}/hooks/yuexun`,
        secret: S.webhookSecret,
        regions: '浙江，江苏',
      }),
    );
    expect(east.regions).toBe('浙江, 江苏');
    only(
      await s.asAdmin(createAlertChannelAdmin, {
        kind: 'wecom',
        name: '全国销售',
        url: `${rx.url}/cgi-bin/webhook/send?key=${S.wecomKey}`,
      }),
    );
    const hangzhou = await submit('杭州路由小学', '浙江省杭州市');
    const chengdu = await submit('成都路由小学', '四川省成都市');
    expect(await labelsOf(hangzhou)).toEqual(['全国销售（企业微信）', '江浙销售（Webhook）']);
    expect(await labelsOf(chengdu)).toEqual(['全国销售（企业微信）']);
    await eventually(() =>
      rx.received.some((r) => r.platform === 'wecom' && r.text.includes('成都路由小学')),
    );
    await eventually(() =>
      rx.received.some((r) => r.platform === 'webhook' && r.text.includes('杭州路由小学')),
    );
    expect(rx.received.some((r) => r.platform === 'webhook' && r.text.includes('成都路由小学'))).toBe(false);

    // Cleared (blank): the channel receives every region again.
    const cleared = only(
      await s.asAdmin(updateAlertChannelAdmin, { channelId: east.id, regions: '', version: east.version }),
    );
    expect(cleared.regions).toBe('');
    expect(await labelsOf(await submit('成都第二路由小学', '四川省成都市'))).toEqual([
      '全国销售（企业微信）',
      '江浙销售（Webhook）',
    ]);
  });
});
