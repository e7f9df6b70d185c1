/**
 * Every HTML answer passes here once it is rendered:
 * - asset URLs are put under BASE_PATH (the build is base-agnostic, so one build serves any base);
 * - a Content-Security-Policy allowing exactly the inline scripts on the page (by hash);
 * - caching: anonymous pages get an ETag and the public Cache-Control the server gives (s-maxage for a CDN);
 *   pages with a session are private, and a page that says `private` or `no-store` itself (lead-form
 *   results, previews, search results) keeps it: the server's page cache never keeps such a page
 *   (docs/decisions/018-rendered-page-cache.md).
 */

import { defineMiddleware } from 'astro:middleware';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { PAGE_VALID_UNTIL_HEADER } from '@yuexun/contract';
import { contentSecurityPolicy, rebaseAssets } from './lib/html-policy';

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
  const ownRule = response.headers.get('cache-control') ?? '';
  const optedOut = /\b(private|no-store)\b/.test(ownRule);
  const isPrivate = optedOut || Boolean(site?.user) || !['GET', 'HEAD'].includes(context.request.method);
  headers.set(
    'cache-control',
    optedOut ? ownRule : isPrivate ? 'private, no-cache' : (site?.publicCacheControl ?? 'public, no-cache'),
  );
  headers.set('vary', 'Cookie, Accept-Encoding');
  // A page whose content changes at a known instant (a banner's window): a CDN keeps it until then at most.
  const validUntil = Number(response.headers.get(PAGE_VALID_UNTIL_HEADER));
  const shared = headers.get('cache-control') ?? '';
  if (validUntil > 0 && /\bs-maxage=\d+/.test(shared)) {
    const left = Math.max(0, Math.floor((validUntil - Date.now()) / 1000));
    const capped = shared.replace(
      /\bs-maxage=(\d+)/,
      (_m, s: string) => `s-maxage=${Math.min(Number(s), left)}`,
    );
    headers.set('cache-control', capped.replace(/,\s*stale-while-revalidate=\d+/, ''));
  }
  if (!isPrivate && response.status === 200) {
    headers.set('etag', etag);
    if (context.request.headers.get('if-none-match') === etag) {
      return new Response(null, { status: 304, headers });
    }
  }
  // Compressed here because the page leaves through the raw Node response, past Fastify's hooks.
  if (/\bgzip\b/.test(context.request.headers.get('accept-encoding') ?? '') && html.length > 1024) {
    headers.set('content-encoding', 'gzip');
    return new Response(gzipSync(html), {
      status: response.status,
      statusText: response.statusText,
      headers,
    });
  }
  return new Response(html, { status: response.status, statusText: response.statusText, headers });
});
