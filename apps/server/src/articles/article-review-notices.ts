/**
 * Who hears of a review step (issue 35): a submission is announced to the vendor's staff who may publish (the
 * submitter aside), a decision to the writer who submitted (unless they decided it themselves), each in the
 * console's bell and on the site's alert channels. Written in the transaction of the step (the outbox), so a
 * step rolled back announces nothing. The articles domain reaches the channels through `AlertChannels`, which
 * the caller passes from `app.alerts` (domains never import alerts, decision 023).
 */
import { reviewNoticeText } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account } from '../db/schema';
import { vendorStaffWith } from '../shared/auth/vendor-staff';
import { queueStaffNotices } from '../shared/staff-notices';

/** Posts a notice to every enabled alert channel (app.alerts.queueNotice). */
export type AlertChannels = (
  tx: Db,
  notice: { title: string; lines: [string, string][]; data: Record<string, unknown> },
) => Promise<void>;

const REVIEW_QUEUE_LINK = '/content/articles?tab=review';
const editorLink = (articleId: number) => `/content/articles/edit/${articleId}`;

const nameOf = async (tx: Db, accountId: number) =>
  (await tx.select({ name: account.name }).from(account).where(eq(account.id, accountId)))[0]?.name ?? '';

export const announceSubmitted = async (
  tx: Db,
  channels: AlertChannels,
  step: { reviewId: number; articleId: number; title: string; submittedBy: number },
) => {
  const writer = await nameOf(tx, step.submittedBy);
  const publishers = await vendorStaffWith(tx, 'articles.publish');
  const text = reviewNoticeText.submitted(step.title, writer);
  await queueStaffNotices(
    tx,
    publishers.map((p) => p.accountId).filter((id) => id !== step.submittedBy),
    { kind: 'review-submitted', title: text.title, body: text.body, link: REVIEW_QUEUE_LINK },
  );
  await channels(tx, {
    title: text.title,
    lines: [
      [reviewNoticeText.articleLabel, step.title],
      [reviewNoticeText.submitterLabel, writer],
    ],
    data: { event: 'article.review.submitted', reviewId: step.reviewId, articleId: step.articleId },
  });
};

export const announceDecided = async (
  tx: Db,
  channels: AlertChannels,
  step: {
    reviewId: number;
    articleId: number;
    title: string;
    submittedBy: number;
    decidedBy: number;
    decision: 'approved' | 'returned';
    comment: string;
  },
) => {
  const reviewer = await nameOf(tx, step.decidedBy);
  const writer = await nameOf(tx, step.submittedBy);
  const text =
    step.decision === 'approved'
      ? reviewNoticeText.approved(step.title, reviewer)
      : reviewNoticeText.returned(step.title, reviewer, step.comment);
  if (step.submittedBy !== step.decidedBy)
    await queueStaffNotices(tx, [step.submittedBy], {
      kind: step.decision === 'approved' ? 'review-approved' : 'review-returned',
      title: text.title,
      body: text.body,
      link: editorLink(step.articleId),
    });
  const lines: [string, string][] = [
    [reviewNoticeText.articleLabel, step.title],
    [reviewNoticeText.submitterLabel, writer],
    [reviewNoticeText.reviewerLabel, reviewer],
  ];
  if (step.comment) lines.push([reviewNoticeText.commentLabel, step.comment]);
  await channels(tx, {
    title: text.title,
    lines,
    data: { event: `article.review.${step.decision}`, reviewId: step.reviewId, articleId: step.articleId },
  });
};
