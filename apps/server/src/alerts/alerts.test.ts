/**
 * Lead alerts end to end: channels configured through the API, a lead submitted through the public action,
 * and local stand-ins of WeCom, DingTalk, Feishu, a generic webhook and a real SMTP server that verify every
 * signature as the platform documents it.
 */
import {
  createAlertChannelAdmin,
  deleteAlertChannelAdmin,
  inquireAlertChannelListAdmin,
  inquireAlertDeliveryListAdmin,
  resendAlertDeliveryAdmin,
  testAlertChannelAdmin,
  updateAlertChannelAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { startAlertEnv, submitLead } from '../../test/alert-env';
import { eventually, type Receivers, RECEIVER_SECRETS as S } from '../../test/alert-receivers';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';

describe.each(drivers)('lead alerts on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let s: AdminSessions;
  const ids: Record<string, number> = {};

  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ rx, server, s, close } = await startAlertEnv(driver));
  });
  afterAll(() => close?.());

  const channels = () => ({
    wecom: { kind: 'wecom', name: '销售群', url: `${rx.url}/cgi-bin/webhook/send?key=${S.wecomKey}` },
    dingtalk: {
      kind: 'dingtalk',
      name: '钉钉销售群',
      url: `${rx.url}/robot/send?access_token=${S.dingtalkToken}`,
      secret: S.dingtalkSecret,
    },
    feishu: {
      kind: 'feishu',
      name: '飞书销售群',
      url: `${rx.url}/open-apis/bot/v2/hook/${S.feishuHook}`,
      secret: S.feishuSecret,
    },
    webhook: { kind: 'webhook', name: 'CRM', url: `${rx.url}/hooks/yuexun`, secret: S.webhookSecret },
    email: {
      kind: 'email',
      name: '销售邮箱',
      smtpHost: '127.0.0.1',
      smtpPort: rx.smtpPort,
      smtpTls: 'none',
      smtpUser: S.smtpUser,
      smtpPassword: S.smtpPassword,
      mailFrom: 'alerts@yuexun.test',
      mailTo: 'sales@yuexun.test, boss@yuexun.test',
    },
  });

  const submit = (schoolName: string) =>
    submitLead(server, {
      contactName: '赵老师',
      schoolName,
      region: '江苏省南京市',
      schoolType: 'middle',
      role: '副校长',
      message: '想了解排课系统',
      sourcePage: '/products',
      landingPage: '/news/detail/1?utm_source=baidu&utm_campaign=spring',
    });

  it('creates a channel of every kind and never answers a secret in full', async () => {
    for (const [kind, input] of Object.entries(channels()))
      ids[kind] = only(await s.asAdmin(createAlertChannelAdmin, input)).id;
    const { body, text } = await s.asAdmin(inquireAlertChannelListAdmin, {});
    expect(body.success).toBe(true);
    expect(body.datas).toHaveLength(5);
    for (const secret of Object.values(S).filter((v) => !v.includes('@'))) expect(text).not.toContain(secret);
    const dingtalk = body.datas.find((c: { id: number }) => c.id === ids.dingtalk);
    expect(dingtalk.secret).toBe(`****${S.dingtalkSecret.slice(-4)}`);
    expect(dingtalk.url).toContain('access_token=****');
    expect(body.datas.find((c: { id: number }) => c.id === ids.email)).toMatchObject({
      smtpPassword: `****${S.smtpPassword.slice(-4)}`,
      mailTo: 'sales@yuexun.test, boss@yuexun.test',
    });
  });

  it('sends a test message per channel and reports the platform answer in Chinese', async () => {
    const answers: Record<string, string> = {};
    for (const [kind, id] of Object.entries(ids)) {
      const { body } = await s.asAdmin(testAlertChannelAdmin, { channelId: id });
      expect(body.success, JSON.stringify(body)).toBe(true);
      answers[kind] = body.message;
    }
    expect(answers.wecom).toBe('测试消息已发送：企业微信返回 errcode 0（ok）');
    expect(answers.dingtalk).toBe('测试消息已发送：钉钉返回 errcode 0（ok）');
    expect(answers.feishu).toBe('测试消息已发送：飞书返回 code 0（success）');
    expect(answers.webhook).toBe('测试消息已发送：接收方返回 HTTP 200');
    expect(answers.email).toContain('测试消息已发送：邮件服务器已接收：250');
    expect(rx.refused).toEqual([]);
  });

  it('delivers a lead submitted on the site to every channel, signatures verified', async () => {
    rx.received.length = 0;
    const leadId = await submit('南京市第九中学');
    // Every channel within 2 s of the lead being stored (issue 16's acceptance).
    const got = await eventually(() => {
      const mine = rx.received.filter((r) => r.text.includes('南京市第九中学'));
      return mine.length >= 5 && mine;
    }, 2000);
    expect(got.map((r) => r.platform).sort()).toEqual(['dingtalk', 'email', 'feishu', 'webhook', 'wecom']);
    for (const r of got) {
      expect(r.text).toContain('赵老师');
      expect(r.text).toMatch(/1370?\d+/);
      expect(r.text).toContain('baidu');
      expect(r.text).toContain('spring');
    }
    const hook = got.find((r) => r.platform === 'webhook')?.body as { event: string; lead: { id: number } };
    expect(hook).toMatchObject({ event: 'lead.created', lead: { id: leadId } });
    // Feishu gets a card: the title as its header and a button that opens the lead in the console.
    expect(got.find((r) => r.platform === 'feishu')?.body).toMatchObject({
      msg_type: 'interactive',
      card: {
        header: { title: { content: `新线索 #${leadId}：南京市第九中学` } },
        elements: expect.arrayContaining([
          expect.objectContaining({
            tag: 'action',
            actions: [
              expect.objectContaining({ tag: 'button', url: expect.stringContaining('#/m/leads?id=') }),
            ],
          }),
        ]),
      },
    });
    expect(got.find((r) => r.platform === 'email')?.body).toMatchObject({
      to: ['sales@yuexun.test', 'boss@yuexun.test'],
    });
    expect(rx.refused).toEqual([]);
    const log = await s.asAdmin(inquireAlertDeliveryListAdmin, { pageSize: 50 });
    const rows = log.body.datas.filter((d: { subjectId: string }) => d.subjectId === String(leadId));
    expect(rows).toHaveLength(5);
    expect(rows.map((d: { label: string }) => d.label)).toContain(`新线索 #${leadId} → 销售群（企业微信）`);
  });

  it('retries a receiver answering 500 and delivers exactly once when it recovers; 重发 sends again', async () => {
    rx.received.length = 0;
    rx.failNext.webhook = 2;
    const leadId = await submit('苏州工业园区星海学校');
    await eventually(() => rx.received.some((r) => r.platform === 'webhook' && r.text.includes('星海学校')));
    const delivery = async () => {
      const { body } = await s.asAdmin(inquireAlertDeliveryListAdmin, { pageSize: 50 });
      return body.datas.find(
        (d: { subjectId: string; label: string }) =>
          d.subjectId === String(leadId) && d.label.includes('CRM'),
      );
    };
    let row = await delivery();
    for (let i = 0; i < 40 && row.status !== 'sent'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      row = await delivery();
    }
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(rx.received.filter((r) => r.platform === 'webhook' && r.text.includes('星海学校'))).toHaveLength(
      1,
    );
    expect(rx.failNext.webhook).toBe(0);

    expect(only(await s.asAdmin(resendAlertDeliveryAdmin, { deliveryId: row.id }))).toEqual({ id: row.id });
    await eventually(
      () => rx.received.filter((r) => r.platform === 'webhook' && r.text.includes('星海学校')).length === 2,
    );
    const missing = await s.asAdmin(resendAlertDeliveryAdmin, { deliveryId: 2_000_000 });
    expect(missing.body).toMatchObject({ success: false, errorMessage: '该投递记录不存在或不能重发' });
  });

  it('keeps a stored secret when an update leaves it blank, and reports a platform refusal in Chinese', async () => {
    const list = await s.asAdmin(inquireAlertChannelListAdmin, {});
    const ding = list.body.datas.find((c: { id: number }) => c.id === ids.dingtalk);
    const renamed = only(
      await s.asAdmin(updateAlertChannelAdmin, {
        channelId: ids.dingtalk,
        name: '钉钉二组',
        secret: '',
        version: ding.version,
      }),
    );
    expect(renamed).toMatchObject({ name: '钉钉二组', secret: ding.secret });
    expect((await s.asAdmin(testAlertChannelAdmin, { channelId: ids.dingtalk })).body.success).toBe(true);
    const wrong = only(
      await s.asAdmin(updateAlertChannelAdmin, {
        channelId: ids.dingtalk,
        secret: 'SECwrong-secret-0000',
        version: renamed.version,
      }),
    );
    const refused = await s.asAdmin(testAlertChannelAdmin, { channelId: ids.dingtalk });
    expect(refused.body).toMatchObject({
      success: false,
      errorMessage: '测试消息发送失败：钉钉返回 errcode 310000（sign not match）',
    });
    const stale = await s.asAdmin(updateAlertChannelAdmin, {
      channelId: ids.dingtalk,
      name: 'x',
      version: renamed.version,
    });
    expect(stale.body).toMatchObject({ success: false, status: 409 });
    expect(wrong.version).toBe(renamed.version + 1);
    expect(only(await s.asAdmin(deleteAlertChannelAdmin, { channelId: ids.dingtalk }))).toEqual({
      id: ids.dingtalk,
    });
  });

  it('refuses bad channel input with a Chinese message and changes nothing', async () => {
    const before = await dataFingerprint(server.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'wecom', name: '无地址' }, '请填写 Webhook 地址'],
      [{ kind: 'pager', name: '未知' }, '渠道类型不正确'],
      [
        { kind: 'webhook', name: '明文', url: 'http://8.8.8.8/hook', secret: 'x' },
        'Webhook 地址必须以 https:// 开头',
      ],
      [{ kind: 'webhook', name: '坏地址', url: 'not a url', secret: 'x' }, 'Webhook 地址格式不正确'],
      [
        { kind: 'dingtalk', name: '无密钥', url: 'https://oapi.dingtalk.com/robot/send?access_token=a' },
        '请填写签名密钥',
      ],
      [{ ...channels().email, mailTo: 'sales@yuexun.test, 不是邮箱' }, '收件人地址不正确：不是邮箱'],
    ];
    for (const [input, message] of cases) {
      const { status, body } = await s.asAdmin(createAlertChannelAdmin, input);
      expect(status).toBeLessThan(500);
      expect(body.success).toBe(false);
      expect(JSON.stringify(body)).toContain(message);
    }
    const user = await s.asUser(inquireAlertChannelListAdmin, {});
    expect(user.body.success).toBe(false);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('refuses loopback and private addresses, by what the name resolves to, unless configured', async () => {
    const strict = await startServer(
      driver,
      {},
      { databaseUrl: server.databaseUrl, database: server.app.database },
    );
    try {
      const t = await adminSessions(strict);
      for (const url of [
        'https://127.0.0.1/x',
        'https://10.1.2.3/x',
        'https://[::1]/x',
        'https://localhost/x',
        'https://192.168.1.10/hook',
      ]) {
        const { status, body } = await t.asAdmin(createAlertChannelAdmin, {
          kind: 'webhook',
          name: '内网',
          url,
          secret: 's',
        });
        expect(status).toBeLessThan(500);
        expect(body).toMatchObject({
          success: false,
          errorMessage: '参数错误：Webhook 地址指向内网或本机地址，不允许使用',
        });
      }
      const smtp = await t.asAdmin(createAlertChannelAdmin, { ...channels().email });
      expect(smtp.body.errorMessage).toBe('参数错误：SMTP 服务器指向内网或本机地址，不允许使用');
      // A channel saved while allowed is refused at send time too (the test button says so).
      const test = await t.asAdmin(testAlertChannelAdmin, { channelId: ids.webhook });
      expect(test.body).toMatchObject({
        success: false,
        errorMessage: '参数错误：Webhook 地址必须以 https:// 开头',
      });
    } finally {
      await strict.close();
    }
  });
});
