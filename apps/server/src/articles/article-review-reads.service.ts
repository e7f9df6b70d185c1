/**
 * What a reviewer reads of the submissions (docs/decisions/051): the queue or one article's submissions, one
 * submission beside what visitors see now, and the fields saved since it was submitted. The decisions are in
 * article-review.service.ts.
 */
import { type ArticleReviewContent, type ArticleReviewDetail, messages, SITE_ID } from '@yuexun/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, articleReview, contentRevision } from '../db/schema';
import { changedSinceBase, foundOr404, lastSavedSnapshot } from '../shared/review/review-rules';
import { reviewStore } from '../shared/review/review-store';
import type { Snapshot } from '../shared/revisions';
import { articleSnapshot, isLiveStatus } from './article-lifecycle.service';
import { ARTICLE_REVIEW } from './article-review-notices';

type ArticleRow = typeof article.$inferSelect;

export const readArticle = (tx: Db, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(article)
    .where(and(eq(article.siteId, SITE_ID), eq(article.id, id)));
  return foundOr404(lock ? query.for('update') : query, messages.articleNotFound);
};

/** The fields of the article saved since `baseVersion` (the revision that version left), in snapshot order. */
export const changedSince = (tx: Db, row: ArticleRow, baseVersion: number): Promise<string[]> =>
  changedSinceBase(
    tx,
    { type: 'article', id: row.id, version: row.version },
    baseVersion,
    articleSnapshot(row),
  );

/** The submissions of articles (shared with products: shared/review/review-store.ts). */
export const articleReviews = reviewStore({
  table: articleReview,
  subjectKey: 'articleId',
  subjectColumn: articleReview.articleId,
  titleKey: 'title',
  subject: ARTICLE_REVIEW,
});
export const { read: readReview, itemOf, list: listArticleReviews } = articleReviews;

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
