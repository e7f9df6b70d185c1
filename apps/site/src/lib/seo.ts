import {
  NAV_ROUTES,
  type PublicSiteSettings,
  type SeoPageKey,
  type SeoValues,
  type SiteSeo,
} from '@yuexun/contract';
import type { JsonLd } from './structured-data';

export interface PageMeta {
  /** The page's own name; the keyword list is appended (spec §1). */
  name: string;
  description?: string | undefined;
  /** Site path without the base path, e.g. /news/1881?page=2. */
  path: string;
  /** The share picture (an uploaded file): an article's or product's cover; the site's share cover otherwise. */
  imageFileUuid?: string | null | undefined;
  type?: 'website' | 'article';
  /** Kept out of search results (the not-found and error pages). */
  noindex?: boolean;
  /**
   * Which saved SEO values apply (console 页面 SEO): a list page's category's first, then its fixed page's.
   * The fixed page's title names only the page its menu entry opens (`pageTitle: false` elsewhere: a
   * section's other categories, the price shop by tag); its keywords and description serve them all.
   */
  seo?: { page?: SeoPageKey; categoryId?: number; pageTitle?: boolean };
  /** Page of a paged list: from 2 on the title says so (the SEO title too). */
  pageIndex?: number;
  /** The page's own JSON-LD (article, product, breadcrumb); the layout adds the organisation. */
  structuredData?: JsonLd[];
  /** An article's publish and last edit times (ISO 8601), for share cards. */
  published?: string;
  modified?: string | null;
}

/** The page's name, then the site's keyword list (站点设置 → 标题关键词). */
export const pageTitle = (name: string, settings: Pick<PublicSiteSettings, 'titleKeywords'>) =>
  settings.titleKeywords ? `${name} - ${settings.titleKeywords}` : name;

/** The page's own text cut to a search snippet, or the site's default description. */
export const describe = (
  text: string | null | undefined,
  settings: Pick<PublicSiteSettings, 'description'>,
) => {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!plain) return settings.description;
  return [...plain].length > 120 ? `${[...plain].slice(0, 118).join('')}…` : plain;
};

/** The SEO values set for this page, field by field (see PageMeta.seo); blank where nothing is set. */
export const ownSeo = (which: PageMeta['seo'], seo: SiteSeo): SeoValues => {
  const category = which?.categoryId ? seo.categories[which.categoryId] : undefined;
  const page = which?.page ? seo.pages[which.page] : undefined;
  return {
    title: category?.title || (which?.pageTitle !== false ? page?.title : '') || '',
    keywords: category?.keywords || page?.keywords || '',
    description: category?.description || page?.description || '',
  };
};

/** Whether a section's list page is the one its menu entry opens (its title is the section page's). */
export const opensSection = (page: SeoPageKey, path: string) =>
  NAV_ROUTES.find((r) => r.key === page)?.path === path;
