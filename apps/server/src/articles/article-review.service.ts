/**
 * Review before publishing (docs/decisions/051). A writer without articles.publish submits: a draft is saved
 * with what they typed, a live article is left as visitors see it and the change waits in the submission. A
 * publisher approves (the proposal is applied and published, now or at a time) or returns it with a comment.
 * An article saved again since its submission cannot be approved (409 naming the fields): the reviewer would
 * publish something they did not read. Whether one may approve one's own submission is a site setting.
 * What reviewers read (the queue, one submission) is in article-review-reads.service.ts.
 */
import { type ArticleUpdateFields, BusinessCode, messages, type Permission } from '@yuexun/contract';
import type { Db } from '../db/client';
import { article } from '../db/schema';
import { updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { announceDecided } from '../shared/review/review-notices';
import { refuseChanged, refuseSelfApproval } from '../shared/review/review-rules';
import { type Snapshot, toSnapshot } from '../shared/revisions';
import { checkReferences, updateAdminArticle, updatedValues } from './article-admin.service';
import {
  articleSnapshot,
  isLiveStatus,
  recordArticleRevision,
  restorable,
  statusColumns,
} from './article-lifecycle.service';
import { type AlertChannels, ARTICLE_REVIEW } from './article-review-notices';
import { articleReviews, changedSince, itemOf, readArticle } from './article-review-reads.service';

type ArticleRow = typeof article.$inferSelect;

/** What a submission proposes: the article's content fields (its revision snapshot without status and time). */
const contentOf = (row: ArticleRow): Snapshot => {
  const { status: _s, publishTime: _t, ...content } = articleSnapshot(row);
  return content;
};

/** Chinese names of the fields a 409 lists (the editor's labels). */
const FIELD_LABELS: Record<string, string> = {
  title: '标题',
  categoryId: '栏目',
  summary: '摘要',
  bodyHtml: '正文',
  coverFileUuid: '封面',
  tags: '标签',
  author: '作者',
  source: '来源',
  seoTitle: 'SEO 标题',
  seoDescription: 'SEO 描述',
  sort: '排序',
  status: '发布状态',
  publishTime: '发布时间',
};
/**
 * 提交审核. A draft (or an article taken offline) is saved with the fields sent, as any save; a live article
 * keeps what visitors see and the change is kept in the submission only. One waiting submission per article.
 */
export const submitArticleReview = async (
  db: Db,
  actor: Actor,
  input: Omit<ArticleUpdateFields, 'status' | 'publishTime'> & { articleId: number; version: number },
  held: readonly Permission[],
  channels: AlertChannels,
) => {
  const { articleId, version, ...fields } = input;
  await checkReferences(db, fields);
  const id = await db.transaction(async (tx) => {
    const row = await readArticle(tx, articleId, true);
    if (row.version !== version) throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    if (await articleReviews.waitingFor(tx, articleId))
      throw new BusinessError(BusinessCode.CONFLICT, messages.reviewAlreadyPending);
    const live = isLiveStatus(row.status);
    const typed = Object.values(fields).some((v) => v !== undefined);
    if (!live && typed) await updateAdminArticle(tx, actor, articleId, version, fields, held);
    const current = !live && typed ? await readArticle(tx, articleId, false) : row;
    const proposal = live ? toSnapshot({ ...contentOf(row), ...updatedValues(fields) }) : contentOf(current);
    return articleReviews.submitted(tx, actor, channels, {
      subjectId: articleId,
      baseVersion: current.version,
      proposal,
      before: contentOf(row),
      live,
    });
  });
  return itemOf(db, id);
};

const { lockPending, decide, decisionOf } = articleReviews;

/** 审核通过: applies the proposal and publishes it (at `publishTime` if that is to come), in one transaction. */
export const approveArticleReview = async (
  db: Db,
  actor: Actor,
  input: { reviewId: number; publishTime?: Date },
  channels: AlertChannels,
) => {
  await db.transaction(async (tx) => {
    const review = await lockPending(tx, input.reviewId);
    await refuseSelfApproval(tx, actor, review, messages.reviewSelfApproval);
    const row = await readArticle(tx, review.articleId, true);
    const changed = await changedSince(tx, row, review.baseVersion);
    if (changed.length > 0) refuseChanged(changed, FIELD_LABELS, messages.reviewChangedSinceSubmit);
    const content = restorable(review.proposal);
    await updateVersioned(tx, actor, {
      table: article,
      id: row.id,
      version: row.version,
      missing: { field: 'reviewId', message: messages.articleNotFound },
      targetType: 'article',
      change: (before) => {
        const now = new Date();
        const status = input.publishTime && input.publishTime > now ? 'scheduled' : 'published';
        const set = { ...content, ...statusColumns(before, { status, publishTime: input.publishTime }, now) };
        return {
          set,
          at: now,
          action: 'approve',
          detail: { title: content.title, reviewId: review.id, changes: changedFields(before, set) },
        };
      },
      after: (t) => recordArticleRevision(t, actor, row.id, 'approve'),
    });
    await decide(tx, actor, review.id, 'approved');
    await announceDecided(tx, channels, ARTICLE_REVIEW, {
      ...decisionOf(review, actor),
      title: String(content.title),
      decision: 'approved',
      comment: '',
    });
  });
  return itemOf(db, input.reviewId);
};

/** 退回: the article stays as it is (a draft stays a draft, a live article stays live); the writer reads why. */
export const returnArticleReview = articleReviews.returnReview;
