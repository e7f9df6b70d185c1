/** Article management calls (news base, admin). */
import {
  type AdminArticleDetail,
  createArticleAdmin,
  deleteArticleAdmin,
  inquireArticleDetailAdmin,
  inquireArticleListAdmin,
  updateArticleAdmin,
} from '@yuexun/contract';
import { call, callJson, callList } from './client';

export type ArticleQuery = Parameters<typeof callList<typeof inquireArticleListAdmin>>[1];

export const listArticles = (query: ArticleQuery) => callList(inquireArticleListAdmin, query);

export const getArticle = async (articleId: number) =>
  (await call(inquireArticleDetailAdmin, { articleId })).datas[0] as AdminArticleDetail;

export interface ArticleForm {
  categoryId: number;
  title: string;
  summary?: string;
  bodyHtml: string;
  coverFileUuid?: string;
  tags: string[];
  author?: string;
  source?: string;
  seoTitle?: string;
  seoDescription?: string;
  sort?: number;
  status: 'draft' | 'published' | 'scheduled';
  publishTime?: string;
}

export const createArticle = async (form: ArticleForm, requestKey: string) =>
  (await callJson(createArticleAdmin, { ...form, requestKey } as never)).datas[0] as AdminArticleDetail;

export const updateArticle = async (articleId: number, version: number, form: ArticleForm) =>
  (await callJson(updateArticleAdmin, { ...form, articleId, version } as never))
    .datas[0] as AdminArticleDetail;

export const deleteArticle = (articleId: number, version: number) =>
  call(deleteArticleAdmin, { articleId, version });

/** The article's page on the site (it shows published articles only). */
export const sitePageOf = (articleId: number) => `/news/detail/${articleId}`;
