/**
 * Articles as the console manages them: every status, the editor's fields, publish rules,
 * idempotent create, versioned update and delete, each write with its audit row.
 */
import {
  type AdminArticleDetail,
  type AdminArticleListItem,
  type ArticleFields,
  type ArticleStatus,
  type ArticleUpdateFields,
  BusinessCode,
  messages,
  type PagingInput,
  type Permission,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, category, file } from '../db/schema';
import { definedOnly, orEmpty } from '../shared/admin/partial';
import { createAudited } from '../shared/admin/request-key';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { likePattern, pageOf, rowCount } from '../shared/paging';
import { autosaveOf } from '../shared/revisions';
import { sanitizeRichText } from '../shared/rich-text';
import {
  deleteArticleToBin,
  firstLiveOf,
  recordArticleRevision,
  requirePublishFor,
} from './article-lifecycle.service';

const columns = {
  id: article.id,
  title: article.title,
  categoryId: article.categoryId,
  categoryName: category.name,
  categoryKind: category.kind,
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
  status: row.status,
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
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select(columns)
      .from(article)
      .innerJoin(category, eq(category.id, article.categoryId))
      .where(where)
      .orderBy(desc(article.updatedAt), desc(article.id))
      .$dynamic(),
    db.select(rowCount).from(article).innerJoin(category, eq(category.id, article.categoryId)).where(where),
  );
  return { items: rows.map(toItem), paging };
};

const notFound = () => fieldError(BusinessCode.NOT_FOUND, 'articleId', messages.articleNotFound);

/** One article for the editor, with what `viewerId` autosaved of it and did not save yet. */
export const getAdminArticle = async (db: Db, id: number, viewerId?: number): Promise<AdminArticleDetail> => {
  const [row] = await db
    .select(detailColumns)
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(and(eq(article.siteId, SITE_ID), eq(article.id, id)));
  if (!row) throw notFound();
  const autosave = viewerId === undefined ? null : await autosaveOf(db, viewerId, 'article', id);
  return { ...toItem(row), autosave };
};

/** Resolves the stored publish time from the chosen status (the editor's three buttons). */
const publishTimeFor = (
  fields: Pick<ArticleFields, 'status' | 'publishTime'>,
  now: Date,
  existing?: { status: string; publishTime: Date; firstPublishedAt: Date | null },
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
    // Re-saving or republishing keeps the first publish date; a first publish dates it now.
    const firstLive = existing && firstLiveOf(existing);
    return firstLive && firstLive <= now ? firstLive : now;
  }
  return given ?? existing?.publishTime ?? now;
};

export const checkReferences = async (
  db: Db,
  fields: { categoryId?: number; coverFileUuid?: string | null },
) => {
  if (fields.categoryId !== undefined) {
    const [cat] = await db
      .select({ id: category.id })
      .from(category)
      .where(and(eq(category.siteId, SITE_ID), eq(category.id, fields.categoryId)));
    if (!cat) throw fieldError(BusinessCode.BAD_REQUEST, 'categoryId', messages.categoryNotFound);
  }
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
  firstPublishedAt: fields.status === 'published' || fields.status === 'scheduled' ? publishTime : null,
});

/** The columns an update sets: only the fields it was sent. */
export const updatedValues = (fields: ArticleUpdateFields) =>
  definedOnly({
    categoryId: fields.categoryId,
    title: fields.title,
    summary: orEmpty(fields.summary, ''),
    bodyHtml: fields.bodyHtml === undefined ? undefined : sanitizeRichText(fields.bodyHtml),
    coverFileUuid: orEmpty(fields.coverFileUuid, null),
    tags: fields.tags,
    author: orEmpty(fields.author, ''),
    source: orEmpty(fields.source, ''),
    seoTitle: orEmpty(fields.seoTitle, null),
    seoDescription: orEmpty(fields.seoDescription, null),
    sort: fields.sort,
  });

/** Status and publish time of an update: absent status keeps both (a live article stays live). */
const updatedPublishing = (
  fields: ArticleUpdateFields,
  before: { status: ArticleStatus; publishTime: Date; firstPublishedAt: Date | null },
): { status?: ArticleStatus; publishTime?: Date; firstPublishedAt?: Date | null } => {
  if (fields.status === undefined && fields.publishTime === undefined) return {};
  const status = fields.status ?? before.status;
  const publishTime = publishTimeFor({ status, publishTime: fields.publishTime }, new Date(), before);
  const goesLive = status === 'published' || status === 'scheduled';
  return {
    status,
    publishTime,
    firstPublishedAt: firstLiveOf(before) ?? (goesLive ? publishTime : null),
  };
};

export const createAdminArticle = async (
  db: Db,
  actor: Actor,
  fields: ArticleFields & { requestKey: string },
  held: readonly Permission[],
): Promise<AdminArticleDetail> => {
  requirePublishFor(held, fields.status);
  await checkReferences(db, fields);
  const values = storedValues(fields, publishTimeFor(fields, new Date()));
  const id = await createAudited(db, actor, {
    table: article,
    values: { ...values, siteId: SITE_ID, requestKey: fields.requestKey },
    targetType: 'article',
    detail: { title: values.title, status: values.status },
    after: (tx, created) => recordArticleRevision(tx, actor, created, 'create'),
  });
  return getAdminArticle(db, id);
};

export const updateAdminArticle = async (
  db: Db,
  actor: Actor,
  id: number,
  version: number,
  fields: ArticleUpdateFields,
  held: readonly Permission[],
): Promise<AdminArticleDetail> => {
  await checkReferences(db, fields);
  await updateVersioned(db, actor, {
    table: article,
    id,
    version,
    missing: { field: 'articleId', message: messages.articleNotFound },
    targetType: 'article',
    change: (before) => {
      requirePublishFor(held, before.status, fields.status);
      const values = { ...updatedValues(fields), ...updatedPublishing(fields, before) };
      return {
        set: values,
        detail: { title: values.title ?? before.title, changes: changedFields(before, values) },
      };
    },
    after: (tx) => recordArticleRevision(tx, actor, id, 'update'),
  });
  return getAdminArticle(db, id);
};

/** Delete goes to the recycle bin (restorable for RECYCLE_BIN_DAYS days). */
export const deleteAdminArticle = deleteArticleToBin;
