/**
 * Review before publishing (docs/decisions/051): a writer without `articles.publish` submits an article (提交审核);
 * staff with it see the queue (待审核), read the submission beside what the site shows, and approve (publishes) or
 * return it with a comment. Approving a submission whose article changed since answers 409 with the fields.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalInstant, versionField } from './admin-fields';
import { articleUpdateFields } from './articles-admin';
import { ARTICLE_REVIEW_STATES } from './constants';
import { optionalOneOf, optionalPositiveInt, positiveInt, siteScoped, text } from './fields';
import { pagingInput } from './paging';

export const ARTICLE_REVIEW_COMMENT_MAX = 500;

/** The content a submission proposes, as text the reviewer compares (status and dates stay the reviewer's). */
export const articleReviewContent = z.object({
  title: z.string(),
  summary: z.string(),
  bodyHtml: z.string(),
  author: z.string(),
  source: z.string(),
  tags: z.array(z.string()),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
});
export type ArticleReviewContent = z.infer<typeof articleReviewContent>;

export const articleReviewItem = z.object({
  id: z.number().int(),
  articleId: z.number().int(),
  /** The proposed title. */
  title: z.string(),
  state: z.enum(ARTICLE_REVIEW_STATES),
  submittedById: z.number().int(),
  submittedByName: z.string(),
  submittedAt: z.string(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The reviewer's comment on a return ('' otherwise). */
  comment: z.string(),
});
export type ArticleReviewItem = z.infer<typeof articleReviewItem>;

export const articleReviewDetail = articleReviewItem.extend({
  proposal: articleReviewContent,
  /** What visitors see now (the live article), or the last published revision; null if never published. */
  published: articleReviewContent.nullable(),
  /** Whether the article is on the site now: a live article stays live until the approval. */
  live: z.boolean(),
  /** Fields of the article saved since the submission (approval answers 409 while any). */
  changedSinceSubmit: z.array(z.string()),
});
export type ArticleReviewDetail = z.infer<typeof articleReviewDetail>;

/** The content fields a submission may carry: the editor's form, without status and publish time. */
const proposedFields = articleUpdateFields.omit({ status: true, publishTime: true });

export const submitArticleReviewAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'submitArticleReviewAdmin',
  auth: 'admin',
  permission: 'articles.write',
  scope: 'site',
  summary:
    '提交审核：未发布的文章先保存所传字段；已发布的文章保持线上内容不变，改动随提交等待审核。version 不是最新时返回 409',
  input: siteScoped
    .extend(proposedFields.shape)
    .extend({ articleId: positiveInt('文章编号'), version: versionField }),
  item: articleReviewItem,
  result: 'list',
  mutates: true,
});

export const inquireArticleReviewListAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleReviewListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '审核提交列表（默认待审核，最早提交的在前），分页；总数即待审核数',
  input: siteScoped.extend(pagingInput.shape).extend({
    state: optionalOneOf('审核状态', ARTICLE_REVIEW_STATES),
    articleId: optionalPositiveInt('文章编号'),
  }),
  item: articleReviewItem,
  result: 'paged',
});

export const inquireArticleReviewDetailAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleReviewDetailAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '审核提交详情：提交的内容与网站上的版本（供逐词对比）、提交后文章是否又有改动',
  input: siteScoped.extend({ reviewId: positiveInt('审核编号') }),
  item: articleReviewDetail,
  result: 'list',
});

export const approveArticleReviewAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'approveArticleReviewAdmin',
  auth: 'admin',
  permission: 'articles.publish',
  scope: 'site',
  summary:
    '审核通过并发布（publishTime 为将来时间则定时发布）；提交后文章又被修改时返回 409 并列出改动的字段',
  input: siteScoped.extend({
    reviewId: positiveInt('审核编号'),
    publishTime: optionalInstant('发布时间'),
  }),
  item: articleReviewItem,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const returnArticleReviewAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'returnArticleReviewAdmin',
  auth: 'admin',
  permission: 'articles.publish',
  scope: 'site',
  summary: '退回提交并附意见；文章不变（未发布的仍是草稿，已发布的线上内容不变），撰稿人在编辑器里看到意见',
  input: siteScoped.extend({
    reviewId: positiveInt('审核编号'),
    comment: text('退回意见', ARTICLE_REVIEW_COMMENT_MAX),
  }),
  item: articleReviewItem,
  result: 'list',
  mutates: true,
});
