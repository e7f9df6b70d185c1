/**
 * The two kinds a 待审核 queue holds (decisions 051, 069): articles and products, read and decided through their
 * own calls but shown the same way: a list, a drawer with the word diff per field, 通过 / 退回.
 */
import type { ArticleReviewItem, ProductReviewItem } from '@yuexun/contract';
import type { PagedResult } from '@yuexun/request';
import type { MessageId } from '../../../locales/intl';
import { approveReview, getReview, listReviews, returnReview } from '../../../services/article-review';
import {
  approveProductReview,
  getProductReview,
  listProductReviews,
  returnProductReview,
} from '../../../services/product-review';

export type ReviewKind = 'article' | 'product';

/** A submission as the drawer shows it, whatever its kind. */
export interface ReviewView {
  title: string;
  state: string;
  submittedByName: string;
  submittedAt: string;
  live: boolean;
  changedSinceSubmit: string[];
  /** Per compared field: its label, what visitors see, what is proposed. */
  fields: { key: string; label: MessageId; before: unknown; after: unknown }[];
}

type Paging = { pageIndex?: number; pageSize?: number };

interface ReviewCalls {
  list: (paging: Paging) => Promise<PagedResult<AnyReviewItem>>;
  get: (reviewId: number) => Promise<ReviewView>;
  approve: (reviewId: number) => Promise<unknown>;
  sendBack: (reviewId: number, comment: string) => Promise<unknown>;
  /** The queue's first column (文章标题 / 产品名称). */
  titleLabel: MessageId;
  /** What the drawer says of a live target, of approving, and once approved. */
  liveLabel: MessageId;
  newLabel: MessageId;
  approveLabel: MessageId;
  approveConfirm: MessageId;
  approved: MessageId;
  /** The access flag that lets one decide. */
  access: 'canPublishArticles' | 'canPublishProducts';
}

const ARTICLE_FIELDS = [
  ['title', 'field.title'],
  ['summary', 'field.summary'],
  ['bodyHtml', 'field.bodyHtml'],
  ['tags', 'field.tags'],
] as const;
/** A product's fields under the product form's own labels (产品名称, 价格（元）, 产品简介 …). */
const PRODUCT_FIELDS = [
  ['name', 'products.name'],
  ['price', 'products.price'],
  ['summary', 'products.summary'],
  ['detailHtml', 'products.detail'],
  ['specs', 'products.specs'],
  ['tags', 'products.tags'],
] as const;

export const REVIEW_KINDS: Record<ReviewKind, ReviewCalls> = {
  article: {
    list: (paging) => listReviews({ ...paging, state: 'pending' }),
    get: async (id) => {
      const r = await getReview(id);
      return {
        ...r,
        fields: ARTICLE_FIELDS.map(([key, label]) => ({
          key,
          label,
          before: r.published?.[key] ?? '',
          after: r.proposal[key],
        })),
      };
    },
    approve: approveReview,
    sendBack: returnReview,
    titleLabel: 'articles.title',
    liveLabel: 'review.live',
    newLabel: 'review.new',
    approveLabel: 'review.approve',
    approveConfirm: 'review.approveConfirm',
    approved: 'review.approved',
    access: 'canPublishArticles',
  },
  product: {
    list: (paging) => listProductReviews({ ...paging, state: 'pending' }),
    get: async (id) => {
      const r = await getProductReview(id);
      return {
        ...r,
        fields: PRODUCT_FIELDS.map(([key, label]) => ({
          key,
          label,
          before: r.published?.[key] ?? '',
          after: r.proposal[key],
        })),
      };
    },
    approve: approveProductReview,
    sendBack: returnProductReview,
    titleLabel: 'products.name',
    liveLabel: 'review.product.live',
    newLabel: 'review.product.new',
    approveLabel: 'review.product.approve',
    approveConfirm: 'review.product.approveConfirm',
    approved: 'review.product.approved',
    access: 'canPublishProducts',
  },
};

export type AnyReviewItem = ArticleReviewItem | ProductReviewItem;

/** The field names a 409 or the drawer's warning lists, by kind (the server's snapshot keys). */
export const changedFieldLabel = (kind: ReviewKind, field: string): MessageId =>
  (kind === 'product' && field === 'tagIds' ? 'field.tags' : `field.${field}`) as MessageId;
