/** Articles of every section (news base, public actions): news, cases, solutions, profile, service, download, agent, security. Implemented by server/src/articles. */
import { z } from 'zod';
import { defineAction } from './action';
import { CATEGORY_KINDS } from './constants';
import { optionalPositiveInt, optionalText, positiveInt, siteScoped } from './fields';
import { pagingInput } from './paging';

export const categoryRef = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(CATEGORY_KINDS),
});
export type CategoryRef = z.infer<typeof categoryRef>;

export const articleListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** File uuid of the cover picture, shown through viewPic.file; null when the article has none. */
  coverFileUuid: z.string().nullable(),
  /** ISO 8601 instant (UTC); clients show it in Asia/Shanghai. */
  publishTime: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  tags: z.array(z.string()),
  author: z.string(),
  source: z.string(),
  viewCount: z.number().int(),
});
export type ArticleListItem = z.infer<typeof articleListItem>;

export const articleNeighbour = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const articleDetail = articleListItem.extend({
  /** Sanitised on write; safe to render as HTML. */
  bodyHtml: z.string(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  /** When its content was last edited after it went live (ISO 8601), null if never: shown as 更新于. */
  editedAt: z.string().nullable(),
  previous: articleNeighbour,
  next: articleNeighbour,
  /** From the top-level category down to the article's own. */
  categoryPath: z.array(categoryRef),
});
export type ArticleDetail = z.infer<typeof articleDetail>;

export const articleListCriteria = siteScoped.extend(pagingInput.shape).extend({
  categoryId: optionalPositiveInt('栏目编号'),
  keyword: optionalText('关键词', 50),
  tag: optionalText('标签', 30),
});
export type ArticleListCriteria = z.infer<typeof articleListCriteria>;

export const inquireArticleListByCondition = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleListByCondition',
  auth: 'public',
  summary: '按栏目、关键词、标签分页查询已发布文章',
  input: articleListCriteria,
  item: articleListItem,
  result: 'paged',
});

export const inquireArticleDetailByCondition = defineAction({
  base: 'news',
  version: 'v1.0',
  name: 'inquireArticleDetailByCondition',
  auth: 'public',
  summary: '查询已发布文章详情（正文、上一篇/下一篇、栏目路径），并计一次阅读',
  input: siteScoped.extend({ articleId: positiveInt('文章编号') }),
  item: articleDetail,
  result: 'list',
});
