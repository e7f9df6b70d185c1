/**
 * 离职同步 (issue 36 acceptance: "the leaver job disables a removed member and hands their leads back") against the
 * 企业微信 and 钉钉 stand-ins, through the real server on both drivers: two salespeople linked by scan login, one
 * removed from WeCom's member list and one from DingTalk's; a run disables exactly those, ends their sessions,
 * hands their open leads (not the closed ones) to the colleague the admin chose and writes the audit line with
 * the reason. A member list that cannot be read, or that is empty, disables nobody.
 */
import {
  inquireAuditLogListAdmin,
  inquireLeaverSyncAdmin,
  leaverMessages,
  runLeaverSyncAdmin,
  updateLeaverSyncAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, currentAccount } from '../../test/accounts';
import { submitLead } from '../../test/alert-env';
import { type DingtalkStandIn, startDingtalkStandIn } from '../../test/dingtalk-standin';
import { type Colleague, colleagueWithRole, vendorAdminSession } from '../../test/roles';
import { configureScan, scanBrowser } from '../../test/scan-browser';
import { drivers, startServer, type TestServer } from '../../test/server';
import { startWecomStandIn, type WecomStandIn } from '../../test/wecom-standin';
import { customerIntention, employee, platformToken } from '../db/schema';

const WECOM = { corpId: 'ww-leavers', agentId: '1000009', secret: 'wecom-leavers-secret' };
const DINGTALK = { corpId: 'ding-leavers', clientId: 'dingleavers', secret: 'dingtalk-leavers-secret' };

describe.each(drivers)('离职同步 on %s', (driver) => {
  let server: TestServer;
  let wecom: WecomStandIn;
  let dingtalk: DingtalkStandIn;
  let adminSid: string;
  let adminAccountId: number;
  let zhao: Colleague;
  let qian: Colleague;
  let sun: Colleague;

  beforeAll(async () => {
    wecom = await startWecomStandIn(WECOM);
    dingtalk = await startDingtalkStandIn(DINGTALK);
    server = await startServer(driver);
    server.app.config.platforms = { ...server.app.config.platforms, ...wecom.urls(), ...dingtalk.urls() };
    ({ sid: adminSid } = await vendorAdminSession(server));
    adminAccountId = (await currentAccount(server, adminSid)).body.datas[0].accountId;
    for (const [platform, fields] of [
      ['wecom', { corpId: WECOM.corpId, agentId: WECOM.agentId, appSecret: WECOM.secret }],
      ['dingtalk', { corpId: DINGTALK.corpId, appKey: DINGTALK.clientId, appSecret: DINGTALK.secret }],
    ] as const) {
      const saved = await configureScan(server, adminSid, platform, fields);
      expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    }
    zhao = await colleagueWithRole(server, adminSid, 'sales', '赵六');
    qian = await colleagueWithRole(server, adminSid, 'sales', '钱七');
    sun = await colleagueWithRole(server, adminSid, 'sales', '孙八');
    wecom.members.set('ZhaoLiu', { name: '赵六', department: [1] });
    wecom.members.set('SunBa', { name: '孙八', department: [1] });
    // Someone WeCom keeps listing, so its list is never empty here (an empty list disables nobody).
    wecom.members.set('WangJianGuo', { name: '王建国', department: [1] });
    // Someone DingTalk still lists, so its list is not empty once 钱七 has left.
    dingtalk.people.set('u-li', { unionId: 'u-li', name: '李九', corpId: DINGTALK.corpId, userId: 'li09' });
    dingtalk.people.set('u-qian', {
      unionId: 'u-qian',
      name: '钱七',
      corpId: DINGTALK.corpId,
      userId: 'qian07',
      departments: [1, 5],
    });
    // Each links their own identity from 账号绑定.
    const link = async (platform: 'wecom' | 'dingtalk', sid: string) => {
      const browser = scanBrowser(() => server, platform);
      const trip = await browser.throughPlatform({ link: sid });
      expect((await browser.callback(trip.callback, trip.ours)).location).toMatch(/sso=linked$/);
    };
    wecom.state.scanAs = 'ZhaoLiu';
    await link('wecom', zhao.sid);
    wecom.state.scanAs = 'SunBa';
    await link('wecom', sun.sid);
    dingtalk.state.scanAs = 'u-qian';
    await link('dingtalk', qian.sid);
  });
  afterAll(async () => {
    await wecom?.close();
    await dingtalk?.close();
    await server?.close();
  });

  const view = async () => (await callAs(server, inquireLeaverSyncAdmin, adminSid)).body.datas[0];
  const save = async (changes: Record<string, unknown>) =>
    callAs(server, updateLeaverSyncAdmin, adminSid, { version: (await view()).version, ...changes });
  let schools = 0;
  const leadOwnedBy = async (owner: Colleague, status: 'new' | 'won' = 'new') => {
    const id = await submitLead(server, {
      contactName: '离职老师',
      // A school of its own: leads of one school are merged into one 客户.
      schoolName: `${owner.username} 第${++schools}实验小学`,
      region: '浙江省杭州市',
    });
    await server.app.db
      .update(customerIntention)
      .set({ ownerAccountId: owner.accountId, status })
      .where(eq(customerIntention.id, id));
    return id;
  };
  const ownerOf = async (id: number) =>
    (await server.app.db.select().from(customerIntention).where(eq(customerIntention.id, id)))[0]
      ?.ownerAccountId;
  const statusOf = async (who: Colleague) =>
    (await server.app.db.select().from(employee).where(eq(employee.accountId, who.accountId))).map(
      (e) => e.status,
    );

  it('is switched on with a colleague to take the leads; someone who is not staff is refused', async () => {
    const refused = await save({ enabled: true, handoverTo: 999_999 });
    expect(refused.body).toMatchObject({ success: false, errorMessage: leaverMessages.handoverNotStaff });
    const saved = await save({ enabled: true, handoverTo: adminAccountId });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.datas[0]).toMatchObject({ enabled: true, directories: ['wecom', 'dingtalk'] });
  });

  it('a run disables the removed members only, ends their sessions and hands their open leads over', async () => {
    const zhaoOpen = await leadOwnedBy(zhao);
    const zhaoWon = await leadOwnedBy(zhao, 'won');
    const qianOpen = await leadOwnedBy(qian);
    const sunOpen = await leadOwnedBy(sun);
    wecom.members.delete('ZhaoLiu');
    dingtalk.people.set('u-qian', { unionId: 'u-qian', name: '钱七', corpId: DINGTALK.corpId });
    const ran = await callAs(server, runLeaverSyncAdmin, adminSid, {});
    expect(ran.body.success, JSON.stringify(ran.body)).toBe(true);
    expect(ran.body.datas[0].lastRun).toMatchObject({ disabled: 2, leads: 2, problems: [] });
    expect(await statusOf(zhao)).toEqual(['disabled']);
    expect(await statusOf(qian)).toEqual(['disabled']);
    expect(await statusOf(sun)).toEqual(['active']);
    expect((await currentAccount(server, zhao.sid)).body.success).toBe(false);
    expect(await ownerOf(zhaoOpen)).toBe(adminAccountId);
    expect(await ownerOf(qianOpen)).toBe(adminAccountId);
    expect(await ownerOf(zhaoWon)).toBe(zhao.accountId);
    expect(await ownerOf(sunOpen)).toBe(sun.accountId);
    // The audit log names who was disabled and why.
    const audit = await callAs(server, inquireAuditLogListAdmin, adminSid, {
      action: 'disable',
      pageSize: 50,
    });
    const lines = (audit.body.datas as { action: string; detail: Record<string, unknown> }[]).filter(
      (l) => l.action === 'disable',
    );
    expect(lines.map((l) => l.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: '赵六',
          reason: '企业微信通讯录中已无此成员（赵六（ZhaoLiu）），视为离职',
          leads: 1,
        }),
        expect.objectContaining({
          name: '钱七',
          reason: '钉钉通讯录中已无此成员（钱七（qian07）），视为离职',
          leads: 1,
        }),
      ]),
    );
    // Again: nobody else, nothing twice.
    const again = await callAs(server, runLeaverSyncAdmin, adminSid, {});
    expect(again.body.datas[0].lastRun).toMatchObject({ disabled: 0, leads: 0 });
  });

  it('without a colleague chosen, the leads go back to the 公海', async () => {
    expect((await save({ enabled: true })).body.success).toBe(true);
    const sunOpen = await leadOwnedBy(sun);
    wecom.members.delete('SunBa');
    const ran = await callAs(server, runLeaverSyncAdmin, adminSid, {});
    expect(ran.body.datas[0].lastRun).toMatchObject({ disabled: 1, leads: 2, problems: [] });
    const [row] = await server.app.db
      .select()
      .from(customerIntention)
      .where(eq(customerIntention.id, sunOpen));
    expect(row).toMatchObject({ ownerAccountId: null, poolReason: 'leaver' });
    expect(row?.pooledAt).toBeInstanceOf(Date);
    expect(await statusOf(sun)).toEqual(['disabled']);
    wecom.members.set('SunBa', { name: '孙八', department: [1] });
  });

  it('a member list that cannot be read, or is empty, disables nobody', async () => {
    wecom.state.failToken = 40001;
    await server.app.db.delete(platformToken);
    dingtalk.people.clear();
    const ran = await callAs(server, runLeaverSyncAdmin, adminSid, {});
    expect(ran.body.datas[0].lastRun).toMatchObject({
      disabled: 0,
      problems: ['企业微信：应用密钥（Secret）不正确', leaverMessages.emptyDirectory('钉钉')],
    });
    wecom.state.failToken = null;
  });
});
