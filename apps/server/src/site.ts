/**
 * Mounts the marketing site (apps/site, Astro in middleware mode) inside this server: every GET
 * or HEAD that no API route claims is rendered by Astro, with the server's services in `locals`.
 * BASE_PATH is applied here at request time (the prefix is stripped before Astro sees the URL and
 * put back on every link and asset), so one build serves any base path.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { DEFAULT_IDS } from '@yuexun/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteContext } from '../../site/src/lib/services';
import { requireEmployeeOf } from './actions/account/account.service';
import { selectSessionTenant } from './auth/session.service';
import { checkOrigin } from './plugins/origin';
import { SITE_DIST } from './site/build';
import { siteServices } from './site/services';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next: ((error?: unknown) => void) | undefined,
  locals: { site: SiteContext },
) => Promise<void>;

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

/** The site path under BASE_PATH, or null when the address is outside it. */
export const sitePathOf = (path: string, basePath: string) => {
  if (basePath === '/') return path;
  if (path === basePath.slice(0, -1)) return '/';
  return path.startsWith(basePath) ? `/${path.slice(basePath.length)}` : null;
};

export const registerSite = async (app: FastifyInstance) => {
  const entry = join(SITE_DIST, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    app.log.warn(`site build missing (${entry}); run npm run build. Pages answer 404 until then.`);
    return;
  }
  // Loaded in the background: start-up does not wait for the site's modules, the first page does.
  const loading = import(pathToFileURL(entry).href) as Promise<{ handler: AstroHandler }>;
  loading.catch((error: unknown) => app.log.error({ err: error }, 'site build failed to load'));
  const base = app.config.basePath;
  const accounts = app.accounts;

  const context = async (request: FastifyRequest): Promise<SiteContext> => {
    const current = await accounts.currentUser(request);
    const user = current ? { name: current.name, photoId: current.photoId, access: current.access } : null;
    return {
      basePath: base,
      origin: app.config.publicOrigin ?? `${request.protocol}://${request.host}`,
      icpNumber: app.config.icpNumber,
      services: siteServices(app, request),
      user,
      tenants: user
        ? (await accounts.tenantOptions(request)).map((t) => ({
            id: t.tenantId,
            name: t.tenantName,
            current: t.current,
          }))
        : [],
    };
  };

  /** Hands the request to Astro as `sitePath`; the reply is Astro's from here on. */
  const render = async (request: FastifyRequest, reply: FastifyReply, sitePath: string) => {
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
    // favicon and share picture: a day (their names do not change with their content).
    for (const file of ['favicon.svg', 'share-cover.png']) {
      site.get(`${base}${file}`, { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', 'public, max-age=86400').sendFile(file, join(SITE_DIST, 'client')),
      );
    }

    site.route({
      method: ['GET', 'HEAD'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const { path, query } = splitUrl(request.url);
        const sitePath = sitePathOf(path, base);
        if (sitePath === null) return render(request, reply, '/404');
        const target = SITE_REDIRECTS[sitePath.length > 1 ? sitePath.replace(/\/$/, '') : sitePath];
        if (target) return reply.redirect(`${base}${target.slice(1)}${query}`, 302);
        return render(request, reply, ALIASES[sitePath] ?? sitePath);
      },
    });

    site.post(`${base}*`, { schema: { hide: true } }, async (request, reply) => {
      const { path } = splitUrl(request.url);
      const sitePath = sitePathOf(path, base) ?? '';
      const refused = checkOrigin(request, app.config);
      if (refused) return reply.status(403).type('text/plain; charset=utf-8').send(refused.errorMessage);
      if (sitePath === '/site/logout') {
        await accounts.logout(request, reply);
        return reply.redirect(base, 303);
      }
      if (sitePath === '/site/switch-unit') {
        const body = await readForm(request);
        const tenantId = Number(body.get('tenantId'));
        const denied = await app.authorize('session', request, reply);
        if (!denied && request.auth && Number.isSafeInteger(tenantId) && tenantId > 0) {
          try {
            await requireEmployeeOf(app.db, request.auth.accountId, tenantId);
            await selectSessionTenant(app.db, request.auth.sessionIdHash, tenantId);
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
    });
  });
};

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
