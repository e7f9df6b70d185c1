/** Teacher registration and its review through the real server on both databases. */
import {
  actionPath,
  confirmRegisterEmployeeTenant,
  inquireRegisterEmployeeListTenant,
  inquireSchoolListPublic,
  registerTeacherPublic,
  SITE_ID,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  freshPhone,
  SESSION_PATHS,
  schoolSessionOf,
  sendCode,
  smsCodeFor,
} from '../../test/accounts';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { auditLog, smsCode } from '../db/schema';

const MOBILE_LOGIN = actionPath({ base: 'store', version: 'v1.0', name: 'loginAccount' });

describe.each(drivers)('teacher registrations on %s', (driver) => {
  let server: TestServer;
  let admin: string;
  let schools: { tenantId: number; name: string; region: string }[];
  const schoolId = (name: string) => schools.find((s) => s.name === name)?.tenantId as number;
  beforeAll(async () => {
    server = await startServer(driver);
    admin = await schoolSessionOf(server, 'admin');
    schools = (await server.post(actionPath(inquireSchoolListPublic), { siteId: SITE_ID })).body.datas;
  });
  afterAll(() => server.close());

  const register = async (tenantId: number, name: string, phone = freshPhone()) => {
    await sendCode(server, phone, 'register');
    const { body } = await server.post(actionPath(registerTeacherPublic), {
      siteId: SITE_ID,
      tenantId,
      name,
      phone,
      captcha: smsCodeFor(server, phone),
    });
    return { body, phone };
  };

  it('inquireSchoolListPublic lists the schools, filtered by keyword', async () => {
    expect(schools.map((s) => s.name)).toEqual(['悦讯实验学校', '青溪区第二实验小学', '明德初级中学']);
    const { body } = await server.post(actionPath(inquireSchoolListPublic), {
      siteId: SITE_ID,
      keyword: '青溪',
    });
    expect(body.datas).toEqual([
      { tenantId: expect.any(Number), name: '青溪区第二实验小学', region: expect.any(String) },
    ]);
  });

  it.each(SESSION_PATHS)(
    'inquireRegisterEmployeeListTenant (%s): paged, by status and keyword, own school only',
    async (path) => {
      const pending = await callAs(
        server,
        inquireRegisterEmployeeListTenant,
        admin,
        { registerStatus: 'pending', pageSize: 2 },
        path,
      );
      expect(pending.body).toMatchObject({ success: true, pageIndex: 1, pageSize: 2 });
      expect(pending.body.totalRecordCount).toBeGreaterThanOrEqual(4);
      expect(pending.body.totalPageCount).toBe(Math.ceil(pending.body.totalRecordCount / 2));
      expect(pending.body.datas).toHaveLength(2);
      for (const r of pending.body.datas) {
        expect(r).toEqual({
          employeeId: expect.any(Number),
          name: expect.any(String),
          phone: expect.stringMatching(/^1\d{10}$/),
          registerStatus: 'pending',
          rejectReason: null,
          appliedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        });
      }
      const byKeyword = await callAs(
        server,
        inquireRegisterEmployeeListTenant,
        admin,
        { keyword: '张雨涵' },
        path,
      );
      expect(byKeyword.body.datas.map((r: { name: string }) => r.name)).toEqual(['张雨涵']);
      // 孙婉清 applied to the second school: not in the demo school's list.
      const other = await callAs(
        server,
        inquireRegisterEmployeeListTenant,
        admin,
        { keyword: '孙婉清' },
        path,
      );
      expect(other.body).toMatchObject({ success: true, totalRecordCount: 0, datas: [] });
    },
  );

  it('a teacher applies with an SMS code, the admin confirms (audited), and the teacher logs in by phone', async () => {
    const { body, phone } = await register(schoolId('悦讯实验学校'), '钱学森');
    expect(body).toMatchObject({
      success: true,
      datas: [{ name: '钱学森', phone, registerStatus: 'pending' }],
    });
    const employeeId = body.datas[0].employeeId;
    const confirmed = await callAs(
      server,
      confirmRegisterEmployeeTenant,
      admin,
      { employeeId, decision: 'confirm' },
      'sid field',
    );
    expect(confirmed.body).toMatchObject({
      success: true,
      datas: [{ employeeId, registerStatus: 'confirmed' }],
    });
    const audits = await server.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(employeeId)));
    expect(audits).toEqual([
      expect.objectContaining({
        action: 'register.confirm',
        targetType: 'employee',
        accountId: expect.any(Number),
      }),
    ]);
    expect(audits[0]?.ipHash).toMatch(/^[0-9a-f]{64}$/);
    // One code per phone per minute: drop the registration code as if that minute had passed.
    await server.app.db.delete(smsCode).where(eq(smsCode.phone, phone));
    await sendCode(server, phone, 'login');
    const login = await server.post(MOBILE_LOGIN, {
      siteId: SITE_ID,
      loginType: 'mobile',
      phone,
      captcha: smsCodeFor(server, phone),
    });
    expect(login.body).toMatchObject({ success: true, datas: [{ name: '钱学森', access: 'user' }] });
    // Deciding twice is a conflict, with nothing more written.
    const before = await dataFingerprint(server.app);
    const again = await callAs(server, confirmRegisterEmployeeTenant, admin, {
      employeeId,
      decision: 'reject',
      reason: '重复',
    });
    expect(again.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: '该申请已处理，请刷新后查看',
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('rejecting needs a reason, which is stored and audited', async () => {
    const { body } = await register(schoolId('悦讯实验学校'), '华罗庚');
    const employeeId = body.datas[0].employeeId;
    const before = await dataFingerprint(server.app);
    const noReason = await callAs(server, confirmRegisterEmployeeTenant, admin, {
      employeeId,
      decision: 'reject',
    });
    expect(noReason.body).toMatchObject({ success: false, errorCode: 400 });
    expect(noReason.body.errorMessage).toMatch(/请输入驳回原因/);
    expect(await dataFingerprint(server.app)).toEqual(before);
    const rejected = await callAs(server, confirmRegisterEmployeeTenant, admin, {
      employeeId,
      decision: 'reject',
      reason: '非本校教师',
    });
    expect(rejected.body.datas[0]).toMatchObject({ registerStatus: 'rejected', rejectReason: '非本校教师' });
    const [audit] = await server.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(employeeId)));
    expect(audit).toMatchObject({ action: 'register.reject', detail: { reason: '非本校教师' } });
  });

  it('refuses a second application while one is pending (409), and a wrong or missing captcha', async () => {
    const { phone } = await register(schoolId('明德初级中学'), '祖冲之');
    const before = await dataFingerprint(server.app);
    const twice = await register(schoolId('明德初级中学'), '祖冲之', phone);
    expect(twice.body).toMatchObject({
      success: false,
      errorCode: 409,
      errorMessage: '您已提交申请，请等待学校审核',
    });
    const fresh = freshPhone();
    await sendCode(server, fresh, 'register');
    const code = smsCodeFor(server, fresh);
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ captcha: code === '000000' ? '111111' : '000000' }, 400, /^验证码错误$/],
      [{ captcha: undefined }, 400, /请输入验证码/],
      [{ tenantId: 999_999, captcha: code }, 400, /学校不存在/],
      [{ phone: '12345', captcha: code }, 400, /不合法的手机号/],
      [{ name: '', captcha: code }, 400, /请输入姓名/],
      [{ name: '名'.repeat(31), captcha: code }, 400, /姓名不能超过 30 个字/],
    ];
    for (const [fields, errorCode, message] of cases) {
      const { body } = await server.post(actionPath(registerTeacherPublic), {
        siteId: SITE_ID,
        tenantId: schoolId('明德初级中学'),
        name: '沈括',
        phone: fresh,
        ...fields,
      });
      expect(body).toMatchObject({ success: false, errorCode });
      expect(body.errorMessage).toMatch(message);
    }
    // A code for login does not register.
    const loginPhone = freshPhone();
    await sendCode(server, loginPhone, 'login');
    const crossed = await server.post(actionPath(registerTeacherPublic), {
      siteId: SITE_ID,
      tenantId: schoolId('明德初级中学'),
      name: '沈括',
      phone: loginPhone,
      captcha: smsCodeFor(server, loginPhone),
    });
    expect(crossed.body).toMatchObject({ success: false, errorMessage: '验证码错误' });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });
});
