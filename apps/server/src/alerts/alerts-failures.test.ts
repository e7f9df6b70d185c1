/**
 * When a channel fails: a platform's business error code, a receiver that never answers, a receiver that is
 * down and comes back, a channel deleted while its message waits. The lead is stored every time; the message
 * is retried, then failed with the reason in Chinese, or delivered once when the receiver is back.
 */
import { createServer } from 'node:net';
import {
  ALERT_OUTBOX_KIND,
  createAlertChannelAdmin,
  deleteAlertChannelAdmin,
  inquireAlertDeliveryListAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, only } from '../../test/admin';
import { startAlertEnv, submitLead } from '../../test/alert-env';
import {
  eventually,
  type Receivers,
  RECEIVER_SECRETS as S,
  startReceivers,
} from '../../test/alert-receivers';
import { drivers, type TestServer } from '../../test/server';
import { enqueue } from '../shared/outbox';

/** A port nothing listens on (yet). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

describe.each(drivers)('lead alerts that fail on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let s: AdminSessions;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ rx, server, s, close } = await startAlertEnv(driver, {
      // Generous: only the receiver that never answers may time out, not a slow answer on a busy machine
      // (the timed-out test then counts attempts exactly).
      alerts: { timeoutMs: 3000 },
      outbox: { pollMs: 50, retryMaxMs: 200, maxAttempts: 8 },
    }));
  });
  afterAll(() => close?.());

  const channel = async (input: Record<string, unknown>) =>
    only(await s.asAdmin(createAlertChannelAdmin, input));
  const submit = (schoolName: string) =>
    submitLead(server, { contactName: '冯老师', schoolName, region: '安徽省合肥市' });
  const rowsOf = async (leadId: number | string) =>
    (await s.asAdmin(inquireAlertDeliveryListAdmin, { pageSize: 50 })).body.datas.filter(
      (d: { subjectId: string }) => d.subjectId === String(leadId),
    );
  /** The lead's delivery once it has settled (sent or failed). */
  const settled = async (leadId: number | string) => {
    for (;;) {
      const [row] = await rowsOf(leadId);
      if (row && (row.status === 'sent' || row.status === 'failed')) return row;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  it.each([
    [
      '企业微信',
      { kind: 'wecom', url: () => `${rx.url}/cgi-bin/webhook/send?key=wrong` },
      '企业微信返回 errcode 93000（invalid webhook url）',
      'wecom: invalid key',
    ],
    [
      '钉钉',
      {
        kind: 'dingtalk',
        url: () => `${rx.url}/robot/send?access_token=${S.dingtalkToken}`,
        secret: 'SECnot-the-signing-secret',
      },
      '钉钉返回 errcode 310000（sign not match）',
      'dingtalk: sign',
    ],
  ] as const)(
    'retries a %s business error code, then marks it failed with the answer',
    async (platform, { url, ...rest }, lastError, refusal) => {
      const before = rx.refused.filter((r) => r === refusal).length;
      const made = await channel({ ...rest, name: `错误${platform}`, url: url() });
      const leadId = await submit(`合肥${platform}业务错误小学`);
      expect(await settled(leadId)).toMatchObject({ status: 'failed', attempts: 8, lastError });
      expect(rx.refused.filter((r) => r === refusal).length - before).toBe(8);
      only(await s.asAdmin(deleteAlertChannelAdmin, { channelId: made.id }));
    },
  );

  it('times out a receiver that never answers and retries it', async () => {
    rx.hangNext.webhook = 1;
    const hook = await channel({
      kind: 'webhook',
      name: '慢接收方',
      url: `${rx.url}/hooks/yuexun`,
      secret: S.webhookSecret,
    });
    const leadId = await submit('合肥超时小学');
    expect(await settled(leadId)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(rx.received.filter((r) => r.text.includes('合肥超时小学'))).toHaveLength(1);
    only(await s.asAdmin(deleteAlertChannelAdmin, { channelId: hook.id }));
  });

  it('delivers once to a receiver that was down when the lead came and is back while retries remain', async () => {
    const port = await freePort();
    const hook = await channel({
      kind: 'webhook',
      name: '停机接收方',
      url: `http://127.0.0.1:${port}/hooks/yuexun`,
      secret: S.webhookSecret,
    });
    const leadId = await submit('合肥停机小学');
    const [waiting] = await eventually(async () => {
      const rows = await rowsOf(leadId);
      return rows[0]?.lastError ? rows : undefined;
    });
    expect(waiting.lastError).toMatch(/^无法连接：/);
    const back = await startReceivers(port);
    try {
      await eventually(() => back.received.some((r) => r.text.includes('合肥停机小学')));
      expect((await settled(leadId)).status).toBe('sent');
      expect(back.received.filter((r) => r.text.includes('合肥停机小学'))).toHaveLength(1);
    } finally {
      await back.close();
    }
    only(await s.asAdmin(deleteAlertChannelAdmin, { channelId: hook.id }));
  });

  it('fails at once a message whose channel was deleted while it waited', async () => {
    const hook = await channel({
      kind: 'webhook',
      name: '将删除',
      url: `http://127.0.0.1:${await freePort()}/hooks/yuexun`,
      secret: S.webhookSecret,
    });
    const leadId = await submit('合肥删除渠道小学');
    await eventually(async () => ((await rowsOf(leadId))[0]?.lastError ? true : undefined));
    only(await s.asAdmin(deleteAlertChannelAdmin, { channelId: hook.id }));
    const row = await settled(leadId);
    expect(row.status).toBe('failed');
    expect(row.lastError).toBe('通知渠道已删除');
  });

  it('fails at once, with a reason, a queued message whose content is not an alert', async () => {
    await server.app.db.transaction((tx) =>
      enqueue(
        tx,
        ALERT_OUTBOX_KIND,
        { channelId: 'x', leadId: -1 },
        { subject: { type: 'lead', id: 'broken' } },
      ),
    );
    const row = await settled('broken');
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: '通知内容无效' });
  });
});
