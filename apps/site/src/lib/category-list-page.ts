/**
 * The demonstration-case and news lists (spec §2: /demonstrationCase/{id}, /news/{id}): one loader,
 * so the two route files only name their section. Unknown categories and bad page numbers are the
 * not-found page; a page number past the end shows the last page.
 */

import type { SiteContext } from '@yuexun/contract';
import { categoryListPath, DEFAULT_PAGE_SIZE, SECTION_PAGE_OF_KIND } from '@yuexun/contract';
import { sections } from '../locales/zh-CN';
import { notFound, parseId, parsePage } from './params';
import { opensSection, type PageMeta } from './seo';

const WORDS = { news: sections.news, case: sections.cases } as const;

type ListKind = keyof typeof WORDS;

/** News and case categories each have a list page (the contract's categoryListPath never says null here). */
const listPath = (kind: ListKind, categoryId: number) => categoryListPath(kind, categoryId, null) as string;

interface RouteContext {
  params: { id?: string | undefined };
  url: URL;
  locals: { site: SiteContext };
}

export const loadCategoryListPage = async (ctx: RouteContext, kind: ListKind) => {
  const words = WORDS[kind];
  const id = parseId(ctx.params.id);
  const page = parsePage(ctx.url.searchParams.get('page'));
  const { services } = ctx.locals.site;
  const [categories, names] = await Promise.all([services.categories(kind), services.sectionNames()]);
  const current = categories.find((c) => c.id === id);
  if (!current || !page) return notFound();
  const list = (pageIndex: number) =>
    services.listArticles({ categoryId: current.id, pageIndex, pageSize: DEFAULT_PAGE_SIZE });
  let shown = await list(page);
  // The URL names the page actually shown.
  if (page > 1 && shown.items.length === 0) shown = await list(Math.max(1, shown.paging.totalPageCount));
  const pageIndex = shown.paging.pageIndex;
  const meta: PageMeta = {
    name: current.name,
    pageIndex,
    path: `${listPath(kind, current.id)}${pageIndex > 1 ? `?page=${pageIndex}` : ''}`,
    description: words.intro,
    seo: {
      page: SECTION_PAGE_OF_KIND[kind],
      categoryId: current.id,
      pageTitle: opensSection(SECTION_PAGE_OF_KIND[kind], listPath(kind, current.id)),
    },
  };
  return {
    meta,
    page: {
      // The section's name as the menu shows it (renamed in 导航菜单 or its default).
      section: { title: names[SECTION_PAGE_OF_KIND[kind]], intro: words.intro, kind },
      tabs: categories.map((c) => ({ id: c.id, name: c.name, path: listPath(kind, c.id) })),
      path: listPath(kind, current.id),
      current,
      items: shown.items,
      paging: shown.paging,
    },
  };
};
