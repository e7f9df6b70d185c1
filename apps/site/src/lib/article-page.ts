/**
 * The four article-detail routes of spec §2 (/news/detail/{id}, /demonstrationCase/detail/{id},
 * /solution/produceService/detail/{id}, /detail/{id}) show one page: one loader, and the route
 * files only name their address. Bad, unknown or unpublished ids are the not-found page. Each article
 * has one address, by its category's kind (articleDetailPath, as in the sitemap): the other three
 * answer 301 to it, so search engines see no duplicate content.
 */

import { articleDetailPath, type SiteContext } from '@yuexun/contract';
import { t } from '../locales/zh-CN';
import { href, sectionOf } from './href';
import { notFound, parseId } from './params';
import type { PageMeta } from './seo';
import { articleData, breadcrumb } from './structured-data';

interface RouteContext {
  params: { id?: string | undefined };
  locals: { site: SiteContext };
  url: URL;
}

export const loadArticlePage = async (ctx: RouteContext, route: string) => {
  const { site } = ctx.locals;
  const id = parseId(ctx.params.id);
  const article = id ? await site.services.article(id) : null;
  if (!article) return notFound();
  const ownKind = article.categoryPath.at(-1)?.kind ?? '';
  const path = articleDetailPath(ownKind, article.id);
  if (path !== `${route}/${article.id}` || ctx.params.id !== String(article.id)) {
    const location = `${href(site.basePath, path)}${ctx.url.search}`;
    // Not kept by browsers: moving the article to a category of another kind reverses this redirect,
    // and a kept one would then loop.
    return new Response(null, { status: 301, headers: { location, 'cache-control': 'no-cache' } });
  }
  const meta: PageMeta = {
    name: article.seoTitle ?? article.title,
    path,
    description: article.seoDescription ?? article.summary,
    type: 'article',
    imageFileUuid: article.coverFileUuid,
    published: article.publishTime,
    modified: article.editedAt,
    structuredData: [
      articleData(site, site.settings, article, path),
      // The trail the page shows (ArticleDetailPage), ending at the article.
      breadcrumb(site, [
        { name: t.home, path: '/home' },
        { name: article.categoryName, path: sectionOf(article) },
        { name: article.title },
      ]),
    ],
  };
  return { meta, article, shareUrl: `${site.origin}${href(site.basePath, path)}` };
};

export type ArticlePageData = Exclude<Awaited<ReturnType<typeof loadArticlePage>>, Response>;
