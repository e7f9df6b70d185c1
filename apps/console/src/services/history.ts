/** Revisions, article status changes, autosave and the recycle bin (news base, admin). */
import {
  type AdminArticleDetail,
  autosaveArticleAdmin,
  changeArticleStatusAdmin,
  inquireRecycleBinAdmin,
  inquireRevisionDetailAdmin,
  inquireRevisionListAdmin,
  type RevisionTarget,
  restoreFromRecycleBinAdmin,
  restoreRevisionAdmin,
} from '@yuexun/contract';
import type { ArticleForm } from './articles';
import { call, callList, callOne, JSON_BODY } from './client';

export const listRevisions = async (targetType: RevisionTarget, targetId: number) =>
  (await call(inquireRevisionListAdmin, { targetType, targetId })).datas;

export const getRevision = async (targetType: RevisionTarget, targetId: number, revisionId: number) =>
  callOne(inquireRevisionDetailAdmin, { targetType, targetId, revisionId });

export const restoreRevision = async (
  targetType: RevisionTarget,
  targetId: number,
  revisionId: number,
  version: number,
) => callOne(restoreRevisionAdmin, { targetType, targetId, revisionId, version });

export type ArticleTransition = 'published' | 'scheduled' | 'offline' | 'draft';

export const changeArticleStatus = async (
  article: Pick<AdminArticleDetail, 'id' | 'version'>,
  status: ArticleTransition,
  publishTime?: string,
) =>
  // JSON: the publish time goes out as ISO text (the typed form call expects the parsed Date).
  callOne(
    changeArticleStatusAdmin,
    { articleId: article.id, version: article.version, status, publishTime },
    JSON_BODY,
  );

/** Quiet: a failed autosave is retried by the next one, and the local copy keeps the text meanwhile. */
export const autosaveArticle = async (articleId: number, version: number, form: Partial<ArticleForm>) =>
  callOne(autosaveArticleAdmin, { ...form, articleId, version }, { ...JSON_BODY, quiet: true });

export type RecycleQuery = Parameters<typeof callList<typeof inquireRecycleBinAdmin>>[1];

export const listRecycleBin = (query: RecycleQuery) => callList(inquireRecycleBinAdmin, query);

export const restoreFromRecycleBin = (entryId: number) => call(restoreFromRecycleBinAdmin, { entryId });
