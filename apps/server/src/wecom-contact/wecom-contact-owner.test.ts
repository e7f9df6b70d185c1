/**
 * A lead's 联系我 follows its owner (issue 34 item 1, decision 062) on both drivers against the WeCom stand-in:
 * reassigned, returned to the 公海 and claimed, merged into another lead and the merge undone; each new owner
 * gets a new 联系我 with a new state through the outbox, and the former owner's is no longer shown, no longer
 * served and no longer binds; WeCom is asked to delete it (del_contact_way) exactly once, also after a refusal, and
 * when the lead is erased; a config WeCom no longer knows (41044) counts as deleted, 41037 does not.
 */
import {
  actionPath,
  claimPoolLeadAdmin,
  createCustomerIntentionSALEPPublic,
  createLeadRouteAdmin,
  eraseLeadsOfPhoneAdmin,
  inquireLeadWecomContactAdmin,
  inquireWecomContactSettingsAdmin,
  mergeLeadsAdmin,
  returnLeadToPoolAdmin,
  SITE_ID,
  undoLeadMergeAdmin,
  updateLeadAdmin,
  updateWecomContactSettingsAdmin,
  WECOM_CONTACT_CALLBACK_PATH,
  WECOM_DEL_CONTACT_WAY_KIND,
  wecomQrPath,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { type Colleague, colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { until } from '../../test/until';
import { wecomCallback } from '../../test/wecom-callback';
import { startWecomStandIn, type WecomStandIn } from '../../test/wecom-standin';
import { account, customerIntention, externalIdentity, leadWecomContact, outbox } from '../db/schema';

const APP = {
  corpId: 'ww-owner-corp',
  agentId: '1000002',
  secret: 'scan-secret',
  contactSecret: 'contact-2',
};
const KEYS = {
  corpId: APP.corpId,
  token: 'OwnerToken7',
  encodingAesKey: 'jWmYm7qr5nMoAUwZRjGtBxmz3KA1tkAj3ykkR6q2B2C',
};

describe.each(drivers)('a lead’s 联系我 follows its owner on %s', (driver) => {
  let server: TestServer;
  let wecom: WecomStandIn;
  let s: AdminSessions;
  let adminId: number;
  let li: Colleague;

  const link = (accountId: number, subject: string) =>
    server.app.db
      .insert(externalIdentity)
      .values({ accountId, provider: 'wecom', issuer: APP.corpId, subject, label: subject });

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
    const [admin] = await server.app.db.select().from(account).where(eq(account.username, 'admin'));
    adminId = admin?.id ?? 0;
    li = await colleagueWithRole(server, (await vendorAdminSession(server)).sid, 'sales', '李小梅');
    await link(adminId, 'WangJianGuo');
    await link(li.accountId, 'LiXiaoMei');
    only(
      await s.asAdmin(createLeadRouteAdmin, {
        name: '全部',
        ownerAccountId: adminId,
        position: 1,
        requestKey: requestKey(),
      }),
    );
    const settings = only(await s.asAdmin(inquireWecomContactSettingsAdmin));
    only(
      await s.asAdmin(updateWecomContactSettingsAdmin, {
        enabled: true,
        corpId: APP.corpId,
        secret: APP.contactSecret,
        callbackToken: KEYS.token,
        encodingAesKey: KEYS.encodingAesKey,
        version: settings.version,
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
    await wecom?.close();
  });

  const lead = async (phone = freshPhone()) => {
    const { body } = await server.post(actionPath(createCustomerIntentionSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '钱老师',
      phone,
      schoolName: `换人测试小学${freshPhone()}`,
      region: '浙江省',
      schoolType: 'primary',
      role: '校长',
      sourcePage: '/home',
    });
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data.id as number;
  };
  const versionOf = async (leadId: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, leadId)))[0]
      ?.version;
  const rowOf = async (leadId: number) =>
    (await server.app.db.select().from(leadWecomContact).where(eq(leadWecomContact.leadId, leadId)))[0];
  /** The lead's 联系我 once it is ready for `wecomUserId` (a state other than `not`). */
  const readyFor = async (leadId: number, wecomUserId: string, not?: string) => {
    const row = await until(
      () => rowOf(leadId),
      (r) => r?.status === 'ready' && r.wecomUserId === wecomUserId && r.state !== not,
      `the 联系我 of ${wecomUserId}`,
    );
    if (!row) throw new Error('no 联系我');
    return row;
  };
  const reassign = async (leadId: number, ownerAccountId: number) =>
    only(await s.asAdmin(updateLeadAdmin, { leadId, ownerAccountId, version: await versionOf(leadId) }));
  /** The outbox row deleting `configId` in WeCom, once it is sent (or `status`). */
  const delSent = async (configId: string, status = 'sent') =>
    until(
      async () =>
        (
          await server.app.db
            .select()
            .from(outbox)
            .where(eq(outbox.dedupeKey, `${WECOM_DEL_CONTACT_WAY_KIND}:${configId}`))
        )[0],
      (row) => row?.status === status,
      `del_contact_way of ${configId} ${status}`,
    );
  const times = (list: string[], configId: string) => list.filter((id) => id === configId).length;
  const drawer = async (leadId: number) =>
    (await s.asAdmin(inquireLeadWecomContactAdmin, { leadId })).body.datas[0] ?? null;
  const qrStatus = async (state: string) => (await fetch(`${server.url}${wecomQrPath(state)}`)).status;
  const bindAnswer = async (state: string, userId: string) => {
    const c = wecomCallback(KEYS, {
      ChangeType: 'add_external_contact',
      UserID: userId,
      ExternalUserID: `wm-${state}`,
      State: state,
    });
    const answer = await fetch(`${server.url}${WECOM_CONTACT_CALLBACK_PATH}?${c.query}`, {
      method: 'POST',
      headers: { 'content-type': 'text/xml' },
      body: c.body,
    });
    return answer.status;
  };

  it('reassigned: the new owner’s 联系我 with a new state; the former one is not shown, served or bound', async () => {
    const leadId = await lead();
    const first = await readyFor(leadId, 'WangJianGuo');
    expect(await qrStatus(first.state)).toBe(200);
    only(
      await s.asAdmin(updateLeadAdmin, {
        leadId,
        ownerAccountId: li.accountId,
        version: await versionOf(leadId),
      }),
    );
    // At once, before the outbox follows: the drawer no longer shows 王建国's QR code.
    const shown = await drawer(leadId);
    expect(shown?.ownerWecomUserId ?? null).not.toBe('WangJianGuo');
    const second = await readyFor(leadId, 'LiXiaoMei', first.state);
    expect(second.ownerAccountId).toBe(li.accountId);
    expect(wecom.contactWays.at(-1)).toMatchObject({ state: second.state, user: ['LiXiaoMei'] });
    expect(await drawer(leadId)).toMatchObject({ status: 'ready', ownerWecomUserId: 'LiXiaoMei' });
    expect(await qrStatus(first.state)).toBe(404);
    expect(await qrStatus(second.state)).toBe(200);
    expect(await bindAnswer(first.state, 'WangJianGuo')).toBe(403);
    expect((await rowOf(leadId))?.externalUserId).toBe('');
    await delSent(first.configId);
    expect(times(wecom.deletedConfigIds, first.configId)).toBe(1);
    expect(times(wecom.delContactWayRequests, first.configId)).toBe(1);
    expect(wecom.deletedConfigIds).not.toContain(second.configId);
  });

  it('reassigned while WeCom refuses the first del_contact_way (41037 缺少「联系我」type参数 is no “already deleted”): retried, deleted exactly once', async () => {
    const leadId = await lead();
    const first = await readyFor(leadId, 'WangJianGuo');
    wecom.state.failDelContactWay = 41037;
    wecom.state.failDelContactWayTimes = 1;
    await reassign(leadId, li.accountId);
    const second = await readyFor(leadId, 'LiXiaoMei', first.state);
    const sent = await delSent(first.configId);
    expect(sent).toMatchObject({ attempts: 2, subjectId: String(leadId) });
    expect(times(wecom.delContactWayRequests, first.configId)).toBe(2);
    expect(times(wecom.deletedConfigIds, first.configId)).toBe(1);
    expect(wecom.contactWays.filter((w) => w.state === second.state)).toEqual([
      expect.objectContaining({ user: ['LiXiaoMei'], configId: second.configId }),
    ]);
    wecom.state.failDelContactWay = null;
  });

  it('a 联系我 already deleted in WeCom’s admin counts as deleted; a refusal’s Chinese reason is in the delivery log', async () => {
    const gone = await lead();
    const first = await readyFor(gone, 'WangJianGuo');
    wecom.forgetConfig(first.configId);
    await reassign(gone, li.accountId);
    expect(await delSent(first.configId)).toMatchObject({ attempts: 1 });
    expect(times(wecom.deletedConfigIds, first.configId)).toBe(0);

    const refused = await lead();
    const way = await readyFor(refused, 'WangJianGuo');
    wecom.state.failDelContactWay = 48002;
    wecom.state.failDelContactWayTimes = 3;
    await reassign(refused, li.accountId);
    const failed = await delSent(way.configId, 'failed');
    expect(failed).toMatchObject({ attempts: 3 });
    expect(failed?.lastError ?? '').toContain('接口未授权');
    wecom.state.failDelContactWay = null;
  });

  it('erased for privacy: the lead’s 联系我 is deleted in WeCom', async () => {
    const phone = freshPhone();
    const leadId = await lead(phone);
    const way = await readyFor(leadId, 'WangJianGuo');
    only(await s.asAdmin(eraseLeadsOfPhoneAdmin, { phone }));
    await delSent(way.configId);
    expect(times(wecom.deletedConfigIds, way.configId)).toBe(1);
  });

  it('returned to the 公海: no 联系我; claimed: the claimer’s', async () => {
    const leadId = await lead();
    const first = await readyFor(leadId, 'WangJianGuo');
    only(await s.asAdmin(returnLeadToPoolAdmin, { leadId }));
    expect(await drawer(leadId)).toBeNull();
    await until(
      () => rowOf(leadId),
      (r) => r === undefined,
      'the pooled lead’s 联系我 gone',
    );
    expect(await qrStatus(first.state)).toBe(404);
    only(await callAs(server, claimPoolLeadAdmin, li.sid, { leadId }, 'cookie', { json: true }));
    const claimed = await readyFor(leadId, 'LiXiaoMei', first.state);
    expect(await drawer(leadId)).toMatchObject({ ownerWecomUserId: 'LiXiaoMei', status: 'ready' });
    expect(await bindAnswer(claimed.state, 'LiXiaoMei')).toBe(200);
  });

  it('merged into another lead: the source’s 联系我 goes; the merge undone: a new one for its owner', async () => {
    const target = await lead();
    const source = await lead();
    const before = await readyFor(source, 'WangJianGuo');
    await readyFor(target, 'WangJianGuo');
    const merge = only(await s.asAdmin(mergeLeadsAdmin, { sourceLeadId: source, targetLeadId: target }));
    expect(await drawer(source)).toBeNull();
    await until(
      () => rowOf(source),
      (r) => r === undefined,
      'the merged lead’s 联系我 gone',
    );
    expect(await drawer(target)).toMatchObject({ ownerWecomUserId: 'WangJianGuo', status: 'ready' });
    only(await s.asAdmin(undoLeadMergeAdmin, { mergeId: merge.id }));
    await delSent(before.configId);
    expect(times(wecom.deletedConfigIds, before.configId)).toBe(1);
    const after = await readyFor(source, 'WangJianGuo', before.state);
    expect(after.state).not.toBe(before.state);
    expect(await qrStatus(before.state)).toBe(404);
  });
});
