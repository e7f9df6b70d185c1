/**
 * The GET (and HEAD) route of every site page: redirects first (the console's rules, then spec §2's fixed
 * ones), then the page. An anonymous visitor's page comes from the page cache or is rendered into it; a
 * signed-in visitor's page, a preview or a page that may not be kept is rendered for the request. Either way
 * it is rendered into memory and answered by send-page.ts.
 */
import { ARTICLE_PREVIEW_ROUTE, DEFAULT_IDS } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { defineRoute } from '../http/route';
import { locationOf } from '../redirects/redirect-matcher';
import type { PageEntry } from '../shared/caches/page-cache';
import { sitePathOf } from '../shared/site-path';
import { spiderOf } from '../stats/classify';
import { PAGE_VIEW } from '../stats/stats-plugin';
import type { AstroHandler } from './astro-runtime';
import { captureRequest, renderPage } from './page-capture';
import type { RenderQueue } from './render-queue';
import { type Audience, type PageAnswer, pageAnswerOf, sendPage } from './send-page';
import { presentsSession, siteContextFor } from './site-context';

/** Spec §2 redirects (302, query kept). */
export const SITE_REDIRECTS: Record<string, string> = {
  '/': '/home',
  '/index.html': '/home',
  '/solution': '/solution/areaCloud',
  '/demonstrationCase': `/demonstrationCase/${DEFAULT_IDS.demonstrationCase}`,
  '/news': `/news/${DEFAULT_IDS.news}`,
  '/companyProfile': `/companyProfile/${DEFAULT_IDS.companyProfile}`,
};

/** Addresses of the original that Astro knows under a file-system route name. */
const ALIASES: Record<string, string> = {
  '/YX_FILE-PREVIEW_APP/index.html': '/YX_FILE-PREVIEW_APP/',
  '/fileView/view.html': '/fileView/view',
};

export const splitUrl = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
};

/** The query with its parameters in a stable order: one cache entry per page however links spell it. */
export const normalisedQuery = (url: string) => {
  const q = url.indexOf('?');
  if (q < 0 || q === url.length - 1) return '';
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  return params.toString();
};

/** A kept page: the answer with what the cache needs (views to count again, its size). */
const toEntry = (answer: PageAnswer, etag: string, views: number[]): PageEntry => {
  const headerBytes = Object.entries(answer.headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
  return {
    ...answer,
    etag,
    views,
    expires: 0,
    storedAt: 0,
    bytes: answer.html.length + headerBytes + 256,
  };
};

export interface PageRouteDeps {
  loading: Promise<{ handler: AstroHandler }>;
  renders: RenderQueue;
}

export const registerPageRoute = (app: FastifyInstance, { loading, renders }: PageRouteDeps) => {
  const base = app.config.basePath;
  const pages = app.publicCaches.pages;
  const ttlMs = app.config.publicCacheTtlMs;

  /**
   * Renders `url` (site path and query) for `request`: a signed-in visitor's page for them alone, anyone
   * else's as anyone's, from a bare request (what it shows may not depend on one visitor's headers).
   */
  const render = (request: FastifyRequest, url: string, countView?: (id: number) => void) =>
    renders.run(async () => {
      const [{ handler }, site] = await Promise.all([loading, siteContextFor(app, request, countView)]);
      const audience: Audience = site.user ? 'visitor' : 'anyone';
      const headers =
        audience === 'anyone' ? { host: request.headers.host ?? '127.0.0.1' } : { ...request.headers };
      return pageAnswerOf(await renderPage(handler, captureRequest(url, headers), site), audience, ttlMs);
    });

  /** An anonymous GET: from the page cache, or rendered into it (or only for this request when it may not be kept). */
  const serveAnyone = async (request: FastifyRequest, reply: FastifyReply, page: string) => {
    const query = normalisedQuery(request.url);
    const url = query ? `${page}?${query}` : page;
    const key = `${app.config.publicOrigin ? '' : `${request.protocol}://${request.host}`}${base}${url.slice(1)}`;
    const own: { answer?: PageAnswer; views: number[] } = { views: [] };
    const found = await pages
      .get(key, async () => {
        const { answer, keep } = await render(request, url, (id) => own.views.push(id));
        own.answer = answer;
        return keep && answer.etag ? toEntry(answer, answer.etag, own.views) : null;
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'page render for the cache failed');
        return null;
      });
    const entry = found?.entry;
    if (entry) {
      for (const id of entry.views) app.viewCounter.count(id);
      const ageS = found.filled ? undefined : pages.ageOf(entry);
      return sendPage(request, reply, entry, ageS, (bytes) => pages.grew(entry, bytes));
    }
    if (found?.filled && own.answer) {
      // Rendered for this request but not to be kept (not found, private…): sent as rendered.
      for (const id of own.views) app.viewCounter.count(id);
      return sendPage(request, reply, own.answer);
    }
    // Another request's render turned out not to be kept, or the render failed: render for this one.
    return sendPage(request, reply, (await render(request, url)).answer);
  };

  /** Counts the request in the 404 log when it ends with the not-found page. */
  const logNotFound = (request: FastifyRequest, reply: FastifyReply, address: string) => {
    reply.raw.once('finish', () => {
      if (reply.raw.statusCode !== 404) return;
      const bot = spiderOf(String(request.headers['user-agent'] ?? '')) !== null;
      app.redirects.notFound.record(address, request.headers.referer, bot);
    });
  };

  defineRoute(app, {
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    config: PAGE_VIEW,
    handler: async ({ request, reply }) => {
      const { path, query } = splitUrl(request.url);
      const sitePath = sitePathOf(path, base);
      if (sitePath === null) return sendPage(request, reply, (await render(request, '/404')).answer);
      // The console's redirect rules (old-site addresses) come first; then spec §2's fixed ones.
      const rule = (await app.redirects.matcher()).match(sitePath, query.slice(1));
      if (rule) return reply.redirect(locationOf(rule.toUrl, base), rule.statusCode);
      if (request.method === 'GET') logNotFound(request, reply, `${sitePath}${query}`);
      const target = SITE_REDIRECTS[sitePath.length > 1 ? sitePath.replace(/\/$/, '') : sitePath];
      if (target) return reply.redirect(`${base}${target.slice(1)}${query}`, 302);
      const page = ALIASES[sitePath] ?? sitePath;
      // Preview links (any status, per token) are never kept nor answered from the page cache.
      if (pages.enabled && !presentsSession(request) && !page.startsWith(`${ARTICLE_PREVIEW_ROUTE}/`)) {
        return serveAnyone(request, reply, page);
      }
      return sendPage(request, reply, (await render(request, `${page}${query}`)).answer);
    },
  });
};
