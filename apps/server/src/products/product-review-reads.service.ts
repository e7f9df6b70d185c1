/**
 * What a reviewer reads of product submissions (docs/decisions/069): the queue or one product's submissions, one
 * submission beside what visitors see on the shelf, and the fields saved since it was submitted. The shared rules
 * (404, the fields changed since the submitted version) are in shared/review/review-rules.ts.
 */
import {
  type ArticleReviewState,
  fenToYuan,
  messages,
  type PagingInput,
  type ProductReviewContent,
  type ProductReviewDetail,
  type ProductReviewItem,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { account, contentRevision, product, productReview, productTag } from '../db/schema';
import { pageOf, rowCount } from '../shared/paging';
import { changedSinceBase, foundOr404, lastSavedSnapshot } from '../shared/review/review-rules';
import type { Snapshot } from '../shared/revisions';
import { productSnapshot, tagIdsOf } from './product-history.service';

type ProductRow = typeof product.$inferSelect;

export const readProduct = (tx: Db, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(product)
    .where(and(eq(product.siteId, SITE_ID), eq(product.id, id)));
  return foundOr404(lock ? query.for('update') : query, messages.productNotFound);
};

export const readProductReview = (tx: Db, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(productReview)
    .where(and(eq(productReview.siteId, SITE_ID), eq(productReview.id, id)));
  return foundOr404(lock ? query.for('update') : query, messages.reviewNotFound);
};

/** The product as its revisions keep it (with its tags). */
export const snapshotOf = async (tx: Db, row: ProductRow) => productSnapshot(row, await tagIdsOf(tx, row.id));

/** The fields of the product saved since `baseVersion` (the revision that version left). */
export const productChangedSince = async (tx: Db, row: ProductRow, baseVersion: number) =>
  changedSinceBase(
    tx,
    { type: 'product', id: row.id, version: row.version },
    baseVersion,
    await snapshotOf(tx, row),
  );

const submitter = alias(account, 'submitter');
const decider = alias(account, 'decider');

const itemColumns = {
  id: productReview.id,
  productId: productReview.productId,
  title: sql<string>`${productReview.proposal}->>'name'`,
  state: productReview.state,
  submittedById: productReview.submittedBy,
  submittedByName: submitter.name,
  submittedAt: productReview.submittedAt,
  decidedByName: decider.name,
  decidedAt: productReview.decidedAt,
  comment: productReview.comment,
};

type ItemRow = Omit<ProductReviewItem, 'submittedAt' | 'decidedAt' | 'state'> & {
  state: ArticleReviewState;
  submittedAt: Date;
  decidedAt: Date | null;
};

const toItem = (row: ItemRow): ProductReviewItem => ({
  ...row,
  title: row.title ?? '',
  submittedAt: row.submittedAt.toISOString(),
  decidedAt: row.decidedAt?.toISOString() ?? null,
});

const itemsWhere = (db: Db, where: SQL | undefined) =>
  db
    .select(itemColumns)
    .from(productReview)
    .innerJoin(submitter, eq(submitter.id, productReview.submittedBy))
    .leftJoin(decider, eq(decider.id, productReview.decidedBy))
    .where(where);

export const productReviewItemOf = async (db: Db, id: number) =>
  toItem(await foundOr404(itemsWhere(db, eq(productReview.id, id)), messages.reviewNotFound));

/** The queue (待审核, oldest first) or one product's submissions (newest first); the total is the count. */
export const listProductReviews = async (
  db: Db,
  criteria: PagingInput & { state?: ArticleReviewState; productId?: number },
) => {
  const where = and(
    eq(productReview.siteId, SITE_ID),
    criteria.state ? eq(productReview.state, criteria.state) : undefined,
    criteria.productId ? eq(productReview.productId, criteria.productId) : undefined,
  );
  const order = criteria.productId
    ? [desc(productReview.id)]
    : [asc(productReview.submittedAt), asc(productReview.id)];
  const { items, paging } = await pageOf(
    criteria,
    itemsWhere(db, where)
      .orderBy(...order)
      .$dynamic(),
    db.select(rowCount).from(productReview).where(where),
  );
  return { items: items.map(toItem), paging };
};

/** A snapshot as the reviewer compares it: the price with its unit, tag names, specs as lines of text. */
const reviewContent = async (db: Db, s: Snapshot): Promise<ProductReviewContent> => {
  const tagIds = (s.tagIds as number[] | null) ?? [];
  const tags =
    tagIds.length === 0
      ? []
      : await db
          .select({ name: productTag.name })
          .from(productTag)
          .where(inArray(productTag.id, tagIds))
          .orderBy(asc(productTag.sort), asc(productTag.id));
  const specs = (s.specs as { name: string; value: string }[] | null) ?? [];
  return {
    name: String(s.name ?? ''),
    price: `¥${fenToYuan(Number(s.priceFen ?? 0))}/${String(s.priceUnit ?? '')}`,
    summary: String(s.summary ?? ''),
    detailHtml: String(s.detailHtml ?? ''),
    tags: tags.map((t) => t.name),
    specs: specs.map((spec) => `${spec.name}：${spec.value}`).join('\n'),
  };
};

/** What visitors see: the product on the shelf, else its last 上架 revision, else nothing (never on the shelf). */
const shelfContent = async (db: Db, row: ProductRow) => {
  const last = await lastSavedSnapshot(
    db,
    'product',
    row.id,
    eq(sql`${contentRevision.snapshot}->>'status'`, 'published'),
  );
  return last ? reviewContent(db, last) : null;
};

export const getProductReview = async (db: Db, id: number): Promise<ProductReviewDetail> => {
  const review = await readProductReview(db, id, false);
  const row = await readProduct(db, review.productId, false);
  return {
    ...(await productReviewItemOf(db, id)),
    proposal: await reviewContent(db, review.proposal),
    published: await shelfContent(db, row),
    live: row.status === 'published',
    changedSinceSubmit:
      review.state === 'pending' ? await productChangedSince(db, row, review.baseVersion) : [],
  };
};
