/**
 * A browser's round trip through scan login (企业微信, 钉钉, 飞书), over HTTP with the site's cookies:
 * /auth/<platform>/start, the platform stand-in's sign-in page (which redirects back at once with a code for
 * the person it was told scans: the QR step replaced by the redirect), and the callback. Shared by the scan
 * login tests of each platform.
 */
import {
  inquireScanLoginAdmin,
  inquireSignInSettingsAdmin,
  type ScanPlatform,
  type ScanPlatformView,
  updateScanLoginAdmin,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import { expect } from 'vitest';
import { callAs } from './accounts';
import { get, Jar } from './oidc-browser';
import type { TestServer } from './server';

/** 登录方式's record of one platform as the site's admin saves it, with `fields`. */
export const configureScan = async (
  server: TestServer,
  adminSid: string,
  platform: ScanPlatform,
  fields: Record<string, unknown>,
) => {
  const current = await callAs(server, inquireScanLoginAdmin, adminSid);
  expect(current.body.success, JSON.stringify(current.body)).toBe(true);
  const views: ScanPlatformView[] = current.body.datas;
  const version = views.find((v) => v.platform === platform)?.version;
  return callAs(
    server,
    updateScanLoginAdmin,
    adminSid,
    { platform, enabled: true, version, ...fields },
    'cookie',
    { json: true },
  );
};

/** 登录方式's shared part (just-in-time accounts, the policy) without an OIDC provider, with `changes`. */
export const configureSignIn = async (
  server: TestServer,
  adminSid: string,
  changes: Record<string, unknown>,
) => {
  const current = await callAs(server, inquireSignInSettingsAdmin, adminSid);
  const saved = await callAs(
    server,
    updateSignInSettingsAdmin,
    adminSid,
    { enabled: false, jit: false, ssoRequired: false, version: current.body.datas[0].version, ...changes },
    'cookie',
    { json: true },
  );
  expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
  return saved;
};

export const scanBrowser = (server: () => TestServer, platform: ScanPlatform) => {
  /** Start, and the platform's page: up to the callback address (not followed). */
  const throughPlatform = async (opts: { link?: string; userAgent?: string } = {}) => {
    const ours = new Jar();
    if (opts.link) ours.set('yx_sid', opts.link);
    const url = `${server().url}/auth/${platform}/start${opts.link ? '?purpose=link' : ''}`;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: ours.header(), ...(opts.userAgent ? { 'user-agent': opts.userAgent } : {}) },
    });
    ours.take(res.headers);
    expect(res.status, await res.text()).toBe(302);
    const authorize = res.headers.get('location') ?? '';
    const page = await get(authorize, new Jar());
    expect(page.status, page.text).toBe(302);
    const callback = page.location ?? '';
    expect(callback.startsWith(`${server().url}/auth/${platform}/callback?`)).toBe(true);
    return { authorize, callback, ours };
  };

  const callback = async (url: string, ours: Jar) => {
    const res = await get(url, ours);
    expect(res.status).toBe(302);
    return { location: res.location ?? '', sid: ours.get('yx_sid') ?? null };
  };

  const scanIn = async (opts: { userAgent?: string } = {}) => {
    const trip = await throughPlatform(opts);
    return callback(trip.callback, trip.ours);
  };

  return { throughPlatform, callback, scanIn };
};
