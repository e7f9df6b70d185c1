/** Login, captcha, logout and the session rules (401/402/403/406), through the real server on both drivers. */
import { createHash, randomBytes } from 'node:crypto';
import {
  actionPath,
  actions,
  confirmRegisterEmployeeTenant,
  inquireCurrentAccountEmployeeInfoAccount,
  inquireOperationCodeListByProductAccount,
  loginAccount,
  logout,
  SITE_ID,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  cookieHeader,
  DEMO,
  freshPhone,
  loginWithPassword,
  SESSION_PATHS,
  sendCode,
  sessionOf,
  smsCodeFor,
} from '../../../test/accounts';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { dataFingerprint, sessionCount } from '../../../test/snapshot';
import { hashPassword } from '../../auth/password';
import { account, session, smsCode } from '../../db/schema';

const LOGIN = actionPath(loginAccount);
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const randomSid = () => randomBytes(32).toString('base64url');

describe.each(drivers)('login and sessions on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a "proxy" so a test can present HTTPS and several client addresses.
    server = await startServer(driver, { trustProxy: true });
  });
  afterAll(() => server.close());

  const me = (sid: string, path: (typeof SESSION_PATHS)[number] = 'cookie') =>
    callAs(server, inquireCurrentAccountEmployeeInfoAccount, sid, {}, path);

  it('logs in with username and password: 登录成功！, the sid in datas and an HttpOnly SameSite=Lax cookie', async () => {
    const { status, body, headers } = await loginWithPassword(server, 'admin', DEMO.admin.password);
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, status: 200, message: '登录成功！' });
    const [result] = body.datas;
    expect(result).toMatchObject({ name: '王建国', access: 'admin', tenantId: expect.any(Number) });
    expect(result.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`yx_sid=${result.sid}`);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/);
    // Only the hash is stored: a leaked table gives no usable session id.
    const rows = await server.app.db
      .select()
      .from(session)
      .where(eq(session.idHash, sha256(result.sid)));
    expect(rows).toHaveLength(1);
    const plain = await server.app.db.select().from(session).where(eq(session.idHash, result.sid));
    expect(plain).toHaveLength(0);
  });

  it('marks the cookie Secure when the request came over HTTPS', async () => {
    const { headers } = await loginWithPassword(server, 'user', DEMO.user.password, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('issues a new session id at every login', async () => {
    const a = await sessionOf(server, 'user');
    const b = await sessionOf(server, 'user');
    expect(a).not.toBe(b);
    expect((await me(a)).body.success).toBe(true);
    expect((await me(b)).body.success).toBe(true);
  });

  it('prevents session fixation: a planted session id never becomes the logged-in one', async () => {
    // The attacker's own valid session, and an id the attacker made up, planted in the victim's browser.
    const attackers = await sessionOf(server, 'user');
    for (const planted of [attackers, randomSid()]) {
      const { body, headers } = await loginWithPassword(server, 'admin', DEMO.admin.password, {
        headers: cookieHeader(planted),
      });
      const sid = body.datas[0].sid;
      expect(sid).not.toBe(planted);
      expect(headers.get('set-cookie')).toContain(`yx_sid=${sid}`);
      const planted401 = await me(planted);
      expect(planted401.body).toMatchObject({ success: false, errorCode: 401, errorMessage: '未登录' });
      expect((await me(sid)).body.datas[0].accountName).toBe('admin');
    }
  });

  it('answers the same message for an unknown user and a wrong password', async () => {
    const unknown = await loginWithPassword(server, 'nobody-here', 'whatever-password');
    const wrong = await loginWithPassword(server, 'admin', 'wrong-password');
    for (const { status, body } of [unknown, wrong]) {
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 400, errorMessage: '登录失败，请重试！' });
    }
    expect(unknown.body).toEqual({ ...wrong.body });
  });

  it('stores passwords as scrypt with a salt per account: the same password hashes differently', async () => {
    const [h1, h2] = [await hashPassword('same-Passw0rd'), await hashPassword('same-Passw0rd')];
    await server.app.db.insert(account).values([
      { username: 'twin-a', name: '甲', passwordHash: h1 },
      { username: 'twin-b', name: '乙', passwordHash: h2 },
    ]);
    const rows = await server.app.db.select({ u: account.username, h: account.passwordHash }).from(account);
    for (const { h } of rows.filter((r) => r.h)) {
      expect(h).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    }
    const twins = rows.filter((r) => r.u.startsWith('twin-')).map((r) => r.h);
    expect(twins[0]).not.toBe(twins[1]);
    expect(twins[0]?.split('$')[4]).not.toBe(twins[1]?.split('$')[4]);
    for (const u of ['twin-a', 'twin-b']) {
      expect((await loginWithPassword(server, u, 'same-Passw0rd')).body.success).toBe(true);
    }
    const admins = rows.filter((r) => r.u === 'admin' || r.u === 'user').map((r) => r.h);
    expect(new Set(admins).size).toBe(2);
  });

  describe('bad login input answers 400 with a Chinese message and changes nothing', () => {
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ['no username', { loginType: 'account', password: 'x' }, /请输入用户名/],
      ['no password', { loginType: 'account', username: 'admin' }, /请输入密码/],
      ['no loginType', { username: 'admin', password: 'x' }, /loginType 只能是 account 或 mobile/],
      ['wrong loginType', { loginType: 'qrcode', username: 'admin', password: 'x' }, /loginType/],
      [
        '10 KB username',
        { loginType: 'account', username: 'a'.repeat(10_240), password: 'x' },
        /用户名不能超过 64 个字/,
      ],
      ['mobile without phone', { loginType: 'mobile', captcha: '123456' }, /请输入手机号/],
      [
        'mobile with invalid phone',
        { loginType: 'mobile', phone: '12345', captcha: '123456' },
        /不合法的手机号/,
      ],
      ['mobile without captcha', { loginType: 'mobile', phone: '13800000001' }, /请输入验证码/],
      [
        'mobile with a 4-digit captcha',
        { loginType: 'mobile', phone: '13800000001', captcha: '1234' },
        /验证码错误/,
      ],
    ];
    it.each(cases)('%s', async (_name, fields, message) => {
      const before = await dataFingerprint(server.app);
      const sessions = await sessionCount(server.app);
      const { status, body, headers } = await server.post(LOGIN, { siteId: SITE_ID, ...fields });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 400 });
      expect(body.errorMessage).toMatch(message);
      expect(headers.get('set-cookie')).toBeNull();
      expect(await dataFingerprint(server.app)).toEqual(before);
      expect(await sessionCount(server.app)).toBe(sessions);
    });
  });

  it('refuses a login posted from a foreign site', async () => {
    const sessions = await sessionCount(server.app);
    const { body } = await loginWithPassword(server, 'admin', DEMO.admin.password, {
      headers: { origin: 'https://evil.example' },
    });
    expect(body).toMatchObject({ success: false, errorCode: 403 });
    expect(body.errorMessage).toMatch(/跨站请求/);
    expect(await sessionCount(server.app)).toBe(sessions);
  });

  describe('SMS captcha', () => {
    it('logs in by phone with the code the SMS provider sent', async () => {
      const sent = await sendCode(server, DEMO.admin.phone);
      expect(sent.body).toMatchObject({
        success: true,
        datas: [{ expiresInSeconds: 300, resendInSeconds: 60 }],
      });
      const code = smsCodeFor(server, DEMO.admin.phone);
      expect(code).toMatch(/^\d{6}$/);
      const stored = await server.app.db.select().from(smsCode).where(eq(smsCode.phone, DEMO.admin.phone));
      expect(stored.map((r) => r.codeHash)).not.toContain(code);
      const { body } = await server.post(LOGIN, {
        siteId: SITE_ID,
        loginType: 'mobile',
        phone: DEMO.admin.phone,
        captcha: code,
      });
      expect(body).toMatchObject({ success: true, message: '登录成功！', datas: [{ access: 'admin' }] });
      // Used once: the same code again is refused.
      const again = await server.post(LOGIN, {
        siteId: SITE_ID,
        loginType: 'mobile',
        phone: DEMO.admin.phone,
        captcha: code,
      });
      expect(again.body).toMatchObject({ success: false, errorCode: 400, errorMessage: '验证码错误' });
    });

    it('sends one code per phone per minute (429 with the seconds to wait)', async () => {
      const phone = freshPhone();
      expect((await sendCode(server, phone)).body.success).toBe(true);
      const { status, body } = await sendCode(server, phone);
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: false, errorCode: 429 });
      expect(body.errorMessage).toMatch(/^验证码已发送，请 \d+ 秒后再获取$/);
    });

    it('refuses a code for an invalid phone, sending nothing', async () => {
      const lines = server.logLines().length;
      for (const phone of ['12345678901', '1380000000', '+8613800000001', '']) {
        const { body } = await sendCode(server, phone);
        expect(body).toMatchObject({ success: false, errorCode: 400 });
        expect(body.errorMessage).toMatch(/不合法的手机号|请输入手机号/);
      }
      expect(server.logLines().slice(lines).join('\n')).not.toContain('sms code');
    });

    const mobileLogin = (phone: string, captcha: string) =>
      server.post(LOGIN, { siteId: SITE_ID, loginType: 'mobile', phone, captcha });

    it('refuses a wrong code, and the right one after five wrong tries', async () => {
      await server.app.db.execute(sql`delete from sms_code where phone = ${DEMO.user.phone}`);
      await sendCode(server, DEMO.user.phone);
      const code = smsCodeFor(server, DEMO.user.phone);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        expect((await mobileLogin(DEMO.user.phone, wrong)).body).toMatchObject({
          errorMessage: '验证码错误',
        });
      }
      const right = await mobileLogin(DEMO.user.phone, code);
      expect(right.body).toMatchObject({ success: false, errorCode: 400, errorMessage: '验证码错误' });
    });

    it('refuses an expired code', async () => {
      await server.app.db.execute(sql`delete from sms_code where phone = ${DEMO.user.phone}`);
      await sendCode(server, DEMO.user.phone);
      const code = smsCodeFor(server, DEMO.user.phone);
      await server.app.db
        .update(smsCode)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(smsCode.phone, DEMO.user.phone));
      expect((await mobileLogin(DEMO.user.phone, code)).body).toMatchObject({ errorMessage: '验证码错误' });
    });

    it('answers 登录失败 for a right code on a phone with no account', async () => {
      const phone = freshPhone();
      await sendCode(server, phone);
      const { body } = await mobileLogin(phone, smsCodeFor(server, phone));
      expect(body).toMatchObject({ success: false, errorCode: 400, errorMessage: '登录失败，请重试！' });
    });
  });

  describe.each(SESSION_PATHS)('session presented by %s', (path) => {
    it('logout ends the session: the row is deleted and later calls answer 401', async () => {
      const sid = await sessionOf(server, 'user');
      expect((await me(sid, path)).body.success).toBe(true);
      const out = await callAs(server, logout, sid, {}, path);
      expect(out.body).toMatchObject({ success: true, message: '已退出登录' });
      if (path === 'cookie')
        expect(out.headers.get('set-cookie')).toMatch(/yx_sid=;.*Expires=Thu, 01 Jan 1970/);
      const rows = await server.app.db
        .select()
        .from(session)
        .where(eq(session.idHash, sha256(sid)));
      expect(rows).toHaveLength(0);
      for (const p of SESSION_PATHS) {
        expect((await me(sid, p)).body).toMatchObject({
          success: false,
          errorCode: 401,
          errorMessage: '未登录',
        });
      }
      for (const def of Object.values(actions).filter((a) => a.auth !== 'public')) {
        const { body } = await callAs(
          server,
          def,
          sid,
          { tenantId: 1, employeeId: 1, decision: 'confirm' },
          path,
        );
        expect(body, def.name).toMatchObject({ success: false, errorCode: 401 });
      }
    });

    it('refuses a logout posted from a foreign site, keeping the session', async () => {
      const sid = await sessionOf(server, 'user');
      const { body } = await callAs(server, logout, sid, {}, path, {
        headers: { origin: 'https://evil.example' },
      });
      expect(body).toMatchObject({ success: false, errorCode: 403 });
      expect((await me(sid, path)).body.success).toBe(true);
    });

    it('refuses tampered, truncated and foreign session ids with 401, changing nothing', async () => {
      const sid = await sessionOf(server, 'admin');
      const flipped = (sid[0] === 'A' ? 'B' : 'A') + sid.slice(1);
      const bad = [flipped, sid.slice(0, 20), `${sid}x`, randomSid(), 'not a session', "' or 1=1 --", '%00'];
      const before = await dataFingerprint(server.app);
      for (const id of bad) {
        const { status, body } = await me(id, path);
        expect(status).toBe(200);
        expect(body).toMatchObject({ success: false, errorCode: 401, errorMessage: '未登录' });
      }
      expect(await dataFingerprint(server.app)).toEqual(before);
      expect((await me(sid, path)).body.success).toBe(true);
    });

    it('answers 402 会话已过期 for an expired session and removes it (then 401)', async () => {
      const sid = await sessionOf(server, 'user');
      await server.app.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.idHash, sha256(sid)));
      expect((await me(sid, path)).body).toMatchObject({
        success: false,
        errorCode: 402,
        errorMessage: '会话已过期',
      });
      expect((await me(sid, path)).body).toMatchObject({ errorCode: 401 });
    });

    it('answers 402 once the absolute lifetime is over, however active the session', async () => {
      const sid = await sessionOf(server, 'user');
      await server.app.db
        .update(session)
        .set({ absoluteExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.idHash, sha256(sid)));
      expect((await me(sid, path)).body).toMatchObject({ errorCode: 402, errorMessage: '会话已过期' });
    });
  });

  it('slides the idle expiry forward when a session is used after a minute', async () => {
    const sid = await sessionOf(server, 'user');
    const longAgo = new Date(Date.now() - 5 * 60_000);
    const soon = new Date(Date.now() + 60_000);
    await server.app.db
      .update(session)
      .set({ lastSeenAt: longAgo, expiresAt: soon })
      .where(eq(session.idHash, sha256(sid)));
    expect((await me(sid)).body.success).toBe(true);
    const [row] = await server.app.db
      .select()
      .from(session)
      .where(eq(session.idHash, sha256(sid)));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 100 * 60_000);
  });

  it('answers 401 未登录 without a session for every action that needs one', async () => {
    const needing = Object.values(actions).filter((a) => a.auth !== 'public');
    expect(needing.length).toBeGreaterThanOrEqual(8);
    for (const def of needing) {
      const { status, body } = await server.post(actionPath(def), { siteId: SITE_ID });
      expect(status).toBe(200);
      expect(body, def.name).toMatchObject({ success: false, errorCode: 401, errorMessage: '未登录' });
    }
  });

  it('answers 403 无权限 when an ordinary employee calls an admin action', async () => {
    const sid = await sessionOf(server, 'user');
    const before = await dataFingerprint(server.app);
    const { body } = await callAs(server, confirmRegisterEmployeeTenant, sid, {
      employeeId: 1,
      decision: 'confirm',
    });
    expect(body).toMatchObject({ success: false, errorCode: 403, errorMessage: '无权限' });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('answers 406 未指定租户 when a tenant action is called without a selected school', async () => {
    await server.app.db.insert(account).values({
      username: 'no-school',
      name: '游客',
      passwordHash: await hashPassword('no-school-Passw0rd'),
    });
    const { body } = await loginWithPassword(server, 'no-school', 'no-school-Passw0rd');
    expect(body.datas[0]).toMatchObject({ tenantId: null, access: null });
    const sid = body.datas[0].sid;
    const codes = await callAs(server, inquireOperationCodeListByProductAccount, sid, {
      appKey: 'yx-smart-class',
    });
    expect(codes.body).toMatchObject({ success: false, errorCode: 406, errorMessage: '未指定租户' });
    // The session itself is fine: the account-level call answers.
    expect((await me(sid)).body.datas[0]).toMatchObject({ accountName: 'no-school', tenantId: null });
  });
});
