/**
 * Review before publishing for products (issue 35, docs/decisions/051 and 069): the articles' mechanism on the
 * product shelf. A writer without `products.publish` submits a product (提交审核); a product on the shelf stays
 * as visitors see it while its change waits. Staff with `products.publish` read the submission beside the
 * shelf's version (name, price, summary, detail) and approve (上架) or return it with a comment. The item and
 * the states are the articles' (one submission shape for both queues).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { ARTICLE_REVIEW_COMMENT_MAX, articleReviewItem } from './article-review';
import { ARTICLE_REVIEW_STATES } from './constants';
import { optionalOneOf, optionalPositiveInt, positiveInt, siteScoped, text } from './fields';
import { pagingInput } from './paging';
import { productUpdateFields } from './products-admin';

/** The content a product submission proposes, as text the reviewer compares (the price with its unit). */
export const productReviewContent = z.object({
  name: z.string(),
  /** 「¥19800.00/校/年」: price and unit as visitors read them. */
  price: z.string(),
  summary: z.string(),
  detailHtml: z.string(),
  tags: z.array(z.string()),
  specs: z.string(),
});
export type ProductReviewContent = z.infer<typeof productReviewContent>;

/** One submission in the queue: the articles' item with the product in place of the article. */
export const productReviewItem = articleReviewItem
  .omit({ articleId: true })
  .extend({ productId: z.number().int() });
export type ProductReviewItem = z.infer<typeof productReviewItem>;

export const productReviewDetail = productReviewItem.extend({
  proposal: productReviewContent,
  /** What visitors see now (the product on the shelf), or its last 上架 revision; null if never on the shelf. */
  published: productReviewContent.nullable(),
  /** Whether the product is on the shelf now: it stays there, unchanged, until the approval. */
  live: z.boolean(),
  /** Fields of the product saved since the submission (approval answers 409 while any). */
  changedSinceSubmit: z.array(z.string()),
});
export type ProductReviewDetail = z.infer<typeof productReviewDetail>;

/** The content fields a submission may carry: the product form, without the shelf status. */
const proposedFields = productUpdateFields.omit({ status: true });

export const submitProductReviewAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'submitProductReviewAdmin',
  auth: 'admin',
  permission: 'products.write',
  scope: 'site',
  summary:
    '产品提交审核：未上架的产品先保存所传字段；已上架的产品保持线上内容不变，改动随提交等待审核。version 不是最新时返回 409',
  input: siteScoped
    .extend(proposedFields.shape)
    .extend({ productId: positiveInt('产品编号'), version: versionField }),
  item: productReviewItem,
  result: 'list',
  mutates: true,
});

export const inquireProductReviewListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireProductReviewListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '产品审核提交列表（默认待审核，最早提交的在前），分页；总数即待审核数',
  input: siteScoped.extend(pagingInput.shape).extend({
    state: optionalOneOf('审核状态', ARTICLE_REVIEW_STATES),
    productId: optionalPositiveInt('产品编号'),
  }),
  item: productReviewItem,
  result: 'paged',
});

export const inquireProductReviewDetailAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireProductReviewDetailAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary:
    '产品审核提交详情：提交的内容与网站上的版本（名称、价格、简介、详情，供逐词对比）、提交后产品是否又有改动',
  input: siteScoped.extend({ reviewId: positiveInt('审核编号') }),
  item: productReviewDetail,
  result: 'list',
});

export const approveProductReviewAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'approveProductReviewAdmin',
  auth: 'admin',
  permission: 'products.publish',
  scope: 'site',
  summary: '产品审核通过并上架；提交后产品又被修改时返回 409 并列出改动的字段',
  input: siteScoped.extend({ reviewId: positiveInt('审核编号') }),
  item: productReviewItem,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const returnProductReviewAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'returnProductReviewAdmin',
  auth: 'admin',
  permission: 'products.publish',
  scope: 'site',
  summary: '退回产品提交并附意见；产品不变（未上架的仍未上架，已上架的线上内容不变）',
  input: siteScoped.extend({
    reviewId: positiveInt('审核编号'),
    comment: text('退回意见', ARTICLE_REVIEW_COMMENT_MAX),
  }),
  item: productReviewItem,
  result: 'list',
  mutates: true,
});
