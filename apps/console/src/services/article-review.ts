/** Review before publishing (decision 051): submit, the 待审核 queue, one submission, approve, return. */
import {
  approveArticleReviewAdmin,
  inquireArticleReviewDetailAdmin,
  inquireArticleReviewListAdmin,
  returnArticleReviewAdmin,
  submitArticleReviewAdmin,
} from '@yuexun/contract';
import type { ArticleForm } from './articles';
import { callList, callOne, JSON_BODY } from './client';

export type ReviewQuery = Parameters<typeof callList<typeof inquireArticleReviewListAdmin>>[1];

export const listReviews = (query: ReviewQuery, options?: { quiet?: boolean }) =>
  callList(inquireArticleReviewListAdmin, query, options);

/** How many submissions wait (the 待审核 tab's count). */
export const pendingReviewCount = async () =>
  (await listReviews({ state: 'pending', pageIndex: 1, pageSize: 1 }, { quiet: true })).totalRecordCount;

/** The article's newest submission (its state and the reviewer's comment), or null. */
export const latestReviewOf = async (articleId: number) =>
  (await listReviews({ articleId, pageIndex: 1, pageSize: 1 }, { quiet: true })).datas[0] ?? null;

export const getReview = (reviewId: number) => callOne(inquireArticleReviewDetailAdmin, { reviewId });

export const submitReview = (
  articleId: number,
  version: number,
  form: Partial<Omit<ArticleForm, 'status' | 'publishTime'>>,
) => callOne(submitArticleReviewAdmin, { ...form, articleId, version }, JSON_BODY);

export const approveReview = (reviewId: number) => callOne(approveArticleReviewAdmin, { reviewId });

export const returnReview = (reviewId: number, comment: string) =>
  callOne(returnArticleReviewAdmin, { reviewId, comment });
