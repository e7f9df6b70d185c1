/**
 * 站内搜索 for the site's `/search` page: articles and products matched by every word of the query,
 * merged best first, with a snippet of text around the first word found. Results are kept in the
 * public read cache for the cache time (a popular query costs one search per instance and TTL).
 */
import {
  articleDetailPath,
  productDetailPath,
  SEARCH_PAGE_SIZE,
  SEARCH_PAGES_MAX,
  type SiteSearchHit,
  searchTerms,
  toPaging,
} from '@yuexun/contract';
import type { FastifyInstance } from 'fastify';
import { searchArticles } from '../articles/article-search.service';
import { searchProducts } from '../products/product-search.service';
import { decodeBasicEntities } from '../shared/rich-text';

const SNIPPET = 120;
const BEFORE = 30;

/** Rich text as the words a visitor reads. */
export const plainText = (html: string) =>
  decodeBasicEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();

/** About SNIPPET characters of `text` starting a little before the first word found. */
export const snippetOf = (text: string, terms: string[]) => {
  const chars = [...text];
  const lower = text.toLowerCase();
  const found = terms
    .map((t) => lower.indexOf(t))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)[0];
  // indexOf counts UTF-16 units; the window is cut in characters.
  const at = found === undefined ? 0 : [...text.slice(0, found)].length;
  const start = Math.max(0, at - BEFORE);
  const end = Math.min(chars.length, start + SNIPPET);
  return `${start > 0 ? '…' : ''}${chars.slice(start, end).join('')}${end < chars.length ? '…' : ''}`;
};

type Ranked = SiteSearchHit & { score: number; order: number };

export const siteSearch = async (app: FastifyInstance, query: string, pageIndex: number) => {
  const terms = searchTerms(query);
  const page = Math.min(Math.max(1, Math.trunc(pageIndex) || 1), SEARCH_PAGES_MAX);
  return app.readCache.get(`search:${page}:${JSON.stringify(terms)}`, async () => {
    const limit = page * SEARCH_PAGE_SIZE;
    const [articles, products] = await Promise.all([
      searchArticles(app.db, terms, limit),
      searchProducts(app.db, terms, limit),
    ]);
    const ranked: Ranked[] = [
      ...articles.rows.map((a, order) => ({
        kind: 'article' as const,
        id: a.id,
        title: a.title,
        snippet: snippetOf(plainText(`${a.summary} ${a.bodyHtml}`), terms),
        path: articleDetailPath(a.kind, a.id),
        categoryName: a.categoryName,
        publishTime: a.publishTime.toISOString(),
        priceFen: null,
        priceUnit: null,
        score: a.score,
        order,
      })),
      ...products.rows.map((p, order) => ({
        kind: 'product' as const,
        id: p.id,
        title: p.name,
        snippet: snippetOf(plainText(`${p.summary} ${p.detailHtml}`), terms),
        path: productDetailPath(p.id),
        categoryName: null,
        publishTime: null,
        priceFen: p.priceFen,
        priceUnit: p.priceUnit,
        score: p.score,
        order,
      })),
    ];
    ranked.sort((a, b) => b.score - a.score || a.order - b.order || (a.kind === 'product' ? 1 : -1));
    const total = Math.min(articles.total + products.total, SEARCH_PAGES_MAX * SEARCH_PAGE_SIZE);
    const items = ranked
      .slice((page - 1) * SEARCH_PAGE_SIZE, page * SEARCH_PAGE_SIZE)
      .map(({ score: _s, order: _o, ...hit }) => hit);
    return { items, paging: toPaging({ pageIndex: page, pageSize: SEARCH_PAGE_SIZE }, total) };
  });
};
