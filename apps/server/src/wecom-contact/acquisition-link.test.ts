/**
 * 企业微信客户联系 in 获客链接 mode (issue 34, decision 068) on both drivers against the WeCom stand-in: a lead
 * assigned to a linked owner gets a 获客链接 (customer_acquisition/create_link with the owner's userid) whose url
 * carries customer_channel=<the lead's state>; the thank-you shows 添加您的专属顾问; a callback with that State
 * binds the contact as a 联系我's does, a tampered one changes nothing; a reassignment deletes the old link
 * (delete_link) and creates the new owner's; the 客户联系 system app's secret is refused with a readable reason.
 */
import {
  actionPath,
  createCustomerIntentionSALEPPublic,
  createLeadRouteAdmin,
  inquireLeadTimelineAdmin,
  inquireLeadWecomContactAdmin,
  inquireWecomContactSettingsAdmin,
  SITE_ID,
  updateLeadAdmin,
  updateWecomContactSettingsAdmin,
  WECOM_ACQUISITION_LINK_KIND,
  WECOM_CONTACT_CALLBACK_PATH,
  WECOM_DEL_ACQUISITION_LINK_KIND,
  WECOM_LINK_CAPTION,
  wecomLinkPath,
  wecomQrPath,
} from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { type Colleague, colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { wecomCallback } from '../../test/wecom-callback';
import { startWecomStandIn, type WecomStandIn } from '../../test/wecom-standin';
import { account, customerIntention, externalIdentity, leadWecomContact, outbox } from '../db/schema';

const APP = {
  corpId: 'ww-link-corp',
  agentId: '1000002',
  secret: 'scan-secret',
  contactSecret: 'contact-system-app',
  acquisitionSecret: 'self-built-callable-app',
};
const KEYS = {
  corpId: APP.corpId,
  token: 'LinkToken9',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};

describe.each(drivers)('企业微信获客链接 on %s', (driver) => {
  let server: TestServer;
  let wecom: WecomStandIn;
  let s: AdminSessions;
  let li: Colleague;
  const answers = new Map<number, { id: number; wecomQrCode?: string; wecomLink?: string }>();

  const settings = async (secret: string) => {
    const current = only(await s.asAdmin(inquireWecomContactSettingsAdmin));
    return only(
      await s.asAdmin(updateWecomContactSettingsAdmin, {
        enabled: true,
        mode: 'acquisition_link',
        corpId: APP.corpId,
        secret,
        callbackToken: KEYS.token,
        encodingAesKey: KEYS.encodingAesKey,
        version: current.version,
      }),
    );
  };

  beforeAll(async () => {
    wecom = await startWecomStandIn(APP);
    server = await startServer(driver, {
      leadLimitPerHour: 1000,
      outbox: { worker: true, pollMs: 100, retryBaseMs: 200, retryMaxMs: 400, maxAttempts: 3, leaseMs: 5000 },
    });
    server.app.config.platforms = { ...server.app.config.platforms, ...wecom.urls() };
    s = await adminSessions(server);
    wecom.members.set('WangJianGuo', { name: '王建国', department: [1] });
    wecom.members.set('LiXiaoMei', { name: '李小梅', department: [1] });
    wecom.contacts.set('wmEXT-link-1', { name: '周老师（第二中学）' });
    const [admin] = await server.app.db.select().from(account).where(eq(account.username, 'admin'));
    const adminId = admin?.id ?? 0;
    li = await colleagueWithRole(server, (await vendorAdminSession(server)).sid, 'sales', '李小梅');
    for (const [accountId, subject] of [
      [adminId, 'WangJianGuo'],
      [li.accountId, 'LiXiaoMei'],
    ] as const)
      await server.app.db
        .insert(externalIdentity)
        .values({ accountId, provider: 'wecom', issuer: APP.corpId, subject, label: subject });
    only(
      await s.asAdmin(createLeadRouteAdmin, {
        name: '全部',
        ownerAccountId: adminId,
        position: 1,
        requestKey: requestKey(),
      }),
    );
    expect(await settings(APP.acquisitionSecret)).toMatchObject({ mode: 'acquisition_link', enabled: true });
  });
  afterAll(async () => {
    await server?.close();
    await wecom?.close();
  });

  const lead = async () => {
    const { body } = await server.post(actionPath(createCustomerIntentionSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '周老师',
      phone: freshPhone(),
      schoolName: `获客链接测试中学${freshPhone()}`,
      region: '江苏省',
      schoolType: 'middle',
      role: '校长',
      sourcePage: '/home',
    });
    expect(body.success, JSON.stringify(body)).toBe(true);
    answers.set(body.data.id, body.data);
    return body.data.id as number;
  };
  const rowOf = async (leadId: number) =>
    (await server.app.db.select().from(leadWecomContact).where(eq(leadWecomContact.leadId, leadId)))[0];
  const readyFor = async (leadId: number, wecomUserId: string, not?: string) => {
    const row = await until(
      () => rowOf(leadId),
      (r) => r?.status === 'ready' && r.wecomUserId === wecomUserId && r.state !== not,
      `the 获客链接 of ${wecomUserId}`,
    );
    if (!row) throw new Error('no 获客链接');
    return row;
  };
  const timelineOf = async (leadId: number) =>
    (await s.asAdmin(inquireLeadTimelineAdmin, { leadId })).body.datas as { kind: string; note: string }[];
  const post = (c: { query: string; body: string }) =>
    fetch(`${server.url}${WECOM_CONTACT_CALLBACK_PATH}?${c.query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: c.body,
    });
  const added = (state: string) =>
    wecomCallback(KEYS, {
      ChangeType: 'add_external_contact',
      UserID: 'WangJianGuo',
      ExternalUserID: 'wmEXT-link-1',
      State: state,
      WelcomeCode: 'welcome-link',
    });
  const outboxOf = async (kind: string, dedupe: string) =>
    (
      await server.app.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.kind, kind), eq(outbox.dedupeKey, `${kind}:${dedupe}`)))
    )[0];

  it('a lead assigned in 获客链接 mode: create_link with the owner’s userid, the link carries customer_channel, the callback binds', async () => {
    const leadId = await lead();
    const ready = await readyFor(leadId, 'WangJianGuo');
    expect(ready.kind).toBe('acquisition_link');
    const made = wecom.acquisition.createLinks.find((l) => l.linkId === ready.linkId);
    expect(made).toMatchObject({ range: { user_list: ['WangJianGuo'] }, skipVerify: true });
    expect(made?.linkName).toBe(`线索 #${leadId}`);
    // WeCom's url with the lead's state as customer_channel, which WeCom hands back as the callback's State.
    const url = new URL(ready.linkUrl);
    expect(`${url.origin}${url.pathname}`).toBe(made?.url);
    expect(url.searchParams.get('customer_channel')).toBe(ready.state);
    expect(wecom.contactWays.some((w) => w.state === ready.state)).toBe(false);
    expect([undefined, ready.linkUrl]).toContain(answers.get(leadId)?.wecomLink);

    // The site's own addresses: a QR code of the link (a computer's screen) and a redirect to it (the alert).
    const picture = await fetch(`${server.url}${wecomQrPath(ready.state)}`);
    expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/png']);
    const go = await fetch(`${server.url}${wecomLinkPath(ready.state)}`, { redirect: 'manual' });
    expect([go.status, go.headers.get('location')]).toEqual([302, ready.linkUrl]);
    expect(
      (await fetch(`${server.url}${wecomLinkPath('made-up-state')}`, { redirect: 'manual' })).status,
    ).toBe(404);
    // The no-JS thank-you after its redirect: the 添加您的专属顾问 button to the link.
    const page = await (await fetch(`${server.url}/home?lead=created&wecom=${ready.state}`)).text();
    expect(page).toContain(WECOM_LINK_CAPTION);
    expect(page).toContain(`href="${ready.linkUrl}"`);

    const res = await post(added(ready.state));
    expect([res.status, await res.text()]).toEqual([200, 'success']);
    const entries = await until(
      () => timelineOf(leadId),
      (all) => all.some((e) => e.kind === 'wecom'),
      '已添加企业微信',
    );
    expect(entries.find((e) => e.kind === 'wecom')?.note).toBe('已添加企业微信：周老师（第二中学）');
    expect(only(await s.asAdmin(inquireLeadWecomContactAdmin, { leadId }))).toMatchObject({
      mode: 'acquisition_link',
      status: 'ready',
      link: ready.linkUrl,
      qrCode: expect.stringContaining(wecomQrPath(ready.state).slice(1)),
      externalUserId: 'wmEXT-link-1',
      contactName: '周老师（第二中学）',
    });
  });

  it('a tampered callback for a 获客链接 changes nothing', async () => {
    const leadId = await lead();
    const ready = await readyFor(leadId, 'WangJianGuo');
    const genuine = added(ready.state);
    const tampered = {
      query: genuine.query,
      body: genuine.body.replace(
        /Encrypt><!\[CDATA\[(.)/,
        (_m, c) => `Encrypt><![CDATA[${c === 'A' ? 'B' : 'A'}`,
      ),
    };
    const timeline = await timelineOf(leadId);
    const res = await post(tampered);
    expect(res.status).toBe(403);
    expect(await rowOf(leadId)).toEqual(ready);
    expect(await timelineOf(leadId)).toEqual(timeline);
  });

  it('reassigned: the old 获客链接 is deleted once (delete_link), the new owner gets a new one', async () => {
    const leadId = await lead();
    const first = await readyFor(leadId, 'WangJianGuo');
    const [row] = await server.app.db
      .select()
      .from(customerIntention)
      .where(eq(customerIntention.id, leadId));
    only(await s.asAdmin(updateLeadAdmin, { leadId, ownerAccountId: li.accountId, version: row?.version }));
    const second = await readyFor(leadId, 'LiXiaoMei', first.state);
    expect(wecom.acquisition.createLinks.at(-1)).toMatchObject({
      linkId: second.linkId,
      range: { user_list: ['LiXiaoMei'] },
    });
    expect(new URL(second.linkUrl).searchParams.get('customer_channel')).toBe(second.state);
    await until(
      () => outboxOf(WECOM_DEL_ACQUISITION_LINK_KIND, first.linkId),
      (o) => o?.status === 'sent',
      'delete_link of the former owner’s',
    );
    expect(wecom.acquisition.deletedLinkIds.filter((id) => id === first.linkId)).toHaveLength(1);
    expect(wecom.acquisition.deletedLinkIds).not.toContain(second.linkId);
    // The former owner's link no longer binds nor redirects.
    expect((await post(added(first.state))).status).toBe(403);
    expect((await fetch(`${server.url}${wecomLinkPath(first.state)}`, { redirect: 'manual' })).status).toBe(
      404,
    );
  });

  it('the 客户联系 system app’s secret: create_link refused, its Chinese reason in the delivery log', async () => {
    await settings(APP.contactSecret);
    const leadId = await lead();
    const failed = await until(
      () => rowOf(leadId),
      (r) => r?.status === 'failed',
      'the refused 获客链接',
    );
    expect(failed?.reason).toContain('接口未授权');
    expect(failed?.reason).toContain('可调用应用');
    const job = await outboxOf(WECOM_ACQUISITION_LINK_KIND, failed?.state ?? '');
    expect(job).toMatchObject({ status: 'failed', attempts: 3 });
    expect(job?.lastError).toContain('获客链接须使用配置到「客户联系 → 可调用应用」的自建应用 Secret');
    await settings(APP.acquisitionSecret);
  });
});
