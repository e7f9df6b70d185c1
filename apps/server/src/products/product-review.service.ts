/**
 * Review before publishing for products (docs/decisions/069), the articles' mechanism (051) on the shelf. A writer
 * without products.publish submits: a 未上架 product is saved with what they typed, as any save; a product on the
 * shelf is left as visitors see it and the change waits in the submission. A publisher approves (the proposal is
 * applied and the product goes on the shelf) or returns it with a comment. The shared rules (decided once, no
 * self-approval unless the site allows it, 409 when saved since) and the notices are in shared/review/.
 */
import { BusinessCode, messages, type Permission, type ProductUpdateFields } from '@yuexun/contract';
import type { Db } from '../db/client';
import { product } from '../db/schema';
import { updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { type AlertChannels, announceDecided } from '../shared/review/review-notices';
import { refuseChanged, refuseSelfApproval } from '../shared/review/review-rules';
import { type Snapshot, toSnapshot } from '../shared/revisions';
import { checkReferences, updateAdminProduct, updatedValues } from './product-admin.service';
import { contentFromSnapshot, recordProductRevision, relink } from './product-history.service';
import { PRODUCT_REVIEW } from './product-review-notices';
import {
  productChangedSince,
  productReviewItemOf,
  productReviews,
  readProduct,
  snapshotOf,
} from './product-review-reads.service';

type ProductRow = typeof product.$inferSelect;

/** Chinese names of the fields a 409 lists (the product form's labels). */
const FIELD_LABELS: Record<string, string> = {
  name: '产品名称',
  summary: '产品简介',
  priceFen: '价格',
  priceUnit: '计价单位',
  coverFileUuid: '封面',
  galleryFileUuids: '产品图集',
  detailHtml: '产品详情',
  specs: '规格',
  status: '上架状态',
  sort: '排序',
  tagIds: '产品标签',
};

/** What a submission proposes: the product's revision snapshot without the shelf status. */
const contentOf = async (tx: Db, row: ProductRow): Promise<Snapshot> => {
  const { status: _s, ...content } = await snapshotOf(tx, row);
  return content;
};

/**
 * 提交审核. A 未上架 product is saved with the fields sent, as any save; a product on the shelf keeps what
 * visitors see and the change is kept in the submission only. One waiting submission per product.
 */
export const submitProductReview = async (
  db: Db,
  actor: Actor,
  input: Omit<ProductUpdateFields, 'status'> & { productId: number; version: number },
  held: readonly Permission[],
  channels: AlertChannels,
) => {
  const { productId, version, ...fields } = input;
  await checkReferences(db, fields);
  const id = await db.transaction(async (tx) => {
    const row = await readProduct(tx, productId, true);
    if (row.version !== version) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    if (await productReviews.waitingFor(tx, productId))
      throw new BusinessError(BusinessCode.CONFLICT, messages.productReviewAlreadyPending);
    const live = row.status === 'published';
    const typed = Object.values(fields).some((v) => v !== undefined);
    if (!live && typed) await updateAdminProduct(tx, actor, productId, version, fields, held);
    const current = !live && typed ? await readProduct(tx, productId, false) : row;
    const before = await contentOf(tx, row);
    const proposal = live
      ? toSnapshot({
          ...before,
          ...updatedValues(fields),
          ...(fields.tagIds ? { tagIds: [...fields.tagIds].sort((a, b) => a - b) } : {}),
        })
      : await contentOf(tx, current);
    return productReviews.submitted(tx, actor, channels, {
      subjectId: productId,
      baseVersion: current.version,
      proposal,
      before,
      live,
    });
  });
  return productReviewItemOf(db, id);
};

const { lockPending, decide, decisionOf } = productReviews;

/** 审核通过: applies the proposal and puts the product on the shelf, in one transaction. */
export const approveProductReview = async (
  db: Db,
  actor: Actor,
  input: { reviewId: number },
  channels: AlertChannels,
) => {
  await db.transaction(async (tx) => {
    const review = await lockPending(tx, input.reviewId);
    await refuseSelfApproval(tx, actor, review, messages.productReviewSelfApproval);
    const row = await readProduct(tx, review.productId, true);
    const changed = await productChangedSince(tx, row, review.baseVersion);
    if (changed.length > 0) refuseChanged(changed, FIELD_LABELS, messages.productReviewChangedSinceSubmit);
    const before = await snapshotOf(tx, row);
    const set = { ...contentFromSnapshot(review.proposal, row), status: 'published' as const };
    const tagIds = (review.proposal.tagIds as number[] | null) ?? [];
    await updateVersioned(tx, actor, {
      table: product,
      id: row.id,
      version: row.version,
      missing: { field: 'reviewId', message: messages.productNotFound },
      targetType: 'product',
      change: () => ({
        set,
        action: 'approve',
        detail: { name: set.name, reviewId: review.id, changes: changedFields(before, { ...set, tagIds }) },
      }),
      after: async (t) => {
        await relink(t, row.id, tagIds);
        await recordProductRevision(t, actor, row.id, 'approve');
      },
    });
    await decide(tx, actor, review.id, 'approved');
    await announceDecided(tx, channels, PRODUCT_REVIEW, {
      ...decisionOf(review, actor),
      title: String(review.proposal.name ?? ''),
      decision: 'approved',
      comment: '',
    });
  });
  return productReviewItemOf(db, input.reviewId);
};

/** 退回: the product stays as it is (未上架 stays so, a product on the shelf is unchanged); the writer reads why. */
export const returnProductReview = productReviews.returnReview;
