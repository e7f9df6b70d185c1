/**
 * The four article-detail routes of spec §2 (/news/detail/{id}, /demonstrationCase/detail/{id},
 * /solution/produceService/detail/{id}, /detail/{id}) show one page: one loader, and the route
 * files only name their address. Bad, unknown or unpublished ids are the not-found page.
 */

import { href } from './href';
import { notFound, parseId } from './params';
import type { PageMeta } from './seo';
import type { SiteContext } from './services';

interface RouteContext {
  params: { id?: string | undefined };
  locals: { site: SiteContext };
}

export const loadArticlePage = async (ctx: RouteContext, route: string) => {
  const { site } = ctx.locals;
  const id = parseId(ctx.params.id);
  const article = id ? await site.services.article(id) : null;
  if (!article) return notFound();
  const path = `${route}/${article.id}`;
  const meta: PageMeta = {
    name: article.seoTitle ?? article.title,
    path,
    description: article.seoDescription ?? article.summary,
    type: 'article',
  };
  return { meta, article, shareUrl: `${site.origin}${href(site.basePath, path)}` };
};

export type ArticlePageData = Exclude<Awaited<ReturnType<typeof loadArticlePage>>, Response>;
