/** Shapes of the demo content. The content files under content/ are plain data in Chinese. */
import type { CategoryKind } from '@yuexun/contract';

export interface SeedCategory {
  /** Fixed ids: the original's routes use them (news 1881, cases 1351, company profile 1). */
  id: number;
  kind: CategoryKind;
  name: string;
  /** English key of a fixed section page (e.g. areaCloud); absent for ordinary categories. */
  slug?: string;
  parentId?: number;
  sort: number;
}

export interface SeedArticle {
  categoryId: number;
  title: string;
  summary: string;
  /** Simple HTML (p, h2, h3, ul/ol/li, strong, em, blockquote, table); sanitised again when seeded. */
  bodyHtml: string;
  author: string;
  source: string;
  /** ISO 8601 with the +08:00 offset, e.g. 2026-03-18T09:30:00+08:00 */
  publishTime: string;
  tags: string[];
  /** Smaller first; default 100. */
  sort?: number;
  status?: 'published' | 'draft' | 'scheduled';
  seoTitle?: string;
  seoDescription?: string;
  /** Name of a generated cover picture style; see covers in issue 4. */
  cover?: string;
}

export interface SeedProductTag {
  name: string;
  sort: number;
}

export interface SeedProduct {
  name: string;
  summary: string;
  priceFen: number;
  priceUnit: string;
  detailHtml: string;
  specs: { name: string; value: string }[];
  /** Names of SeedProductTag entries. */
  tags: string[];
  sort: number;
  status?: 'published' | 'draft';
}
