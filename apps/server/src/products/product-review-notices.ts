/**
 * What a product's review step announces (decision 069): the shared notices (shared/review/review-notices.ts)
 * with the product's permission, queue and editor.
 */
import { reviewNoticeText } from '@yuexun/contract';
import type { ReviewSubject } from '../shared/review/review-notices';

export const PRODUCT_REVIEW: ReviewSubject = {
  kind: 'product',
  label: reviewNoticeText.productLabel,
  publish: 'products.publish',
  queueLink: '/content/articles?tab=review&kind=product',
  queueName: reviewNoticeText.productQueue,
  editorLink: (productId) => `/content/products?edit=${productId}`,
};
