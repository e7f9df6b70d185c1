/**
 * Site search (站内搜索, `/search?q=`): published articles and products whose title, summary or body
 * text contain every word of the query. Words are what the visitor separated by spaces; each is matched
 * as written, so two-character Chinese words (排课) and `%`, `_` or quotes are plain text.
 */

/** Characters of a query looked at; the rest is ignored (a 1,000-character query is a normal search). */
export const SEARCH_QUERY_MAX = 50;
export const SEARCH_TERMS_MAX = 5;
export const SEARCH_PAGE_SIZE = 10;
/** Result pages offered (the first 200 hits); a later page number shows the last one. */
export const SEARCH_PAGES_MAX = 20;

/** The query's words: trimmed, lower case, at most SEARCH_TERMS_MAX, repeats and control characters dropped. */
export const searchTerms = (query: string | null | undefined): string[] => {
  const cleaned = [...(query ?? '').replace(/[\p{Cc}\p{Cs}]/gu, ' ')].slice(0, SEARCH_QUERY_MAX).join('');
  const words = cleaned
    .toLowerCase()
    .split(/[\s\u3000]+/)
    .filter(Boolean);
  return [...new Set(words)].slice(0, SEARCH_TERMS_MAX);
};

export interface SiteSearchHit {
  kind: 'article' | 'product';
  id: number;
  title: string;
  /** Up to ~120 characters of text around the first word found (or the summary). */
  snippet: string;
  /** Site path of the page. */
  path: string;
  /** The article's category, or null for a product. */
  categoryName: string | null;
  /** The article's publish time (ISO), or null for a product. */
  publishTime: string | null;
  /** A product's price in fen and unit, or null for an article. */
  priceFen: number | null;
  priceUnit: string | null;
}
