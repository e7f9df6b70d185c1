/**
 * A browser's round trip through single sign-on, over HTTP with each side's cookies: /auth/oidc/start, the
 * provider's own login page (test/oidc-provider.ts), up to the callback, and the callback itself. Shared by the
 * tests of sign-in (sso-oidc.test.ts) and of what 登录方式 shows about it (sso-log.test.ts).
 */
import { inquireSignInSettingsAdmin, updateSignInSettingsAdmin } from '@yuexun/contract';
import { expect } from 'vitest';
import { callAs } from './accounts';
import type { OidcStandIn } from './oidc-provider';
import type { TestServer } from './server';

/** Cookies of one site, as a browser keeps them (name → value; no paths, the tests need none). */
export class Jar {
  private cookies = new Map<string, string>();
  take(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(pair.slice(0, at));
      else this.cookies.set(pair.slice(0, at), value);
    }
  }
  get(name: string) {
    return this.cookies.get(name);
  }
  set(name: string, value: string) {
    this.cookies.set(name, value);
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export const get = async (url: string, jar: Jar) => {
  const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
  jar.take(res.headers);
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
};

export const oidcBrowser = (server: () => TestServer) => {
  /** The way to the provider and through its login page, up to the callback address (not followed). */
  const throughProvider = async (login: string, opts: { link?: string } = {}) => {
    const url = server().url;
    const ours = new Jar();
    if (opts.link) ours.set('yx_sid', opts.link);
    const start = await get(`${url}/auth/oidc/start${opts.link ? '?purpose=link' : ''}`, ours);
    expect(start.status).toBe(302);
    const authorize = start.location ?? '';
    const theirs = new Jar();
    let next = authorize;
    for (let hop = 0; hop < 10 && !next.startsWith(url); hop++) {
      const res = await get(next, theirs);
      if (res.status === 200 && res.text.includes('name="login"')) {
        const form = await fetch(next, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: theirs.header(), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ prompt: 'login', login, password: 'any' }),
        });
        theirs.take(form.headers);
        next = new URL(form.headers.get('location') ?? '', next).href;
      } else {
        expect(res.location, `${res.status} ${res.text.slice(0, 300)}`).toBeTruthy();
        next = new URL(res.location ?? '', next).href;
      }
    }
    expect(next.startsWith(`${url}/auth/oidc/callback`)).toBe(true);
    return { authorize, callback: next, ours };
  };

  const callback = async (url: string, ours: Jar) => {
    const res = await get(url, ours);
    expect(res.status).toBe(302);
    return { location: res.location ?? '', sid: ours.get('yx_sid') ?? null };
  };

  const signIn = async (login: string) => {
    const trip = await throughProvider(login);
    return callback(trip.callback, trip.ours);
  };

  return { throughProvider, callback, signIn };
};

/** 登录方式 as the site's admin sets it for the stand-in provider (JIT and 仅允许企业账号登录 off), with `changes`. */
export const configureOidc = async (
  server: TestServer,
  adminSid: string,
  idp: OidcStandIn,
  changes: Record<string, unknown> = {},
) => {
  const current = await callAs(server, inquireSignInSettingsAdmin, adminSid);
  expect(current.body.success, JSON.stringify(current.body)).toBe(true);
  return callAs(
    server,
    updateSignInSettingsAdmin,
    adminSid,
    {
      enabled: true,
      issuer: idp.issuer,
      clientId: idp.clientId,
      clientSecret: idp.clientSecret,
      scopes: 'openid profile email groups',
      jit: false,
      ssoRequired: false,
      version: current.body.datas[0].version,
      ...changes,
    },
    'cookie',
    { json: true },
  );
};
