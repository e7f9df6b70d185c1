/**
 * Mounts the marketing site (apps/site, Astro in middleware mode) inside this server: every GET or HEAD that
 * no API route claims is a site page (page-route.ts), and POSTs under the base path are the site's forms
 * (form-posts.ts). Every page is rendered into memory with one SiteContext (site-context.ts) and answered by
 * send-page.ts. BASE_PATH is applied here at request time (the prefix is stripped before Astro sees the URL
 * and put back on every link and asset), so one build serves any base path.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../http/route';
import { loadAstroSite } from './astro-runtime';
import { SITE_DIST } from './build';
import { registerFormPosts } from './form-posts';
import { registerPageRoute } from './page-route';
import { RenderQueue } from './render-queue';

export const registerSite = async (app: FastifyInstance) => {
  const entry = join(SITE_DIST, 'server', 'entry.mjs');
  if (!existsSync(entry)) {
    app.log.warn(`site build missing (${entry}); run npm run build. Pages answer 404 until then.`);
    return;
  }
  // Loaded in the background: start-up does not wait for the site's modules, the first page does.
  const loading = loadAstroSite(entry);
  loading.catch((error: unknown) => app.log.error({ err: error }, 'site build failed to load'));
  const renders = new RenderQueue(app.config.siteRenderConcurrency);
  const base = app.config.basePath;

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
    registerPageRoute(site, { loading, renders });
    registerFormPosts(site, { loading, renders });
  });
};
