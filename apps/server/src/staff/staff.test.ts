/**
 * Staff management through the real server on both databases: list, edit, disable (sessions end at
 * once), reset by link, unlock; and every refusal (yourself, the last admin, another school's ids)
 * changes nothing.
 */
import {
  changeStaffStatusTenant,
  createStaffTenant,
  inquireAuditLogListAdmin,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireStaffListTenant,
  messages,
  resetStaffPasswordTenant,
  unlockStaffTenant,
  updateStaffTenant,
} from '@yuexun/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone, schoolSessionOf, sessionOf } from '../../test/accounts';
import { only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { STAFF_PASSWORD, staffCalls } from '../../test/staff';
import { auditLog, employee, tenant } from '../db/schema';

const _PASSWORD = STAFF_PASSWORD;

describe.each(drivers)('staff management on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  const { asAdmin, link, setPassword, create, signIn } = staffCalls(
    () => server,
    () => admin,
  );

  beforeAll(async () => {
    server = await startServer(driver);
    admin = await schoolSessionOf(server, 'admin');
  });
  afterAll(() => server.close());

  it('lists and searches the school staff, teachers confirmed by registration included', async () => {
    const made = await create({ name: '搜索测试员', email: 'find-me@example.cn' });
    const page = await asAdmin(inquireStaffListTenant, { keyword: 'find-me', pageSize: 5 });
    expect(page.body).toMatchObject({ success: true, totalRecordCount: 1, pageSize: 5 });
    expect(page.body.datas[0]).toMatchObject({ employeeId: made.member.employeeId, name: '搜索测试员' });
    const all = (await asAdmin(inquireStaffListTenant, { pageSize: 100 })).body.datas;
    expect(all.map((s: { username: string }) => s.username)).toEqual(
      expect.arrayContaining(['admin', 'user']),
    );
    expect(all.find((s: { username: string }) => s.username === 'admin')).toMatchObject({
      isSelf: true,
      access: 'admin',
      lastSeenAt: expect.any(String),
    });
    const admins = (await asAdmin(inquireStaffListTenant, { access: 'admin', pageSize: 100 })).body.datas;
    expect(admins.every((s: { access: string }) => s.access === 'admin')).toBe(true);
  });

  it('edits name, e-mail and role; refuses own role, the last admin and another school', async () => {
    const made = await create({ name: '赵编辑' });
    const edited = only(
      await asAdmin(updateStaffTenant, {
        employeeId: made.member.employeeId,
        name: '赵主编',
        email: 'zhao@example.cn',
        access: 'admin',
      }),
    );
    expect(edited).toMatchObject({ name: '赵主编', email: 'zhao@example.cn', access: 'admin' });

    const list = (await asAdmin(inquireStaffListTenant, { pageSize: 100 })).body.datas;
    const self = list.find((s: { isSelf: boolean }) => s.isSelf);
    const before = await dataFingerprint(server.app);
    const own = await asAdmin(updateStaffTenant, {
      employeeId: self.employeeId,
      name: self.name,
      access: 'user',
    });
    expect(own.body).toMatchObject({ status: 403, errorMessage: messages.staffSelfAccess });
    const otherSchool = await server.app.db
      .select({ id: employee.id })
      .from(employee)
      .innerJoin(tenant, eq(tenant.id, employee.tenantId))
      .where(and(eq(tenant.name, '青溪区第二实验小学'), eq(employee.registerStatus, 'confirmed')));
    for (const def of [
      updateStaffTenant,
      changeStaffStatusTenant,
      resetStaffPasswordTenant,
      unlockStaffTenant,
    ]) {
      const res = await asAdmin(def, {
        employeeId: otherSchool[0]?.id,
        name: 'x',
        access: 'user',
        status: 'disabled',
      });
      expect(res.body).toMatchObject({ status: 404, errorMessage: '员工不存在' });
    }
    expect(await dataFingerprint(server.app)).toEqual(before);

    // Demote the new admin back: allowed while the demo admin remains an admin.
    expect(
      only(
        await asAdmin(updateStaffTenant, {
          employeeId: made.member.employeeId,
          name: '赵主编',
          access: 'user',
        }),
      ).access,
    ).toBe('user');
  });

  it('never leaves the school without an active admin, even when two admins disable each other at once', async () => {
    const other = await create({ name: '临时管理员', access: 'admin', credential: 'password' });
    const otherSid = (await signIn(other.member.phone, other.initialPassword)).datas[0].sid;
    const self = only(await asAdmin(inquireStaffListTenant, { keyword: 'admin', access: 'admin' }));
    const results = await Promise.all([
      asAdmin(changeStaffStatusTenant, { employeeId: other.member.employeeId, status: 'disabled' }),
      callAs(server, changeStaffStatusTenant, otherSid, { employeeId: self.employeeId, status: 'disabled' }),
    ]);
    const won = results.filter((r) => r.body.success);
    expect(won).toHaveLength(1);
    // The loser either lost its session first (401) or found itself the last admin (409).
    const lost = results.find((r) => !r.body.success);
    expect([401, 409]).toContain(lost?.body.status);
    const admins = await server.app.db
      .select({ id: employee.id })
      .from(employee)
      .innerJoin(tenant, eq(tenant.id, employee.tenantId))
      .where(
        and(eq(employee.access, 'admin'), eq(employee.status, 'active'), eq(tenant.name, '悦讯实验学校')),
      );
    expect(admins).toHaveLength(1);
    // Whoever survived re-enables the other; the demo admin ends up signed in again.
    const survivorSid = results[0]?.body.success ? admin : otherSid;
    const victim = results[0]?.body.success ? other.member.employeeId : self.employeeId;
    only(
      await callAs(server, changeStaffStatusTenant, survivorSid, { employeeId: victim, status: 'active' }),
    );
    admin = await schoolSessionOf(server, 'admin');
    const remaining = (
      await asAdmin(inquireStaffListTenant, { access: 'admin', status: 'active', pageSize: 100 })
    ).body.datas;
    expect(remaining.length).toBeGreaterThanOrEqual(2);
    const selfDisable = await asAdmin(changeStaffStatusTenant, {
      employeeId: self.employeeId,
      status: 'disabled',
    });
    expect(selfDisable.body).toMatchObject({ status: 403, errorMessage: '不能停用自己的账号' });
    only(await asAdmin(changeStaffStatusTenant, { employeeId: other.member.employeeId, status: 'disabled' }));
  });

  it('disabling ends the sessions at once and refuses sign-in; re-enabling lets the person back', async () => {
    const made = await create({ name: '孙离职', credential: 'password' });
    const sid = (await signIn(made.member.phone, made.initialPassword)).datas[0].sid;
    expect((await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid)).body.success).toBe(true);
    only(await asAdmin(changeStaffStatusTenant, { employeeId: made.member.employeeId, status: 'disabled' }));
    expect((await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid)).body.status).toBe(401);
    expect(await signIn(made.member.phone, made.initialPassword)).toMatchObject({
      success: false,
      errorMessage: '账号已停用，请联系管理员',
    });
    only(await asAdmin(changeStaffStatusTenant, { employeeId: made.member.employeeId, status: 'active' }));
    expect((await signIn(made.member.phone, made.initialPassword)).success).toBe(true);
  });

  it('resets a password by a 24-hour link that replaces the earlier one; unlocks a locked account', async () => {
    const made = await create({ name: '吴忘记', credential: 'password' });
    for (let i = 0; i < 5; i++) await signIn(made.member.phone, 'wrong-Passw0rd');
    const locked = only(await asAdmin(inquireStaffListTenant, { keyword: made.member.phone }));
    expect(locked.lockedUntil).toEqual(expect.any(String));
    expect((await signIn(made.member.phone, made.initialPassword)).status).toBe(429);
    expect(
      only(await asAdmin(unlockStaffTenant, { employeeId: made.member.employeeId })).lockedUntil,
    ).toBeNull();
    expect((await signIn(made.member.phone, made.initialPassword)).success).toBe(true);

    const first = only(await asAdmin(resetStaffPasswordTenant, { employeeId: made.member.employeeId }));
    const second = only(await asAdmin(resetStaffPasswordTenant, { employeeId: made.member.employeeId }));
    expect(second.credential).toBe('reset');
    const hours = (Date.parse(second.linkExpiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    expect((await link(first.linkToken)).body.success).toBe(false);
    expect(only(await link(second.linkToken)).purpose).toBe('reset');
    only(await setPassword(second.linkToken, 'Remembered-2026'));
    expect((await signIn(made.member.phone, made.initialPassword)).success).toBe(false);
    expect((await signIn(made.member.phone, 'Remembered-2026')).success).toBe(true);

    // The used reset link (and the replaced one) change nothing when tried again.
    const before = await dataFingerprint(server.app);
    for (const token of [second.linkToken, first.linkToken]) {
      const { body } = await setPassword(token, 'Hijacked-2026x');
      expect(body).toMatchObject({
        success: false,
        errorCode: 409,
        errorMessage: expect.stringContaining('已使用'),
      });
    }
    expect(await dataFingerprint(server.app)).toEqual(before);
    expect((await signIn(made.member.phone, 'Hijacked-2026x')).success).toBe(false);
  });

  it('answers bad input with the field named and changes nothing', async () => {
    const before = await dataFingerprint(server.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '', phone: freshPhone(), access: 'user' }, '请输入姓名'],
      [{ name: '甲', phone: '12345', access: 'user' }, '不合法的手机号'],
      [{ name: '甲', phone: freshPhone(), access: 'root' }, '角色的取值不在可选范围内'],
      [{ name: '甲', phone: freshPhone(), access: 'user', email: 'not-mail' }, '邮箱格式不正确'],
      [
        { name: '甲', phone: freshPhone(), access: 'user', credential: 'magic' },
        '登录方式的取值不在可选范围内',
      ],
      [{ name: '甲'.repeat(31), phone: freshPhone(), access: 'user' }, '姓名不能超过 30 个字'],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin(createStaffTenant, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({
        status: 400,
        errorMessage: expect.stringContaining(message),
      });
    }
    for (const employeeId of ['abc', '-1', '']) {
      const res = await asAdmin(changeStaffStatusTenant, { employeeId, status: 'disabled' });
      expect(res.body.status).toBe(400);
    }
    expect(
      (await asAdmin(changeStaffStatusTenant, { employeeId: 99999999, status: 'disabled' })).body.status,
    ).toBe(404);
    const user = await sessionOf(server, 'user');
    expect(
      (await callAs(server, createStaffTenant, user, { name: '甲', phone: freshPhone(), access: 'user' }))
        .body.status,
    ).toBe(403);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it("writes every change to the school's audit log, which the site's log (the vendor's) does not show", async () => {
    // Staff changes belong to the school; the audit log action is a site action (docs/decisions/021).
    const rows = await server.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .innerJoin(tenant, eq(tenant.id, auditLog.tenantId))
      .where(and(eq(tenant.name, '悦讯实验学校'), eq(auditLog.targetType, 'employee')));
    const actions = new Set(rows.map((e) => e.action));
    for (const a of ['create', 'update', 'disable', 'enable', 'reset_password', 'unlock'])
      expect(actions).toContain(a);
    const { body } = await asAdmin(inquireAuditLogListAdmin, { targetType: 'employee', pageSize: 100 });
    expect(body).toMatchObject({ success: true, datas: [] });
  });
});
