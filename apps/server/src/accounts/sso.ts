/**
 * Single sign-on (docs/decisions/052): the browser's two legs through the OIDC provider (/auth/oidc/start and
 * /auth/oidc/callback, routes because the provider sends the browser, not the console), 登录方式 for the site's
 * admins (signin.manage), and 账号绑定 of one's own account. The rules are in oidc.service.ts and
 * sign-in-settings.service.ts; the password sign-in asks the policy in login.service.ts.
 */
import {
  BusinessCode,
  CONSOLE_PATH,
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
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { lookupRequestSession } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { defineRoute } from '../http/route';
import { clientInfoOf } from '../shared/auth/client-info';
import { presentedSessionId, setSessionCookie } from '../shared/auth/session-id';
import { recordSsoRefusal, ssoSignInLog } from '../shared/auth/sign-in-history';
import { hashClientAddress } from '../shared/client-address';
import { BusinessError } from '../shared/errors';
import { inspectIssuer } from '../shared/platforms/oidc-inspect';
import { loginContext } from './login';
import { openSession } from './login.service';
import { beginOidc, finishOidc } from './oidc.service';
import { identityBindingsOf, unbindIdentity } from './oidc-identity.service';
import { SsoRefused } from './oidc-refusal';
import { readSignInSettings, signInSettingsViewOf, updateSignInSettings } from './sign-in-settings.service';

const BROWSER_COOKIE = 'yx_oidc';
const routePath = (app: FastifyInstance, path: string) => `${app.config.basePath}${path.slice(1)}`;
const consoleAt = (app: FastifyInstance, hash: string) => `${app.config.basePath}${CONSOLE_PATH}#${hash}`;

/** The address the provider sends the browser back to (to be registered at the provider). */
const callbackUrlOf = (app: FastifyInstance, request: FastifyRequest) =>
  `${app.config.publicOrigin ?? `${request.protocol}://${request.host}`}${routePath(app, OIDC_ROUTES.callback)}`;

const browserCookie = (app: FastifyInstance, request: FastifyRequest) => ({
  httpOnly: true,
  // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
  sameSite: 'lax' as const,
  path: routePath(app, '/auth/oidc/'),
  secure: request.protocol === 'https',
});

/** Sends the browser where the refusal is explained, and keeps the attempt for 登录方式 (and the account's 登录记录). */
const refusedTo = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
) => {
  if (!(error instanceof SsoRefused)) throw error;
  request.log.warn({ reason: error.reason, cause: String(error.cause ?? '') }, 'oidc sign-in refused');
  await recordSsoRefusal(app.db, clientInfoOf(request), { reason: error.reason, ...error.attempt });
  const where = error.purpose === 'link' ? '/account/settings?tab=bindings&' : '/user/login?';
  return reply.header('cache-control', 'no-store').redirect(consoleAt(app, `${where}sso=${error.reason}`));
};

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
        reply.setCookie(BROWSER_COOKIE, browser, browserCookie(app, request));
        return reply.header('cache-control', 'no-store').redirect(url);
      } catch (error) {
        if (error instanceof SsoRefused && purpose === 'link')
          return refusedTo(app, request, reply, error.about('link', {}));
        return refusedTo(app, request, reply, error);
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
      reply.clearCookie(BROWSER_COOKIE, browserCookie(app, request));
      const ipHash = hashClientAddress(request.ip, app.secrets.ipHash);
      try {
        const outcome = await finishOidc(app.db, current, browser, ipHash);
        if (outcome.purpose === 'link')
          return reply.redirect(consoleAt(app, '/account/settings?tab=bindings&sso=linked'));
        const ctx = { ...loginContext(app, request), presentedSid: presentedSessionId(request) };
        const session = await openSession(ctx, outcome.account, 'oidc', outcome.identity).catch((error) => {
          if (error instanceof BusinessError && error.code === BusinessCode.FORBIDDEN)
            throw new SsoRefused('disabled', error, 'login', {
              accountId: outcome.account.id,
              identity: outcome.identity,
            });
          throw error;
        });
        if (session.sid)
          setSessionCookie(request, reply, session.sid, Math.floor(app.sessionPolicy.maxMs / 1000));
        return reply.header('cache-control', 'no-store').redirect(consoleAt(app, '/welcome'));
      } catch (error) {
        return refusedTo(app, request, reply, error);
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
