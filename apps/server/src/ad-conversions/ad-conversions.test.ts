/**
 * Ad conversion feedback (issue 34 item 2, decision 053) through the real server and outbox, against a stand-in of
 * Baidu's uploadConvertData that checks the documented shape and token: a visitor lands on /home?bd_vid=abc123
 * and sends a lead; staff mark it 有效, then 成交 (and, on the way, lost and 有效 again); Baidu receives exactly
 * three conversions, each once with its configured newType and the landing address as logidUrl, although its
 * first answer was a refusal. A wrong token ends failed with Baidu's reason in Chinese; the generic webhook is
 * signed; bad settings are refused in Chinese, and the token never comes back.
 */
import { createHmac } from 'node:crypto';
import {
  actionPath,
  adConversionMessages,
  createCustomerIntentionSALEPPublic,
  inquireAdConversionCountsAdmin,
  inquireAdConversionSettingsAdmin,
  SITE_ID,
  updateAdConversionSettingsAdmin,
  updateLeadAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { baiduOcpcStandIn } from '../../test/baidu-ocpc-standin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { adConversion, customerIntention, outbox } from '../db/schema';

const ORIGIN = 'https://www.example.edu.cn';
const TOKEN = 'ocpc-token-123';

describe.each(drivers)('ad conversion feedback on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let baidu: Awaited<ReturnType<typeof baiduOcpcStandIn>>;

  beforeAll(async () => {
    baidu = await baiduOcpcStandIn(TOKEN);
    server = await startServer(driver, {
      publicOrigin: ORIGIN,
      leadLimitPerHour: 1000,
      adConversions: { baiduUrl: baidu.url },
      alerts: { allowPrivateHosts: true, timeoutMs: 2000 },
      outbox: { worker: true, pollMs: 100, retryBaseMs: 200, retryMaxMs: 400, maxAttempts: 3, leaseMs: 5000 },
    });
    s = await adminSessions(server);
  });
  afterAll(async () => {
    await server.close();
    await baidu.close();
  });

  const settings = async (change: Record<string, unknown>) => {
    const current = only(await s.asAdmin(inquireAdConversionSettingsAdmin));
    return s.asAdmin(updateAdConversionSettingsAdmin, {
      baiduEnabled: current.baidu.enabled,
      webhookEnabled: current.webhook.enabled,
      webhookUrl: current.webhook.url,
      version: current.version,
      ...change,
    });
  };
  const lead = async (landingPage: string) => {
    const { body } = await server.post(actionPath(createCustomerIntentionSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '孙老师',
      phone: freshPhone(),
      schoolName: '转化回传小学',
      region: '浙江省',
      schoolType: 'primary',
      role: '校长',
      sourcePage: '/home',
      landingPage,
      referrer: 'https://www.baidu.com/',
    });
    expect(body.success).toBe(true);
    return body.data.id as number;
  };
  const conversions = (leadId: number) =>
    server.app.db.select().from(adConversion).where(eq(adConversion.leadId, leadId));
  const move = async (leadId: number, statuses: string[]) => {
    const [row] = await server.app.db
      .select({ version: customerIntention.version })
      .from(customerIntention)
      .where(eq(customerIntention.id, leadId));
    let version = row?.version ?? 1;
    for (const status of statuses)
      version = only(await s.asAdmin(updateLeadAdmin, { leadId, status, version })).version;
  };

  it('refuses bad settings in Chinese and never answers the token back', async () => {
    const noToken = await settings({ baiduEnabled: true });
    expect(noToken.body.errorMessage).toBe(adConversionMessages.baiduIncomplete);
    const bad = await settings({ qualifiedType: 'abc', webhookUrl: 'ftp://example.com/hook' });
    expect(bad.body.success).toBe(false);
    expect(bad.body.errorMessage).toMatch(/[\u4e00-\u9fa5]/);
    const badType = await settings({ wonType: 0 });
    expect(badType.body.errors[0]).toMatchObject({ field: 'wonType' });
    expect(badType.body.errors[0].message).toContain('成交的转化类型');
    const noSecret = await settings({ webhookEnabled: true, webhookUrl: baidu.hookUrl });
    expect(noSecret.body.errorMessage).toBe(adConversionMessages.webhookIncomplete);
    expect((await s.asUser(inquireAdConversionSettingsAdmin)).body.errorCode).toBe(403);

    const saved = await settings({ baiduEnabled: true, baiduToken: TOKEN, qualifiedType: 19 });
    expect(saved.text).not.toContain(TOKEN);
    expect(only(saved).baidu).toEqual({
      enabled: true,
      tokenSet: true,
      newTypes: { submitted: 3, qualified: 19, won: 26 },
    });
    // Blank keeps the token.
    expect(only(await settings({ baiduToken: '' })).baidu.tokenSet).toBe(true);
  });

  it('sends 表单提交成功, 有效 and 成交 to Baidu exactly once each, the first refusal retried', async () => {
    // The landing page a visitor opens from a Baidu ad: the layout's script keeps it for the lead form.
    const page = await fetch(`${server.url}/home?bd_vid=abc123`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('location.pathname+location.search');
    baidu.state.failNext = 1;
    const requestsBefore = baidu.state.requests;
    const id = await lead('/home?bd_vid=abc123');
    const logidUrl = `${ORIGIN}/home?bd_vid=abc123`;
    await until(
      () => conversions(id),
      (rows) => rows[0]?.status === 'sent',
      'the form conversion',
    );
    // 有效, lost, 有效 again (no second report), 成交.
    await move(id, ['contacted', 'qualified', 'lost', 'contacted', 'qualified', 'won']);
    const rows = await until(
      () => conversions(id),
      (list) => list.length === 3 && list.every((r) => r.status === 'sent'),
      'three conversions sent',
    );
    expect(rows.map((r) => r.event).sort()).toEqual(['qualified', 'submitted', 'won']);
    expect(rows.find((r) => r.event === 'submitted')?.attempts).toBe(2);
    expect(rows[0]?.answer).toContain('百度已接收');
    // A little longer: nothing else arrives.
    await new Promise((r) => setTimeout(r, 600));
    const mine = baidu.accepted.filter((c) => c.logidUrl === logidUrl);
    expect(mine.map((c) => c.newType).sort((a, b) => a - b)).toEqual([3, 19, 26]);
    expect(baidu.state.requests - requestsBefore).toBe(4);

    const counts = (await s.asAdmin(inquireAdConversionCountsAdmin)).body.datas;
    for (const event of ['submitted', 'qualified', 'won'])
      expect(counts).toContainEqual({ platform: 'baidu', event, sent: 1, failed: 0, pending: 0 });
    expect((await s.asUser(inquireAdConversionCountsAdmin)).body.errorCode).toBe(403);
  });

  it('keeps no conversion for a lead without an ad click', async () => {
    const id = await lead('/home?utm_source=wechat');
    await move(id, ['contacted', 'qualified']);
    expect(await conversions(id)).toEqual([]);
  });

  it('ends failed with Baidu reason in Chinese when the token is wrong', async () => {
    baidu.state.token = 'another-token';
    try {
      const id = await lead('/products?bd_vid=wrong1');
      const [row] = await until(
        () => conversions(id),
        (rows) => rows[0]?.status === 'failed',
        'the conversion failed',
      );
      expect(row?.attempts).toBe(3);
      expect(row?.answer).toBe('百度拒绝了回传（status 2）：failure；token无效');
      // The outbox marks its message after the handler has marked the conversion: wait for that write too.
      const [message] = await until(
        async () =>
          await server.app.db
            .select({ lastError: outbox.lastError, status: outbox.status, label: outbox.label })
            .from(outbox)
            .where(eq(outbox.dedupeKey, `ad-conversion:${row?.id}`)),
        (rows) => rows[0]?.status !== 'sending',
        'the outbox gave up',
      );
      expect(message).toEqual({
        lastError: row?.answer,
        status: 'failed',
        label: `表单提交成功 #${id} → 百度 oCPC`,
      });
    } finally {
      baidu.state.token = TOKEN;
    }
  });

  it('signs the generic webhook with the configured secret', async () => {
    only(
      await settings({
        baiduEnabled: false,
        webhookEnabled: true,
        webhookUrl: baidu.hookUrl,
        webhookSecret: 's3cret',
      }),
    );
    const id = await lead('/home?qhclickid=q-777');
    const hook = await until(
      () => baidu.hooks.find((h) => h.body.includes(`"leadId":${id}`)),
      (h) => h !== undefined,
      'the webhook',
    );
    const body = JSON.parse(hook?.body ?? '{}');
    expect(body).toMatchObject({ platform: 'so360', clickId: 'q-777', event: 'submitted', leadId: id });
    const timestamp = String(hook?.headers['x-yuexun-timestamp']);
    const expected = `sha256=${createHmac('sha256', 's3cret').update(`${timestamp}.${hook?.body}`).digest('hex')}`;
    expect(hook?.headers['x-yuexun-signature']).toBe(expected);
    // The receiver has the request before the sender reads its answer and marks the conversion sent.
    const rows = await until(
      () => conversions(id),
      (r) => r[0]?.status !== 'pending',
      'the conversion marked',
    );
    expect(rows.map((r) => [r.platform, r.status])).toEqual([['webhook', 'sent']]);
  });
});
