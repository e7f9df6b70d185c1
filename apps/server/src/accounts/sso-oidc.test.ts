/**
 * Single sign-on against a real OIDC provider (`oidc-provider` on 127.0.0.1, test/oidc-provider.ts), through the
 * real server on both drivers: 登录方式 configured by the site's admin, the browser's round trip (start, the
 * provider's login page, callback) driven over HTTP with each side's cookies, and every refusal the issue
 * names: not configured, an unlinked identity, a replayed state, a code used twice, a wrong PKCE verifier,
 * a tampered ID token. Then just-in-time accounts by group, linking and unlinking, and 仅允许企业账号登录.
 */
import {
  actionPath,
  CONSOLE_PATH,
  inquireIdentityBindingsAccount,
  inquireSignInSettingsAdmin,
  loginAccount,
  SITE_ID,
  ssoMessages,
  unbindIdentityAccount,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, currentAccount, DEMO, loginWithPassword, sendCode, smsCodeFor } from '../../test/accounts';
import { configureOidc, get, Jar, oidcBrowser } from '../../test/oidc-browser';
import { type OidcStandIn, startOidcProvider } from '../../test/oidc-provider';
import { rolesOf, vendorAdminSession } from '../../test/roles';
import { drivers, startServer, type TestServer } from '../../test/server';
import { account, oidcLoginState } from '../db/schema';

const LOGIN_PAGE = `/${CONSOLE_PATH}#/user/login?sso=`;

describe.each(drivers)('single sign-on through OIDC on %s', (driver) => {
  let server: TestServer;
  let idp: OidcStandIn;
  let adminSid: string;
  let vendorId: number;
  let adminAccountId: number;

  beforeAll(async () => {
    server = await startServer(driver);
    idp = await startOidcProvider([`${server.url}/auth/oidc/callback`]);
    ({ sid: adminSid, vendorId } = await vendorAdminSession(server));
    adminAccountId = (await currentAccount(server, adminSid)).body.datas[0].accountId;
  });
  afterAll(async () => {
    await idp?.close();
    await server?.close();
  });

  const settings = async () => {
    const { body } = await callAs(server, inquireSignInSettingsAdmin, adminSid);
    expect(body.success, JSON.stringify(body)).toBe(true);
    return body.datas[0];
  };
  const configure = (changes: Record<string, unknown> = {}) => configureOidc(server, adminSid, idp, changes);

  const { throughProvider, callback, signIn } = oidcBrowser(() => server);

  const accountCount = async () =>
    Number((await server.app.db.select({ n: sql<number>`count(*)` }).from(account))[0]?.n);

  it('refuses while the provider is not configured, and the login page does not offer it', async () => {
    const res = await get(`${server.url}/auth/oidc/start`, new Jar());
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${LOGIN_PAGE}not-configured`);
    const options = (await (await fetch(`${server.url}/${CONSOLE_PATH}login-options.json`)).json()) as {
      oidc: boolean;
    };
    expect(options.oidc).toBe(false);
  });

  it('登录方式: saved by the site admin, the secret never comes back, half a configuration is refused', async () => {
    const incomplete = await callAs(
      server,
      updateSignInSettingsAdmin,
      adminSid,
      {
        enabled: true,
        issuer: idp.issuer,
        jit: false,
        ssoRequired: false,
        version: (await settings()).version,
      },
      'cookie',
      { json: true },
    );
    expect(incomplete.body).toMatchObject({ success: false, errorMessage: ssoMessages.incomplete });
    const noBreakGlass = await configure({ ssoRequired: true });
    expect(noBreakGlass.body).toMatchObject({ success: false, errorMessage: ssoMessages.requiresBreakGlass });
    const saved = await configure();
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.text).not.toContain(idp.clientSecret);
    expect(saved.body.datas[0].oidc).toMatchObject({
      enabled: true,
      issuer: idp.issuer,
      secretSet: true,
      callbackUrl: `${server.url}/auth/oidc/callback`,
    });
    // Saved again without a secret: the stored one stays.
    const again = await configure({ clientSecret: '' });
    expect(again.body.datas[0].oidc.secretSet).toBe(true);
    const options = (await (await fetch(`${server.url}/${CONSOLE_PATH}login-options.json`)).json()) as {
      oidc: boolean;
    };
    expect(options.oidc).toBe(true);
  });

  it('an identity linked to no account is refused (no account is taken over or made while JIT is off)', async () => {
    const before = await accountCount();
    // Same name as the demo admin: still not linked, still refused.
    const result = await signIn('admin');
    expect(result).toEqual({ location: `${LOGIN_PAGE}not-linked`, sid: null });
    expect(await accountCount()).toBe(before);
  });

  it('links the identity from 账号绑定, then signs that account in; the link is listed and can be removed', async () => {
    const trip = await throughProvider('wang.jianguo', { link: adminSid });
    expect(new URL(trip.authorize).searchParams.get('code_challenge_method')).toBe('S256');
    const linked = await callback(trip.callback, trip.ours);
    expect(linked.location).toBe(`/${CONSOLE_PATH}#/account/settings?tab=bindings&sso=linked`);
    const list = await callAs(server, inquireIdentityBindingsAccount, adminSid);
    expect(list.body.datas[0]).toMatchObject({
      oidcEnabled: true,
      bindings: [{ provider: 'oidc', label: 'wang.jianguo' }],
    });

    const signedIn = await signIn('wang.jianguo');
    expect(signedIn.location).toBe(`/${CONSOLE_PATH}#/welcome`);
    expect(signedIn.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await currentAccount(server, signedIn.sid ?? '');
    expect(me.body.datas[0]).toMatchObject({ accountId: adminAccountId, name: '王建国' });

    // Another account cannot take the same identity.
    const colleague = (await loginWithPassword(server, 'user', DEMO.user.password)).body.datas[0].sid;
    const taken = await throughProvider('wang.jianguo', { link: colleague });
    expect((await callback(taken.callback, taken.ours)).location).toBe(
      `/${CONSOLE_PATH}#/account/settings?tab=bindings&sso=linked-elsewhere`,
    );
  });

  it('a replayed state and a code used twice are refused, and no session is made', async () => {
    const trip = await throughProvider('wang.jianguo');
    expect((await callback(trip.callback, trip.ours)).sid).not.toBeNull();
    // The same callback again, same browser: the state was used.
    const replay = new Jar();
    replay.set('yx_oidc', 'whatever');
    expect(await callback(trip.callback, replay)).toEqual({ location: `${LOGIN_PAGE}state`, sid: null });
    // The used code under a fresh, valid state of the same browser: the provider refuses the code.
    const fresh = new Jar();
    const start = await get(`${server.url}/auth/oidc/start`, fresh);
    const state = new URL(start.location ?? '').searchParams.get('state') ?? '';
    const reused = new URL(trip.callback);
    reused.searchParams.set('state', state);
    expect(await callback(reused.href, fresh)).toEqual({ location: `${LOGIN_PAGE}provider`, sid: null });
    // A valid state from another browser (no cookie of the round trip) is refused too.
    const other = await throughProvider('wang.jianguo');
    expect(await callback(other.callback, new Jar())).toEqual({ location: `${LOGIN_PAGE}state`, sid: null });
  });

  it('PKCE is required: the authorization asks S256, and a wrong verifier makes the provider refuse the code', async () => {
    const trip = await throughProvider('wang.jianguo');
    const params = new URL(trip.authorize).searchParams;
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await server.app.db
      .update(oidcLoginState)
      .set({ codeVerifier: 'x'.repeat(43) })
      .where(sql`${oidcLoginState.usedAt} is null`);
    expect(await callback(trip.callback, trip.ours)).toEqual({
      location: `${LOGIN_PAGE}provider`,
      sid: null,
    });
    // Without a code challenge the provider itself refuses to start.
    const bare = new URL(trip.authorize);
    bare.searchParams.delete('code_challenge');
    bare.searchParams.delete('code_challenge_method');
    const refused = await get(bare.href, new Jar());
    expect(`${refused.location}`).toContain('error=invalid_request');
  });

  it('an ID token whose signature was altered on the way is refused', async () => {
    const trip = await throughProvider('wang.jianguo');
    idp.tamperNextIdToken();
    expect(await callback(trip.callback, trip.ours)).toEqual({ location: `${LOGIN_PAGE}token`, sid: null });
  });

  it('just-in-time accounts join the configured organisation with the role of their group', async () => {
    const roles = await rolesOf(server, adminSid);
    const editor = roles.find((r) => r.builtinKey === 'editor');
    const viewer = roles.find((r) => r.builtinKey === 'viewer');
    const saved = await configure({
      jit: true,
      jitTenantId: vendorId,
      jitRoleId: viewer?.roleId,
      roleRules: [{ group: 'web-editors', roleId: editor?.roleId }],
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    idp.users.set('zhang.san', { name: '张三', groups: ['staff', 'web-editors'] });
    idp.users.set('li.si', { name: '李四', groups: ['staff'] });

    const zhang = await signIn('zhang.san');
    expect(zhang.location).toBe(`/${CONSOLE_PATH}#/welcome`);
    const zhangMe = (await currentAccount(server, zhang.sid ?? '')).body.datas[0];
    expect(zhangMe).toMatchObject({ name: '张三', accountName: 'zhang.san', roleName: '内容编辑' });
    const li = await signIn('li.si');
    expect((await currentAccount(server, li.sid ?? '')).body.datas[0]).toMatchObject({
      name: '李四',
      roleName: '只读',
    });
    // The second time, the same account (no second one).
    const before = await accountCount();
    const again = await signIn('zhang.san');
    expect((await currentAccount(server, again.sid ?? '')).body.datas[0].accountId).toBe(zhangMe.accountId);
    expect(await accountCount()).toBe(before);
    // JIT never takes over an existing username: the provider's "user" gets an account of its own.
    const userLike = await signIn('user');
    const made = (await currentAccount(server, userLike.sid ?? '')).body.datas[0];
    expect(made.accountName).toBe('user-2');
    await configure({ jit: false });
  });

  it('仅允许企业账号登录: passwords and SMS codes are refused except for a break-glass admin', async () => {
    const on = await configure({ ssoRequired: true, breakGlass: [adminAccountId] });
    expect(on.body.success, JSON.stringify(on.body)).toBe(true);
    const member = await loginWithPassword(server, 'user', DEMO.user.password);
    expect(member.body).toMatchObject({ success: false, status: 403, errorMessage: ssoMessages.ssoRequired });
    expect(member.headers.get('set-cookie') ?? '').not.toContain('yx_sid=');
    await sendCode(server, DEMO.user.phone);
    const sms = await server.post(actionPath(loginAccount), {
      siteId: SITE_ID,
      loginType: 'mobile',
      phone: DEMO.user.phone,
      captcha: smsCodeFor(server, DEMO.user.phone),
    });
    expect(sms.body).toMatchObject({ success: false, errorMessage: ssoMessages.ssoRequired });
    // The login page says so (login-options.json), naming the break-glass route.
    const options = (await (await fetch(`${server.url}/${CONSOLE_PATH}login-options.json`)).json()) as {
      ssoRequired: boolean;
    };
    expect(options.ssoRequired).toBe(true);
    const breakGlass = await loginWithPassword(server, 'admin', DEMO.admin.password);
    expect(breakGlass.body.success).toBe(true);
    // Through the provider, still in.
    expect((await signIn('wang.jianguo')).sid).not.toBeNull();
    // Only the site's admins may be break-glass.
    const [userRow] = await server.app.db
      .select({ id: account.id })
      .from(account)
      .where(eq(account.username, 'user'));
    const wrong = await configure({ ssoRequired: true, breakGlass: [userRow?.id] });
    expect(wrong.body).toMatchObject({ success: false, errorMessage: ssoMessages.breakGlassNotAdmin });
    expect((await configure({ ssoRequired: false })).body.success).toBe(true);
    expect((await loginWithPassword(server, 'user', DEMO.user.password)).body.success).toBe(true);
  });

  it('unlinking ends sign-in through that identity', async () => {
    const list = (await callAs(server, inquireIdentityBindingsAccount, adminSid)).body.datas[0];
    const id = list.bindings[0].id;
    const res = await callAs(server, unbindIdentityAccount, adminSid, { bindingId: id });
    expect(res.body).toMatchObject({ success: true, message: ssoMessages.unlinked });
    expect(res.body.datas[0].bindings).toEqual([]);
    const again = await callAs(server, unbindIdentityAccount, adminSid, { bindingId: id });
    expect(again.body).toMatchObject({
      success: false,
      status: 404,
      errorMessage: ssoMessages.bindingNotFound,
    });
    expect((await signIn('wang.jianguo')).location).toBe(`${LOGIN_PAGE}not-linked`);
  });
});
