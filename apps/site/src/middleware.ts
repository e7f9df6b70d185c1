/**
 * Every HTML answer passes here once it is rendered, for what needs the HTML itself:
 * - asset URLs are put under BASE_PATH (the build is base-agnostic, so one build serves any base);
 * - a Content-Security-Policy allowing exactly the inline scripts on the page (by hash).
 * Caching, the ETag, 304s and compression are the server's (apps/server/src/site/send-page.ts), from what the
 * page says in `Astro.locals.page` (docs/decisions/018-rendered-page-cache.md).
 */

import { defineMiddleware } from 'astro:middleware';
import { contentSecurityPolicy, rebaseAssets } from './lib/html-policy';

export const onRequest = defineMiddleware(async (context, next) => {
  const response = await next();
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('text/html')) return response;
  const html = rebaseAssets(await response.text(), context.locals.site?.basePath ?? '/');
  const headers = new Headers(response.headers);
  headers.set('content-type', 'text/html; charset=utf-8');
  headers.set('content-security-policy', contentSecurityPolicy(html));
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
