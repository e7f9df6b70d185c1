import type { CategoryKind, SiteServices } from '@yuexun/contract';

/** A section page's content: its first article in full and the rest of the category as cards. */
export const loadSection = async (services: SiteServices, categoryId: number) => {
  const { items } = await services.listArticles({ categoryId, pageIndex: 1, pageSize: 30 });
  const [first, ...others] = items;
  const lead = first ? await services.article(first.id) : null;
  return { lead, others };
};

/** The same for a section with one category (service, agent, security). */
export const loadSectionOfKind = async (services: SiteServices, kind: CategoryKind) => {
  const [category] = await services.categories(kind);
  return category ? loadSection(services, category.id) : { lead: null, others: [] };
};
