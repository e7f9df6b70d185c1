/**
 * Single sign-on (docs/decisions/052): the browser's two legs through the OIDC provider (/auth/oidc/start and
 * /auth/oidc/callback, routes because the provider sends the browser, not the console), 登录方式 for the site's
 * admins (signin.manage), and 账号绑定 of one's own account. The rules are in oidc.service.ts and
 * sign-in-settings.service.ts; the password sign-in asks the policy in login.service.ts.
 */
import {
  BusinessCode,
  inquireIdentityBindingsAccount,
  inquireSignInSettingsAdmin,
  inquireSsoSignInLogAdmin,
  OIDC_ROUTES,
  ok,
  ssoMessages,
  testSsoConnectionAdmin,
  unbindIdentityAccount,
  updateSignInSettingsAdmin,
} from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { lookupRequestSession } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { defineRoute } from '../http/route';
import { ssoSignInLog } from '../shared/auth/sign-in-history';
import { hashClientAddress } from '../shared/client-address';
import { BusinessError } from '../shared/errors';
import { inspectIssuer } from '../shared/platforms/oidc-inspect';
import { beginOidc, finishOidc } from './oidc.service';
import { identityBindingsOf, unbindIdentity } from './oidc-identity.service';
import { SsoRefused } from './oidc-refusal';
import { readSignInSettings, signInSettingsViewOf, updateSignInSettings } from './sign-in-settings.service';
import {
  browserCookie,
  browserCookieName,
  callbackUrlOf as callbackOf,
  finishedTo,
  refusedTo,
  routePath,
} from './sso-browser';

const BROWSER_COOKIE = browserCookieName('oidc');
const callbackUrlOf = (app: FastifyInstance, request: FastifyRequest) =>
  callbackOf(app, request, OIDC_ROUTES.callback);

export const registerOidcRoutes = (app: FastifyInstance) => {
  defineRoute(app, {
    method: 'GET',
    url: routePath(app, OIDC_ROUTES.start),
    schema: {
      summary: '企业账号登录（OIDC）：转到身份提供方；purpose=link 时为当前账号绑定',
      tags: ['store'],
    },
    handler: async ({ request, reply }) => {
      const purpose = (request.query as { purpose?: string }).purpose === 'link' ? 'link' : 'login';
      try {
        let accountId: number | null = null;
        if (purpose === 'link') {
          const found = await lookupRequestSession(app, request);
          if (found.state !== 'active') throw new SsoRefused('no-session', undefined, 'link');
          accountId = found.session.accountId;
        }
        const { url, browser } = await beginOidc(app.db, purpose, accountId, callbackUrlOf(app, request));
        reply.setCookie(BROWSER_COOKIE, browser, browserCookie(app, request, 'oidc'));
        return reply.header('cache-control', 'no-store').redirect(url);
      } catch (error) {
        if (error instanceof SsoRefused && purpose === 'link')
          return refusedTo(app, request, reply, error.about('link', {}), 'oidc');
        return refusedTo(app, request, reply, error, 'oidc');
      }
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: routePath(app, OIDC_ROUTES.callback),
    schema: { summary: '身份提供方的回调：校验 state、nonce、PKCE 和 ID 令牌后登录或绑定', tags: ['store'] },
    handler: async ({ request, reply }) => {
      const raw = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const current = new URL(`${callbackUrlOf(app, request)}${raw}`);
      const browser = request.cookies[BROWSER_COOKIE];
      reply.clearCookie(BROWSER_COOKIE, browserCookie(app, request, 'oidc'));
      const ipHash = hashClientAddress(request.ip, app.secrets.ipHash);
      try {
        const outcome = await finishOidc(app.db, current, browser, ipHash);
        return await finishedTo(app, request, reply, outcome, 'oidc');
      } catch (error) {
        return refusedTo(app, request, reply, error, 'oidc');
      }
    },
  });
};

export const ssoActions = [
  implement(inquireSignInSettingsAdmin, async ({ app, request }) =>
    ok([await signInSettingsViewOf(app.db, callbackUrlOf(app, request))]),
  ),
  implement(updateSignInSettingsAdmin, async ({ input, app, request, actor }) => {
    await updateSignInSettings(app.db, actor, input);
    return ok([await signInSettingsViewOf(app.db, callbackUrlOf(app, request))]);
  }),
  implement(inquireSsoSignInLogAdmin, async ({ input, app }) => {
    const { datas, paging } = await ssoSignInLog(app.db, input);
    return ok(datas, paging);
  }),
  implement(testSsoConnectionAdmin, async ({ input, app }) => {
    const issuer = input.issuer ?? (await readSignInSettings(app.db)).issuer;
    if (!issuer) throw new BusinessError(BusinessCode.BAD_REQUEST, ssoMessages.issuerMissing);
    return ok([await inspectIssuer(issuer)]);
  }),
  implement(inquireIdentityBindingsAccount, async ({ app, actor }) =>
    ok([await identityBindingsOf(app.db, actor.accountId)]),
  ),
  implement(unbindIdentityAccount, async ({ input, app, actor }) => {
    await unbindIdentity(
      app.db,
      actor,
      input.bindingId,
      () => new BusinessError(BusinessCode.NOT_FOUND, ssoMessages.bindingNotFound),
    );
    return { ...ok([await identityBindingsOf(app.db, actor.accountId)]), message: ssoMessages.unlinked };
  }),
];
