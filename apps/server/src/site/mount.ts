/**
 * Mounts the marketing site (apps/site, Astro in middleware mode) inside this server: every GET
 * or HEAD that no API route claims is rendered by Astro, with the server's services in `locals`.
 * BASE_PATH is applied here at request time (the prefix is stripped before Astro sees the URL and
 * put back on every link and asset), so one build serves any base path.
 */
import { existsSync, readdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { SiteContext } from '@yuexun/contract';
import { ARTICLE_PREVIEW_ROUTE, DEFAULT_IDS, INT4_MAX } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { switchTenant } from '../accounts/account.service';
import { sendCompressible } from '../http/content-coding';
import { checkOrigin } from '../http/origin';
import { defineRoute } from '../http/route';
import { locationOf } from '../redirects/redirect-matcher';
import { SESSION_COOKIE } from '../shared/auth/session-id';
import type { PageEntry } from '../shared/caches/page-cache';
import { sitePathOf } from '../shared/site-path';
import { spiderOf } from '../stats/classify';
import { PAGE_VIEW } from '../stats/stats-plugin';
import { SITE_DIST } from './build';
import { CaptureResponse, captureRequest, PER_RESPONSE_HEADERS, toPageEntry } from './page-capture';
import { RenderQueue } from './render-queue';
import { publicHomeLayout, publicSiteSettings, siteServices } from './services';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: ((error?: unknown) => void) | undefined,
  locals: { site: SiteContext },
) => Promise<void>;

/** Astro's page modules by route component, each loaded by a function that calls `import()`. */
type PageMap = Map<string, () => Promise<unknown>>;

/**
 * Astro calls a page's loader, an `import()`, on every request. Under `--import tsx` (npm start) each
 * `import()` goes through the loader hooks on their own thread, even for a module loaded long ago:
 * a round trip between threads per render. The module does not change while the server runs, so its
 * promise is kept.
 */
const loadPagesOnce = (pageMap: PageMap) => {
  for (const [component, load] of pageMap) pageMap.set(component, once(load));
};

/**
 * Imports the site's build with three per-request costs taken out (each measured: decision 039): page
 * modules and the actions module are imported once, not by an `import()` per request, and a component
 * React's renderer has recognised once is not rendered again to be recognised.
 */
const loadSite = async (entry: string) => {
  const serverDir = join(SITE_DIST, 'server');
  // The manifest module the entry is about to fill (same address, same module): its `actions` loader is kept
  // by Astro at start and called on every request, so the loader set there is wrapped as it is set.
  const manifestFile = readdirSync(serverDir).find((name) => /^manifest_.*\.mjs$/.test(name));
  if (manifestFile) {
    const { manifest } = (await import(pathToFileURL(join(serverDir, manifestFile)).href)) as {
      manifest?: Record<string, unknown>;
    };
    if (manifest && !Object.hasOwn(manifest, 'actions')) {
      let actions: (() => Promise<unknown>) | undefined;
      Object.defineProperty(manifest, 'actions', {
        configurable: true,
        enumerable: true,
        get: () => actions,
        set: (load: () => Promise<unknown>) => {
          actions = once(load);
        },
      });
    }
  }
  const site = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler; pageMap?: PageMap };
  if (site.pageMap) loadPagesOnce(site.pageMap);
  // The module the entry imported (same address): its renderers are the ones Astro uses.
  const { renderers } = (await import(pathToFileURL(join(serverDir, 'renderers.mjs')).href)) as {
    renderers?: AstroRenderer[];
  };
  for (const renderer of renderers ?? []) tagOnceChecked(renderer);
  return site;
};

/** `load` called the first time only; its promise kept. */
const once = (load: () => Promise<unknown>) => {
  let loaded: Promise<unknown> | undefined;
  return () => {
    loaded ??= load();
    return loaded;
  };
};

/** What Astro knows of a UI framework: its name and `check`, which says whether a component is the framework's. */
interface AstroRenderer {
  name: string;
  ssr: { check: (this: unknown, component: unknown, ...rest: unknown[]) => Promise<boolean> | boolean };
}

/** The property Astro reads to know a component's renderer without asking (astro/runtime/server). */
const ASTRO_RENDERER = Symbol.for('astro:renderer');

/**
 * Astro asks the renderer, for every component an .astro page uses on every render, whether the component is
 * its own; React's answer renders the component once more into a throw-away stream. A component that was
 * React's once stays React's: it is tagged with Astro's own renderer mark, and Astro skips the question.
 */
const tagOnceChecked = (renderer: AstroRenderer) => {
  const check = renderer.ssr.check;
  renderer.ssr.check = async function (this: unknown, component: unknown, ...rest: unknown[]) {
    const mine = await check.call(this, component, ...rest);
    if (mine && typeof component === 'function' && Object.isExtensible(component)) {
      Object.defineProperty(component, ASTRO_RENDERER, { value: renderer.name });
    }
    return mine;
  };
};

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

/** Site paths that accept the lead form's POST. */
const LEAD_FORM_PATHS = new Set(['/home', '/agent', '/priceShop/productDetail']);

const splitUrl = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? { path: url, query: '' } : { path: url.slice(0, q), query: url.slice(q) };
};

export const registerSite = async (app: FastifyInstance) => {
  const entry = join(SITE_DIST, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    app.log.warn(`site build missing (${entry}); run npm run build. Pages answer 404 until then.`);
    return;
  }
  // Loaded in the background: start-up does not wait for the site's modules, the first page does.
  const loading = loadSite(entry);
  loading.catch((error: unknown) => app.log.error({ err: error }, 'site build failed to load'));
  const base = app.config.basePath;
  const accounts = app.accounts;

  const pages = app.publicCaches.pages;
  const renders = new RenderQueue(app.config.siteRenderConcurrency);
  const publicCacheControl = cacheControlFor(app.config.publicCacheTtlMs);
  const originOf = (request: FastifyRequest) =>
    app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

  const context = async (request: FastifyRequest): Promise<SiteContext> => {
    // No session presented: nothing to look up.
    const signedIn = presentsSession(request) ? await accounts.siteUser(request) : null;
    return {
      basePath: base,
      origin: originOf(request),
      settings: await publicSiteSettings(app),
      homeLayout: await publicHomeLayout(app),
      publicCacheControl,
      services: siteServices(app, request),
      user: signedIn?.user ?? null,
      tenants: signedIn?.tenants ?? [],
    };
  };

  /** Renders `url` (site path and query) as an anonymous visitor into memory; views are recorded, not counted. */
  const capture = (request: FastifyRequest, url: string, views: number[]) =>
    renders.run(() => captureNow(request, url, views));

  const captureNow = async (request: FastifyRequest, url: string, views: number[]) => {
    const { handler } = await loading;
    const locals = {
      site: {
        basePath: base,
        origin: originOf(request),
        settings: await publicSiteSettings(app),
        homeLayout: await publicHomeLayout(app),
        publicCacheControl,
        services: siteServices(app, request, (id) => views.push(id)),
        user: null,
        tenants: [],
      },
    };
    const headers = { host: request.headers.host ?? '127.0.0.1' };
    const pageRequest = captureRequest(url, headers);
    const res = new CaptureResponse(pageRequest);
    const notFound = () => {
      void handler(captureRequest('/404', headers), res, undefined, locals);
    };
    await handler(pageRequest, res, notFound, locals);
    await res.rendered;
    return res.result();
  };

  /** Answers from the page cache; false when the page has to be rendered for this request after all. */
  const serveCached = async (request: FastifyRequest, reply: FastifyReply, sitePath: string) => {
    const query = normalisedQuery(request.url);
    const url = query ? `${sitePath}?${query}` : sitePath;
    const key = `${app.config.publicOrigin ? '' : originOf(request)}${base}${url.slice(1)}`;
    const own: { captured?: Awaited<ReturnType<typeof capture>>; views: number[] } = { views: [] };
    const found = await pages
      .get(key, async () => {
        own.captured = await capture(request, url, own.views);
        return toPageEntry(own.captured, own.views);
      })
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'page render for the cache failed');
        return null;
      });
    if (found?.entry) return sendEntry(request, reply, found.entry, !found.filled);
    if (!found?.filled || !own.captured) return false;
    // Rendered for this request but not to be kept (not found, private…): sent as rendered.
    for (const id of own.views) app.viewCounter.count(id);
    const { status, headers, body } = own.captured;
    for (const [name, value] of Object.entries(headers)) {
      if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) reply.header(name, value);
    }
    // Compressed on the thread pool like a kept page, not on the event loop.
    return sendCompressible(request, reply.code(status), { encoded: {} }, body);
  };

  /** `kept`: answered from memory, not rendered for this request; it says how old it is (`Age`). */
  const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: PageEntry, kept: boolean) => {
    for (const id of entry.views) app.viewCounter.count(id);
    reply.headers(entry.headers);
    if (kept) reply.header('age', String(pages.ageOf(entry)));
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    return sendCompressible(request, reply, entry, entry.html, (bytes) => pages.grew(entry, bytes));
  };

  /** Counts the request in the 404 log when it ends with the not-found page. */
  const logNotFound = (request: FastifyRequest, reply: FastifyReply, address: string) => {
    reply.raw.once('finish', () => {
      if (reply.raw.statusCode !== 404) return;
      const bot = spiderOf(String(request.headers['user-agent'] ?? '')) !== null;
      app.redirects.notFound.record(address, request.headers.referer, bot);
    });
  };

  /** Hands the request to Astro as `sitePath`; the reply is Astro's from here on. */
  const render = (request: FastifyRequest, reply: FastifyReply, sitePath: string) =>
    renders.run(() => renderNow(request, reply, sitePath));

  const renderNow = async (request: FastifyRequest, reply: FastifyReply, sitePath: string) => {
    const [{ handler }, site] = await Promise.all([loading, context(request)]);
    const locals = { site };
    const { query } = splitUrl(request.url);
    request.raw.url = `${sitePath}${query}`;
    reply.hijack();
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) reply.raw.setHeader(name, value);
    }
    // No route matched: Astro calls next(); the site's not-found page answers with 404.
    const notFound = () => {
      request.raw.url = '/404';
      void handler(request.raw, reply.raw, undefined, locals);
    };
    await handler(request.raw, reply.raw, notFound, locals);
  };

  await app.register(async (site) => {
    // The site reads its own form bodies (Astro parses the raw request), so nothing is consumed here.
    site.removeAllContentTypeParsers();
    site.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));

    // Hashed build assets: cached for a year, never revalidated.
    await site.register(fastifyStatic, {
      root: join(SITE_DIST, 'client', '_astro'),
      prefix: `${base}_astro/`,
      immutable: true,
      maxAge: '365d',
      // .br and .gz siblings are written after each build (scripts/ensure-site-build.ts).
      preCompressed: true,
      index: false,
    });
    // The site's public files (favicon, share picture, 公安备案 badge…): every file Astro copied from
    // apps/site/public, so one added there is served without an edit here (the badge once answered 404 on
    // every page view). A day of caching: their names do not change with their content.
    const publicFiles = readdirSync(join(SITE_DIST, 'client'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    for (const file of publicFiles) {
      defineRoute(site, {
        method: 'GET',
        url: `${base}${file}`,
        schema: { hide: true },
        handler: async ({ reply }) =>
          reply.header('cache-control', 'public, max-age=86400').sendFile(file, join(SITE_DIST, 'client')),
      });
    }

    defineRoute(site, {
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      config: PAGE_VIEW,
      handler: async ({ request, reply }) => {
        const { path, query } = splitUrl(request.url);
        const sitePath = sitePathOf(path, base);
        if (sitePath === null) return render(request, reply, '/404');
        // The console's redirect rules (old-site addresses) come first; then spec §2's fixed ones.
        const rule = (await app.redirects.matcher()).match(sitePath, query.slice(1));
        if (rule) return reply.redirect(locationOf(rule.toUrl, base), rule.statusCode);
        if (request.method === 'GET') logNotFound(request, reply, `${sitePath}${query}`);
        const target = SITE_REDIRECTS[sitePath.length > 1 ? sitePath.replace(/\/$/, '') : sitePath];
        if (target) return reply.redirect(`${base}${target.slice(1)}${query}`, 302);
        const page = ALIASES[sitePath] ?? sitePath;
        // Preview links (any status, per token) are never kept nor answered from the page cache.
        if (pages.enabled && !presentsSession(request) && !page.startsWith(`${ARTICLE_PREVIEW_ROUTE}/`)) {
          const sent = await serveCached(request, reply, page);
          if (sent !== false) return sent;
        }
        return render(request, reply, page);
      },
    });

    defineRoute(site, {
      method: 'POST',
      url: `${base}*`,
      schema: { hide: true },
      // A form posted from another site: a plain-text 403, as a browser shows it.
      crossSite: (reply, refused) =>
        reply.status(403).type('text/plain; charset=utf-8').send(refused.errorMessage),
      handler: async ({ request, reply }) => {
        const { path } = splitUrl(request.url);
        const sitePath = sitePathOf(path, base) ?? '';
        if (sitePath === '/site/logout') {
          await accounts.logout(request, reply);
          return reply.redirect(base, 303);
        }
        if (sitePath === '/site/switch-unit') {
          const body = await readForm(request);
          const tenantId = Number(body.get('tenantId'));
          const denied = await app.authorize('session', request, reply);
          if (!denied && request.auth && Number.isInteger(tenantId) && tenantId > 0 && tenantId <= INT4_MAX) {
            try {
              await switchTenant(app.db, request.auth, tenantId);
            } catch (error) {
              // A school the account does not belong to: nothing changes, the page shows the current one.
              request.log.info({ err: error, tenantId }, 'site switch-unit refused');
            }
          }
          const back = request.headers.referer;
          return reply.redirect(back && !checkOrigin(request, app.config) ? back : `${base}home`, 303);
        }
        if (LEAD_FORM_PATHS.has(sitePath)) return render(request, reply, sitePath);
        return render(request, reply, '/404');
      },
    });
  });
};

/** Seconds a CDN may keep an anonymous page, and serve it stale while it asks again. */
const STALE_WHILE_REVALIDATE_S = 60;

/** Browsers revalidate every time (a 304 is cheap); a shared cache keeps the page as long as this server does. */
export const cacheControlFor = (ttlMs: number) =>
  ttlMs > 0
    ? `public, max-age=0, s-maxage=${Math.ceil(ttlMs / 1000)}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`
    : 'public, no-cache';

/** A session cookie or header: the page may show who is signed in, so it is never shared. */
const presentsSession = (request: FastifyRequest) => {
  const sid = request.headers['x-sid'];
  if (typeof sid === 'string' && sid !== '') return true;
  return Boolean(request.headers.cookie?.includes(`${SESSION_COOKIE}=`));
};

/** The query with its parameters in a stable order: one cache entry per page however links spell it. */
export const normalisedQuery = (url: string) => {
  const q = url.indexOf('?');
  if (q < 0 || q === url.length - 1) return '';
  const params = new URLSearchParams(url.slice(q + 1));
  params.sort();
  return params.toString();
};

const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((tag) => tag.trim() === etag));

const readForm = async (request: FastifyRequest) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};
