/**
 * What the site needs from the server, handed in through Astro `locals` by apps/server/src/site.ts:
 * plain functions over the server's own services, so pages never call the API over HTTP.
 */
import type {
  ArticleDetail,
  ArticleListItem,
  CategoryKind,
  CustomerIntention,
  PagingOutput,
  ProductDetail,
  TagWithProducts,
} from '@yuexun/contract';

export interface SiteCategory {
  id: number;
  kind: CategoryKind;
  name: string;
  slug: string | null;
}

export interface SiteUser {
  name: string;
  photoId: string | null;
  access: string;
}

export interface TenantOption {
  id: number;
  name: string;
  current: boolean;
}

/** A document of the download centre, with what its stored file says about itself. */
export interface SiteDownload {
  fileUuid: string;
  /** The name it downloads as. */
  fileName: string;
  title: string;
  description: string;
  group: 'manual' | 'whitepaper' | 'qualification' | 'template';
  /** Stored format (extension), e.g. pdf. */
  format: string;
  /** Bytes. */
  size: number;
}

export interface SitemapEntry {
  path: string;
  lastModified: string | null;
}

/**
 * A refused lead: field messages (shown next to the fields) or one message for the whole form.
 * Recognised by its name, not by class: the server and the built site hold separate copies of code.
 */
export interface LeadRefusal extends Error {
  name: 'LeadRefused';
  fields: Record<string, string>;
}

export const isLeadRefusal = (error: unknown): error is LeadRefusal =>
  error instanceof Error && error.name === 'LeadRefused';

export interface SiteServices {
  listArticles(criteria: {
    categoryId: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<{ items: ArticleListItem[]; paging: PagingOutput }>;
  /** Null when the id is unknown or the article is not published. */
  article(id: number): Promise<ArticleDetail | null>;
  categories(kind: CategoryKind): Promise<SiteCategory[]>;
  category(id: number): Promise<SiteCategory | null>;
  productTags(): Promise<TagWithProducts[]>;
  product(id: number): Promise<ProductDetail | null>;
  /** Throws a LeadRefusal for a business refusal (rate limit, unknown product). */
  createLead(input: CustomerIntention): Promise<{ message: string }>;
  sitemap(): Promise<SitemapEntry[]>;
  /** The download centre's documents, in display order; only those whose file is stored. */
  downloads(): Promise<SiteDownload[]>;
  /** Whether an uploaded file exists; null while the server has no file store. */
  fileExists(fileUuid: string): Promise<boolean | null>;
}

export interface SiteContext {
  /** '/' or '/portal/': every link, asset and redirect is built under it. */
  basePath: string;
  /** Origin for canonical and share links (PUBLIC_ORIGIN, else the request's). */
  origin: string;
  icpNumber: string | null;
  services: SiteServices;
  user: SiteUser | null;
  tenants: TenantOption[];
}
