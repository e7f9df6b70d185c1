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
  BusinessCode,
  messages,
  type PagingInput,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { account, article, articleReview, contentRevision } from '../db/schema';
import { BusinessError } from '../shared/errors';
import { pageOf, rowCount } from '../shared/paging';
import type { Snapshot } from '../shared/revisions';
import { articleSnapshot, isLiveStatus } from './article-lifecycle.service';

type ArticleRow = typeof article.$inferSelect;

/** The first row the query answers, else 404 with this message. */
const foundOr404 = async <T>(rows: PromiseLike<T[]>, message: string): Promise<T> => {
  const [row] = await rows;
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, message);
  return row;
};

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

/** The article's newest saved revision (autosaves are not saves) that also meets `which`. */
const lastRevision = async (db: Db, articleId: number, which: SQL) => {
  const [last] = await db
    .select({ snapshot: contentRevision.snapshot })
    .from(contentRevision)
    .where(
      and(
        eq(contentRevision.siteId, SITE_ID),
        eq(contentRevision.targetType, 'article'),
        eq(contentRevision.targetId, articleId),
        ne(contentRevision.kind, 'autosave'),
        which,
      ),
    )
    .orderBy(desc(contentRevision.id))
    .limit(1);
  return last?.snapshot;
};

/** The fields of the article saved since `baseVersion` (the revision that version left), in snapshot order. */
export const changedSince = async (tx: Db, row: ArticleRow, baseVersion: number): Promise<string[]> => {
  if (row.version === baseVersion) return [];
  const base = await lastRevision(tx, row.id, eq(contentRevision.version, baseVersion));
  const now = articleSnapshot(row);
  const changed = Object.keys(now).filter(
    (key) => !base || JSON.stringify(base[key] ?? null) !== JSON.stringify(now[key] ?? null),
  );
  // Saved without a visible change (the same text again) still moved the version: name the save itself.
  return changed.length > 0 ? changed : ['version'];
};

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
  const last = await lastRevision(
    db,
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
