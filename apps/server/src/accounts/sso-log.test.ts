/**
 * What 登录方式 shows about single sign-on (issue 36), against a real OIDC provider on both drivers: each sign-in
 * through the provider, refused ones with their reason and the provider's name for the person (most have no
 * account yet), a refusal that reached an account in that account's own 登录记录 too, anonymous refusals kept to
 * a bound, and 测试连接 reporting what the provider's discovery document said, or why it could not be read.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  inquireSignInHistoryAccount,
  inquireSsoSignInLogAdmin,
  ssoMessages,
  testSsoConnectionAdmin,
} from '@yuexun/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, DEMO, loginWithPassword } from '../../test/accounts';
import { configureOidc, oidcBrowser } from '../../test/oidc-browser';
import { type OidcStandIn, startOidcProvider } from '../../test/oidc-provider';
import { vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { account, employee, signInEvent } from '../db/schema';
import { ANONYMOUS_REFUSALS_KEPT } from '../shared/auth/sign-in-history';

describe.each(drivers)('登录方式: sign-ins through the provider and 测试连接 on %s', (driver) => {
  let server: TestServer;
  let idp: OidcStandIn;
  let adminSid: string;
  const { throughProvider, callback, signIn } = oidcBrowser(() => server);

  beforeAll(async () => {
    server = await startServer(driver);
    idp = await startOidcProvider([`${server.url}/auth/oidc/callback`]);
    ({ sid: adminSid } = await vendorAdminSession(server));
    const saved = await configureOidc(server, adminSid, idp);
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const log = async () => {
    const { body } = await callAs(server, inquireSsoSignInLogAdmin, adminSid, { pageSize: 50 });
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.datas as {
      outcome: string;
      accountName: string | null;
      identity: string | null;
      reason: string | null;
    }[];
  };

  it('lists refused attempts with their reason and whom the provider named, and sign-ins with the account', async () => {
    expect((await signIn('zhao.liu')).location).toMatch(/sso=not-linked$/);
    const trip = await throughProvider('zhao.liu');
    await callback(trip.callback, trip.ours);
    expect((await callback(trip.callback, trip.ours)).location).toMatch(/sso=state$/);
    const linking = await throughProvider('wang.jianguo', { link: adminSid });
    expect((await callback(linking.callback, linking.ours)).location).toMatch(/sso=linked$/);
    expect((await signIn('wang.jianguo')).sid).not.toBeNull();

    const [success, replay, notLinked] = await log();
    expect(success).toMatchObject({
      outcome: 'success',
      accountName: '王建国',
      identity: 'wang.jianguo',
      reason: null,
    });
    expect(replay).toMatchObject({ outcome: 'failure', accountName: null, reason: 'state' });
    expect(notLinked).toMatchObject({
      outcome: 'failure',
      accountName: null,
      identity: 'zhao.liu',
      reason: 'not-linked',
    });
    // A colleague without 登录方式设置 may not read it.
    const userSid = (await loginWithPassword(server, 'user', DEMO.user.password)).body.datas[0].sid;
    expect((await callAs(server, inquireSsoSignInLogAdmin, userSid)).body).toMatchObject({
      success: false,
      status: 403,
    });
  });

  it('a refusal that reached an account shows in that account’s own 登录记录 too', async () => {
    const userSid = (await loginWithPassword(server, 'user', DEMO.user.password)).body.datas[0].sid;
    const linking = await throughProvider('li.xiaomei', { link: userSid });
    expect((await callback(linking.callback, linking.ours)).location).toMatch(/sso=linked$/);
    const [user] = await server.app.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.username, 'user'));
    const disable = (status: 'disabled' | 'active') =>
      server.app.db
        .update(employee)
        .set({ status })
        .where(eq(employee.accountId, user?.id ?? 0));
    await disable('disabled');
    expect(await signIn('li.xiaomei')).toMatchObject({ sid: null });
    await disable('active');
    expect((await log())[0]).toMatchObject({
      outcome: 'failure',
      identity: 'li.xiaomei',
      reason: 'disabled',
    });
    const own = await callAs(server, inquireSignInHistoryAccount, userSid);
    expect(own.body.datas).toContainEqual(
      expect.objectContaining({ method: 'oidc', outcome: 'failure', reason: 'disabled' }),
    );
  });

  it('keeps at most a bound of refusals that reached no account (anyone can call the callback)', async () => {
    const anonymous = and(isNull(signInEvent.accountId), eq(signInEvent.method, 'oidc'));
    const filler = Array.from({ length: ANONYMOUS_REFUSALS_KEPT }, () => ({
      outcome: 'failure' as const,
      method: 'oidc' as const,
      reason: 'state' as const,
    }));
    await server.app.db.insert(signInEvent).values(filler);
    const res = await fetch(`${server.url}/auth/oidc/callback?state=made-up&code=x`, { redirect: 'manual' });
    expect(res.headers.get('location')).toMatch(/sso=state$/);
    const [kept] = await server.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(signInEvent)
      .where(anonymous);
    expect(kept?.n).toBe(ANONYMOUS_REFUSALS_KEPT);
    expect((await log()).length).toBeGreaterThan(0);
  });

  it('测试连接 shows what the provider published, or why it could not be read', async () => {
    const stored = await callAs(server, testSsoConnectionAdmin, adminSid);
    expect(stored.body.datas[0]).toMatchObject({
      reachable: true,
      problem: null,
      issuer: idp.issuer,
      pkceS256: true,
      scopesSupported: expect.arrayContaining(['openid']),
    });
    expect(stored.body.datas[0].signingKeys).toBeGreaterThan(0);
    expect(stored.body.datas[0].tokenEndpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);

    const closed = await callAs(server, testSsoConnectionAdmin, adminSid, {
      issuer: 'http://127.0.0.1:9/realms/x',
    });
    expect(closed.body.datas[0]).toMatchObject({ reachable: false });
    expect(closed.body.datas[0].problem).toContain(ssoMessages.connectionFailed);
    const insecure = await callAs(server, testSsoConnectionAdmin, adminSid, {
      issuer: 'http://sso.example.com',
    });
    expect(insecure.body.datas[0]).toMatchObject({ reachable: false, problem: ssoMessages.issuerInvalid });
    // A provider that answers but names another issuer: sign-in would refuse its tokens.
    const impostor = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          issuer: 'https://sso.example.com',
          authorization_endpoint: 'https://sso.example.com/a',
        }),
      );
    });
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    const { port } = impostor.address() as AddressInfo;
    const other = await callAs(server, testSsoConnectionAdmin, adminSid, {
      issuer: `http://127.0.0.1:${port}`,
    });
    impostor.close();
    expect(other.body.datas[0]).toMatchObject({
      reachable: true,
      issuer: 'https://sso.example.com',
      problem: ssoMessages.connectionIssuerMismatch,
    });
    const wrongPath = await callAs(server, testSsoConnectionAdmin, adminSid, {
      issuer: `${server.url}/nowhere`,
    });
    expect(wrongPath.body.datas[0]).toMatchObject({ reachable: false });
  });
});
