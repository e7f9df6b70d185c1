/**
 * The site's data interface: what the server-rendered pages (apps/site) need from the server, handed in
 * through Astro `locals` as plain functions over the server's own services (no HTTP round trip to itself).
 * The server implements it (apps/server/src/site/); the site only reads it. Types are the contract's own.
 */
import type { CurrentAccountEmployee } from './accounts';
import type { ArticleDetail, ArticleListItem, CategoryRef } from './articles';
import type { CategoryKind } from './constants';
import type { SitePicture, SitePictures } from './file-pictures';
import type { FormPlacement } from './form-labels';
import type { FormField } from './forms';
import type { Banner, HomeLayoutValues } from './home-page';
import type { LeadSubmission } from './leads';
import type { SectionNames, SiteNavEntry } from './nav-routes';
import type { SiteSeo } from './page-seo';
import type { PagingOutput } from './paging';
import type { ProductDetail, ProductListItem, TagWithProducts } from './products';
import type { SiteSearchHit } from './search';
import type { SITE_SETTINGS_SECRETS, SiteSettingsValues } from './site-settings';
import type { TenantOption } from './tenants';

/** The site settings the pages show (everything but the search-engine push secrets). */
export type PublicSiteSettings = Omit<SiteSettingsValues, (typeof SITE_SETTINGS_SECRETS)[number]>;

/**
 * What a page tells the server about its answer (`Astro.locals.page`, filled in while it renders). The server
 * alone turns it into Cache-Control, the ETag and whether the page is kept (apps/server/src/site/send-page.ts):
 * no page sets caching headers itself.
 */
export interface PageFacts {
  /**
   * Shown to this visitor only (a lead form's outcome, a preview, search results): never kept nor shared
   * (`private, no-store`).
   */
  private: boolean;
  /**
   * When what it shows changes by itself (a banner's start or end), epoch ms: kept until then at most and
   * never served stale past it. Null: only the cache's TTL applies.
   */
  validUntil: number | null;
}

/** A banner as the home page shows it (live ones only), with its pictures' alt text and focal points. */
export type SiteBanner = Pick<
  Banner,
  'id' | 'title' | 'subtitle' | 'buttonText' | 'link' | 'desktopFileUuid' | 'mobileFileUuid'
> & { desktopPicture: SitePicture; mobilePicture: SitePicture };

/** The home layout as pages use it: sections in order, the consult bar switch, enabled friendly links. */
export type PublicHomeLayout = HomeLayoutValues;

/** A category as the site links to it: solutions are addressed by slug. */
export type SiteCategory = CategoryRef & { slug: string | null };

/** The header's logged-in user. */
export type SiteUser = Pick<CurrentAccountEmployee, 'name' | 'photoId' | 'access'>;

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

/**
 * Whether a visitor may read a file, by the rule of the view and download routes: `private` is a stored file
 * that is not theirs to read (not public, and neither theirs nor, for a school admin, their school's).
 */
export type SiteFileAccess = 'readable' | 'private' | 'missing';

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

/** A form as its page /form/{slug} shows it (enabled forms only). */
export interface SiteForm {
  id: number;
  slug: string;
  name: string;
  successMessage: string;
  fields: FormField[];
  /** Where else it shows (decision 056). */
  placements: FormPlacement[];
  /** The download form's file, linked on its success page; null when it gives none. */
  downloadFileUuid: string | null;
}

/** An item with the pictures it shows (alt text, focal point, content version), by file uuid. */
export interface WithPictures {
  pictures?: SitePictures;
}

export interface SiteServices {
  listArticles(criteria: {
    categoryId: number;
    pageIndex: number;
    pageSize: number;
  }): Promise<{ items: (ArticleListItem & WithPictures)[]; paging: PagingOutput }>;
  /** Null when the id is unknown or the article is not published. */
  article(id: number): Promise<(ArticleDetail & WithPictures) | null>;
  /**
   * The article a signed preview token names, in any status, as saved; null when the token is expired,
   * tampered with or the article is gone. Counts no view.
   */
  articlePreview(token: string): Promise<(ArticleDetail & WithPictures) | null>;
  categories(kind: CategoryKind): Promise<SiteCategory[]>;
  category(id: number): Promise<SiteCategory | null>;
  productTags(): Promise<(TagWithProducts & { products: (ProductListItem & WithPictures)[] })[]>;
  product(id: number): Promise<(ProductDetail & WithPictures) | null>;
  /** Throws a LeadRefusal for a business refusal (rate limit, unknown product). */
  /** The answer's message and, when ready in time, the owner's 联系我 (its QR code and state; decision 062). */
  createLead(input: LeadSubmission): Promise<{
    message: string;
    wecomContact: { qrCode: string; state: string; link: string | null } | null;
  }>;
  /** The QR code of a lead's 联系我 by its state (the no-JS thank-you after its redirect). */
  wecomQrCode(state: string): Promise<string | null>;
  /** The 获客链接 (with the lead's customer_channel) by its state, when the owner's is one and ready. */
  wecomLink(state: string): Promise<string | null>;
  /** The enabled form at /form/{slug}, or null. */
  form(slug: string): Promise<SiteForm | null>;
  /** A form's answers as posted (JSON or its page's body); throws a LeadRefusal naming each wrong field. */
  submitForm(input: {
    slug: string;
    answers: Record<string, unknown>;
    sourcePage?: string;
    website?: string;
    /** The 访问轨迹's ids, when the page's script filled them in (lead-visits.ts). */
    visitId?: string;
    browserId?: string;
    /** The post's files by field key (multipart): checked by content and kept private by the server. */
    files?: Record<string, { name: string; bytes: Uint8Array }>;
  }): Promise<{ message: string; duplicate: boolean }>;
  /** The newest enabled form placed here (under an article kind, the products, the home page), or null. */
  placedForm(place: FormPlacement): Promise<SiteForm | null>;
  sitemap(): Promise<SitemapEntry[]>;
  /** The download centre's documents, in display order; only those whose file is stored. */
  downloads(): Promise<SiteDownload[]>;
  /** Whether an uploaded file exists; null while the server has no file store. */
  fileExists(fileUuid: string): Promise<boolean | null>;
  /** Whether this visitor may open a file (the preview page's message for a private or missing one). */
  fileAccess(fileUuid: string): Promise<SiteFileAccess>;
  /** The top menu's visible entries, in order (console 导航菜单). */
  navigation(): Promise<SiteNavEntry[]>;
  /** Every section's name as its pages show it: the menu's label for it, renamed or default (hidden too). */
  sectionNames(): Promise<SectionNames>;
  /** SEO values set for fixed pages and categories (console 页面 SEO); blank fields fall back. */
  seo(): Promise<SiteSeo>;
  /**
   * The banners live now, in display order, and the next instant (ms) at which that set changes (a start or
   * an end), or null: a page showing them may be kept until then at most.
   */
  banners(): Promise<{ items: SiteBanner[]; nextChange: number | null }>;
  /** Site search over published articles and products (every word must match), best matches first. */
  search(criteria: { query: string; pageIndex: number }): Promise<{
    items: SiteSearchHit[];
    paging: PagingOutput;
  }>;
}

export interface SiteContext {
  /** '/' or '/portal/': every link, asset and redirect is built under it. */
  basePath: string;
  /** Origin for canonical and share links (PUBLIC_ORIGIN, else the request's). */
  origin: string;
  /** The vendor's identity, contacts, filing numbers and SEO defaults (console 站点设置). */
  settings: PublicSiteSettings;
  /** Home sections, footer friendly links and the phones' consult bar (console 首页管理). */
  homeLayout: PublicHomeLayout;
  services: SiteServices;
  user: SiteUser | null;
  tenants: TenantOption[];
}
