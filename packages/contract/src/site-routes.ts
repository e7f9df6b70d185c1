/**
 * Addresses of the marketing site's pages (spec §2), built in one place: the site's links, the
 * server's sitemap and anything else that links to an article, a list or a product.
 */

/** The article-detail route of spec §2 for an article of a category of `kind`. */
export const articleDetailPath = (kind: string, id: number) => {
  switch (kind) {
    case 'news':
      return `/news/detail/${id}`;
    case 'case':
      return `/demonstrationCase/detail/${id}`;
    case 'solution':
      return `/solution/produceService/detail/${id}`;
    default:
      return `/detail/${id}`;
  }
};

/** Where a signed preview link of an article opens (any status; the token names the article and its expiry). */
export const ARTICLE_PREVIEW_ROUTE = '/preview/article';
export const articlePreviewPath = (token: string) => `${ARTICLE_PREVIEW_ROUTE}/${token}`;

/** The list page of a category, for the kinds that have one per category; null for the others. */
export const categoryListPath = (kind: string, id: number, slug: string | null) => {
  switch (kind) {
    case 'news':
      return `/news/${id}`;
    case 'case':
      return `/demonstrationCase/${id}`;
    case 'profile':
      return `/companyProfile/${id}`;
    case 'solution':
      return slug ? `/solution/${slug}` : null;
    default:
      return null;
  }
};

/** The product detail page (its parameter is a query, as in the original). */
export const productDetailPath = (id: number) => `/priceShop/productDetail?productId=${id}`;
