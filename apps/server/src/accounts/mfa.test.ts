/**
 * Two-factor sign-in through the real server on both drivers: enrolment from the security tab, the second
 * step after the password (a code once per time step, six wrong codes lock like a password, a recovery code
 * once), unbinding with the current code, the organisation's rule for admins (enrolment at sign-in), an
 * expired or tampered second step, the audit lines. Codes are computed from the secret, as an app would.
 */
import {
  actionPath,
  confirmMfaEnrolmentAccount,
  createStaffTenant,
  disableMfaAccount,
  inquireAccountSettingsAccount,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireMfaPolicyTenant,
  inquireRoleListTenant,
  inquireSignInHistoryAccount,
  inquireStaffAuditLogTenant,
  inquireStaffListTenant,
  messages,
  regenerateMfaRecoveryCodesAccount,
  resetStaffMfaTenant,
  SITE_ID,
  saveMfaPolicyTenant,
  setRoleMfaRequiredTenant,
  startMfaEnrolmentAccount,
  startMfaEnrolmentLoginAccount,
  verifyMfaLoginAccount,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, freshPhone, loginWithPassword, schoolSessionOf, sessionOf } from '../../test/accounts';
import { only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { employee, loginChallenge, role, session, tenant } from '../db/schema';

/** The code an authenticator app shows `steps` time steps from now (-1 the previous, +1 the next). */
const codeAt = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret.replace(/\s+/g, '')) }).generate({
    timestamp: Date.now() + steps * 30_000,
  });
const wrongCode = (secret: string) => {
  const near = new Set([-1, 0, 1].map((s) => codeAt(secret, s)));
  let code = '000000';
  for (let n = 0; near.has(code); n++) code = String(n).padStart(6, '0');
  return code;
};

describe.each(drivers)('two-factor sign-in on %s', (driver) => {
  let server: TestServer;
  let admin: string;

  const newMember = async (access: 'user' | 'admin' = 'user') => {
    const made = only(
      await callAs(server, createStaffTenant, admin, {
        name: access === 'admin' ? '严管理' : '孔验证',
        phone: freshPhone(),
        access,
        credential: 'password',
      }),
    );
    return { phone: made.member.phone as string, password: made.initialPassword as string };
  };
  const firstStep = async (m: { phone: string; password: string }) =>
    (await loginWithPassword(server, m.phone, m.password)).body;
  const secondStep = (body: Record<string, unknown>) =>
    server.post(actionPath(verifyMfaLoginAccount), { siteId: SITE_ID, ...body });
  /** Signs in with the password only (no authenticator yet) and binds one; returns the session and secret. */
  const enrolled = async (m: { phone: string; password: string }) => {
    const sid = (await firstStep(m)).datas[0].sid as string;
    const enrolment = only(await callAs(server, startMfaEnrolmentAccount, sid));
    const confirmed = only(
      await callAs(server, confirmMfaEnrolmentAccount, sid, { code: codeAt(enrolment.secret, -1) }),
    );
    return { sid, secret: enrolment.secret as string, recoveryCodes: confirmed.recoveryCodes as string[] };
  };

  beforeAll(async () => {
    server = await startServer(driver);
    // The admin of 悦讯实验学校, whose staff these tests make (the vendor's admin starts at the vendor).
    admin = await schoolSessionOf(server, 'admin');
  });
  afterAll(() => server.close());

  it('enrols with a QR code and a confirming code; ten recovery codes are shown once', async () => {
    const m = await newMember();
    const sid = (await firstStep(m)).datas[0].sid as string;
    const enrolment = only(await callAs(server, startMfaEnrolmentAccount, sid));
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/);
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}.*digits=6.*period=30/);
    expect(enrolment.qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await callAs(server, confirmMfaEnrolmentAccount, sid, {
      code: wrongCode(enrolment.secret),
    });
    expect(wrong.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'code' }] });
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.mfa.enabled).toBe(false);

    const done = only(
      await callAs(server, confirmMfaEnrolmentAccount, sid, { code: codeAt(enrolment.secret) }),
    );
    expect(done.recoveryCodes).toHaveLength(10);
    expect(new Set(done.recoveryCodes).size).toBe(10);
    for (const c of done.recoveryCodes) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.mfa).toMatchObject({
      enabled: true,
      recoveryCodesLeft: 10,
      required: false,
    });
    // Bound: a second enrolment is refused until it is unbound.
    expect((await callAs(server, startMfaEnrolmentAccount, sid)).body).toMatchObject({ errorCode: 409 });
    expect(only(await callAs(server, inquireStaffListTenant, admin, { keyword: m.phone })).mfaEnabled).toBe(
      true,
    );
  });

  it('asks for the code after the password; a code works once, never twice in its window', async () => {
    const m = await newMember();
    const { secret } = await enrolled(m);
    const sessionsBefore = (await server.app.db.select().from(session)).length;
    const first = await firstStep(m);
    expect(first).toMatchObject({
      success: true,
      datas: [{ sid: null, mfa: 'verify', mfaToken: expect.stringMatching(/^[\w-]{43}$/) }],
    });
    expect((await server.app.db.select().from(session)).length).toBe(sessionsBefore);

    const code = codeAt(secret);
    const ok = await secondStep({ mfaToken: first.datas[0].mfaToken, code });
    expect(ok.body).toMatchObject({ success: true, datas: [{ mfa: null, recoveryCodes: null }] });
    const sid = ok.body.datas[0].sid as string;
    expect(ok.headers.get('set-cookie')).toContain(`yx_sid=${sid}`);
    expect((await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid)).body.success).toBe(true);

    // The same code on a second sign-in: refused, no session; the challenge stays for a fresh code.
    const again = await firstStep(m);
    const before = (await server.app.db.select().from(session)).length;
    const reused = await secondStep({ mfaToken: again.datas[0].mfaToken, code });
    expect(reused.body).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: '这个验证码刚刚用过，请等验证器显示下一个验证码',
    });
    expect((await server.app.db.select().from(session)).length).toBe(before);
    const next = await secondStep({ mfaToken: again.datas[0].mfaToken, code: codeAt(secret, 1) });
    expect(next.body.success).toBe(true);
    // A used challenge cannot open a second session.
    const twice = await secondStep({ mfaToken: again.datas[0].mfaToken, code: codeAt(secret, 1) });
    expect(twice.body).toMatchObject({ success: false, errorMessage: '登录已超时，请重新输入密码登录' });

    const history = (await callAs(server, inquireSignInHistoryAccount, sid)).body.datas;
    expect(
      history.slice(0, 3).map((h: { outcome: string; method: string }) => [h.outcome, h.method]),
    ).toEqual([
      ['success', 'totp'],
      ['failure', 'totp'],
      ['success', 'totp'],
    ]);
  });

  it('locks the account after wrong codes like wrong passwords; even the right code waits', async () => {
    const m = await newMember();
    const { secret } = await enrolled(m);
    const { mfaToken } = (await firstStep(m)).datas[0];
    const answers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const { body } = await secondStep({ mfaToken, code: wrongCode(secret) });
      answers.push(`${body.errorCode} ${body.errorMessage}`);
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('400 验证码不正确'));
    expect(answers[5]).toMatch(/^429 登录失败次数过多，请 \d+ 分钟后再试$/);
    const right = await secondStep({ mfaToken, code: codeAt(secret) });
    expect(right.body).toMatchObject({ success: false, errorCode: 429 });
    // The lock is the account's: the password alone is refused too.
    expect((await firstStep(m)).errorCode).toBe(429);
  });

  it('takes a recovery code once; a used one is refused', async () => {
    const m = await newMember();
    const { recoveryCodes, sid } = await enrolled(m);
    const one = recoveryCodes[3] as string;
    const first = await secondStep({
      mfaToken: (await firstStep(m)).datas[0].mfaToken,
      recoveryCode: one.toUpperCase(),
    });
    expect(first.body).toMatchObject({ success: true });
    const again = await secondStep({ mfaToken: (await firstStep(m)).datas[0].mfaToken, recoveryCode: one });
    expect(again.body).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: '恢复码不正确或已使用过',
    });
    expect(
      only(await callAs(server, inquireAccountSettingsAccount, sid)).security.mfa.recoveryCodesLeft,
    ).toBe(9);
    const history = (await callAs(server, inquireSignInHistoryAccount, sid)).body.datas;
    expect(history[0]).toMatchObject({ outcome: 'failure', method: 'recovery' });
    expect(history[1]).toMatchObject({ outcome: 'success', method: 'recovery' });
  });

  it('unbinds only with the current code; renewing recovery codes voids the old ones', async () => {
    const m = await newMember();
    const { sid, secret, recoveryCodes } = await enrolled(m);
    const before = await dataFingerprint(server.app);
    const bad = await callAs(server, disableMfaAccount, sid, { code: wrongCode(secret) });
    expect(bad.body).toMatchObject({ success: false, errorCode: 400, errorMessage: '验证码不正确' });
    const missing = await callAs(server, disableMfaAccount, sid, {});
    expect(missing.body).toMatchObject({ success: false, errorCode: 400 });
    expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.mfa.enabled).toBe(true);
    expect(before).toBeTruthy();

    const renewed = only(
      await callAs(server, regenerateMfaRecoveryCodesAccount, sid, { code: codeAt(secret, 0) }),
    ).recoveryCodes as string[];
    expect(renewed).toHaveLength(10);
    const old = await secondStep({
      mfaToken: (await firstStep(m)).datas[0].mfaToken,
      recoveryCode: recoveryCodes[0],
    });
    expect(old.body.success).toBe(false);

    expect(only(await callAs(server, disableMfaAccount, sid, { code: codeAt(secret, 1) }))).toEqual({});
    expect((await firstStep(m)).datas[0]).toMatchObject({ mfa: null, sid: expect.any(String) });

    const log = (await callAs(server, inquireStaffAuditLogTenant, admin, { targetType: 'mfa' })).body.datas;
    expect(log.slice(0, 3).map((l: { action: string }) => l.action)).toEqual([
      'unbind',
      'regenerate',
      'bind',
    ]);
  });

  it('makes admins enrol at sign-in when the organisation requires it; they cannot unbind', async () => {
    const boss = await newMember('admin');
    const clerk = await newMember('user');
    only(await callAs(server, saveMfaPolicyTenant, admin, { mfaRequiredForAdmins: true }));
    try {
      expect((await firstStep(clerk)).datas[0]).toMatchObject({ mfa: null });
      const first = (await firstStep(boss)).datas[0];
      expect(first).toMatchObject({ sid: null, mfa: 'enrol' });
      // Without a scanned secret there is nothing to confirm.
      const early = await secondStep({ mfaToken: first.mfaToken, code: '123456' });
      expect(early.body).toMatchObject({ success: false, errorMessage: '请先生成二维码并用验证器扫描' });
      const enrolment = only(
        await server.post(actionPath(startMfaEnrolmentLoginAccount), {
          siteId: SITE_ID,
          mfaToken: first.mfaToken,
        }),
      );
      const done = await secondStep({ mfaToken: first.mfaToken, code: codeAt(enrolment.secret) });
      expect(done.body).toMatchObject({ success: true, datas: [{ mfa: null }] });
      expect(done.body.datas[0].recoveryCodes).toHaveLength(10);
      const sid = done.body.datas[0].sid as string;
      expect(only(await callAs(server, inquireAccountSettingsAccount, sid)).security.mfa).toMatchObject({
        enabled: true,
        required: true,
      });
      const refused = await callAs(server, disableMfaAccount, sid, { code: codeAt(enrolment.secret, 1) });
      expect(refused.body).toMatchObject({
        errorCode: 403,
        errorMessage: '本单位要求您的角色使用两步验证，不能解绑',
      });
      expect((await firstStep(boss)).datas[0].mfa).toBe('verify');
    } finally {
      only(await callAs(server, saveMfaPolicyTenant, admin, { mfaRequiredForAdmins: false }));
    }
    const log = (
      await callAs(server, inquireStaffAuditLogTenant, admin, { targetType: 'role', action: 'require' })
    ).body.datas;
    expect(log[0].detail).toMatchObject({ name: '管理员', changes: { mfaRequired: [true, false] } });
  });

  it('makes the members of a role that requires it enrol at sign-in, and only them', async () => {
    const clerk = await newMember('user');
    const boss = await newMember('admin');
    const roles = (await callAs(server, inquireRoleListTenant, admin, {})).body.datas as {
      roleId: number;
      builtinKey: string | null;
      mfaRequired: boolean;
    }[];
    const staffRole = roles.find((r) => r.builtinKey === 'staff');
    expect(staffRole).toMatchObject({ mfaRequired: false });
    const on = only(
      await callAs(server, setRoleMfaRequiredTenant, admin, {
        roleId: staffRole?.roleId,
        mfaRequired: 'true',
      }),
    );
    expect(on).toMatchObject({ roleId: staffRole?.roleId, mfaRequired: true });
    try {
      expect((await firstStep(clerk)).datas[0]).toMatchObject({ sid: null, mfa: 'enrol' });
      // The admin's role does not require it: the password alone still opens the console for them.
      expect((await firstStep(boss)).datas[0]).toMatchObject({ mfa: null, sid: expect.any(String) });
      expect((await callAs(server, inquireMfaPolicyTenant, admin, {})).body.datas[0]).toMatchObject({
        mfaRequiredForAdmins: false,
      });
    } finally {
      only(
        await callAs(server, setRoleMfaRequiredTenant, admin, {
          roleId: staffRole?.roleId,
          mfaRequired: false,
        }),
      );
    }
    expect((await firstStep(clerk)).datas[0]).toMatchObject({ mfa: null, sid: expect.any(String) });

    // Another organisation's role is not found; a non-boolean is a field error; an ordinary member is refused.
    const [otherRole] = await server.app.db
      .select({ id: role.id })
      .from(role)
      .innerJoin(tenant, eq(tenant.id, role.tenantId))
      .where(eq(tenant.name, '青溪区第二实验小学'))
      .limit(1);
    const before = await dataFingerprint(server.app);
    expect(
      (await callAs(server, setRoleMfaRequiredTenant, admin, { roleId: otherRole?.id, mfaRequired: true }))
        .body,
    ).toMatchObject({ success: false, errorCode: 404 });
    expect(
      (
        await callAs(server, setRoleMfaRequiredTenant, admin, {
          roleId: staffRole?.roleId,
          mfaRequired: 'maybe',
        })
      ).body,
    ).toMatchObject({
      success: false,
      errorCode: 400,
      errorMessage: expect.stringContaining('要求两步验证只能是'),
    });
    const user = await sessionOf(server, 'user');
    expect(
      (await callAs(server, setRoleMfaRequiredTenant, user, { roleId: staffRole?.roleId, mfaRequired: true }))
        .body,
    ).toMatchObject({ success: false, errorCode: 403 });
    expect(await dataFingerprint(server.app)).toEqual(before);
    const log = (
      await callAs(server, inquireStaffAuditLogTenant, admin, { targetType: 'role', action: 'require' })
    ).body.datas;
    expect(log[0].detail).toMatchObject({ name: '教职工', changes: { mfaRequired: [true, false] } });
  });

  it("lets an admin reset a colleague's lost authenticator: sessions end, the password alone signs in", async () => {
    const m = await newMember();
    const { sid } = await enrolled(m);
    const [member] = (await callAs(server, inquireStaffListTenant, admin, { keyword: m.phone })).body.datas;
    expect(member).toMatchObject({ mfaEnabled: true });
    expect((await firstStep(m)).datas[0].mfa).toBe('verify');

    const reset = only(await callAs(server, resetStaffMfaTenant, admin, { employeeId: member.employeeId }));
    expect(reset).toMatchObject({ employeeId: member.employeeId, mfaEnabled: false });
    // The browser signed in before (perhaps the lost phone's) is signed out.
    expect((await callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid)).body.status).toBe(401);
    const again = await firstStep(m);
    expect(again).toMatchObject({ success: true, datas: [{ sid: expect.any(String) }] });
    expect(again.datas[0].mfa ?? null).toBeNull();

    const audit = await callAs(server, inquireStaffAuditLogTenant, admin, { pageSize: 50 });
    expect(audit.body.datas).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'reset_mfa', targetId: String(member.employeeId) }),
      ]),
    );

    // Nobody resets their own (that needs the current code) and an unknown id is 404; nothing changes.
    const self = only(
      await callAs(server, inquireStaffListTenant, admin, { keyword: 'admin', access: 'admin' }),
    );
    const before = await dataFingerprint(server.app);
    expect(
      (await callAs(server, resetStaffMfaTenant, admin, { employeeId: self.employeeId })).body,
    ).toMatchObject({ success: false, errorCode: 403, errorMessage: messages.staffSelfMfaReset });
    expect((await callAs(server, resetStaffMfaTenant, admin, { employeeId: 99999999 })).body).toMatchObject({
      success: false,
      errorCode: 404,
    });
    expect(await dataFingerprint(server.app)).toEqual(before);

    // An ordinary member may not; and an account that is also staff of another school keeps its authenticator.
    const shared = await newMember();
    await enrolled(shared);
    const [row] = (await callAs(server, inquireStaffListTenant, admin, { keyword: shared.phone })).body.datas;
    const user = await sessionOf(server, 'user');
    const [otherSchool] = await server.app.db
      .select({ id: tenant.id })
      .from(tenant)
      .where(eq(tenant.name, '青溪区第二实验小学'));
    await server.app.db.insert(employee).values({
      tenantId: otherSchool?.id as number,
      accountId: row.accountId,
      name: '孔验证',
      phone: shared.phone,
      registerStatus: 'confirmed',
    });
    const kept = await dataFingerprint(server.app);
    expect(
      (await callAs(server, resetStaffMfaTenant, user, { employeeId: row.employeeId })).body,
    ).toMatchObject({ success: false, errorCode: 403 });
    expect(
      (await callAs(server, resetStaffMfaTenant, admin, { employeeId: row.employeeId })).body,
    ).toMatchObject({ success: false, errorCode: 403, errorMessage: messages.staffMfaSharedAccount });
    expect(await dataFingerprint(server.app)).toEqual(kept);
    expect((await firstStep(shared)).datas[0].mfa).toBe('verify');
  });

  it('refuses an expired, tampered or missing second step without signing in', async () => {
    const m = await newMember();
    const { secret } = await enrolled(m);
    const { mfaToken } = (await firstStep(m)).datas[0];
    const tampered = `${mfaToken.slice(0, -1)}${mfaToken.endsWith('A') ? 'B' : 'A'}`;
    const before = (await server.app.db.select().from(session)).length;
    for (const token of [tampered, 'short', '']) {
      const { body } = await secondStep({ mfaToken: token, code: codeAt(secret) });
      expect(body).toMatchObject({ success: false, errorCode: 400 });
      expect(body.errorMessage).toContain('登录已超时，请重新输入密码登录');
    }
    await server.app.db.update(loginChallenge).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await secondStep({ mfaToken, code: codeAt(secret) });
    expect(expired.body).toMatchObject({ success: false, errorMessage: '登录已超时，请重新输入密码登录' });
    const noCode = await secondStep({ mfaToken });
    expect(noCode.body).toMatchObject({ success: false, errorCode: 400, errors: [{ field: 'code' }] });
    expect((await server.app.db.select().from(session)).length).toBe(before);
  });
});
