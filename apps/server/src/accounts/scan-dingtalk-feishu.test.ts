/**
 * 钉钉 and 飞书扫码登录 (issue 36, decision 060) against their stand-ins (test/dingtalk-standin.ts,
 * test/feishu-standin.ts), through the real server on both drivers: the web login round trip with the QR step
 * replaced by the stand-in's redirect, linking and signing in, DingTalk's silent sign-in in its own browser
 * (the page that asks the JSAPI for the in-app code), and the refusals: someone of another organisation or
 * tenant, a code used twice, a replayed state.
 */
import { CONSOLE_PATH } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentAccount } from '../../test/accounts';
import { type DingtalkStandIn, startDingtalkStandIn } from '../../test/dingtalk-standin';
import { type FeishuStandIn, startFeishuStandIn } from '../../test/feishu-standin';
import { get, Jar } from '../../test/oidc-browser';
import { vendorAdminSession } from '../../test/roles';
import { configureScan, scanBrowser } from '../../test/scan-browser';
import { drivers, startServer, type TestServer } from '../../test/server';

const LOGIN_PAGE = `/${CONSOLE_PATH}#/user/login?sso=`;
const DINGTALK = { corpId: 'ding-yuexun', clientId: 'dingclient123', secret: 'dingtalk-secret-123' };
const FEISHU = { appId: 'cli_yuexun', secret: 'feishu-secret-123' };
const DINGTALK_UA =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0 Mobile Safari/537.36 AliApp(DingTalk/7.5.0) com.alibaba.android.rimet/7.5.0 Channel/700159 language/zh-CN';

describe.each(drivers)('钉钉 and 飞书扫码登录 on %s', (driver) => {
  let server: TestServer;
  let dingtalk: DingtalkStandIn;
  let feishu: FeishuStandIn;
  let adminSid: string;
  const ding = scanBrowser(() => server, 'dingtalk');
  const fei = scanBrowser(() => server, 'feishu');

  beforeAll(async () => {
    dingtalk = await startDingtalkStandIn(DINGTALK);
    feishu = await startFeishuStandIn(FEISHU);
    server = await startServer(driver);
    server.app.config.platforms = { ...server.app.config.platforms, ...dingtalk.urls(), ...feishu.urls() };
    ({ sid: adminSid } = await vendorAdminSession(server));
    dingtalk.people.set('u-wang', {
      unionId: 'u-wang',
      name: '王建国',
      corpId: DINGTALK.corpId,
      userId: 'wang01',
    });
    dingtalk.people.set('u-out', { unionId: 'u-out', name: '外人', corpId: 'ding-other' });
    dingtalk.people.set('u-gone', { unionId: 'u-gone', name: '无名', corpId: DINGTALK.corpId });
    feishu.people.set('on-wang', { unionId: 'on-wang', name: '王建国', tenantKey: 'tenant-yuexun' });
    feishu.people.set('on-out', { unionId: 'on-out', name: '外人', tenantKey: 'tenant-other' });
    const saved = [
      await configureScan(server, adminSid, 'dingtalk', {
        corpId: DINGTALK.corpId,
        appKey: DINGTALK.clientId,
        appSecret: DINGTALK.secret,
      }),
      await configureScan(server, adminSid, 'feishu', {
        appKey: FEISHU.appId,
        appSecret: FEISHU.secret,
        corpId: 'tenant-yuexun',
      }),
    ];
    for (const s of saved) expect(s.body.success, JSON.stringify(s.body)).toBe(true);
  });
  afterAll(async () => {
    await dingtalk?.close();
    await feishu?.close();
    await server?.close();
  });

  it('钉钉: the OAuth 2 login asks openid and corpid; linked from 账号绑定, the scan signs that account in', async () => {
    dingtalk.state.scanAs = 'u-wang';
    expect(await ding.scanIn()).toEqual({ location: `${LOGIN_PAGE}not-linked`, sid: null });
    const linking = await ding.throughPlatform({ link: adminSid });
    expect((await ding.callback(linking.callback, linking.ours)).location).toMatch(/sso=linked$/);
    const trip = await ding.throughPlatform();
    expect(Object.fromEntries(new URL(trip.authorize).searchParams)).toMatchObject({
      client_id: DINGTALK.clientId,
      response_type: 'code',
      scope: 'openid corpid',
      redirect_uri: `${server.url}/auth/dingtalk/callback`,
      prompt: 'consent',
    });
    const signedIn = await ding.callback(trip.callback, trip.ours);
    expect(signedIn.location).toBe(`/${CONSOLE_PATH}#/welcome`);
    expect((await currentAccount(server, signedIn.sid ?? '')).body.datas[0]).toMatchObject({
      accountName: 'admin',
    });
    // The person's token went with the header DingTalk documents, the client's secret in the body.
    const exchange = dingtalk.to('/v1.0/oauth2/userAccessToken').at(-1);
    expect(exchange?.body).toMatchObject({ clientId: DINGTALK.clientId, grantType: 'authorization_code' });
    expect(dingtalk.to('/v1.0/contact/users/me').at(-1)?.headers['x-acs-dingtalk-access-token']).toBeTruthy();
  });

  it('钉钉: another organisation, someone the organisation does not list, and a code used twice are refused', async () => {
    dingtalk.state.scanAs = 'u-out';
    expect(await ding.scanIn()).toEqual({ location: `${LOGIN_PAGE}other-org`, sid: null });
    dingtalk.state.scanAs = 'u-gone';
    expect(await ding.scanIn()).toEqual({ location: `${LOGIN_PAGE}other-org`, sid: null });
    dingtalk.state.scanAs = 'u-wang';
    const first = await ding.throughPlatform();
    expect((await ding.callback(first.callback, first.ours)).sid).not.toBeNull();
    const second = await ding.throughPlatform();
    const reused = new URL(second.callback);
    reused.searchParams.set('authCode', new URL(first.callback).searchParams.get('authCode') ?? '');
    expect(await ding.callback(reused.href, second.ours)).toEqual({
      location: `${LOGIN_PAGE}provider`,
      sid: null,
    });
  });

  it("钉钉: inside DingTalk's own browser the page asks the JSAPI for the in-app code, and the callback signs in", async () => {
    const ours = new Jar();
    const res = await fetch(`${server.url}/auth/dingtalk/start`, { headers: { 'user-agent': DINGTALK_UA } });
    ours.take(res.headers);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('dd.runtime.permission.requestAuthCode');
    expect(res.headers.get('content-security-policy')).toContain('https://g.alicdn.com');
    const state = /"state":"([A-Za-z0-9_-]+)"/.exec(html)?.[1] ?? '';
    expect(html).toContain(`"corpId":"${DINGTALK.corpId}"`);
    const code = dingtalk.inAppCodeFor('u-wang');
    const back = await get(`${server.url}/auth/dingtalk/callback?state=${state}&code=${code}`, ours);
    expect(back.location).toBe(`/${CONSOLE_PATH}#/welcome`);
    expect(ours.get('yx_sid')).toBeTruthy();
  });

  it('飞书: linked and signed in through authen/v1; another tenant, a used code and a replayed state are refused', async () => {
    feishu.state.scanAs = 'on-wang';
    const linking = await fei.throughPlatform({ link: adminSid });
    expect(Object.fromEntries(new URL(linking.authorize).searchParams)).toMatchObject({
      app_id: FEISHU.appId,
      redirect_uri: `${server.url}/auth/feishu/callback`,
    });
    expect((await fei.callback(linking.callback, linking.ours)).location).toMatch(/sso=linked$/);
    const trip = await fei.throughPlatform();
    const signedIn = await fei.callback(trip.callback, trip.ours);
    expect(signedIn.location).toBe(`/${CONSOLE_PATH}#/welcome`);
    expect(feishu.to('/open-apis/authen/v1/oidc/access_token').at(-1)?.headers.authorization).toMatch(
      /^Bearer a-/,
    );
    // Replayed (by a browser with no session yet): the state was used.
    const replay = new Jar();
    replay.set('yx_feishu', 'whatever');
    expect(await fei.callback(trip.callback, replay)).toEqual({
      location: `${LOGIN_PAGE}state`,
      sid: null,
    });
    // The used code under a fresh state: Feishu refuses it.
    const fresh = await fei.throughPlatform();
    const reused = new URL(fresh.callback);
    reused.searchParams.set('code', new URL(trip.callback).searchParams.get('code') ?? '');
    expect(await fei.callback(reused.href, fresh.ours)).toEqual({
      location: `${LOGIN_PAGE}provider`,
      sid: null,
    });
    feishu.state.scanAs = 'on-out';
    expect(await fei.scanIn()).toEqual({ location: `${LOGIN_PAGE}other-org`, sid: null });
    // One app token served every call.
    expect(feishu.state.tokensIssued).toBe(1);
  });
});
