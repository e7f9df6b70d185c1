/**
 * The four article-detail routes of spec §2 (/news/detail/{id}, /demonstrationCase/detail/{id},
 * /solution/produceService/detail/{id}, /detail/{id}) show one page: one loader, and the route
 * files only name their address. Bad, unknown or unpublished ids are the not-found page. Each article
 * has one address, by its category's kind (articleDetailPath, as in the sitemap): the other three
 * answer 301 to it, so search engines see no duplicate content.
 */

import {
  type ArticleDetail,
  articleDetailPath,
  isRenamed,
  type NavRouteKey,
  type SectionNames,
  type SiteContext,
} from '@yuexun/contract';
import { href, sectionOf, type TrailStep } from './href';
import { notFound, parseId } from './params';
import type { PageMeta } from './seo';
import { articleData, breadcrumb } from './structured-data';

interface RouteContext {
  params: { id?: string | undefined };
  locals: { site: SiteContext };
  url: URL;
}

/** The sections whose articles' breadcrumb leads to the section's own page (no list of categories). */
const SECTION_PAGES: Partial<Record<string, NavRouteKey>> = {
  service: 'service',
  agent: 'agent',
  security: 'securityCenter',
  download: 'download',
};

/**
 * The trail above an article: home, then where its section lives (sectionOf), named by its category or,
 * when that step is a section's own page whose menu entry is renamed, by the menu's name for it.
 */
export const articleTrail = (article: ArticleDetail, names: SectionNames): TrailStep[] => {
  const page = SECTION_PAGES[article.categoryPath[0]?.kind ?? ''];
  return [
    { name: names.home, path: '/home' },
    {
      name: page && isRenamed(names, page) ? names[page] : article.categoryName,
      path: sectionOf(article),
    },
  ];
};

export const loadArticlePage = async (ctx: RouteContext, route: string) => {
  const { site } = ctx.locals;
  const id = parseId(ctx.params.id);
  const [article, names] = await Promise.all([
    id ? site.services.article(id) : null,
    site.services.sectionNames(),
  ]);
  if (!article) return notFound();
  const ownKind = article.categoryPath.at(-1)?.kind ?? '';
  const path = articleDetailPath(ownKind, article.id);
  if (path !== `${route}/${article.id}` || ctx.params.id !== String(article.id)) {
    const location = `${href(site.basePath, path)}${ctx.url.search}`;
    // Not kept by browsers: moving the article to a category of another kind reverses this redirect,
    // and a kept one would then loop.
    return new Response(null, { status: 301, headers: { location, 'cache-control': 'no-cache' } });
  }
  const trail = articleTrail(article, names);
  const meta: PageMeta = {
    name: article.seoTitle ?? article.title,
    path,
    description: article.seoDescription ?? article.summary,
    type: 'article',
    imageFileUuid: article.coverFileUuid,
    published: article.publishTime,
    modified: article.editedAt,
    structuredData: [
      articleData(site, site.settings, article, path, trail[1]?.name),
      // The trail the page shows (ArticleDetailPage), ending at the article.
      breadcrumb(site, [...trail, { name: article.title }]),
    ],
  };
  return { meta, article, trail, shareUrl: `${site.origin}${href(site.basePath, path)}` };
};

export type ArticlePageData = Exclude<Awaited<ReturnType<typeof loadArticlePage>>, Response>;
