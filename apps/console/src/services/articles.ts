/** Article management calls (news base, admin). */
import {
  type ActionArgs,
  type AdminArticleListItem,
  articleDetailPath,
  createArticleAdmin,
  createArticlePreviewAdmin,
  deleteArticleAdmin,
  inquireArticleDetailAdmin,
  inquireArticleListAdmin,
  updateArticleAdmin,
} from '@yuexun/contract';
import { call, callList, callOne, JSON_BODY } from './client';
import { siteHref } from './site-links';

export type ArticleQuery = Parameters<typeof callList<typeof inquireArticleListAdmin>>[1];

export const listArticles = (query: ArticleQuery) => callList(inquireArticleListAdmin, query);

export const getArticle = async (articleId: number) => callOne(inquireArticleDetailAdmin, { articleId });

/** The article form's values: what createArticleAdmin takes (publish time as ISO text), minus its request key. */
export type ArticleForm = Omit<ActionArgs<typeof createArticleAdmin>, 'requestKey'>;

export const createArticle = async (form: ArticleForm, requestKey: string) =>
  callOne(createArticleAdmin, { ...form, requestKey }, JSON_BODY);

export const updateArticle = async (articleId: number, version: number, form: Partial<ArticleForm>) =>
  callOne(updateArticleAdmin, { ...form, articleId, version }, JSON_BODY);

export const deleteArticle = (articleId: number, version: number) =>
  call(deleteArticleAdmin, { articleId, version });

/** The article's one (canonical) page on the site, by its category's kind; it shows live articles only. */
export const sitePageOf = (a: Pick<AdminArticleListItem, 'id' | 'categoryKind'>) =>
  siteHref(articleDetailPath(a.categoryKind, a.id));

/** A signed, expiring link to the article as saved (any status) on the site. */
export const previewArticle = async (articleId: number) => callOne(createArticlePreviewAdmin, { articleId });
