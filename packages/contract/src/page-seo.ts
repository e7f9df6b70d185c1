/**
 * 页面 SEO (store base, site admins only): title, keywords and description of each fixed page (the
 * entries of the top menu: home, solutions, cases, news, price shop, service, download, agent, security
 * center, company profile) and of each category that has a list page of its own. A blank field falls
 * back: a category to its section's page, a page to its own name and text, then to the site's defaults
 * (站点设置 → 标题关键词, 网站描述). The title keeps spec §1's form: the page's (SEO) name, then the keyword list.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { CATEGORY_KINDS, type CategoryKind } from './constants';
import { fieldBounds } from './field-limits';
import { charLength, hasControlCharacters, oneOf, positiveInt, prepared, siteScoped } from './fields';
import { messages } from './messages';
import { NAV_ROUTE_KEYS, type NavRouteKey } from './nav-routes';
import { loadedVersion } from './navigation';

export const SEO_TITLE_MAX = 80;
export const SEO_KEYWORDS_MAX = 200;
export const SEO_DESCRIPTION_MAX = 300;

/** Optional text: blank clears it (the fallback applies). */
const seoText = (label: string, max: number) =>
  prepared(
    (v) => (v === undefined || v === null ? '' : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: `${label}格式不正确` })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label), abort: true })
      .refine((v) => charLength(v) <= max, { error: messages.tooLong(label, max) }),
  ).register(fieldBounds, { maxLength: max });

export const seoFields = z.object({
  title: seoText('SEO 标题', SEO_TITLE_MAX),
  keywords: seoText('SEO 关键词', SEO_KEYWORDS_MAX),
  description: seoText('SEO 描述', SEO_DESCRIPTION_MAX),
});
export type SeoValues = z.output<typeof seoFields>;

/** Fixed pages are the menu's entries; the section pages' values also serve their categories' lists. */
export const SEO_PAGE_KEYS = NAV_ROUTE_KEYS;
export type SeoPageKey = NavRouteKey;

/** The section (fixed page) a kind's category pages belong to: its name heads them, renamed or not. */
export const SECTION_PAGE_OF_KIND = {
  news: 'news',
  case: 'cases',
  profile: 'companyProfile',
  solution: 'solution',
} as const satisfies Partial<Record<CategoryKind, NavRouteKey>>;

export const pageSeoEntry = z.object({
  target: z.enum(['page', 'category']),
  /** The fixed page's key; null for a category. */
  page: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  /** The category's kind; null for a fixed page. */
  kind: z.enum(CATEGORY_KINDS).nullable(),
  name: z.string(),
  /** Where the page is on the site (site path). */
  path: z.string(),
  title: z.string(),
  keywords: z.string(),
  description: z.string(),
  /** 0 while a fixed page's values have never been saved. */
  version: z.number().int(),
});
export type PageSeoEntry = z.infer<typeof pageSeoEntry>;

/** What the site reads: the values set (blank fields included), by page key and by category id. */
export interface SiteSeo {
  pages: Partial<Record<SeoPageKey, SeoValues>>;
  categories: Record<number, SeoValues>;
}

export const inquirePageSeoListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquirePageSeoListAdmin',
  auth: 'admin',
  scope: 'site',
  permission: 'settings.read',
  summary: '各固定页面与有列表页的栏目的 SEO 标题、关键词、描述（空值表示沿用上一级或站点默认值）',
  input: siteScoped,
  item: pageSeoEntry,
  result: 'list',
});

export const updatePageSeoAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updatePageSeoAdmin',
  auth: 'admin',
  scope: 'site',
  permission: 'settings.write',
  summary: '保存一个固定页面的 SEO（带加载时的版本号，从未保存过为 0；版本过期 409）',
  input: siteScoped.extend(seoFields.shape).extend({
    page: oneOf('页面', SEO_PAGE_KEYS),
    version: loadedVersion,
  }),
  item: pageSeoEntry,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateCategorySeoAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateCategorySeoAdmin',
  auth: 'admin',
  scope: 'site',
  permission: 'settings.write',
  summary: '保存一个栏目列表页的 SEO（带栏目的版本号；版本过期 409；没有列表页的栏目返回 400）',
  input: siteScoped.extend(seoFields.shape).extend({
    categoryId: positiveInt('栏目编号'),
    version: versionField,
  }),
  item: pageSeoEntry,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const pageSeoMessages = {
  categoryWithoutPage: '这个栏目没有自己的列表页，无需设置 SEO；它的文章沿用所在页面的设置',
} as const;
