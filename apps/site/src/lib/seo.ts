import type { PublicSiteSettings } from '@yuexun/contract';

export interface PageMeta {
  /** The page's own name; the keyword list is appended (spec §1). */
  name: string;
  description?: string;
  /** Site path without the base path, e.g. /news/1881?page=2. */
  path: string;
  image?: string;
  type?: 'website' | 'article';
  /** Kept out of search results (the not-found and error pages). */
  noindex?: boolean;
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
