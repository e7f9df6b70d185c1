/**
 * The one place that decides how a rendered page is answered (issue 30): its Cache-Control, its ETag and 304
 * (`etagMatches`), its content coding (`sendCompressible`) and whether it may be kept. It reads the facts the
 * page set on `Astro.locals.page` (private, valid until), never headers the page wrote for itself, and it
 * answers a signed-in visitor's page as it answers an anonymous one: the same 304s and codings.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Encodable, sendCompressible } from '../http/content-coding';
import { etagMatches } from '../http/etag';
import type { RenderedPage } from './page-capture';

/**
 * Who a page was rendered for: anyone (no session, a GET: may be shared and kept), a signed-in visitor only,
 * or the visitor who posted a form (its answer is never asked for again: no ETag).
 */
export type Audience = 'anyone' | 'visitor' | 'form-post';

/** What is sent for a page, kept or not: PageEntry (shared/caches/page-cache.ts) is one. */
export interface PageAnswer extends Encodable {
  status: number;
  headers: Record<string, string>;
  html: Buffer;
  /** Null: no 304 for it (not a 200 page, a form post's answer, not HTML). */
  etag: string | null;
  /** When the page's content changes by itself (epoch ms), or null. */
  validUntil: number | null;
}

/** Seconds a CDN may serve an anonymous page stale while it asks again. */
const STALE_WHILE_REVALIDATE_S = 60;

/** Browsers revalidate every time (a 304 is cheap); a shared cache keeps the page as long as this server does. */
export const publicCacheControl = (ttlMs: number, validUntil: number | null, now: number) => {
  if (ttlMs <= 0) return 'public, no-cache';
  const keep = Math.ceil(ttlMs / 1000);
  if (validUntil === null) {
    return `public, max-age=0, s-maxage=${keep}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`;
  }
  // What it shows changes at a known instant (a banner's window): a CDN keeps it until then at most.
  const left = Math.max(0, Math.floor((validUntil - now) / 1000));
  return `public, max-age=0, s-maxage=${Math.min(keep, left)}`;
};

/** A weak validator of the page's bytes (the same for the same HTML, whoever asks). */
export const etagOf = (html: Buffer) => `W/"${createHash('sha1').update(html).digest('base64url')}"`;

/**
 * The answer for a rendered page, and whether it may be kept (shared by every anonymous visitor): a 200 HTML
 * page rendered for anyone that is not private and sets no cookie. Anything but HTML (robots.txt, the
 * sitemap, a redirect) is answered with the headers its route set.
 */
export const pageAnswerOf = (
  rendered: RenderedPage,
  audience: Audience,
  ttlMs: number,
  now = Date.now(),
): { answer: PageAnswer; keep: boolean } => {
  const { status, body, facts } = rendered;
  const headers = { ...rendered.headers };
  const html = (headers['content-type'] ?? '').startsWith('text/html');
  const validUntil = facts.validUntil !== null && facts.validUntil > 0 ? facts.validUntil : null;
  if (!html) {
    return {
      answer: { status, headers, html: body, encoded: {}, etag: null, validUntil: null },
      keep: false,
    };
  }
  headers['cache-control'] = facts.private
    ? 'private, no-store'
    : audience === 'anyone'
      ? publicCacheControl(ttlMs, validUntil, now)
      : 'private, no-cache';
  headers.vary = 'Cookie, Accept-Encoding';
  // Every page a GET may ask for again has one, private ones too: the browser's revalidation is a 304 alike.
  const etag = status === 200 && audience !== 'form-post' ? etagOf(body) : null;
  if (etag) headers.etag = etag;
  const keep =
    audience === 'anyone' && !facts.private && etag !== null && headers['set-cookie'] === undefined;
  return { answer: { status, headers, html: body, encoded: {}, etag, validUntil }, keep };
};

/**
 * Sends `answer`: 304 when the request already holds it (If-None-Match, a list or `*`), else the body in the
 * coding the request accepts. `ageS`: the page comes from memory, rendered that many seconds ago (`Age`, as
 * HTTP caches say it). `made` hears the size of a compressed form made for a kept page (its byte bound).
 */
export const sendPage = (
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PageAnswer,
  ageS?: number,
  made?: (bytes: number) => void,
) => {
  reply.code(answer.status).headers(answer.headers);
  if (ageS !== undefined) reply.header('age', String(ageS));
  if (answer.etag && etagMatches(request.headers['if-none-match'], answer.etag))
    return reply.code(304).send();
  return sendCompressible(request, reply, answer, answer.html, made);
};
