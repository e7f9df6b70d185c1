/**
 * The one SiteContext a page renders with: the site's settings and home layout (public read cache), its
 * services, and who is signed in. A request that presents no session is not looked up: it is anonymous.
 */
import type { SiteContext } from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../shared/auth/session-id';
import { publicHomeLayout, publicSiteSettings, siteServices } from './services';

/** A session cookie or header: the page may show who is signed in, so it is never shared nor kept. */
export const presentsSession = (request: FastifyRequest) => {
  const sid = request.headers['x-sid'];
  if (typeof sid === 'string' && sid !== '') return true;
  return Boolean(request.headers.cookie?.includes(`${SESSION_COOKIE}=`));
};

/** Origin for canonical and share links: PUBLIC_ORIGIN, else the request's own. */
export const originOf = (app: FastifyInstance, request: FastifyRequest) =>
  app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

/**
 * The context for a page rendered for `request`. `countView` hears the articles the page counts a view for
 * (a kept page records them to count them again each time it is served); by default they are counted now.
 */
export const siteContextFor = async (
  app: FastifyInstance,
  request: FastifyRequest,
  countView?: (articleId: number) => void,
): Promise<SiteContext> => {
  const [signedIn, settings, homeLayout] = await Promise.all([
    presentsSession(request) ? app.accounts.siteUser(request) : null,
    publicSiteSettings(app),
    publicHomeLayout(app),
  ]);
  return {
    basePath: app.config.basePath,
    origin: originOf(app, request),
    settings,
    homeLayout,
    services: siteServices(app, request, countView),
    user: signedIn?.user ?? null,
    tenants: signedIn?.tenants ?? [],
  };
};
