/** Console management of articles (news base, admin only): list, detail, create, update, delete. */
import { z } from 'zod';
import { defineAction } from './action';
import {
  clearable,
  labelList,
  optionalInstant,
  optionalIntInRange,
  requestKeyField,
  versionField,
} from './admin-fields';
import { ARTICLE_STATUSES, CATEGORY_KINDS } from './constants';
import {
  cleanString,
  oneOf,
  optionalOneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  prepared,
  preparedAs,
  siteScoped,
  text,
} from './fields';
import { fileUuid } from './files';
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
  /** The category's kind: it decides the article's one address on the site (articleDetailPath). */
  categoryKind: z.enum(CATEGORY_KINDS),
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

/** What the editor autosaved for this admin and did not save yet (offered back on opening). */
export const articleAutosave = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The version it was typed on: older than the article's means someone saved since. */
  version: z.number().int(),
  snapshot: z.record(z.string(), z.unknown()),
});
export type ArticleAutosave = z.infer<typeof articleAutosave>;

export const adminArticleDetail = adminArticleListItem.extend({
  autosave: articleAutosave.nullable(),
  summary: z.string(),
  bodyHtml: z.string(),
  author: z.string(),
  source: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
});
export type AdminArticleDetail = z.infer<typeof adminArticleDetail>;

/** null or '' removes the picture. */
const optionalCover = preparedAs<string | null | undefined>()(
  (v) => (v === '' || v === null ? undefined : v),
  fileUuid.optional(),
);

const bodyHtml = prepared(
  (v) => (v === undefined || v === null ? '' : v),
  cleanString('正文').refine((v) => v.length <= ARTICLE_BODY_MAX, {
    error: messages.tooLong('正文', ARTICLE_BODY_MAX),
  }),
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

/** What an update may carry: only the fields sent change; '' or null clears an optional one. */
export const articleUpdateFields = articleFields.partial().extend({
  summary: clearable(text('摘要', 300)),
  coverFileUuid: clearable(fileUuid),
  author: clearable(text('作者', 30)),
  source: clearable(text('来源', 60)),
  seoTitle: clearable(text('SEO 标题', 80)),
  seoDescription: clearable(text('SEO 描述', 200)),
});
export type ArticleUpdateFields = z.output<typeof articleUpdateFields>;

export const inquireArticleListAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleListAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
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
  permission: 'content.read',
  scope: 'site',
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
  permission: 'articles.write',
  scope: 'site',
  summary: '新建文章（草稿、发布或定时发布）；同一 requestKey 只建一篇',
  input: siteScoped.extend(articleFields.shape).extend({ requestKey: requestKeyField }),
  item: adminArticleDetail,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateArticleAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'updateArticleAdmin',
  auth: 'admin',
  permission: 'articles.write',
  scope: 'site',
  summary: '修改文章：只改所传字段（未传的保持不变，传空值才清除）；version 不是最新时返回 409',
  input: siteScoped
    .extend(articleUpdateFields.shape)
    .extend({ articleId: positiveInt('文章编号'), version: versionField }),
  item: adminArticleDetail,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const deleteArticleAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'deleteArticleAdmin',
  auth: 'admin',
  permission: 'articles.write',
  scope: 'site',
  summary: '删除文章；version 不是最新时返回 409',
  input: siteScoped.extend({ articleId: positiveInt('文章编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

/** A signed link to the article as saved (any status) on the site layout; it opens without login until it expires. */
export const articlePreviewLink = z.object({
  /** Site path (under the base path), e.g. /preview/article/123.1764000000.<signature>. */
  path: z.string(),
  /** ISO 8601: the link answers 404 after this (ARTICLE_PREVIEW_TTL_MS after it was made). */
  expiresAt: z.string(),
});
export type ArticlePreviewLink = z.infer<typeof articlePreviewLink>;

export const createArticlePreviewAdmin = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'createArticlePreviewAdmin',
  auth: 'admin',
  permission: 'content.read',
  scope: 'site',
  summary: '生成文章预览链接（草稿、定时与下线文章亦可；链接签名且限时，无需登录即可查看）',
  input: siteScoped.extend({ articleId: positiveInt('文章编号') }),
  item: articlePreviewLink,
  result: 'list',
});
