/**
 * 企业微信扫码登录 (issue 36, decision 060) against the WeCom stand-in (test/wecom-standin.ts), through the real
 * server on both drivers: 登录方式's record and 测试连接, linking from 账号绑定, the QR round trip (the scan replaced
 * by the stand-in's redirect) and the silent one inside WeCom's own browser, every refusal (a replayed or
 * foreign state, a code used twice, someone outside the organisation, a disabled account) kept in the sign-in
 * log, just-in-time accounts by department, and the access token fetched once and replaced once.
 */
import {
  CONSOLE_PATH,
  inquireScanLoginAdmin,
  inquireSsoSignInLogAdmin,
  scanLoginMessages,
  testScanLoginAdmin,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, currentAccount } from '../../test/accounts';
import { Jar } from '../../test/oidc-browser';
import { colleagueWithRole, rolesOf, vendorAdminSession } from '../../test/roles';
import { configureScan, configureSignIn, scanBrowser } from '../../test/scan-browser';
import { drivers, startServer, type TestServer } from '../../test/server';
import { startWecomStandIn, type WecomStandIn } from '../../test/wecom-standin';
import { account, employee, platformToken } from '../db/schema';

const LOGIN_PAGE = `/${CONSOLE_PATH}#/user/login?sso=`;
const APP = { corpId: 'ww-yuexun-corp', agentId: '1000002', secret: 'wecom-secret-123' };
const WXWORK_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 wxwork/4.1.20 MicroMessenger/7.0.1 Language/zh';

describe.each(drivers)('企业微信扫码登录 on %s', (driver) => {
  let server: TestServer;
  let wecom: WecomStandIn;
  let adminSid: string;
  let vendorId: number;
  const { throughPlatform, callback, scanIn } = scanBrowser(() => server, 'wecom');

  beforeAll(async () => {
    wecom = await startWecomStandIn(APP);
    server = await startServer(driver);
    server.app.config.platforms = { ...server.app.config.platforms, ...wecom.urls() };
    ({ sid: adminSid, vendorId } = await vendorAdminSession(server));
    wecom.members.set('WangJianGuo', { name: '王建国', department: [1] });
    wecom.members.set('ZhangSan', { name: '张三', department: [1, 7] });
    wecom.members.set('LiSi', { name: '李四', department: [1] });
    wecom.members.set('ZhaoLiu', { name: '赵六', department: [1] });
  });
  afterAll(async () => {
    await wecom?.close();
    await server?.close();
  });

  const loginOptions = async () =>
    (await (await fetch(`${server.url}/${CONSOLE_PATH}login-options.json`)).json()) as { scan: string[] };

  it('is not offered until 登录方式 has the app; half an app is refused and the secret never comes back', async () => {
    const refused = await fetch(`${server.url}/auth/wecom/start`, { redirect: 'manual' });
    expect(refused.headers.get('location')).toBe(`${LOGIN_PAGE}not-configured`);
    expect((await loginOptions()).scan).toEqual([]);
    const half = await configureScan(server, adminSid, 'wecom', { corpId: APP.corpId });
    expect(half.body).toMatchObject({
      success: false,
      errorMessage: scanLoginMessages.incomplete('企业微信'),
    });
    const saved = await configureScan(server, adminSid, 'wecom', {
      corpId: APP.corpId,
      agentId: APP.agentId,
      appSecret: APP.secret,
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.text).not.toContain(APP.secret);
    const view = (await callAs(server, inquireScanLoginAdmin, adminSid)).body.datas.find(
      (v: { platform: string }) => v.platform === 'wecom',
    );
    expect(view).toMatchObject({
      enabled: true,
      corpId: APP.corpId,
      secretSet: true,
      callbackUrl: `${server.url}/auth/wecom/callback`,
    });
    expect((await loginOptions()).scan).toEqual(['wecom']);
    // Saved again without the secret: the stored one stays.
    const again = await configureScan(server, adminSid, 'wecom', {
      corpId: APP.corpId,
      agentId: APP.agentId,
    });
    expect(again.body.success, JSON.stringify(again.body)).toBe(true);
  });

  it('测试连接 fetches the access token, or says what WeCom refused', async () => {
    const good = await callAs(server, testScanLoginAdmin, adminSid, { platform: 'wecom' });
    expect(good.body.datas[0]).toMatchObject({ reachable: true, problem: null });
    wecom.state.failToken = 40001;
    await server.app.db.delete(platformToken);
    const bad = await callAs(server, testScanLoginAdmin, adminSid, { platform: 'wecom' });
    expect(bad.body.datas[0]).toMatchObject({ reachable: false, problem: '应用密钥（Secret）不正确' });
    wecom.state.failToken = null;
  });

  it('an unlinked member is refused; linked from 账号绑定, the scan signs that account in', async () => {
    wecom.state.scanAs = 'WangJianGuo';
    expect(await scanIn()).toEqual({ location: `${LOGIN_PAGE}not-linked`, sid: null });
    const linking = await throughPlatform({ link: adminSid });
    expect((await callback(linking.callback, linking.ours)).location).toBe(
      `/${CONSOLE_PATH}#/account/settings?tab=bindings&sso=linked`,
    );
    const trip = await throughPlatform();
    const qr = new URL(trip.authorize);
    expect(qr.pathname).toBe('/wwopen/sso/qrConnect');
    expect(Object.fromEntries(qr.searchParams)).toMatchObject({
      appid: APP.corpId,
      agentid: APP.agentId,
      redirect_uri: `${server.url}/auth/wecom/callback`,
    });
    expect(qr.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const signedIn = await callback(trip.callback, trip.ours);
    expect(signedIn.location).toBe(`/${CONSOLE_PATH}#/welcome`);
    const me = (await currentAccount(server, signedIn.sid ?? '')).body.datas[0];
    expect(me).toMatchObject({ name: '王建国', accountName: 'admin' });
  });

  it("inside WeCom's own browser the sign-in is silent (snsapi_base, no QR code)", async () => {
    const trip = await throughPlatform({ userAgent: WXWORK_UA });
    const oauth = new URL(trip.authorize);
    expect(oauth.pathname).toBe('/connect/oauth2/authorize');
    expect(oauth.hash).toBe('#wechat_redirect');
    expect(Object.fromEntries(oauth.searchParams)).toMatchObject({
      appid: APP.corpId,
      agentid: APP.agentId,
      scope: 'snsapi_base',
      response_type: 'code',
    });
    expect((await callback(trip.callback, trip.ours)).location).toBe(`/${CONSOLE_PATH}#/welcome`);
  });

  it('a replayed state, a state of another browser and a code used twice are refused, with no session', async () => {
    const trip = await throughPlatform();
    expect((await callback(trip.callback, trip.ours)).sid).not.toBeNull();
    const replay = new Jar();
    replay.set('yx_wecom', 'whatever');
    expect(await callback(trip.callback, replay)).toEqual({ location: `${LOGIN_PAGE}state`, sid: null });
    const other = await throughPlatform();
    expect(await callback(other.callback, new Jar())).toEqual({ location: `${LOGIN_PAGE}state`, sid: null });
    // The used code under a fresh state of the same browser: WeCom refuses the code (40029).
    const fresh = await throughPlatform();
    const reused = new URL(fresh.callback);
    reused.searchParams.set('code', new URL(trip.callback).searchParams.get('code') ?? '');
    expect(await callback(reused.href, fresh.ours)).toEqual({ location: `${LOGIN_PAGE}provider`, sid: null });
    // A WeCom state taken to another platform's callback is not that platform's.
    const crossed = await throughPlatform();
    const elsewhere = crossed.callback.replace('/auth/wecom/', '/auth/feishu/');
    expect((await callback(elsewhere, crossed.ours)).location).toBe(`${LOGIN_PAGE}not-configured`);
  });

  it('someone outside the organisation and a disabled account are refused, and 登录方式 lists both', async () => {
    wecom.state.scanAs = null;
    expect(await scanIn()).toEqual({ location: `${LOGIN_PAGE}other-org`, sid: null });
    const colleague = await colleagueWithRole(server, adminSid, 'viewer', '赵六');
    wecom.state.scanAs = 'ZhaoLiu';
    const linking = await throughPlatform({ link: colleague.sid });
    expect((await callback(linking.callback, linking.ours)).location).toMatch(/sso=linked$/);
    await server.app.db
      .update(employee)
      .set({ status: 'disabled' })
      .where(eq(employee.accountId, colleague.accountId));
    expect(await scanIn()).toEqual({ location: `${LOGIN_PAGE}disabled`, sid: null });
    const { body } = await callAs(server, inquireSsoSignInLogAdmin, adminSid, { pageSize: 20 });
    expect(body.datas.slice(0, 2)).toMatchObject([
      {
        provider: 'wecom',
        outcome: 'failure',
        reason: 'disabled',
        identity: '赵六（ZhaoLiu）',
        accountName: '赵六',
      },
      { provider: 'wecom', outcome: 'failure', reason: 'other-org', accountName: null },
    ]);
  });

  it('just-in-time accounts join with the role of their department', async () => {
    const roles = await rolesOf(server, adminSid);
    const editor = roles.find((r) => r.builtinKey === 'editor');
    const viewer = roles.find((r) => r.builtinKey === 'viewer');
    await configureSignIn(server, adminSid, {
      jit: true,
      jitTenantId: vendorId,
      jitRoleId: viewer?.roleId,
      roleRules: [{ group: '7', roleId: editor?.roleId }],
    });
    wecom.state.scanAs = 'ZhangSan';
    const zhang = await scanIn();
    expect((await currentAccount(server, zhang.sid ?? '')).body.datas[0]).toMatchObject({
      name: '张三',
      accountName: 'ZhangSan',
      roleName: '内容编辑',
    });
    wecom.state.scanAs = 'LiSi';
    const li = await scanIn();
    expect((await currentAccount(server, li.sid ?? '')).body.datas[0]).toMatchObject({ roleName: '只读' });
    const count = async () =>
      Number((await server.app.db.select({ n: sql<number>`count(*)` }).from(account))[0]?.n);
    const before = await count();
    await scanIn();
    expect(await count()).toBe(before);
    await configureSignIn(server, adminSid, { jit: false });
  });

  it('the access token is fetched once for every sign-in, and replaced once when WeCom calls it invalid', async () => {
    const issued = wecom.state.tokensIssued;
    wecom.state.scanAs = 'WangJianGuo';
    await scanIn();
    await scanIn();
    expect(wecom.state.tokensIssued).toBe(issued);
    const [stored] = await server.app.db.select().from(platformToken);
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 7000 * 1000);
    wecom.expireTokens();
    expect((await scanIn()).location).toBe(`/${CONSOLE_PATH}#/welcome`);
    expect(wecom.state.tokensIssued).toBe(issued + 1);
    // Every token request carried the app's corp id and secret.
    expect(wecom.to('/cgi-bin/gettoken').every((r) => r.query.get('corpid') === APP.corpId)).toBe(true);
  });
});
