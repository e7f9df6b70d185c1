import { actionPath, loginAccount, SITE_ID } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cookieHeader,
  currentAccount,
  DEMO,
  loginWithPassword,
  type SessionPath,
  sessionOf,
} from '../../test/accounts';
import { randomSid, sha256 } from '../../test/crypto';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint, sessionCount } from '../../test/snapshot';
import { TEST_PASSWORD_HASH_COST } from '../../test/test-passwords';
import { loadConfig } from '../config';
import { account, session } from '../db/schema';
import { hashPassword, setPasswordHashCost, verifyPassword } from '../shared/auth/password';

const LOGIN = actionPath(loginAccount);

describe.each(drivers)('login and sessions on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a "proxy" so a test can present HTTPS and several client addresses.
    server = await startServer(driver, { trustProxy: true });
  });
  afterAll(() => server.close());

  const me = (sid: string, path?: SessionPath) => currentAccount(server, sid, path);

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
      // The test servers' cost (TEST_PASSWORD_HASH_COST); a production server's is 2^14, checked below.
      expect(h).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
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

  it('hashes at N = 2^14 unless PASSWORD_HASH_COST says otherwise; a hash keeps the cost it was made with', async () => {
    const made = await hashPassword('cost-Passw0rd');
    try {
      setPasswordHashCost(loadConfig({}).passwordHashCost);
      const production = await hashPassword('cost-Passw0rd');
      expect(production).toMatch(/^scrypt\$16384\$8\$1\$/);
      expect(await verifyPassword('cost-Passw0rd', production)).toBe(true);
      expect(await verifyPassword('cost-Passw0rd', made)).toBe(true);
      expect(await verifyPassword('cost-Passw0rd!', made)).toBe(false);
    } finally {
      setPasswordHashCost(TEST_PASSWORD_HASH_COST);
    }
    expect(() => loadConfig({ PASSWORD_HASH_COST: '9' })).toThrow(/PASSWORD_HASH_COST/);
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
});
