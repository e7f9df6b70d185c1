/**
 * JSON-LD (schema.org) for search engines: the organisation on every page (站点设置), articles,
 * products with their price in CNY, and the breadcrumb where the page shows one. Rendered as
 * <script type="application/ld+json">, which is data, not script: the CSP does not hash it.
 */
import { type ArticleDetail, fileUrls, type ProductDetail, type PublicSiteSettings } from '@yuexun/contract';
import { href } from './href';

export type JsonLd = { '@type': string } & Record<string, unknown>;

/** Where the site is: absolute addresses are built from these. */
export interface SiteAddress {
  origin: string;
  basePath: string;
}

/**
 * The block's text: JSON whose raw text holds no `<`, `>` or `&` (so no content can close the element
 * or open a comment) and no U+2028/U+2029; each stays the same character once parsed.
 */
export const jsonLdText = (data: JsonLd) =>
  JSON.stringify({ '@context': 'https://schema.org', ...data }).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

export const absoluteUrl = (site: SiteAddress, path: string) => `${site.origin}${href(site.basePath, path)}`;

/** An uploaded picture's full address (share cards and JSON-LD need one), 800 px wide in its stored format. */
export const pictureUrl = (site: SiteAddress, fileUuid: string) =>
  `${site.origin}${fileUrls.viewPic(fileUuid, { width: 800 })}`;

const organizationId = (site: SiteAddress) => `${absoluteUrl(site, '/home')}#organization`;

/** Blank strings left out (JSON.stringify drops undefined). */
const given = (value: string) => (value.trim() ? value : undefined);

export const organization = (site: SiteAddress, settings: PublicSiteSettings): JsonLd => {
  const contact = (telephone: string, contactType: string) =>
    given(telephone) && {
      '@type': 'ContactPoint',
      telephone,
      contactType,
      areaServed: 'CN',
      availableLanguage: ['zh-CN'],
    };
  const contactPoint = [
    contact(settings.hotline, 'sales'),
    contact(settings.servicePhone, 'customer support'),
  ].filter(Boolean);
  return {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: settings.companyName,
    alternateName: given(settings.shortName),
    url: absoluteUrl(site, '/home'),
    logo: settings.logoLightFileUuid ? pictureUrl(site, settings.logoLightFileUuid) : undefined,
    email: given(settings.email),
    telephone: given(settings.hotline),
    address: given(settings.address) && {
      '@type': 'PostalAddress',
      streetAddress: settings.address,
      addressCountry: 'CN',
    },
    contactPoint: contactPoint.length > 0 ? contactPoint : undefined,
  };
};

/** The trail as the page shows it; the last step (the page itself) carries no link. */
export const breadcrumb = (site: SiteAddress, steps: { name: string; path?: string }[]): JsonLd => ({
  '@type': 'BreadcrumbList',
  itemListElement: steps.map((step, i) => ({
    '@type': 'ListItem',
    position: i + 1,
    name: step.name,
    item: step.path ? absoluteUrl(site, step.path) : undefined,
  })),
});

/** Google shows headlines up to 110 characters. */
const headline = (title: string) =>
  [...title].length > 110 ? `${[...title].slice(0, 109).join('')}…` : title;

export const articleData = (
  site: SiteAddress,
  settings: PublicSiteSettings,
  article: ArticleDetail,
  path: string,
  /** What the page's breadcrumb calls the article's section (its category, or a renamed section page). */
  section: string = article.categoryName,
): JsonLd => ({
  '@type': article.categoryPath[0]?.kind === 'news' ? 'NewsArticle' : 'Article',
  headline: headline(article.title),
  description: given(article.summary),
  image: article.coverFileUuid ? [pictureUrl(site, article.coverFileUuid)] : undefined,
  datePublished: article.publishTime,
  dateModified: article.editedAt ?? article.publishTime,
  author: article.author
    ? { '@type': 'Person', name: article.author }
    : { '@type': 'Organization', name: settings.companyName },
  publisher: {
    '@type': 'Organization',
    '@id': organizationId(site),
    name: settings.companyName,
    logo: settings.logoLightFileUuid
      ? { '@type': 'ImageObject', url: pictureUrl(site, settings.logoLightFileUuid) }
      : undefined,
  },
  mainEntityOfPage: absoluteUrl(site, path),
  articleSection: section,
  keywords: article.tags.length > 0 ? article.tags.join(',') : undefined,
});

/** Fen as a decimal yuan amount ("19800.00"), exact (no floating point). */
export const yuanAmount = (fen: number) =>
  `${Math.trunc(fen / 100)}.${String(Math.abs(fen % 100)).padStart(2, '0')}`;

export const productData = (
  site: SiteAddress,
  settings: PublicSiteSettings,
  product: ProductDetail,
  path: string,
): JsonLd => {
  const price = yuanAmount(product.priceFen);
  return {
    '@type': 'Product',
    name: product.name,
    description: given(product.summary),
    image: product.coverFileUuid ? [pictureUrl(site, product.coverFileUuid)] : undefined,
    sku: String(product.id),
    brand: { '@type': 'Brand', name: settings.shortName || settings.companyName },
    category: product.tags[0]?.name,
    offers: {
      '@type': 'Offer',
      url: absoluteUrl(site, path),
      price,
      priceCurrency: 'CNY',
      availability: 'https://schema.org/InStock',
      seller: { '@type': 'Organization', '@id': organizationId(site), name: settings.companyName },
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price,
        priceCurrency: 'CNY',
        unitText: given(product.priceUnit),
      },
    },
  };
};
