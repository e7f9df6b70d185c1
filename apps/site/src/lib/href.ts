import { type ArticleDetail, categoryListPath as categoryListPathOf } from '@yuexun/contract';

/** Every link of the site goes through here, so BASE_PATH moves the whole site without a rebuild. */
export const href = (basePath: string, path: string) => `${basePath}${path.replace(/^\/+/, '')}`;

/** Addresses of spec §2's pages, from the contract (the server's sitemap builds the same ones). */
export {
  articleDetailPath as articlePath,
  categoryListPath,
  productDetailPath as productPath,
} from '@yuexun/contract';

/** One step of a breadcrumb: a page, named, with its address. */
export interface TrailStep {
  name: string;
  path: string;
}

/** Where an article's section lives (its breadcrumb's middle step). */
export const sectionOf = (article: ArticleDetail) => {
  const root = article.categoryPath[0]?.kind ?? 'news';
  if (root === 'solution') return '/solution/produceService';
  if (root === 'security') return '/securityCenter';
  return categoryListPathOf(root, article.categoryId, null) ?? `/${root}`;
};

export const LOGIN_PATH = '/home/2.0/login/';
