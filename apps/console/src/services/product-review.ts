/** Review before publishing for products (decision 069): submit, the 待审核 queue's 产品 side, approve, return. */
import {
  type AdminProduct,
  approveProductReviewAdmin,
  inquireProductReviewDetailAdmin,
  inquireProductReviewListAdmin,
  returnProductReviewAdmin,
  submitProductReviewAdmin,
} from '@yuexun/contract';
import { callList, callOne, JSON_BODY } from './client';
import type { ProductForm } from './products';

export type ProductReviewQuery = Parameters<typeof callList<typeof inquireProductReviewListAdmin>>[1];

export const listProductReviews = (query: ProductReviewQuery, options?: { quiet?: boolean }) =>
  callList(inquireProductReviewListAdmin, query, options);

/** How many product submissions wait (the 待审核 tab's 产品 count). */
export const pendingProductReviewCount = async () =>
  (await listProductReviews({ state: 'pending', pageIndex: 1, pageSize: 1 }, { quiet: true }))
    .totalRecordCount;

/** The product's newest submission (its state and the reviewer's comment), or null. */
export const latestProductReviewOf = async (productId: number) =>
  (await listProductReviews({ productId, pageIndex: 1, pageSize: 1 }, { quiet: true })).datas[0] ?? null;

export const getProductReview = (reviewId: number) => callOne(inquireProductReviewDetailAdmin, { reviewId });

export const submitProductReview = (p: AdminProduct, form: Partial<Omit<ProductForm, 'status'>>) =>
  callOne(submitProductReviewAdmin, { ...form, productId: p.id, version: p.version }, JSON_BODY);

export const approveProductReview = (reviewId: number) => callOne(approveProductReviewAdmin, { reviewId });

export const returnProductReview = (reviewId: number, comment: string) =>
  callOne(returnProductReviewAdmin, { reviewId, comment });
