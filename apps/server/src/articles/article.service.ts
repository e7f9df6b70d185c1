/** Queries over published articles. "Visible" means published, or scheduled with its time passed. */
import {
  type ArticleDetail,
  type ArticleListCriteria,
  type ArticleListItem,
  BusinessCode,
  type CategoryRef,
  messages,
  offsetOf,
  SITE_ID,
  toPaging,
} from '@yuexun/contract';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { article, category } from '../db/schema';
import { BusinessError } from '../shared/errors';
import { likePattern } from '../shared/paging';

export const visibleArticle = () =>
  and(
    eq(article.siteId, SITE_ID),
    inArray(article.status, ['published', 'scheduled']),
    sql`${article.publishTime} <= now()`,
  );

const listColumns = {
  id: article.id,
  title: article.title,
  summary: article.summary,
  coverFileUuid: article.coverFileUuid,
  publishTime: article.publishTime,
  categoryId: article.categoryId,
  categoryName: category.name,
  tags: article.tags,
  author: article.author,
  source: article.source,
  viewCount: article.viewCount,
};

type ListRow = Omit<ArticleListItem, 'publishTime'> & { publishTime: Date };

const toListItem = (row: ListRow): ArticleListItem => ({
  ...row,
  publishTime: row.publishTime.toISOString(),
});

const listFilter = (criteria: Omit<ArticleListCriteria, 'siteId' | 'pageIndex' | 'pageSize'>) => {
  const conditions: (SQL | undefined)[] = [visibleArticle()];
  if (criteria.categoryId) {
    // A section's list includes its direct sub-categories.
    conditions.push(
      or(eq(article.categoryId, criteria.categoryId), eq(category.parentId, criteria.categoryId)),
    );
  }
  if (criteria.keyword) {
    const pattern = likePattern(criteria.keyword);
    conditions.push(or(ilike(article.title, pattern), ilike(article.summary, pattern)));
  }
  if (criteria.tag) conditions.push(sql`${criteria.tag} = any(${article.tags})`);
  return and(...conditions);
};

export const listArticles = async (db: Db, criteria: ArticleListCriteria) => {
  const where = listFilter(criteria);
  const countWhere = () =>
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(article)
      .innerJoin(category, eq(category.id, article.categoryId))
      .where(where);
  // One round trip: the total rides along as a window count; only a page past the end needs a second query.
  const rows = await db
    .select({ ...listColumns, total: sql<number>`(count(*) over ())::int` })
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(where)
    .orderBy(asc(article.sort), desc(article.publishTime), desc(article.id))
    .limit(criteria.pageSize)
    .offset(offsetOf(criteria));
  const total = rows[0]?.total ?? (criteria.pageIndex > 1 ? ((await countWhere())[0]?.total ?? 0) : 0);
  return { items: rows.map(({ total: _, ...row }) => toListItem(row)), paging: toPaging(criteria, total) };
};

const categoryPath = async (db: Db, categoryId: number): Promise<CategoryRef[]> => {
  const rows = await queryRows<CategoryRef & { depth: number }>(
    db,
    sql`
    with recursive up as (
      select id, name, kind, parent_id, 0 as depth from ${category} where id = ${categoryId}
      union all
      select c.id, c.name, c.kind, c.parent_id, up.depth + 1 from ${category} c join up on c.id = up.parent_id
      where up.depth < 10
    )
    select id, name, kind, depth from up order by depth desc`,
  );
  return rows.map(({ id, name, kind }) => ({ id, name, kind }));
};

const neighbours = async (db: Db, articleId: number, categoryId: number) => {
  const [row] = await queryRows<{
    prev_id: number | null;
    prev_title: string | null;
    next_id: number | null;
    next_title: string | null;
  }>(
    db,
    sql`
    with ordered as (
      select id,
        lag(id) over w as prev_id, lag(title) over w as prev_title,
        lead(id) over w as next_id, lead(title) over w as next_title
      from ${article}
      where ${visibleArticle()} and ${article.categoryId} = ${categoryId}
      window w as (order by sort asc, publish_time desc, id desc)
    )
    select prev_id, prev_title, next_id, next_title from ordered where id = ${articleId}`,
  );
  return {
    previous: row?.prev_id ? { id: row.prev_id, title: row.prev_title ?? '' } : null,
    next: row?.next_id ? { id: row.next_id, title: row.next_title ?? '' } : null,
  };
};

/** `anyStatus`: a signed preview shows drafts, scheduled and offline articles too (neighbours stay the live ones). */
export const getArticleDetail = async (
  db: Db,
  articleId: number,
  { anyStatus = false } = {},
): Promise<ArticleDetail> => {
  const [row] = await db
    .select({
      ...listColumns,
      bodyHtml: article.bodyHtml,
      seoTitle: article.seoTitle,
      seoDescription: article.seoDescription,
      // The last content save after it went live (status changes are not edits of the text).
      editedAt: sql<string | null>`(select max(r.at) from content_revision r
        where r.target_type = 'article' and r.target_id = "article"."id"
          and r.kind in ('update', 'restore') and r.at > "article"."publish_time")`,
    })
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(and(anyStatus ? eq(article.siteId, SITE_ID) : visibleArticle(), eq(article.id, articleId)));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.articleNotFound);
  const [path, around] = await Promise.all([
    categoryPath(db, row.categoryId),
    neighbours(db, row.id, row.categoryId),
  ]);
  return {
    ...toListItem(row),
    bodyHtml: row.bodyHtml,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    editedAt: row.editedAt === null ? null : new Date(row.editedAt).toISOString(),
    ...around,
    categoryPath: path,
  };
};

/** Every visible article's address parts and last change, for the sitemap. */
export const listVisibleArticleStamps = (db: Db) =>
  db
    .select({ id: article.id, kind: category.kind, updatedAt: article.updatedAt })
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(visibleArticle())
    .orderBy(asc(article.id));
