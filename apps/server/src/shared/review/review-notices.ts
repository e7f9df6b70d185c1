/**
 * Who hears of a review step (issue 35), for articles and products alike: a submission is announced to the
 * vendor's staff who may publish that kind (the submitter aside), a decision to the writer who submitted (unless
 * they decided it themselves), each in the console's bell and on the site's alert channels. Written in the step's
 * transaction (the outbox), so a step rolled back announces nothing. Domains reach the channels through
 * `AlertChannels`, which the caller passes from `app.alerts` (domains never import alerts, decision 023).
 */
import { type Permission, reviewNoticeText } from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account } from '../../db/schema';
import { vendorStaffWith } from '../auth/vendor-staff';
import { queueStaffNotices } from '../staff-notices';

/** Posts a notice to every enabled alert channel (app.alerts.queueNotice). */
export type AlertChannels = (
  tx: Db,
  notice: { title: string; lines: [string, string][]; data: Record<string, unknown> },
) => Promise<void>;

/** What is reviewed: its kind (the channels' event prefix), who may publish it, and where the console shows it. */
export interface ReviewSubject {
  kind: 'article' | 'product';
  /** 文章 / 产品: the channels' line naming the target. */
  label: string;
  publish: Permission;
  /** Where the bell's notice of a submission leads (the 待审核 tab). */
  queueLink: string;
  /** How the submitter's notice names the queue (文章管理 → 待审核 …). */
  queueName?: string;
  /** Where the writer's notice of a decision leads. */
  editorLink: (targetId: number) => string;
}

const nameOf = async (tx: Db, accountId: number) =>
  (await tx.select({ name: account.name }).from(account).where(eq(account.id, accountId)))[0]?.name ?? '';

const idsOf = (subject: ReviewSubject, reviewId: number, targetId: number) => ({
  reviewId,
  [`${subject.kind}Id`]: targetId,
});

export const announceSubmitted = async (
  tx: Db,
  channels: AlertChannels,
  subject: ReviewSubject,
  step: { reviewId: number; targetId: number; title: string; submittedBy: number },
) => {
  const writer = await nameOf(tx, step.submittedBy);
  const publishers = await vendorStaffWith(tx, subject.publish);
  const text = reviewNoticeText.submitted(step.title, writer, subject.queueName);
  await queueStaffNotices(
    tx,
    publishers.map((p) => p.accountId).filter((id) => id !== step.submittedBy),
    { kind: 'review-submitted', title: text.title, body: text.body, link: subject.queueLink },
  );
  await channels(tx, {
    title: text.title,
    lines: [
      [subject.label, step.title],
      [reviewNoticeText.submitterLabel, writer],
    ],
    data: { event: `${subject.kind}.review.submitted`, ...idsOf(subject, step.reviewId, step.targetId) },
  });
};

export const announceDecided = async (
  tx: Db,
  channels: AlertChannels,
  subject: ReviewSubject,
  step: {
    reviewId: number;
    targetId: number;
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
      link: subject.editorLink(step.targetId),
    });
  const lines: [string, string][] = [
    [subject.label, step.title],
    [reviewNoticeText.submitterLabel, writer],
    [reviewNoticeText.reviewerLabel, reviewer],
  ];
  if (step.comment) lines.push([reviewNoticeText.commentLabel, step.comment]);
  await channels(tx, {
    title: text.title,
    lines,
    data: {
      event: `${subject.kind}.review.${step.decision}`,
      ...idsOf(subject, step.reviewId, step.targetId),
    },
  });
};
