/**
 * Serves the staff console's build (apps/console/dist) under {BASE_PATH}home/2.0/login/. Hashed files
 * under assets/ never change, so they are cached for a year; index.html, sw.js and build.json are
 * revalidated on every load so a deployment shows up at once (and the service worker sees the new build).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CONSOLE_PATH = 'home/2.0/login/';
export const CONSOLE_DIST = fileURLToPath(new URL('../../console/dist/', import.meta.url));

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const consolePlugin = fp(
  async (app: FastifyInstance, options: { root?: string }) => {
    const root = options.root ?? CONSOLE_DIST;
    const prefix = `${app.config.basePath}${CONSOLE_PATH}`;

    app.get(prefix.slice(0, -1), async (_request, reply) => reply.redirect(prefix, 301));

    if (!existsSync(`${root}index.html`)) {
      // `npm start` builds first (prestart); a server started another way says what is missing.
      app.log.warn({ root }, 'console build missing: run npm run build');
      app.get(`${prefix}*`, async (_request, reply) =>
        reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('管理控制台尚未构建，请先运行 npm run build。'),
      );
      return;
    }

    await app.register(fastifyStatic, {
      root,
      prefix,
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      cacheControl: false,
      setHeaders: (res, path) => {
        const file = path.slice(root.length).replaceAll('\\', '/');
        res.header('cache-control', file.startsWith('assets/') ? IMMUTABLE : 'no-cache');
        // The worker controls only the console's own path (its default scope, stated for clarity).
        if (file === 'sw.js') res.header('service-worker-allowed', prefix);
      },
    });
  },
  { name: 'console' },
);
