/**
 * What a reviewer reads of the submissions (docs/decisions/051): the queue or one article's submissions, one
 * submission beside what visitors see now, and the fields saved since it was submitted. The decisions are in
 * article-review.service.ts.
 */
import {
  type ArticleReviewContent,
  type ArticleReviewDetail,
  type ArticleReviewItem,
  type ArticleReviewState,
  messages,
  type PagingInput,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { account, article, articleReview, contentRevision } from '../db/schema';
import { pageOf, rowCount } from '../shared/paging';
import { changedSinceBase, foundOr404, lastSavedSnapshot } from '../shared/review/review-rules';
import type { Snapshot } from '../shared/revisions';
import { articleSnapshot, isLiveStatus } from './article-lifecycle.service';

type ArticleRow = typeof article.$inferSelect;

export const readArticle = (tx: Db, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(article)
    .where(and(eq(article.siteId, SITE_ID), eq(article.id, id)));
  return foundOr404(lock ? query.for('update') : query, messages.articleNotFound);
};

export const readReview = (tx: Db, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(articleReview)
    .where(and(eq(articleReview.siteId, SITE_ID), eq(articleReview.id, id)));
  return foundOr404(lock ? query.for('update') : query, messages.reviewNotFound);
};

/** The fields of the article saved since `baseVersion` (the revision that version left), in snapshot order. */
export const changedSince = (tx: Db, row: ArticleRow, baseVersion: number): Promise<string[]> =>
  changedSinceBase(
    tx,
    { type: 'article', id: row.id, version: row.version },
    baseVersion,
    articleSnapshot(row),
  );

const submitter = alias(account, 'submitter');
const decider = alias(account, 'decider');

const itemColumns = {
  id: articleReview.id,
  articleId: articleReview.articleId,
  title: sql<string>`${articleReview.proposal}->>'title'`,
  state: articleReview.state,
  submittedById: articleReview.submittedBy,
  submittedByName: submitter.name,
  submittedAt: articleReview.submittedAt,
  decidedByName: decider.name,
  decidedAt: articleReview.decidedAt,
  comment: articleReview.comment,
};

type ItemRow = Omit<ArticleReviewItem, 'submittedAt' | 'decidedAt' | 'state'> & {
  state: ArticleReviewState;
  submittedAt: Date;
  decidedAt: Date | null;
};

const toItem = (row: ItemRow): ArticleReviewItem => ({
  ...row,
  title: row.title ?? '',
  submittedAt: row.submittedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const itemsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select(itemColumns)
    .from(articleReview)
    .innerJoin(submitter, eq(submitter.id, articleReview.submittedBy))
    .leftJoin(decider, eq(decider.id, articleReview.decidedBy))
    .where(where);

export const itemOf = async (db: Db, id: number) =>
  toItem(await foundOr404(itemsWhere(db, eq(articleReview.id, id)), messages.reviewNotFound));

/** The queue (待审核, oldest first) or one article's submissions (newest first); the total is the count. */
export const listArticleReviews = async (
  db: Db,
  criteria: PagingInput & { state?: ArticleReviewState; articleId?: number },
) => {
  const where = and(
    eq(articleReview.siteId, SITE_ID),
    criteria.state ? eq(articleReview.state, criteria.state) : undefined,
    criteria.articleId ? eq(articleReview.articleId, criteria.articleId) : undefined,
  );
  const order = criteria.articleId
    ? [desc(articleReview.id)]
    : [asc(articleReview.submittedAt), asc(articleReview.id)];
  const { items, paging } = await pageOf(
    criteria,
    itemsWhere(db, where)
      .orderBy(...order)
      .$dynamic(),
    db.select(rowCount).from(articleReview).where(where),
  );
  return { items: items.map(toItem), paging };
};

const reviewContent = (snapshot: Snapshot): ArticleReviewContent => ({
  title: String(snapshot.title ?? ''),
  summary: String(snapshot.summary ?? ''),
  bodyHtml: String(snapshot.bodyHtml ?? ''),
  author: String(snapshot.author ?? ''),
  source: String(snapshot.source ?? ''),
  tags: (snapshot.tags as string[] | null) ?? [],
  seoTitle: (snapshot.seoTitle as string | null) ?? null,
  seoDescription: (snapshot.seoDescription as string | null) ?? null,
});

/** What visitors see: the live article, else its last published revision, else nothing (never published). */
const publishedContent = async (db: Db, row: ArticleRow): Promise<ArticleReviewContent | null> => {
  const last = await lastSavedSnapshot(
    db,
    'article',
    row.id,
    inArray(sql`${contentRevision.snapshot}->>'status'`, ['published', 'scheduled']),
  );
  return last ? reviewContent(last) : null;
};

export const getArticleReview = async (db: Db, id: number): Promise<ArticleReviewDetail> => {
  const review = await readReview(db, id, false);
  const row = await readArticle(db, review.articleId, false);
  return {
    ...(await itemOf(db, id)),
    proposal: reviewContent(review.proposal),
    published: await publishedContent(db, row),
    live: isLiveStatus(row.status),
    changedSinceSubmit: review.state === 'pending' ? await changedSince(db, row, review.baseVersion) : [],
  };
};
