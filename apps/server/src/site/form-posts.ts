/**
 * The site's form posts: signing out, switching the signed-in account's school, and the lead form sent
 * without JavaScript (rendered by its page, which reads the body itself, into memory like every page).
 */
import { FORM_FILE_MB_MAX, INT4_MAX } from '@yuexun/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { switchTenant } from '../accounts/account.service';
import { checkOrigin } from '../http/origin';
import { defineRoute } from '../http/route';
import { sitePathOf } from '../shared/site-path';
import type { AstroHandler } from './astro-runtime';
import { captureRequest, renderPage } from './page-capture';
import { splitUrl } from './page-route';
import type { RenderQueue } from './render-queue';
import { pageAnswerOf, sendPage } from './send-page';
import { siteContextFor } from './site-context';

/** Site paths that accept the lead form's POST. */
const LEAD_FORM_PATHS = new Set(['/home', '/agent', '/priceShop/productDetail']);

/** A designed form's own page (/form/{slug}, issue 33): it reads its body like the lead form's pages. */
const FORM_PAGE_PATH = /^\/form\/[a-z0-9-]{1,40}$/;

/** The header a too-large form post is marked with (site lib/form-page.ts reads it). */
const FORM_TOO_LARGE_HEADER = 'x-yx-form-too-large';

/** Form bodies the server reads itself are a few fields: anything past this is not read. */
const FORM_MAX_BYTES = 16 * 1024;

const readForm = async (request: FastifyRequest) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    size += (chunk as Buffer).length;
    if (size > FORM_MAX_BYTES) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
};

/**
 * A designed form's post may carry files (multipart), which its page reads into memory: at most the largest
 * file a field may allow and 1 MB for the rest. A longer declared post is not read at all (the page says it
 * is too large, FORM_TOO_LARGE_HEADER); one without a length stops being read at the limit.
 */
const FORM_POST_MAX_BYTES = (FORM_FILE_MB_MAX + 1) * 1024 * 1024;

const boundFormPost = (request: FastifyRequest) => {
  const raw = request.raw as FastifyRequest['raw'] & { body?: AsyncIterable<Buffer> };
  if (Number(raw.headers['content-length'] ?? 0) > FORM_POST_MAX_BYTES) {
    raw.headers[FORM_TOO_LARGE_HEADER] = '1';
    // Astro reads `req.body` before the stream when it is set (astro/dist/core/app/node.js makeRequestBody).
    raw.body = (async function* () {})();
    return;
  }
  delete raw.headers[FORM_TOO_LARGE_HEADER];
  raw.body = (async function* () {
    let size = 0;
    for await (const chunk of raw) {
      size += (chunk as Buffer).length;
      if (size > FORM_POST_MAX_BYTES) throw new Error('form post too large');
      yield chunk as Buffer;
    }
  })();
};

export interface FormPostDeps {
  loading: Promise<{ handler: AstroHandler }>;
  renders: RenderQueue;
}

export const registerFormPosts = (app: FastifyInstance, { loading, renders }: FormPostDeps) => {
  const base = app.config.basePath;
  const { accounts } = app;

  /** The page at `sitePath` answering the visitor's own POST (Astro reads its body). */
  const renderPost = (request: FastifyRequest, sitePath: string) =>
    renders.run(async () => {
      const [{ handler }, site] = await Promise.all([loading, siteContextFor(app, request)]);
      request.raw.url = `${sitePath}${splitUrl(request.url).query}`;
      const rendered = await renderPage(handler, request.raw, site);
      return pageAnswerOf(rendered, 'form-post', app.config.publicCacheTtlMs).answer;
    });

  defineRoute(app, {
    method: 'POST',
    url: `${base}*`,
    schema: { hide: true },
    // A form posted from another site: a plain-text 403, as a browser shows it.
    crossSite: (reply, refused) =>
      reply.status(403).type('text/plain; charset=utf-8').send(refused.errorMessage),
    handler: async ({ request, reply }) => {
      const sitePath = sitePathOf(splitUrl(request.url).path, base) ?? '';
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
      if (FORM_PAGE_PATH.test(sitePath)) boundFormPost(request);
      if (LEAD_FORM_PATHS.has(sitePath) || FORM_PAGE_PATH.test(sitePath))
        return sendPage(request, reply, await renderPost(request, sitePath));
      const notFound = await renders.run(async () => {
        const [{ handler }, site] = await Promise.all([loading, siteContextFor(app, request)]);
        return renderPage(
          handler,
          captureRequest('/404', { host: request.headers.host ?? '127.0.0.1' }),
          site,
        );
      });
      return sendPage(
        request,
        reply,
        pageAnswerOf(notFound, 'form-post', app.config.publicCacheTtlMs).answer,
      );
    },
  });
};
