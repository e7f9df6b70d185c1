/**
 * Sessions and sign-in history through the real server on both databases: each account lists and ends
 * its own sessions; an admin lists and ends a staff member's sessions in the school; the history keeps
 * success, failure and lock with device and masked address.
 */
import {
  createStaffTenant,
  endSessionAccount,
  endStaffSessionsTenant,
  inquireAuditLogListAdmin,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireSessionListAccount,
  inquireSignInHistoryAccount,
  inquireStaffSessionListTenant,
  inquireStaffSignInHistoryTenant,
} from '@yuexun/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone, loginWithPassword, schoolSessionOf, sessionOf } from '../../test/accounts';
import { only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { auditLog, employee, tenant } from '../db/schema';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800322c) NetType/WIFI Language/zh_CN';

describe.each(drivers)('sessions and sign-in history on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let member: { employeeId: number; phone: string; password: string };
  const signIn = async (userAgent: string, password = member.password) => {
    const { body } = await loginWithPassword(server, member.phone, password, {
      headers: { 'user-agent': userAgent },
    });
    return body;
  };
  const alive = async (sid: string) =>
    (await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid)).body.success as boolean;

  beforeAll(async () => {
    server = await startServer(driver);
    admin = await schoolSessionOf(server, 'admin');
    const made = only(
      await callAs(server, createStaffTenant, admin, {
        name: '郑会话',
        phone: freshPhone(),
        access: 'user',
        credential: 'password',
      }),
    );
    member = { employeeId: made.member.employeeId, phone: made.member.phone, password: made.initialPassword };
  });
  afterAll(() => server.close());

  it('lists the own sessions with device, browser and masked address; ends one, then all others', async () => {
    const desk = (await signIn(CHROME_MAC)).datas[0].sid;
    const phone = (await signIn(WECHAT_IPHONE)).datas[0].sid;
    const third = (await signIn(CHROME_MAC)).datas[0].sid;
    const list = (await callAs(server, inquireSessionListAccount, desk)).body.datas;
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({
      current: true,
      browser: 'Chrome 131',
      os: 'Mac OS 10',
      deviceType: 'desktop',
      wechat: false,
      address: '127.0.0.*',
      tenantName: '悦讯实验学校',
    });
    const wechat = list.find((s: { wechat: boolean }) => s.wechat);
    expect(wechat).toMatchObject({ current: false, deviceType: 'mobile', os: 'iOS 17' });
    expect(JSON.stringify(list)).not.toContain(desk);

    const ended = await callAs(server, endSessionAccount, desk, { sessionKey: wechat.sessionKey });
    expect(only(ended)).toEqual({ ended: 1 });
    expect(await alive(phone)).toBe(false);
    expect(await alive(desk)).toBe(true);
    expect(
      (await callAs(server, endSessionAccount, desk, { sessionKey: wechat.sessionKey })).body,
    ).toMatchObject({
      status: 404,
      errorMessage: '会话不存在或已结束',
    });
    expect(only(await callAs(server, endSessionAccount, desk, { others: true }))).toEqual({ ended: 1 });
    expect(await alive(third)).toBe(false);
    expect(await alive(desk)).toBe(true);
  });

  it('refuses bad session input and another account’s session key', async () => {
    const mine = (await signIn(CHROME_MAC)).datas[0].sid;
    for (const [body, status] of [
      [{}, 400],
      [{ sessionKey: 'not-a-key' }, 400],
      [{ sessionKey: '00000000-0000-0000-0000-000000000000' }, 404],
    ] as const)
      expect((await callAs(server, endSessionAccount, mine, body)).body.status).toBe(status);
    const adminKey = (await callAs(server, inquireSessionListAccount, admin)).body.datas[0].sessionKey;
    expect((await callAs(server, endSessionAccount, mine, { sessionKey: adminKey })).body.status).toBe(404);
    expect(await alive(admin)).toBe(true);
    expect((await callAs(server, inquireSessionListAccount, 'x'.repeat(43))).body.status).toBe(401);
  });

  it('keeps the sign-in history: success, failure and lock, newest first', async () => {
    const phone = freshPhone();
    const made = only(
      await callAs(server, createStaffTenant, admin, {
        name: '历史',
        phone,
        access: 'user',
        credential: 'password',
      }),
    );
    const sid = (
      await loginWithPassword(server, phone, made.initialPassword, { headers: { 'user-agent': CHROME_MAC } })
    ).body.datas[0].sid;
    for (let i = 0; i < 5; i++) await loginWithPassword(server, phone, 'wrong-Passw0rd');
    await loginWithPassword(server, phone, made.initialPassword);
    const history = await callAs(server, inquireSignInHistoryAccount, sid, { pageSize: 10 });
    expect(history.body).toMatchObject({ success: true, totalRecordCount: 7 });
    const outcomes = history.body.datas.map((r: { outcome: string }) => r.outcome);
    expect(outcomes).toEqual(['locked', 'locked', 'failure', 'failure', 'failure', 'failure', 'success']);
    expect(history.body.datas[6]).toMatchObject({
      method: 'password',
      browser: 'Chrome 131',
      address: '127.0.0.*',
    });

    // The admin reads the same history; another school's staff is not found.
    const adminView = await callAs(server, inquireStaffSignInHistoryTenant, admin, {
      employeeId: made.member.employeeId,
      pageSize: 3,
    });
    expect(adminView.body).toMatchObject({ totalRecordCount: 7, totalPageCount: 3 });
    const user = await sessionOf(server, 'user');
    expect(
      (await callAs(server, inquireStaffSignInHistoryTenant, user, { employeeId: made.member.employeeId }))
        .body.status,
    ).toBe(403);
  });

  it('lets an admin list and end a staff member’s sessions in the school only', async () => {
    const sid = (await signIn(CHROME_MAC)).datas[0].sid;
    const list = (
      await callAs(server, inquireStaffSessionListTenant, admin, { employeeId: member.employeeId })
    ).body.datas;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list[0]).toMatchObject({ current: false, browser: 'Chrome 131' });
    expect(
      only(await callAs(server, endStaffSessionsTenant, admin, { employeeId: member.employeeId })),
    ).toEqual({
      ended: list.length,
    });
    expect(await alive(sid)).toBe(false);

    const [other] = await server.app.db
      .select({ id: employee.id })
      .from(employee)
      .innerJoin(tenant, eq(tenant.id, employee.tenantId))
      .where(and(eq(tenant.name, '青溪区第二实验小学'), eq(employee.registerStatus, 'confirmed')));
    for (const def of [inquireStaffSessionListTenant, endStaffSessionsTenant]) {
      const res = await callAs(server, def, admin, { employeeId: other?.id });
      expect(res.body).toMatchObject({ status: 404, errorMessage: '员工不存在' });
    }
    // The admin's own row never ends the session the admin is using.
    const self = (await callAs(server, inquireSessionListAccount, admin)).body.datas[0];
    expect(self.current).toBe(true);
    // Logged in the school's audit log (the audit log action shows the vendor's, docs/decisions/021).
    const [logged] = await server.app.db
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .innerJoin(tenant, eq(tenant.id, auditLog.tenantId))
      .where(and(eq(tenant.name, '悦讯实验学校'), eq(auditLog.targetType, 'session')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(logged).toMatchObject({
      action: 'end',
      detail: { name: '郑会话', count: list.length, all: true },
    });
    const audit = await callAs(server, inquireAuditLogListAdmin, admin, { targetType: 'session' });
    expect(audit.body).toMatchObject({ success: true, datas: [] });
  });
});
