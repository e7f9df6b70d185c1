import {
  actionPath,
  actions,
  confirmRegisterEmployeeTenant,
  inquireOperationCodeListByProductAccount,
  logout,
  SITE_ID,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callAs,
  currentAccount,
  loginWithPassword,
  SESSION_PATHS,
  type SessionPath,
  sessionOf,
} from '../../test/accounts';
import { randomSid, sha256 } from '../../test/crypto';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { account, session } from '../db/schema';
import { hashPassword } from '../shared/auth/password';

describe.each(drivers)('login and sessions on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind a "proxy" so a test can present HTTPS and several client addresses.
    server = await startServer(driver, { trustProxy: true });
  });
  afterAll(() => server.close());

  const me = (sid: string, path?: SessionPath) => currentAccount(server, sid, path);

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
    // The message names what the role lacks, so a member knows whom to ask (docs/decisions/032).
    expect(body).toMatchObject({
      success: false,
      errorCode: 403,
      errorMessage: '无权限：您的角色没有「管理员工」权限（staff.write）',
    });
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
