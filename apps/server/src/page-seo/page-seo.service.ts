/**
 * SEO of the fixed pages (page_seo, one row per page once saved) and of the categories with a list
 * page (columns of the category): listed together for the console, saved one page or category at a
 * time with its version and an audit line, read by the site through the public read cache.
 */
import {
  BusinessCode,
  CATEGORY_KINDS,
  categoryListPath,
  messages,
  NAV_ROUTES,
  type PageSeoEntry,
  pageSeoMessages,
  type SectionNames,
  type SeoPageKey,
  type SeoValues,
  SITE_ID,
  type SiteSeo,
  sectionNames,
} from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { category, pageSeo, siteNavigation } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';

type CategoryRow = Pick<
  typeof category.$inferSelect,
  'id' | 'kind' | 'name' | 'slug' | 'seoTitle' | 'seoKeywords' | 'seoDescription' | 'version'
>;

const categoryColumns = {
  id: category.id,
  kind: category.kind,
  name: category.name,
  slug: category.slug,
  seoTitle: category.seoTitle,
  seoKeywords: category.seoKeywords,
  seoDescription: category.seoDescription,
  version: category.version,
};

const pageEntry = (
  page: SeoPageKey,
  names: SectionNames,
  row: { title: string; keywords: string; description: string; version: number } | undefined,
): PageSeoEntry => {
  const route = NAV_ROUTES.find((r) => r.key === page);
  return {
    target: 'page',
    page,
    categoryId: null,
    kind: null,
    // The name the site gives the page: its menu entry's, as renamed in 导航菜单.
    name: names[page],
    path: route?.path ?? '/',
    title: row?.title ?? '',
    keywords: row?.keywords ?? '',
    description: row?.description ?? '',
    version: row?.version ?? 0,
  };
};

const categoryEntry = (row: CategoryRow, path: string): PageSeoEntry => ({
  target: 'category',
  page: null,
  categoryId: row.id,
  kind: row.kind,
  name: row.name,
  path,
  title: row.seoTitle,
  keywords: row.seoKeywords,
  description: row.seoDescription,
  version: row.version,
});

const pathOf = (row: Pick<CategoryRow, 'kind' | 'id' | 'slug'>) =>
  categoryListPath(row.kind, row.id, row.slug);

const pageRows = (db: Db) => db.select().from(pageSeo).where(eq(pageSeo.siteId, SITE_ID));

/**
 * The fixed pages' names as the site shows them (SiteServices.sectionNames): the saved menu's labels, else
 * the defaults. Read from the table, as domains do not import each other.
 */
const savedSectionNames = async (db: Db) => {
  const [row] = await db
    .select({ items: siteNavigation.items })
    .from(siteNavigation)
    .where(eq(siteNavigation.siteId, SITE_ID));
  return sectionNames(row?.items ?? []);
};

const categoryRows = (db: Db) =>
  db
    .select(categoryColumns)
    .from(category)
    .where(eq(category.siteId, SITE_ID))
    .orderBy(asc(category.sort), asc(category.id));

/** Every fixed page (menu order), then the categories with a list page, by kind and order. */
export const listPageSeo = async (db: Db): Promise<PageSeoEntry[]> => {
  const [pages, categories, names] = await Promise.all([
    pageRows(db),
    categoryRows(db),
    savedSectionNames(db),
  ]);
  const byPage = new Map(pages.map((r) => [r.page, r]));
  const kindOrder = (kind: string) => CATEGORY_KINDS.indexOf(kind as (typeof CATEGORY_KINDS)[number]);
  const withPages = categories
    .map((row) => ({ row, path: pathOf(row) }))
    .filter((c): c is { row: CategoryRow; path: string } => c.path !== null)
    .sort((a, b) => kindOrder(a.row.kind) - kindOrder(b.row.kind));
  return [
    ...NAV_ROUTES.map((r) => pageEntry(r.key, names, byPage.get(r.key))),
    ...withPages.map((c) => categoryEntry(c.row, c.path)),
  ];
};

/** What the site needs: the values of saved pages and of categories with anything set. */
export const readSiteSeo = async (db: Db): Promise<SiteSeo> => {
  const [pages, categories] = await Promise.all([pageRows(db), categoryRows(db)]);
  const seo: SiteSeo = { pages: {}, categories: {} };
  for (const r of pages)
    seo.pages[r.page as SeoPageKey] = { title: r.title, keywords: r.keywords, description: r.description };
  for (const r of categories)
    if (r.seoTitle || r.seoKeywords || r.seoDescription)
      seo.categories[r.id] = { title: r.seoTitle, keywords: r.seoKeywords, description: r.seoDescription };
  return seo;
};

export const savePageSeo = async (
  db: Db,
  actor: Actor,
  page: SeoPageKey,
  version: number,
  values: SeoValues,
): Promise<PageSeoEntry> => {
  const names = await savedSectionNames(db);
  const name = names[page];
  await db.transaction(async (tx) => {
    if (version === 0) {
      // The page's first save creates its row; a concurrent first save makes this one stale.
      const [created] = await tx
        .insert(pageSeo)
        .values({ siteId: SITE_ID, page, ...values })
        .onConflictDoNothing()
        .returning({ id: pageSeo.id });
      if (!created) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
      const blank = { title: '', keywords: '', description: '' };
      await recordAudit(tx, actor, {
        action: 'create',
        targetType: 'page_seo',
        targetId: created.id,
        detail: { name, page, changes: changedFields(blank, values) },
      });
      return;
    }
    const [row] = await tx
      .select({ id: pageSeo.id })
      .from(pageSeo)
      .where(and(eq(pageSeo.siteId, SITE_ID), eq(pageSeo.page, page)));
    if (!row) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    await updateVersioned(tx, actor, {
      table: pageSeo,
      id: row.id,
      version,
      missing: { message: messages.staleVersion },
      targetType: 'page_seo',
      change: (before) => ({ set: values, detail: { name, page, changes: changedFields(before, values) } }),
    });
  });
  const [saved] = await db
    .select()
    .from(pageSeo)
    .where(and(eq(pageSeo.siteId, SITE_ID), eq(pageSeo.page, page)));
  return pageEntry(page, names, saved);
};

export const saveCategorySeo = async (
  db: Db,
  actor: Actor,
  categoryId: number,
  version: number,
  values: SeoValues,
): Promise<PageSeoEntry> => {
  await updateVersioned(db, actor, {
    table: category,
    id: categoryId,
    version,
    missing: { field: 'categoryId', message: messages.categoryNotFound },
    targetType: 'category',
    change: (before) => {
      if (pathOf(before) === null)
        throw fieldError(BusinessCode.BAD_REQUEST, 'categoryId', pageSeoMessages.categoryWithoutPage);
      const was = {
        title: before.seoTitle,
        keywords: before.seoKeywords,
        description: before.seoDescription,
      };
      return {
        set: { seoTitle: values.title, seoKeywords: values.keywords, seoDescription: values.description },
        detail: { name: before.name, changes: changedFields(was, values) },
      };
    },
  });
  const [row] = await db.select(categoryColumns).from(category).where(eq(category.id, categoryId));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.categoryNotFound);
  return categoryEntry(row, pathOf(row) ?? '/');
};
