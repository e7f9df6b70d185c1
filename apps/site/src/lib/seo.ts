import { DEFAULT_DESCRIPTION, KEYWORDS, SITE_NAME } from '../locales/zh-CN';

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

export const pageTitle = (name: string) => `${name} - ${KEYWORDS}`;

export const describe = (text: string | null | undefined) => {
  const plain = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!plain) return DEFAULT_DESCRIPTION;
  return [...plain].length > 120 ? `${[...plain].slice(0, 118).join('')}…` : plain;
};

export { KEYWORDS, SITE_NAME };
