/**
 * Every HTML answer passes here once it is rendered:
 * - asset URLs are put under BASE_PATH (the build is base-agnostic, so one build serves any base);
 * - a Content-Security-Policy allowing exactly the inline scripts on the page (by hash);
 * - caching: anonymous pages get an ETag and a short public max-age, pages with a session are private.
 */

import { defineMiddleware } from 'astro:middleware';
import { createHash } from 'node:crypto';

const INLINE_SCRIPT = /<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

export const contentSecurityPolicy = (html: string) => {
  const hashes = [...new Set([...html.matchAll(INLINE_SCRIPT)].map((m) => sha256(m[1] ?? '')))];
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
};

export const rebaseAssets = (html: string, basePath: string) =>
  basePath === '/' ? html : html.replace(/(["'(])\/_astro\//g, `$1${basePath}_astro/`);

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html')) return response;
  const site = context.locals.site;
  const html = rebaseAssets(await response.text(), site?.basePath ?? '/');
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('content-security-policy', contentSecurityPolicy(html));
  const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
  const isPrivate = Boolean(site?.user) || !['GET', 'HEAD'].includes(context.request.method);
  headers.set('cache-control', isPrivate ? 'private, no-cache' : 'public, max-age=60');
  headers.set('vary', 'Cookie');
  if (!isPrivate && response.status === 200) {
    headers.set('etag', etag);
    if (context.request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
  }
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
