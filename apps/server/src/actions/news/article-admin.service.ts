/**
 * Articles as the console manages them: every status, the editor's fields, publish rules,
 * idempotent create, versioned update and delete, each write with its audit row.
 */
import {
  type AdminArticleDetail,
  type AdminArticleListItem,
  type ArticleFields,
  type ArticleStatus,
  BusinessCode,
  messages,
  offsetOf,
  type PagingInput,
  SITE_ID,
  toPaging,
} from '@yuexun/contract';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, changedFields, recordAudit } from '../../audit/audit.service';
import type { Db } from '../../db/client';
import { article, category, file } from '../../db/schema';
import { sanitizeRichText } from '../../rich-text/sanitize';
import { insertOnce } from '../admin/request-key';
import { deleteVersioned, fieldError, lockVersioned } from '../admin/versioned';
import { likePattern } from './news.service';

const columns = {
  id: article.id,
  title: article.title,
  categoryId: article.categoryId,
  categoryName: category.name,
  status: article.status,
  publishTime: article.publishTime,
  live: sql<boolean>`(${article.status} in ('published', 'scheduled') and ${article.publishTime} <= now())`,
  coverFileUuid: article.coverFileUuid,
  tags: article.tags,
  sort: article.sort,
  viewCount: article.viewCount,
  updatedAt: article.updatedAt,
  version: article.version,
};

const detailColumns = {
  ...columns,
  summary: article.summary,
  bodyHtml: article.bodyHtml,
  author: article.author,
  source: article.source,
  seoTitle: article.seoTitle,
  seoDescription: article.seoDescription,
};

type Row = Omit<AdminArticleListItem, 'publishTime' | 'updatedAt' | 'status'> & {
  status: string;
  publishTime: Date;
  updatedAt: Date;
};

const toItem = <R extends Row>(row: R) => ({
  ...row,
  status: row.status as ArticleStatus,
  publishTime: row.publishTime.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface AdminArticleCriteria extends PagingInput {
  keyword?: string;
  categoryId?: number;
  status?: ArticleStatus;
}

export const listAdminArticles = async (db: Db, criteria: AdminArticleCriteria) => {
  const conditions: (SQL | undefined)[] = [eq(article.siteId, SITE_ID)];
  if (criteria.keyword) conditions.push(ilike(article.title, likePattern(criteria.keyword)));
  if (criteria.categoryId)
    conditions.push(
      or(eq(article.categoryId, criteria.categoryId), eq(category.parentId, criteria.categoryId)),
    );
  if (criteria.status) conditions.push(eq(article.status, criteria.status));
  const where = and(...conditions);
  const [rows, [count]] = await Promise.all([
    db
      .select(columns)
      .from(article)
      .innerJoin(category, eq(category.id, article.categoryId))
      .where(where)
      .orderBy(desc(article.updatedAt), desc(article.id))
      .limit(criteria.pageSize)
      .offset(offsetOf(criteria)),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(article)
      .innerJoin(category, eq(category.id, article.categoryId))
      .where(where),
  ]);
  return { items: rows.map(toItem), paging: toPaging(criteria, count?.total ?? 0) };
};

const notFound = () => fieldError(BusinessCode.NOT_FOUND, 'articleId', messages.articleNotFound);

export const getAdminArticle = async (db: Db, id: number): Promise<AdminArticleDetail> => {
  const [row] = await db
    .select(detailColumns)
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(and(eq(article.siteId, SITE_ID), eq(article.id, id)));
  if (!row) throw notFound();
  return toItem(row);
};

/** Resolves the stored publish time from the chosen status (the editor's three buttons). */
const publishTimeFor = (
  fields: ArticleFields,
  now: Date,
  existing?: { status: string; publishTime: Date },
) => {
  const given = fields.publishTime;
  if (fields.status === 'scheduled') {
    if (!given || given <= now)
      throw fieldError(BusinessCode.BAD_REQUEST, 'publishTime', messages.scheduledNeedsFutureTime);
    return given;
  }
  if (fields.status === 'published') {
    if (given && given > now)
      throw fieldError(BusinessCode.BAD_REQUEST, 'publishTime', messages.publishedTimeInFuture);
    if (given) return given;
    // Re-saving a live article keeps its date; publishing a draft dates it now.
    return existing && existing.status !== 'draft' && existing.publishTime <= now
      ? existing.publishTime
      : now;
  }
  return given ?? existing?.publishTime ?? now;
};

const checkReferences = async (db: Db, fields: ArticleFields) => {
  const [cat] = await db
    .select({ id: category.id })
    .from(category)
    .where(and(eq(category.siteId, SITE_ID), eq(category.id, fields.categoryId)));
  if (!cat) throw fieldError(BusinessCode.BAD_REQUEST, 'categoryId', messages.categoryNotFound);
  if (fields.coverFileUuid) {
    const [cover] = await db
      .select({ uuid: file.uuid })
      .from(file)
      .where(eq(file.uuid, fields.coverFileUuid));
    if (!cover) throw fieldError(BusinessCode.BAD_REQUEST, 'coverFileUuid', messages.fileNotFound);
  }
};

const storedValues = (fields: ArticleFields, publishTime: Date) => ({
  categoryId: fields.categoryId,
  title: fields.title,
  summary: fields.summary ?? '',
  bodyHtml: sanitizeRichText(fields.bodyHtml),
  coverFileUuid: fields.coverFileUuid ?? null,
  tags: fields.tags,
  author: fields.author ?? '',
  source: fields.source ?? '',
  seoTitle: fields.seoTitle ?? null,
  seoDescription: fields.seoDescription ?? null,
  sort: fields.sort ?? 100,
  status: fields.status,
  publishTime,
});

export const createAdminArticle = async (
  db: Db,
  actor: Actor,
  fields: ArticleFields & { requestKey: string },
): Promise<AdminArticleDetail> => {
  await checkReferences(db, fields);
  const values = storedValues(fields, publishTimeFor(fields, new Date()));
  const id = await db.transaction(async (tx) => {
    const created = await insertOnce(tx, article, {
      ...values,
      siteId: SITE_ID,
      requestKey: fields.requestKey,
    });
    if (!created.created) return created.id;
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: 'article',
      targetId: created.id,
      detail: { title: values.title, status: values.status },
    });
    return created.id;
  });
  return getAdminArticle(db, id);
};

export const updateAdminArticle = async (
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  fields: ArticleFields,
): Promise<AdminArticleDetail> => {
  await checkReferences(db, fields);
  await db.transaction(async (tx) => {
    const before = await lockVersioned(tx, article, id, version, {
      field: 'articleId',
      message: messages.articleNotFound,
    });
    const values = storedValues(fields, publishTimeFor(fields, new Date(), before));
    await tx
      .update(article)
      .set({ ...values, version: before.version + 1, updatedAt: new Date() })
      .where(eq(article.id, id));
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'article',
      targetId: id,
      detail: { title: values.title, changes: changedFields(before, values) },
    });
  });
  return getAdminArticle(db, id);
};

export const deleteAdminArticle = (db: Db, actor: Actor, id: number, version: number) =>
  deleteVersioned(db, actor, {
    table: article,
    id,
    version,
    notFoundMessage: messages.articleNotFound,
    targetType: 'article',
    audited: { title: article.title },
  });
