/** Revisions, article status changes, autosave and the recycle bin (news base, admin). */
import {
  type AdminArticleDetail,
  autosaveArticleAdmin,
  changeArticleStatusAdmin,
  inquireRecycleBinAdmin,
  inquireRevisionDetailAdmin,
  inquireRevisionListAdmin,
  type RevisionDetail,
  type RevisionSummary,
  type RevisionTarget,
  restoreFromRecycleBinAdmin,
  restoreRevisionAdmin,
} from '@yuexun/contract';
import type { ArticleForm } from './articles';
import { call, callList, JSON_BODY } from './client';

export const listRevisions = async (targetType: RevisionTarget, targetId: number) =>
  (await call(inquireRevisionListAdmin, { targetType, targetId })).datas as RevisionSummary[];

export const getRevision = async (targetType: RevisionTarget, targetId: number, revisionId: number) =>
  (await call(inquireRevisionDetailAdmin, { targetType, targetId, revisionId })).datas[0] as RevisionDetail;

export const restoreRevision = async (
  targetType: RevisionTarget,
  targetId: number,
  revisionId: number,
  version: number,
) =>
  (await call(restoreRevisionAdmin, { targetType, targetId, revisionId, version })).datas[0] as {
    id: number;
    version: number;
  };

export type ArticleTransition = 'published' | 'scheduled' | 'offline' | 'draft';

export const changeArticleStatus = async (
  article: Pick<AdminArticleDetail, 'id' | 'version'>,
  status: ArticleTransition,
  publishTime?: string,
) =>
  // JSON: the publish time goes out as ISO text (the typed form call expects the parsed Date).
  (
    await call(
      changeArticleStatusAdmin,
      { articleId: article.id, version: article.version, status, publishTime },
      JSON_BODY,
    )
  ).datas[0] as { id: number; version: number; status: string };

/** Quiet: a failed autosave is retried by the next one, and the local copy keeps the text meanwhile. */
export const autosaveArticle = async (articleId: number, version: number, form: Partial<ArticleForm>) =>
  (await call(autosaveArticleAdmin, { ...form, articleId, version }, { ...JSON_BODY, quiet: true }))
    .datas[0] as {
    id: number;
    at: string;
  };

export type RecycleQuery = Parameters<typeof callList<typeof inquireRecycleBinAdmin>>[1];

export const listRecycleBin = (query: RecycleQuery) => callList(inquireRecycleBinAdmin, query);

export const restoreFromRecycleBin = (entryId: number) => call(restoreFromRecycleBinAdmin, { entryId });
