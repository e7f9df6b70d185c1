/**
 * The follow-up pipeline (#16 item 4): owners from the vendor's staff, routing rules that assign on arrival,
 * the timeline, reminders through the outbox to the lead's channels (@-mentioning the owner), the badge.
 */
import {
  actionPath,
  addLeadFollowUpAdmin,
  createAgentApplicationSALEPPublic,
  createAlertChannelAdmin,
  createLeadRouteAdmin,
  deleteLeadRouteAdmin,
  inquireAlertDeliveryListAdmin,
  inquireAuditLogListAdmin,
  inquireLeadBadgeAdmin,
  inquireLeadListAdmin,
  inquireLeadOwnerListAdmin,
  inquireLeadRouteListAdmin,
  inquireLeadTimelineAdmin,
  markLeadSeenAdmin,
  SITE_ID,
  updateLeadAdmin,
  updateLeadRouteAdmin,
} from '@yuexun/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { startAlertEnv, submitLead } from '../../test/alert-env';
import { eventually, type Receivers, RECEIVER_SECRETS as S } from '../../test/alert-receivers';
import { type Colleague, colleagueWithRole, giveVendorRole, vendorAdminSession } from '../../test/roles';
import { drivers, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { account } from '../db/schema';

describe.each(drivers)('the lead pipeline on %s', (driver) => {
  let server: TestServer;
  let rx: Receivers;
  let s: AdminSessions;
  let close: (() => Promise<void>) | undefined;
  /**
   * Demo accounts: admin 王建国 and user 李晓梅 are the vendor's staff (李晓梅 made 销售 here, as an admin
   * would, since a 成员 without permissions may not own leads); qingxi 周明远 a school's admin.
   */
  const ids: Record<string, number> = {};
  /** A 内容编辑 of the vendor: staff, but without leads.read, so never an owner. */
  let editor: Colleague;
  beforeAll(async () => {
    ({ rx, server, s, close } = await startAlertEnv(driver));
    await giveVendorRole(server, '李晓梅', 'sales');
    editor = await colleagueWithRole(server, (await vendorAdminSession(server)).sid, 'editor', '内容同事');
    const rows = await server.app.db
      .select({ id: account.id, username: account.username })
      .from(account)
      .where(inArray(account.username, ['admin', 'user', 'qingxi']));
    for (const row of rows) ids[row.username] = row.id;
    // A WeCom and a DingTalk group for agent applications only, a webhook for every lead.
    for (const channel of [
      {
        kind: 'wecom',
        name: '渠道部群',
        url: `${rx.url}/cgi-bin/webhook/send?key=${S.wecomKey}`,
        leadKinds: ['agent'],
      },
      {
        kind: 'dingtalk',
        name: '渠道部钉钉',
        url: `${rx.url}/robot/send?access_token=${S.dingtalkToken}`,
        secret: S.dingtalkSecret,
        leadKinds: 'agent',
      },
      { kind: 'webhook', name: 'CRM', url: `${rx.url}/hooks/yuexun`, secret: S.webhookSecret },
    ])
      only(await s.asAdmin(createAlertChannelAdmin, channel));
  });
  afterAll(() => close?.());

  const apply = async (region: string, companyName = '陕西智联科技有限公司') => {
    const { body } = await server.post(actionPath(createAgentApplicationSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      companyName,
      contactName: '马经理',
      phone: freshPhone(),
      region,
      businessScope: '系统集成',
      teamSize: '10-49',
    });
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.data.id as number;
  };
  const leadOf = async (id: number) => {
    const { body } = await s.asAdmin(inquireLeadListAdmin, { pageSize: 100 });
    return body.datas.find((l: { id: number }) => l.id === id);
  };
  const timelineOf = async (leadId: number) =>
    (await s.asAdmin(inquireLeadTimelineAdmin, { leadId })).body.datas as Record<string, unknown>[];
  const deliveries = async (leadId: number) =>
    (await s.asAdmin(inquireAlertDeliveryListAdmin, { pageSize: 100 })).body.datas.filter(
      (d: { subjectId: string }) => d.subjectId === String(leadId),
    ) as { label: string; status: string }[];

  it('offers the vendor staff who may read leads as owners, not a 内容编辑 nor a school admin', async () => {
    const owners = (await s.asAdmin(inquireLeadOwnerListAdmin)).body.datas;
    expect(owners.map((o: { name: string }) => o.name).sort()).toEqual(['李晓梅', '王建国']);
    expect(owners.find((o: { accountId: number }) => o.accountId === ids.user)).toMatchObject({
      phone: '13800000002',
    });
    const forbidden = await callAs(server, inquireLeadOwnerListAdmin, editor.sid);
    expect(forbidden.body.errorCode).toBe(403);

    // Neither a rule nor an edit may name the 内容编辑: 400 with the reason, nothing changed.
    const leadId = await apply('宁夏固原市');
    const before = await dataFingerprint(server.app);
    const reason = [{ field: 'ownerAccountId', message: '负责人必须是本单位在职、且角色可以查看线索的员工' }];
    const rule = await s.asAdmin(createLeadRouteAdmin, {
      name: '给编辑',
      ownerAccountId: editor.accountId,
      requestKey: requestKey(),
    });
    expect([rule.body.errorCode, rule.body.errors]).toEqual([400, reason]);
    const edit = await s.asAdmin(updateLeadAdmin, { leadId, ownerAccountId: editor.accountId, version: 1 });
    expect([edit.body.errorCode, edit.body.errors]).toEqual([400, reason]);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('assigns an agent application by the first matching rule on arrival and tells its owner by @', async () => {
    const east = only(
      await s.asAdmin(createLeadRouteAdmin, {
        name: '西北代理',
        leadKinds: ['agent'],
        regions: '陕西，甘肃',
        ownerAccountId: ids.user,
        position: 10,
        requestKey: requestKey(),
      }),
    );
    expect(east).toMatchObject({ leadKinds: ['agent'], regions: '陕西, 甘肃', ownerName: '李晓梅' });
    only(
      await s.asAdmin(createLeadRouteAdmin, {
        name: '其他全部',
        ownerAccountId: ids.admin,
        position: 20,
        requestKey: requestKey(),
      }),
    );
    const xian = await apply('陕西省西安市');
    expect(await leadOf(xian)).toMatchObject({ kind: 'agent', ownerAccountId: ids.user, owner: '李晓梅' });
    const [assigned] = await timelineOf(xian);
    expect(assigned).toMatchObject({
      kind: 'assign',
      accountId: null,
      ownerName: '李晓梅',
      ruleName: '西北代理',
    });
    // The agent channels and the webhook announce it; the WeCom text and the DingTalk card @ the owner.
    const wecom = await eventually(() =>
      rx.received.find((r) => r.platform === 'wecom' && r.text.includes(`#${xian}`)),
    );
    expect(wecom.body).toMatchObject({ msgtype: 'text', text: { mentioned_mobile_list: ['13800000002'] } });
    expect(wecom.text).toContain('负责人：李晓梅');
    const ding = await eventually(() =>
      rx.received.find((r) => r.platform === 'dingtalk' && r.text.includes(`#${xian}`)),
    );
    expect(ding.body).toMatchObject({ at: { atMobiles: ['13800000002'], isAtAll: false } });
    const hook = await eventually(() =>
      rx.received.find(
        (r) => r.platform === 'webhook' && (r.body as { lead: { id: number } }).lead?.id === xian,
      ),
    );
    expect((hook.body as { lead: { owner: unknown } }).lead.owner).toEqual({
      accountId: ids.user,
      name: '李晓梅',
      phone: '13800000002',
    });

    // Another region falls through to the catch-all rule; a sales lead reaches the webhook only.
    const chengdu = await apply('四川省成都市', '成都代理有限公司');
    expect((await leadOf(chengdu)).owner).toBe('王建国');
    const school = await submitLead(server, {
      contactName: '郑老师',
      schoolName: '路由小学',
      region: '陕西省',
    });
    expect((await leadOf(school)).owner).toBe('王建国');
    await eventually(async () => (await deliveries(school)).every((d) => d.status === 'sent'));
    expect((await deliveries(school)).map((d) => d.label)).toEqual([`新线索 #${school} → CRM（Webhook）`]);

    // A disabled rule is skipped; a rule is refused for someone who is not the vendor's staff.
    const rules = (await s.asAdmin(inquireLeadRouteListAdmin)).body.datas;
    expect(rules.map((r: { name: string }) => r.name)).toEqual(['西北代理', '其他全部']);
    only(await s.asAdmin(updateLeadRouteAdmin, { routeId: east.id, enabled: false, version: east.version }));
    expect((await leadOf(await apply('甘肃省兰州市', '兰州代理'))).owner).toBe('王建国');
    const stranger = await s.asAdmin(createLeadRouteAdmin, {
      name: '学校管理员',
      ownerAccountId: ids.qingxi,
      requestKey: requestKey(),
    });
    expect(stranger.body.errors).toEqual([
      { field: 'ownerAccountId', message: '负责人必须是本单位在职、且角色可以查看线索的员工' },
    ]);
    for (const rule of (await s.asAdmin(inquireLeadRouteListAdmin)).body.datas)
      only(await s.asAdmin(deleteLeadRouteAdmin, { routeId: rule.id, version: rule.version }));
  });

  it('reassigns a lead to staff only, on the timeline and in the log, and tells the new owner', async () => {
    const id = await apply('宁夏银川市', '银川代理');
    let lead = await leadOf(id);
    expect(lead.ownerAccountId).toBeNull();
    const before = await dataFingerprint(server.app);
    const stranger = await s.asAdmin(updateLeadAdmin, { leadId: id, ownerAccountId: ids.qingxi, version: 1 });
    expect(stranger.body.errors).toEqual([
      { field: 'ownerAccountId', message: '负责人必须是本单位在职、且角色可以查看线索的员工' },
    ]);
    expect(await dataFingerprint(server.app)).toEqual(before);

    lead = only(await s.asAdmin(updateLeadAdmin, { leadId: id, ownerAccountId: ids.user, version: 1 }));
    expect(lead).toMatchObject({ owner: '李晓梅', version: 2 });
    const [entry] = await timelineOf(id);
    expect(entry).toMatchObject({
      kind: 'assign',
      accountName: '王建国',
      ownerName: '李晓梅',
      ruleName: null,
    });
    const log = await s.asAdmin(inquireAuditLogListAdmin, { targetType: 'lead', targetId: String(id) });
    expect(log.body.datas[0].detail).toMatchObject({
      name: '银川代理',
      changes: { owner: [null, '李晓梅'] },
    });
    const notice = await eventually(() =>
      rx.received.find((r) => r.platform === 'wecom' && r.text.includes(`线索 #${id} 已分配给 李晓梅`)),
    );
    expect(notice.body).toMatchObject({ text: { mentioned_mobile_list: ['13800000002'] } });
    // Clearing the owner tells nobody.
    lead = only(await s.asAdmin(updateLeadAdmin, { leadId: id, ownerAccountId: '', version: 2 }));
    expect(lead.ownerAccountId).toBeNull();
    expect((await deliveries(id)).filter((d) => d.label.startsWith('分配线索'))).toHaveLength(3);
  });

  it('records follow-ups on the timeline and reminds the owner when the next one is due', async () => {
    const id = await apply('陕西省宝鸡市', '宝鸡代理');
    let lead = only(await s.asAdmin(updateLeadAdmin, { leadId: id, ownerAccountId: ids.user, version: 1 }));
    const first = new Date(Date.now() + 60 * 60_000).toISOString();
    lead = only(
      await s.asAdmin(addLeadFollowUpAdmin, {
        leadId: id,
        kind: 'call',
        note: '电话沟通代理政策，对方有兴趣',
        nextAt: first,
        version: lead.version,
      }),
    );
    expect(lead).toMatchObject({ nextFollowUpAt: first, version: 3 });
    // A newer follow-up replaces the first one's reminder, which is dropped unsent.
    const soon = new Date(Date.now() + 1500).toISOString();
    lead = only(
      await s.asAdmin(addLeadFollowUpAdmin, {
        leadId: id,
        kind: 'visit',
        note: '上门拜访，约好签约时间',
        nextAt: soon,
        version: lead.version,
      }),
    );
    const timeline = await timelineOf(id);
    expect(timeline.map((e) => e.kind)).toEqual(['visit', 'call', 'assign']);
    expect(timeline[0]).toMatchObject({
      note: '上门拜访，约好签约时间',
      nextAt: soon,
      accountName: '王建国',
    });
    const reminders = (await deliveries(id)).filter((d) => d.label.startsWith('跟进提醒'));
    expect(reminders.map((d) => d.label).sort()).toEqual([
      `跟进提醒 #${id} → CRM（Webhook）`,
      `跟进提醒 #${id} → 渠道部群（企业微信）`,
      `跟进提醒 #${id} → 渠道部钉钉（钉钉）`,
    ]);
    const reminded = await eventually(
      () => rx.received.find((r) => r.platform === 'wecom' && r.text.includes(`跟进提醒 #${id}`)),
      8000,
    );
    expect(reminded.text).toContain('上门拜访，约好签约时间');
    expect(reminded.body).toMatchObject({ text: { mentioned_mobile_list: ['13800000002'] } });
    const hook = await eventually(() =>
      rx.received.find(
        (r) =>
          r.platform === 'webhook' &&
          (r.body as { event: string; lead: { id: number } }).lead?.id === id &&
          (r.body as { event: string }).event === 'lead.reminder',
      ),
    );
    expect((hook.body as { followUp: { nextAt: string } }).followUp.nextAt).toBe(soon);
    await eventually(() => rx.received.filter((r) => r.text.includes(`跟进提醒 #${id}`)).length === 3);
    // Due now: the list's 待跟进 filter finds it.
    const due = (await s.asAdmin(inquireLeadListAdmin, { followUp: 'due', owner: String(ids.user) })).body
      .datas;
    expect(due.map((l: { id: number }) => l.id)).toContain(id);
  });

  it('refuses a forged or replayed follow-up, a past date and a reminder on a closed lead', async () => {
    const id = await apply('青海省西宁市', '西宁代理');
    const before = await dataFingerprint(server.app);
    const forged = await s.asAdmin(addLeadFollowUpAdmin, {
      leadId: 999_999,
      kind: 'call',
      note: '伪造',
      version: 1,
    });
    expect(forged.body).toMatchObject({ success: false, errorCode: 404 });
    const past = await s.asAdmin(addLeadFollowUpAdmin, {
      leadId: id,
      kind: 'note',
      note: '过去的时间',
      nextAt: new Date(Date.now() - 60_000).toISOString(),
      version: 1,
    });
    expect(past.body.errors).toEqual([{ field: 'nextAt', message: '下次跟进时间必须晚于现在' }]);
    const bad = await s.asAdmin(addLeadFollowUpAdmin, { leadId: id, kind: 'fax', note: '', version: 1 });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['kind', 'note']);
    expect(await dataFingerprint(server.app)).toEqual(before);

    const body = { leadId: id, kind: 'note', note: '第一次记录', version: 1 };
    only(await s.asAdmin(addLeadFollowUpAdmin, body));
    const replay = await s.asAdmin(addLeadFollowUpAdmin, body);
    expect(replay.body).toMatchObject({ success: false, errorCode: 409 });
    expect(await timelineOf(id)).toHaveLength(1);

    // Lost: the waiting reminder is dropped and no new one can be set.
    let lead = only(
      await s.asAdmin(addLeadFollowUpAdmin, {
        leadId: id,
        kind: 'call',
        note: '下周再打',
        nextAt: new Date(Date.now() + 3600_000).toISOString(),
        version: 2,
      }),
    );
    expect((await deliveries(id)).filter((d) => d.label.startsWith('跟进提醒'))).toHaveLength(3);
    lead = only(await s.asAdmin(updateLeadAdmin, { leadId: id, status: 'lost', version: lead.version }));
    expect(lead.nextFollowUpAt).toBeNull();
    expect((await deliveries(id)).filter((d) => d.label.startsWith('跟进提醒'))).toHaveLength(0);
    expect((await timelineOf(id))[0]).toMatchObject({ kind: 'status', statusFrom: 'new', statusTo: 'lost' });
    const closed = await s.asAdmin(addLeadFollowUpAdmin, {
      leadId: id,
      kind: 'call',
      note: '再试一次',
      nextAt: new Date(Date.now() + 3600_000).toISOString(),
      version: lead.version,
    });
    expect(closed.body.errors).toEqual([
      { field: 'nextAt', message: '线索已成交或已流失，不能再安排跟进提醒' },
    ]);
    const missing = await s.asAdmin(inquireLeadTimelineAdmin, { leadId: 999_999 });
    expect(missing.body.errorCode).toBe(404);
  });

  it('counts new leads nobody has opened or owns in the badge; opening and assigning take them off', async () => {
    const count = async () => only(await s.asAdmin(inquireLeadBadgeAdmin)).count as number;
    const start = await count();
    const id = await apply('西藏拉萨市', '拉萨代理');
    expect(await count()).toBe(start + 1);
    only(await s.asAdmin(markLeadSeenAdmin, { leadId: id }));
    // Seen but nobody owns it: still counted.
    expect(await count()).toBe(start + 1);
    only(await s.asAdmin(updateLeadAdmin, { leadId: id, ownerAccountId: ids.admin, version: 1 }));
    expect(await count()).toBe(start);
    expect((await leadOf(id)).seenAt).not.toBeNull();
    expect((await s.asAdmin(markLeadSeenAdmin, { leadId: 999_999 })).body.errorCode).toBe(404);
    const unowned = (await s.asAdmin(inquireLeadListAdmin, { owner: 'none', pageSize: 100 })).body.datas;
    expect(unowned.every((l: { ownerAccountId: number | null }) => l.ownerAccountId === null)).toBe(true);
    expect(unowned.map((l: { id: number }) => l.id)).not.toContain(id);
    const mine = (await s.asAdmin(inquireLeadListAdmin, { owner: String(ids.admin), pageSize: 100 })).body
      .datas;
    expect(mine.map((l: { id: number }) => l.id)).toContain(id);
    const bad = await s.asAdmin(inquireLeadListAdmin, { owner: 'somebody' });
    expect(bad.body.errors[0].field).toBe('owner');
  });
});

describe.each(drivers)('demo leads on %s', (driver) => {
  let close: (() => Promise<void>) | undefined;
  let server: TestServer;
  beforeAll(async () => {
    ({ server, close } = await startAlertEnv(driver));
  });
  afterAll(() => close?.());

  it('are owned by the demo staff with their first follow-up on the timeline', async () => {
    const rows = await server.app.db.select().from(account).where(eq(account.username, 'user'));
    const s = await adminSessions(server);
    const leads = (await s.asAdmin(inquireLeadListAdmin, { owner: String(rows[0]?.id), pageSize: 50 })).body
      .datas;
    expect(leads.length).toBeGreaterThan(0);
    const agent = leads.find((l: { kind: string }) => l.kind === 'agent');
    expect(agent).toMatchObject({ companyName: '西安智联教育科技有限公司', owner: '李晓梅' });
    const [first] = (await s.asAdmin(inquireLeadTimelineAdmin, { leadId: agent.id })).body.datas;
    expect(first).toMatchObject({
      kind: 'call',
      note: '已发送代理政策，约了下周视频会议。',
      accountName: '李晓梅',
    });
  });
});
