/**
 * What every single sign-on's browser legs share (OIDC in sso.ts, 企业微信 / 钉钉 / 飞书 in scan-login.ts): the
 * cookie that ties a round trip to the browser (one per provider, on the provider's /auth/<provider>/ path),
 * the callback address to register at the provider, the refusal's way back to the console with its reason
 * kept in the sign-in log, and the session opened for the account the identity led to.
 */
import { BusinessCode, CONSOLE_PATH, type IdentityProvider } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientInfoOf } from '../shared/auth/client-info';
import { presentedSessionId, setSessionCookie } from '../shared/auth/session-id';
import { recordSsoRefusal } from '../shared/auth/sign-in-history';
import { BusinessError } from '../shared/errors';
import { loginContext } from './login';
import { openSession } from './login.service';
import type { OidcOutcome } from './oidc.service';
import { SsoRefused } from './oidc-refusal';

/** The cookie's name; `yx_oidc` for OIDC since the first release. */
export const browserCookieName = (provider: IdentityProvider) => `yx_${provider}`;

export const routePath = (app: FastifyInstance, path: string) => `${app.config.basePath}${path.slice(1)}`;
export const consoleAt = (app: FastifyInstance, hash: string) =>
  `${app.config.basePath}${CONSOLE_PATH}#${hash}`;

/** The address the provider sends the browser back to (to be registered at the provider). */
export const callbackUrlOf = (app: FastifyInstance, request: FastifyRequest, path: string) =>
  `${app.config.publicOrigin ?? `${request.protocol}://${request.host}`}${routePath(app, path)}`;

export const browserCookie = (app: FastifyInstance, request: FastifyRequest, provider: IdentityProvider) => ({
  httpOnly: true,
  // Lax: the provider's redirect back is a top-level GET navigation, which carries it.
  sameSite: 'lax' as const,
  path: routePath(app, `/auth/${provider}/`),
  secure: request.protocol === 'https',
});

/** Sends the browser where the refusal is explained, and keeps the attempt for 登录方式 (and the account's 登录记录). */
export const refusedTo = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
  provider: IdentityProvider,
) => {
  if (!(error instanceof SsoRefused)) throw error;
  request.log.warn(
    { provider, reason: error.reason, cause: String(error.cause ?? '') },
    'single sign-on refused',
  );
  await recordSsoRefusal(app.db, clientInfoOf(request), { reason: error.reason, ...error.attempt }, provider);
  const where = error.purpose === 'link' ? '/account/settings?tab=bindings&' : '/user/login?';
  return reply.header('cache-control', 'no-store').redirect(consoleAt(app, `${where}sso=${error.reason}`));
};

/** The round trip succeeded: a link goes back to 账号绑定, a sign-in opens the session (a disabled account is refused). */
export const finishedTo = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  outcome: OidcOutcome,
  provider: IdentityProvider,
) => {
  if (outcome.purpose === 'link')
    return reply.redirect(consoleAt(app, '/account/settings?tab=bindings&sso=linked'));
  const ctx = { ...loginContext(app, request), presentedSid: presentedSessionId(request) };
  const session = await openSession(ctx, outcome.account, provider, outcome.identity).catch((error) => {
    if (error instanceof BusinessError && error.code === BusinessCode.FORBIDDEN)
      throw new SsoRefused('disabled', error, 'login', {
        accountId: outcome.account.id,
        identity: outcome.identity,
      });
    throw error;
  });
  if (session.sid) setSessionCookie(request, reply, session.sid, Math.floor(app.sessionPolicy.maxMs / 1000));
  return reply.header('cache-control', 'no-store').redirect(consoleAt(app, '/welcome'));
};
