/** Categories as the site links to them (the console's tree is category-admin.service.ts). */
import { type CategoryKind, SITE_ID, type SiteCategory } from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { category } from '../db/schema';

const siteColumns = { id: category.id, kind: category.kind, name: category.name, slug: category.slug };

/** In the console's order; every kind when none is given. */
export const listSiteCategories = (db: Db, kind?: CategoryKind): Promise<SiteCategory[]> =>
  db
    .select(siteColumns)
    .from(category)
    .where(kind ? and(eq(category.siteId, SITE_ID), eq(category.kind, kind)) : eq(category.siteId, SITE_ID))
    .orderBy(asc(category.sort), asc(category.id));

export const findSiteCategory = async (db: Db, id: number): Promise<SiteCategory | null> => {
  const [row] = await db
    .select(siteColumns)
    .from(category)
    .where(and(eq(category.siteId, SITE_ID), eq(category.id, id)));
  return row ?? null;
};
