/**
 * 企业微信客户联系 (issue 34 item 1, decision 062) on both drivers against the WeCom stand-in: 联系我 with the lead's state,
 * a callback made by WeCom's algorithm binds (timeline, drawer, thank-you QR); bad callbacks change nothing; retries.
 */
import {
  actionPath,
  createCustomerIntentionSALEPPublic,
  createLeadRouteAdmin,
  inquireLeadTimelineAdmin,
  inquireLeadWecomContactAdmin,
  inquireWecomContactSettingsAdmin,
  SITE_ID,
  updateWecomContactSettingsAdmin,
  WECOM_CONTACT_CALLBACK_PATH,
  WECOM_CONTACT_CAPTION,
  WECOM_CONTACT_WAY_KIND,
  wecomQrPath,
} from '@yuexun/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { signedCiphertext, wecomCallback, wecomEncrypt, wecomSign } from '../../test/wecom-callback';
import { startWecomStandIn, type WecomStandIn } from '../../test/wecom-standin';
import { account, externalIdentity, inboundCallback, leadWecomContact, outbox } from '../db/schema';

const APP = {
  corpId: 'ww-yuexun-corp',
  agentId: '1000002',
  secret: 'scan-secret',
  contactSecret: 'contact-secret-1',
};
const KEYS = {
  corpId: APP.corpId,
  token: 'CallbackToken42',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};

describe.each(drivers)('企业微信客户联系 on %s', (driver) => {
  let server: TestServer;
  let wecom: WecomStandIn;
  let s: AdminSessions;
  let adminId: number;

  beforeAll(async () => {
    wecom = await startWecomStandIn(APP);
    server = await startServer(driver, {
      leadLimitPerHour: 1000,
      outbox: { worker: true, pollMs: 100, retryBaseMs: 200, retryMaxMs: 400, maxAttempts: 3, leaseMs: 5000 },
    });
    server.app.config.platforms = { ...server.app.config.platforms, ...wecom.urls() };
    s = await adminSessions(server);
    wecom.members.set('WangJianGuo', { name: '王建国', department: [1] });
    wecom.contacts.set('wmEXT-teacher-1', { name: '孙老师（实验小学）' });
    const [admin] = await server.app.db.select().from(account).where(eq(account.username, 'admin'));
    adminId = admin?.id ?? 0;
    // 账号绑定 as scan login makes it (scan-wecom.test.ts tests the round trip itself).
    await server.app.db.insert(externalIdentity).values({
      accountId: adminId,
      provider: 'wecom',
      issuer: APP.corpId,
      subject: 'WangJianGuo',
      label: '王建国（WangJianGuo）',
    });
    only(
      await s.asAdmin(createLeadRouteAdmin, {
        name: '全部',
        ownerAccountId: adminId,
        position: 1,
        requestKey: requestKey(),
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await wecom?.close();
  });

  const lead = async () => {
    const { body } = await server.post(actionPath(createCustomerIntentionSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '孙老师',
      phone: freshPhone(),
      schoolName: `企微测试小学${freshPhone()}`,
      region: '浙江省',
      schoolType: 'primary',
      role: '校长',
      sourcePage: '/home',
    });
    expect(body.success, JSON.stringify(body)).toBe(true);
    answers.set(body.data.id, body.data);
    return body.data.id as number;
  };
  /** Each lead's answer: its id and, when ready within the request, the owner's QR code. */
  const answers = new Map<number, { id: number; wecomQrCode?: string }>();
  const contactOf = async (leadId: number) =>
    (await server.app.db.select().from(leadWecomContact).where(eq(leadWecomContact.leadId, leadId)))[0];
  const timelineOf = async (leadId: number) =>
    (await s.asAdmin(inquireLeadTimelineAdmin, { leadId })).body.datas as { kind: string; note: string }[];
  const post = (c: { query: string; body: string }) =>
    fetch(`${server.url}${WECOM_CONTACT_CALLBACK_PATH}?${c.query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: c.body,
    });
  const added = (state: string, extra: Record<string, string> = {}) =>
    wecomCallback(KEYS, {
      ChangeType: 'add_external_contact',
      UserID: 'WangJianGuo',
      ExternalUserID: 'wmEXT-teacher-1',
      State: state,
      WelcomeCode: 'welcome-1',
      ...extra,
    });
  const readyOf = async (leadId: number) => {
    const row = await until(
      () => contactOf(leadId),
      (r) => r?.status === 'ready',
      'the lead’s 联系我',
    );
    if (!row) throw new Error('no 联系我');
    return row;
  };
  const lastCallback = async () =>
    (await server.app.db.select().from(inboundCallback).orderBy(desc(inboundCallback.id)).limit(1))[0];

  it('saves the settings; the secrets never come back, blank keeps them, a bad key is refused', async () => {
    const current = only(await s.asAdmin(inquireWecomContactSettingsAdmin));
    expect(current).toMatchObject({ enabled: false, secretSet: false });
    expect(current.callbackUrl).toBe(`${server.url}${WECOM_CONTACT_CALLBACK_PATH}`);
    const bad = await s.asAdmin(updateWecomContactSettingsAdmin, {
      enabled: true,
      corpId: APP.corpId,
      encodingAesKey: 'short',
      version: current.version,
    });
    expect(bad.body).toMatchObject({ success: false, errorMessage: 'EncodingAESKey 应为 43 个字母或数字' });
    const saved = await s.asAdmin(updateWecomContactSettingsAdmin, {
      enabled: true,
      corpId: APP.corpId,
      secret: APP.contactSecret,
      callbackToken: KEYS.token,
      encodingAesKey: KEYS.encodingAesKey,
      version: current.version,
    });
    expect(saved.body.success, saved.text).toBe(true);
    for (const secret of [APP.contactSecret, KEYS.token, KEYS.encodingAesKey])
      expect(saved.text).not.toContain(secret);
    const again = only(
      await s.asAdmin(updateWecomContactSettingsAdmin, {
        enabled: true,
        corpId: APP.corpId,
        version: saved.body.datas[0].version,
      }),
    );
    expect(again).toMatchObject({ enabled: true, secretSet: true, tokenSet: true, aesKeySet: true });
  });

  it('answers WeCom’s URL check with the decrypted echostr, and refuses a wrong signature', async () => {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const echostr = wecomEncrypt(KEYS, 'echo-1234567890');
    const q = (sig: string) =>
      new URLSearchParams({ msg_signature: sig, timestamp, nonce: 'n1', echostr }).toString();
    const good = await fetch(
      `${server.url}${WECOM_CONTACT_CALLBACK_PATH}?${q(wecomSign(KEYS.token, timestamp, 'n1', echostr))}`,
    );
    expect([good.status, await good.text()]).toEqual([200, 'echo-1234567890']);
    const bad = await fetch(`${server.url}${WECOM_CONTACT_CALLBACK_PATH}?${q('0'.repeat(40))}`);
    expect(bad.status).toBe(403);
  });

  it('a lead assigned to a linked owner gets the owner’s 联系我 with its state; the callback binds the contact', async () => {
    const leadId = await lead();
    const ready = await readyOf(leadId);
    expect(ready.state).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const way = wecom.contactWays.find((w) => w.state === ready.state);
    expect(way).toMatchObject({ type: 1, scene: 2, user: ['WangJianGuo'], configId: ready.configId });
    expect(ready.qrCode).toContain(`/qr/${ready.configId}`);
    const own = wecomQrPath(ready.state);
    expect([undefined, own]).toContain(answers.get(leadId)?.wecomQrCode);
    const picture = await fetch(`${server.url}${own}`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect((await fetch(`${server.url}${wecomQrPath('made-up-state')}`)).status).toBe(404);
    // The no-JS thank-you after its redirect shows it with the caption; a made-up state shows none.
    const page = await (await fetch(`${server.url}/home?lead=created&wecom=${ready.state}`)).text();
    expect(page).toContain(WECOM_CONTACT_CAPTION);
    expect(page).toContain(own);
    const foreign = await (await fetch(`${server.url}/home?lead=created&wecom=made-up-state`)).text();
    expect(foreign).not.toContain(WECOM_CONTACT_CAPTION);

    const callback = added(ready.state);
    const res = await post(callback);
    expect([res.status, await res.text()]).toEqual([200, 'success']);
    const entries = await until(
      () => timelineOf(leadId),
      (all) => all.some((e) => e.kind === 'wecom'),
      '已添加企业微信',
    );
    expect(entries.find((e) => e.kind === 'wecom')?.note).toBe('已添加企业微信：孙老师（实验小学）');
    expect(await contactOf(leadId)).toMatchObject({
      externalUserId: 'wmEXT-teacher-1',
      contactName: '孙老师（实验小学）',
    });
    expect(only(await s.asAdmin(inquireLeadWecomContactAdmin, { leadId }))).toMatchObject({
      status: 'ready',
      ownerWecomUserId: 'WangJianGuo',
      externalUserId: 'wmEXT-teacher-1',
      contactName: '孙老师（实验小学）',
      removedAt: null,
    });
    expect(await lastCallback()).toMatchObject({
      accepted: true,
      event: 'add_external_contact',
      idempotencyKey: callback.msg_signature,
    });

    // The same callback again: a replay, refused and logged; nothing changes.
    const before = await contactOf(leadId);
    const replay = await post(callback);
    expect(replay.status).toBe(403);
    expect(await lastCallback()).toMatchObject({
      accepted: false,
      reason: '重复的回调（已处理过，疑似重放）',
    });
    expect(await contactOf(leadId)).toEqual(before);

    // Deleted by the customer: 已删除 on the timeline.
    const deleted = await post(
      wecomCallback(KEYS, {
        ChangeType: 'del_follow_user',
        UserID: 'WangJianGuo',
        ExternalUserID: 'wmEXT-teacher-1',
      }),
    );
    expect(deleted.status).toBe(200);
    expect((await timelineOf(leadId))[0]?.note).toBe('已删除企业微信：孙老师（实验小学）（客户删除了顾问）');
    expect((await contactOf(leadId))?.removedAt).not.toBeNull();
  });

  it('a tampered, stale, undecryptable or unknown-state callback changes nothing and is logged', async () => {
    const leadId = await lead();
    const ready = await readyOf(leadId);
    const genuine = added(ready.state);
    const stale = wecomCallback(
      KEYS,
      { ChangeType: 'add_external_contact', UserID: 'WangJianGuo', ExternalUserID: 'x', State: ready.state },
      { timestamp: Math.floor(Date.now() / 1000) - 3600 },
    );
    // Signed correctly, but not encrypted with the key: the AES payload cannot be read.
    const badAes = signedCiphertext(KEYS, Buffer.alloc(64, 7).toString('base64'));
    // One character of the ciphertext changed after signing.
    const tampered = {
      query: genuine.query,
      body: genuine.body.replace(
        /Encrypt><!\[CDATA\[(.)/,
        (_m, c) => `Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`,
      ),
    };
    const cases: [string, { query: string; body: string }, string][] = [
      ['tampered', tampered, '签名不正确'],
      ['stale', stale, '时间戳超出允许范围（疑似重放）'],
      ['unknown state', added('no-such-state-123'), '未知的 state：no-such-state-123'],
      ['bad AES', badAes, '无法解密'],
    ];
    const before = await contactOf(leadId);
    const timeline = await timelineOf(leadId);
    for (const [name, c, reason] of cases) {
      const res = await post(c);
      expect(res.status, name).toBe(403);
      const logged = await lastCallback();
      expect(logged?.accepted, name).toBe(false);
      expect(logged?.reason, name).toContain(reason);
      expect(logged?.rawBody, name).toBe(c.body);
    }
    expect(await contactOf(leadId)).toEqual(before);
    expect(await timelineOf(leadId)).toEqual(timeline);
  });

  it('WeCom refusing add_contact_way is retried with backoff and its Chinese reason is in the delivery log', async () => {
    wecom.state.failContactWay = 48002;
    const leadId = await lead();
    const failed = await until(
      () => contactOf(leadId),
      (row) => row?.status === 'failed',
      'the failed 联系我',
    );
    expect(failed?.reason).toContain('接口未授权');
    // The delivery log (outbox) keeps the attempts and WeCom's reason in Chinese.
    const [mine] = await server.app.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, WECOM_CONTACT_WAY_KIND), eq(outbox.subjectId, String(leadId))));
    expect(mine).toMatchObject({ status: 'failed', attempts: 3 });
    expect(mine?.lastError).toContain('接口未授权');
    wecom.state.failContactWay = null;
  });
});
