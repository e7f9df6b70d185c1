/**
 * Scan login (docs/decisions/060): the browser's two legs through 企业微信, 钉钉 and 飞书
 * (`/auth/<platform>/start`, `/auth/<platform>/callback`; routes because the platform sends the browser), and
 * 登录方式's actions for the platforms' apps. Inside WeCom's own browser (its user agent says `wxwork`) the
 * start goes to WeCom's snsapi_base OAuth, which answers without a QR code; inside DingTalk's (`DingTalk`) it
 * answers a small page that asks DingTalk's JSAPI for the in-app code (requestAuthCode) and brings it to the
 * callback. The rules are in scan-login.service.ts; the shared legs in sso-browser.ts.
 */
import {
  inquireScanLoginAdmin,
  ok,
  SCAN_PLATFORM_LABELS,
  SCAN_PLATFORMS,
  type ScanPlatform,
  scanLoginRoutes,
  testScanLoginAdmin,
  updateScanLoginAdmin,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lookupRequestSession } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { defineRoute } from '../http/route';
import { hashClientAddress } from '../shared/client-address';
import { PlatformError } from '../shared/platforms/platform-call';
import { platformClients, scanReady } from '../shared/platforms/scan-apps';
import { dingtalkInAppPage } from './dingtalk-in-app-page';
import { SsoRefused } from './oidc-refusal';
import { beginScan, finishScan } from './scan-login.service';
import { readScanPlatform, scanPlatformViews, updateScanPlatform } from './scan-platform.service';
import {
  browserCookie,
  browserCookieName,
  callbackUrlOf,
  finishedTo,
  refusedTo,
  routePath,
} from './sso-browser';

/** The platform's own browser, where it signs its members in without a QR code. */
const IN_APP_BROWSER: Partial<Record<ScanPlatform, RegExp>> = { wecom: /wxwork/i, dingtalk: /DingTalk/i };

const inAppBrowser = (platform: ScanPlatform, request: FastifyRequest) =>
  IN_APP_BROWSER[platform]?.test(request.headers['user-agent'] ?? '') ?? false;

const queryValue = (request: FastifyRequest, name: string) => {
  const query = request.query;
  if (!query || typeof query !== 'object' || !(name in query)) return null;
  const value: unknown = Reflect.get(query, name);
  return typeof value === 'string' && value !== '' ? value.slice(0, 2000) : null;
};

const registerPlatform = (app: FastifyInstance, platform: ScanPlatform) => {
  const routes = scanLoginRoutes(platform);
  const cookie = browserCookieName(platform);

  defineRoute(app, {
    method: 'GET',
    url: routePath(app, routes.start),
    schema: {
      summary: `${SCAN_PLATFORM_LABELS[platform]}扫码登录：转到平台的登录页；在平台自己的浏览器内免扫码；purpose=link 时为当前账号绑定`,
      tags: ['store'],
    },
    handler: async ({ request, reply }) => {
      const purpose = queryValue(request, 'purpose') === 'link' ? 'link' : 'login';
      try {
        let accountId: number | null = null;
        if (purpose === 'link') {
          const found = await lookupRequestSession(app, request);
          if (found.state !== 'active') throw new SsoRefused('no-session', undefined, 'link');
          accountId = found.session.accountId;
        }
        const redirectUri = callbackUrlOf(app, request, routes.callback);
        const inApp = purpose === 'login' && inAppBrowser(platform, request);
        const start = await beginScan(app.db, app.config.platforms, platform, {
          purpose,
          accountId,
          redirectUri,
          inApp,
        });
        reply.setCookie(cookie, start.browser, browserCookie(app, request, platform));
        reply.header('cache-control', 'no-store');
        if (start.url === '') return dingtalkInAppPage(reply, start.corpId, redirectUri, start.state);
        return reply.redirect(start.url);
      } catch (error) {
        const refused = error instanceof SsoRefused && purpose === 'link' ? error.about('link', {}) : error;
        return refusedTo(app, request, reply, refused, platform);
      }
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: routePath(app, routes.callback),
    schema: {
      summary: `${SCAN_PLATFORM_LABELS[platform]}扫码登录的回调：校验 state 后用平台的授权码识别成员，登录或绑定`,
      tags: ['store'],
    },
    handler: async ({ request, reply }) => {
      const browser = request.cookies[cookie];
      reply.clearCookie(cookie, browserCookie(app, request, platform));
      const ipHash = hashClientAddress(request.ip, app.secrets.ipHash);
      // DingTalk's OAuth 2 names the code authCode (and code); WeCom and Feishu code.
      const code = queryValue(request, 'authCode') ?? queryValue(request, 'code');
      try {
        const outcome = await finishScan(
          app.db,
          app.config.platforms,
          platform,
          { state: queryValue(request, 'state'), code },
          browser,
          ipHash,
        );
        return await finishedTo(app, request, reply, outcome, platform);
      } catch (error) {
        return refusedTo(app, request, reply, error, platform);
      }
    },
  });
};

export const registerScanLoginRoutes = (app: FastifyInstance) => {
  for (const platform of SCAN_PLATFORMS) registerPlatform(app, platform);
};

const callbackOf = (app: FastifyInstance, request: FastifyRequest) => (path: string) =>
  callbackUrlOf(app, request, path);

export const scanLoginActions = [
  implement(inquireScanLoginAdmin, async ({ app, request }) =>
    ok(await scanPlatformViews(app.db, callbackOf(app, request))),
  ),
  implement(updateScanLoginAdmin, async ({ input, app, request, actor }) => {
    await updateScanPlatform(app.db, actor, input);
    return ok(await scanPlatformViews(app.db, callbackOf(app, request)));
  }),
  implement(testScanLoginAdmin, async ({ input, app }) => {
    const row = await readScanPlatform(app.db, input.platform);
    const started = Date.now();
    const report = (problem: string | null) =>
      ok([{ reachable: problem === null, problem, tookMs: Date.now() - started }]);
    if (!scanReady({ ...row, enabled: true })) return report('请先填写并保存应用配置（含应用密钥）');
    const clients = platformClients(app.db, app.config.platforms, row);
    try {
      await clients[input.platform]().checkToken();
      return report(null);
    } catch (error) {
      if (error instanceof PlatformError) return report(error.reason);
      throw error;
    }
  }),
];
