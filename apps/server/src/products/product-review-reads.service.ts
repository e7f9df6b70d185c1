/**
 * What a reviewer reads of product submissions (docs/decisions/069): the queue or one product's submissions, one
 * submission beside what visitors see on the shelf, and the fields saved since it was submitted. The shared rules
 * (404, the fields changed since the submitted version) are in shared/review/review-rules.ts.
 */
import {
  fenToYuan,
  messages,
  type ProductReviewContent,
  type ProductReviewDetail,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentRevision, product, productReview, productTag } from '../db/schema';
import { changedSinceBase, foundOr404, lastSavedSnapshot } from '../shared/review/review-rules';
import { reviewStore } from '../shared/review/review-store';
import type { Snapshot } from '../shared/revisions';
import { productSnapshot, tagIdsOf } from './product-history.service';
import { PRODUCT_REVIEW } from './product-review-notices';

type ProductRow = typeof product.$inferSelect;

export const readProduct = (tx: Db, id: number, lock: boolean) => {
  const query = tx
    .select()
    .from(product)
    .where(and(eq(product.siteId, SITE_ID), eq(product.id, id)));
  return foundOr404(lock ? query.for('update') : query, messages.productNotFound);
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

/** The submissions of products (shared with articles: shared/review/review-store.ts). */
export const productReviews = reviewStore({
  table: productReview,
  subjectKey: 'productId',
  subjectColumn: productReview.productId,
  titleKey: 'name',
  subject: PRODUCT_REVIEW,
});
export const {
  read: readProductReview,
  itemOf: productReviewItemOf,
  list: listProductReviews,
} = productReviews;

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
