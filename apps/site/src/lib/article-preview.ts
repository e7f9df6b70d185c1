/**
 * A signed preview of an article as saved, in any status (the console's 预览): the server checks the
 * token (article id + expiry, HMAC); expired, tampered or unknown → the not-found page. Never kept:
 * `locals.page.private` (the server answers `private, no-store`: the page cache and a CDN skip it, decision 018),
 * noindex in the page and the header.
 */
import { ARTICLE_PREVIEW_ROUTE, type PageFacts, type SiteContext } from '@yuexun/contract';
import { articleTrail } from './article-page';
import type { PageMeta } from './seo';

interface RouteContext {
  params: { token?: string | undefined };
  locals: { site: SiteContext; page: PageFacts };
  response: { headers: Headers };
}

const NOT_INDEXED = { 'x-robots-tag': 'noindex' };

export const loadArticlePreview = async (ctx: RouteContext) => {
  const token = ctx.params.token ?? '';
  const { services } = ctx.locals.site;
  const [article, names] = await Promise.all([
    token ? services.articlePreview(token) : null,
    services.sectionNames(),
  ]);
  ctx.locals.page.private = true;
  for (const [name, value] of Object.entries(NOT_INDEXED)) ctx.response.headers.set(name, value);
  if (!article) return new Response(null, { status: 404, headers: NOT_INDEXED });
  const meta: PageMeta = {
    name: article.seoTitle ?? article.title,
    path: `${ARTICLE_PREVIEW_ROUTE}/${token}`,
    description: article.seoDescription ?? article.summary,
    type: 'article',
    noindex: true,
  };
  return { meta, article, trail: articleTrail(article, names), shareUrl: '', preview: true };
};
