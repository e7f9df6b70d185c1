/**
 * Serves the staff console's build (apps/console/dist) under {BASE_PATH}home/2.0/login/. Hashed files
 * under assets/ never change, so they are cached for a year; index.html, sw.js and build.json are
 * revalidated on every load so a deployment shows up at once (and the service worker sees the new build).
 * index.html gets a Content-Security-Policy allowing exactly its inline boot script, by hash.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONSOLE_PATH } from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { readyScanPlatforms } from './accounts/scan-platform.service';
import { oidcReady, readSignInSettings, ssoOffered } from './accounts/sign-in-settings.service';
import { REPO_ROOT } from './server-dir';

export { CONSOLE_PATH };
export const CONSOLE_DIST = join(REPO_ROOT, 'apps', 'console', 'dist', '/');

const IMMUTABLE = 'public, max-age=31536000, immutable';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

/** The console's policy: its own files, antd's runtime styles, pictures from the files API, its worker. */
export const consoleContentSecurityPolicy = (html: string) => {
  const hashes = [...html.matchAll(INLINE_SCRIPT)].map(
    (m) =>
      `'sha256-${createHash('sha256')
        .update(m[1] ?? '')
        .digest('base64')}'`,
  );
  return [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].join(' ')}`.trim(),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
};

/** The policy of the index.html on disk, computed again only when a new build replaced the file. */
const indexPolicy = (file: string) => {
  let seen: { stamp: string; policy: string } | undefined;
  return () => {
    const { mtimeMs, size } = statSync(file);
    const stamp = `${mtimeMs}:${size}`;
    if (seen?.stamp !== stamp)
      seen = { stamp, policy: consoleContentSecurityPolicy(readFileSync(file, 'utf8')) };
    return seen.policy;
  };
};

export const consolePlugin = fp(
  async (app: FastifyInstance, options: { root?: string }) => {
    const root = options.root ?? CONSOLE_DIST;
    const prefix = `${app.config.basePath}${CONSOLE_PATH}`;

    app.get(prefix.slice(0, -1), async (_request, reply) => reply.redirect(prefix, 301));
    // What the prerendered login page cannot know at build time: whether this instance has the demo
    // accounts (SEED_DEMO), so that their hint is shown only where they exist, and which of 企业账号登录 and the
    // scan logins are configured (登录方式, decisions 052 and 060).
    app.get(`${prefix}login-options.json`, { schema: { hide: true } }, async (_request, reply) => {
      const signIn = await readSignInSettings(app.db);
      return reply.header('cache-control', 'no-cache').send({
        demoAccounts: app.config.seedDemo,
        oidc: oidcReady(signIn),
        // 企业微信 / 钉钉 / 飞书 scan login that is switched on and complete (decision 060).
        scan: await readyScanPlatforms(app.db),
        ssoRequired: signIn.ssoRequired && (await ssoOffered(app.db, signIn)),
      });
    });

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

    const policy = indexPolicy(`${root}index.html`);
    await app.register(fastifyStatic, {
      root,
      prefix,
      wildcard: true,
      index: ['index.html'],
      redirect: false,
      cacheControl: false,
      // .br and .gz siblings are written by the console build (apps/console/vite.config.ts).
      preCompressed: true,
      setHeaders: (res, path) => {
        const file = path
          .slice(root.length)
          .replaceAll('\\', '/')
          .replace(/\.(br|gz)$/, '');
        res.header('cache-control', file.startsWith('assets/') ? IMMUTABLE : 'no-cache');
        // The worker controls only the console's own path (its default scope, stated for clarity).
        if (file === 'sw.js') res.header('service-worker-allowed', prefix);
        if (file === 'index.html') res.header('content-security-policy', policy());
      },
    });
  },
  { name: 'console' },
);
