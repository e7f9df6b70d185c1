/**
 * The site's addresses and their last change: sitemap.xml lists them, and the search-engine push
 * compares them with what it pushed last (apps/server/src/search-push).
 */
import { articleDetailPath, categoryListPath, productDetailPath } from '@yuexun/contract';
import { listVisibleArticleStamps } from '../articles/article.service';
import { listSiteCategories } from '../categories/category.service';
import type { Db } from '../db/client';
import { listPublishedProductStamps } from '../products/product.service';

const STATIC_PAGES = ['/home', '/service', '/download', '/priceShop', '/agent', '/securityCenter'];

export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

export const sitemapEntries = async (db: Db): Promise<SitemapEntry[]> => {
  const [categories, articles, products] = await Promise.all([
    listSiteCategories(db),
    listVisibleArticleStamps(db),
    listPublishedProductStamps(db),
  ]);
  return [
    ...STATIC_PAGES.map((path) => ({ path, lastModified: null })),
    ...categories.flatMap((c) => {
      const path = categoryListPath(c.kind, c.id, c.slug);
      return path ? [{ path, lastModified: null }] : [];
    }),
    ...articles.map((a) => ({
      path: articleDetailPath(a.kind, a.id),
      lastModified: a.updatedAt.toISOString(),
    })),
    ...products.map((p) => ({ path: productDetailPath(p.id), lastModified: p.updatedAt.toISOString() })),
  ];
};
