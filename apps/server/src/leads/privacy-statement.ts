/**
 * The 隐私政策 a visitor consents to on a lead form: the first live article of the 安全中心 category whose slug
 * is PRIVACY_SECTION_SLUG. Its id, version and last change are stored with the lead, so the statement the
 * consent referred to can be told apart from later edits.
 */
import { PRIVACY_SECTION_SLUG, SITE_ID } from '@yuexun/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, category } from '../db/schema';

export interface PrivacyStatementRef {
  id: number;
  version: number;
  updatedAt: Date;
}

/** The read cache's key for it: any staff change empties the cache, a new version included. */
export const PRIVACY_STATEMENT_CACHE_KEY = 'privacy-statement';

export const currentPrivacyStatement = async (db: Db): Promise<PrivacyStatementRef | null> => {
  const [row] = await db
    .select({ id: article.id, version: article.version, updatedAt: article.updatedAt })
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(
      and(
        eq(article.siteId, SITE_ID),
        eq(category.kind, 'security'),
        eq(category.slug, PRIVACY_SECTION_SLUG),
        inArray(article.status, ['published', 'scheduled']),
        sql`${article.publishTime} <= now()`,
      ),
    )
    .orderBy(asc(article.sort), desc(article.publishTime), asc(article.id))
    .limit(1);
  return row ?? null;
};
