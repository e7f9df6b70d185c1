/**
 * Redirect rules and the 404 log of this instance: `app.redirects.matcher()` (the enabled rules, from
 * the public read cache, so a console change applies here at once and on other instances within the
 * cache time) and `app.redirects.notFound` (the 404 recorder, flushed before the database closes).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundRecorder } from './not-found-log';
import { loadRedirectMatcher } from './redirect.service';
import type { RedirectMatcher } from './redirect-matcher';

export interface RedirectsApi {
  matcher(): Promise<RedirectMatcher>;
  notFound: NotFoundRecorder;
}

export const REDIRECTS_CACHE_KEY = 'redirect-rules';

export const redirectsPlugin = fp(
  async (app: FastifyInstance) => {
    const notFound = new NotFoundRecorder(app.db, app.log);
    const api: RedirectsApi = {
      matcher: () => app.readCache.get(REDIRECTS_CACHE_KEY, () => loadRedirectMatcher(app.db)),
      notFound,
    };
    app.decorate('redirects', api);
    // onClose hooks run in reverse order of registration: this flush comes before the database closes.
    app.addHook('onClose', async () => notFound.flush());
  },
  { name: 'redirects', dependencies: ['database', 'public-caches'] },
);
