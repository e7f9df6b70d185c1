/** Console management of articles (news base, admin only): list, detail, create, update, delete. */
import { z } from 'zod';
import { defineAction } from './action';
import {
  labelList,
  optionalInstant,
  optionalIntInRange,
  requestKeyField,
  versionField,
} from './admin-fields';
import { ARTICLE_STATUSES } from './constants';
import {
  oneOf,
  optionalOneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  siteScoped,
  text,
} from './fields';
import { fileUuid } from './fs';
import { messages } from './messages';
import { pagingInput } from './paging';

/** Stored bodies are sanitised on write; the limit keeps a JSON save under the body limit. */
export const ARTICLE_BODY_MAX = 100_000;
export const ARTICLE_TAGS_MAX = 10;

export const adminArticleListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  status: z.enum(ARTICLE_STATUSES),
  /** ISO 8601; for a scheduled article, when it goes live. */
  publishTime: z.string(),
  /** Published, or scheduled with its time passed: what the site shows. */
  live: z.boolean(),
  coverFileUuid: z.string().nullable(),
  tags: z.array(z.string()),
  sort: z.number().int(),
  viewCount: z.number().int(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminArticleListItem = z.infer<typeof adminArticleListItem>;

export const adminArticleDetail = adminArticleListItem.extend({
  summary: z.string(),
  bodyHtml: z.string(),
  author: z.string(),
  source: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
});
export type AdminArticleDetail = z.infer<typeof adminArticleDetail>;

const optionalCover = z.preprocess((v) => (v === '' || v === null ? undefined : v), fileUuid.optional());

const bodyHtml = z.preprocess(
  (v) => (v === undefined || v === null ? '' : v),
  z
    .string({ error: '正文格式不正确' })
    .refine((v) => v.length <= ARTICLE_BODY_MAX, { error: messages.tooLong('正文', ARTICLE_BODY_MAX) }),
);

/** What the editor sends on every save. */
export const articleFields = z.object({
  categoryId: positiveInt('栏目'),
  title: text('标题', 100),
  summary: optionalText('摘要', 300),
  bodyHtml,
  coverFileUuid: optionalCover,
  tags: labelList('标签', ARTICLE_TAGS_MAX, 20),
  author: optionalText('作者', 30),
  source: optionalText('来源', 60),
  seoTitle: optionalText('SEO 标题', 80),
  seoDescription: optionalText('SEO 描述', 200),
  sort: optionalIntInRange('排序', 0, 9999),
  status: oneOf('发布状态', ARTICLE_STATUSES),
  /** Required for scheduled; for published, blank keeps the first publish time (or now). */
  publishTime: optionalInstant('发布时间'),
});
export type ArticleFields = z.output<typeof articleFields>;

export const inquireArticleListAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleListAdmin',
  auth: 'admin',
  summary: '管理端文章列表：按标题关键词、栏目、状态筛选，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    keyword: optionalText('关键词', 50),
    categoryId: optionalPositiveInt('栏目'),
    status: optionalOneOf('发布状态', ARTICLE_STATUSES),
  }),
  item: adminArticleListItem,
  result: 'paged',
});

export const inquireArticleDetailAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleDetailAdmin',
  auth: 'admin',
  summary: '管理端文章详情（含草稿与定时文章）',
  input: siteScoped.extend({ articleId: positiveInt('文章编号') }),
  item: adminArticleDetail,
  result: 'list',
});

export const createArticleAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'createArticleAdmin',
  auth: 'admin',
  summary: '新建文章（草稿、发布或定时发布）；同一 requestKey 只建一篇',
  input: siteScoped.extend(articleFields.shape).extend({ requestKey: requestKeyField }),
  item: adminArticleDetail,
  result: 'list',
  mutates: true,
});

export const updateArticleAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'updateArticleAdmin',
  auth: 'admin',
  summary: '修改文章；version 不是最新时返回 409',
  input: siteScoped
    .extend(articleFields.shape)
    .extend({ articleId: positiveInt('文章编号'), version: versionField }),
  item: adminArticleDetail,
  result: 'list',
  mutates: true,
});

export const deleteArticleAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'deleteArticleAdmin',
  auth: 'admin',
  summary: '删除文章；version 不是最新时返回 409',
  input: siteScoped.extend({ articleId: positiveInt('文章编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
});
