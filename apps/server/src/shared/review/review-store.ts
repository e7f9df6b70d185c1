/**
 * The submissions' table as articles and products both read and decide it (docs/decisions/051, 069): one
 * submission (404 when gone), the queue or one target's submissions as items, a target's waiting submission, a
 * new submission kept with its audit line and notices, the decision's row, and 退回 whole. Each domain passes its table (article_review, product_review), the key and
 * column naming its target, the proposal's field the item shows as its title, and what its notices name.
 */
import {
  type ArticleReviewItem,
  type ArticleReviewState,
  messages,
  type PagingInput,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { account, type articleReview, type productReview } from '../../db/schema';
import { type Actor, changedFields, recordAudit } from '../audit';
import { pageOf, rowCount } from '../paging';
import type { Snapshot } from '../revisions';
import { type AlertChannels, announceDecided, announceSubmitted, type ReviewSubject } from './review-notices';
import { foundOr404, requirePending } from './review-rules';

/** Both tables have the same review columns (schema.ts reviewColumns) and a target column of their own. */
type ReviewTable = typeof articleReview | typeof productReview;

/** One submission as a list shows it, its target under `K` (articleId, productId). */
export type ReviewItemOf<K extends string> = Omit<ArticleReviewItem, 'articleId'> & Record<K, number>;

const submitter = alias(account, 'submitter');
const decider = alias(account, 'decider');

export const reviewStore = <T extends ReviewTable, K extends keyof T['$inferSelect'] & string>(config: {
  table: T;
  /** The target's column of `table`, and its name in the row and in the item. */
  subjectKey: K;
  subjectColumn: AnyPgColumn<{ data: number; notNull: true }>;
  /** The proposal's field the item shows as its title (title, name); also the audit detail's key. */
  titleKey: 'title' | 'name';
  subject: ReviewSubject;
}) => {
  const { table, subjectKey, subjectColumn, titleKey, subject } = config;
  // drizzle's builders do not take a generic table (T); they take the union, so `from` and `update` get `reviews`.
  const reviews: ReviewTable = table;
  type ReviewRow = T['$inferSelect'];
  type Item = ReviewItemOf<K>;

  const read = (tx: Db, id: number, lock: boolean): Promise<ReviewRow> => {
    const query = tx
      .select()
      .from(reviews)
      .where(and(eq(table.siteId, SITE_ID), eq(table.id, id)));
    return foundOr404(lock ? query.for('update') : query, messages.reviewNotFound) as Promise<ReviewRow>;
  };

  const itemColumns = {
    id: table.id,
    subjectId: subjectColumn,
    title: sql<string>`${table.proposal}->>${sql.raw(`'${titleKey}'`)}`,
    state: table.state,
    submittedById: table.submittedBy,
    submittedByName: submitter.name,
    submittedAt: table.submittedAt,
    decidedByName: decider.name,
    decidedAt: table.decidedAt,
    comment: table.comment,
  };

  const toItem = ({
    id,
    subjectId,
    ...row
  }: {
    id: number;
    subjectId: number;
    title: string;
    state: ArticleReviewState;
    submittedById: number;
    submittedByName: string;
    submittedAt: Date;
    decidedByName: string | null;
    decidedAt: Date | null;
    comment: string;
  }) =>
    ({
      id,
      [subjectKey]: subjectId,
      ...row,
      title: row.title ?? '',
      submittedAt: row.submittedAt.toISOString(),
      decidedAt: row.decidedAt?.toISOString() ?? null,
    }) as Item;

  const itemsWhere = (db: Db, where: SQL | undefined) =>
    db
      .select(itemColumns)
      .from(reviews)
      .innerJoin(submitter, eq(submitter.id, table.submittedBy))
      .leftJoin(decider, eq(decider.id, table.decidedBy))
      .where(where);

  const itemOf = async (db: Db, id: number) =>
    toItem(await foundOr404(itemsWhere(db, eq(table.id, id)), messages.reviewNotFound));

  /** The queue (待审核, oldest first) or one target's submissions (newest first); the total is the count. */
  const list = async (
    db: Db,
    criteria: PagingInput & { state?: ArticleReviewState } & Partial<Record<K, number>>,
  ) => {
    const subjectId = criteria[subjectKey] as number | undefined;
    const where = and(
      eq(table.siteId, SITE_ID),
      criteria.state ? eq(table.state, criteria.state) : undefined,
      subjectId ? eq(subjectColumn, subjectId) : undefined,
    );
    const order = subjectId ? [desc(table.id)] : [asc(table.submittedAt), asc(table.id)];
    const { items, paging } = await pageOf(
      criteria,
      itemsWhere(db, where)
        .orderBy(...order)
        .$dynamic(),
      db.select(rowCount).from(reviews).where(where),
    );
    return { items: items.map(toItem), paging };
  };

  /** The target's waiting submission, if it has one (one at most). */
  const waitingFor = async (tx: Db, subjectId: number) => {
    const [waiting] = await tx
      .select({ id: table.id })
      .from(reviews)
      .where(and(eq(subjectColumn, subjectId), eq(table.state, 'pending')));
    return waiting;
  };

  /**
   * Keeps a submission of `proposal` made on `baseVersion`, with its audit line (the fields it changes against
   * `before`) and its notices; answers its id.
   */
  const submitted = async (
    tx: Db,
    actor: Actor,
    channels: AlertChannels,
    step: { subjectId: number; baseVersion: number; proposal: Snapshot; before: Snapshot; live: boolean },
  ) => {
    const { subjectId, proposal } = step;
    const [created] = await tx
      .insert(reviews)
      .values({
        siteId: SITE_ID,
        [subjectKey]: subjectId,
        baseVersion: step.baseVersion,
        proposal,
        submittedBy: actor.accountId,
      })
      .returning({ id: table.id });
    if (!created) throw new Error(`${subject.kind}_review insert returned nothing`);
    await recordAudit(tx, actor, {
      action: 'submit',
      targetType: subject.kind,
      targetId: subjectId,
      detail: {
        [titleKey]: String(proposal[titleKey]),
        reviewId: created.id,
        live: step.live,
        changes: changedFields(step.before, proposal),
      },
    });
    await announceSubmitted(tx, channels, subject, {
      reviewId: created.id,
      targetId: subjectId,
      title: String(proposal[titleKey]),
      submittedBy: actor.accountId,
    });
    return created.id;
  };

  /** Locks a waiting submission: gone → 404, already decided → 409. */
  const lockPending = async (tx: Db, reviewId: number) => requirePending(await read(tx, reviewId, true));

  const decide = (tx: Db, actor: Actor, reviewId: number, state: ArticleReviewState, comment = '') =>
    tx
      .update(reviews)
      .set({ state, comment, decidedBy: actor.accountId, decidedAt: new Date() })
      .where(eq(table.id, reviewId));

  const titleOf = (review: ReviewRow) => String(review.proposal[titleKey] ?? '');

  const decisionOf = (review: ReviewRow, actor: Actor) => ({
    reviewId: review.id,
    targetId: review[subjectKey] as number,
    submittedBy: review.submittedBy,
    decidedBy: actor.accountId,
  });

  /** 退回: the target stays as it is (a draft stays a draft, a live one stays live); the writer reads why. */
  const returnReview = async (
    db: Db,
    actor: Actor,
    input: { reviewId: number; comment: string },
    channels: AlertChannels,
  ) => {
    await db.transaction(async (tx) => {
      const review = await lockPending(tx, input.reviewId);
      await decide(tx, actor, review.id, 'returned', input.comment);
      await recordAudit(tx, actor, {
        action: 'return',
        targetType: subject.kind,
        targetId: review[subjectKey] as number,
        detail: { [titleKey]: titleOf(review), reviewId: review.id, comment: input.comment },
      });
      await announceDecided(tx, channels, subject, {
        ...decisionOf(review, actor),
        title: titleOf(review),
        decision: 'returned',
        comment: input.comment,
      });
    });
    return itemOf(db, input.reviewId);
  };

  return { read, itemOf, list, waitingFor, submitted, lockPending, decide, decisionOf, returnReview };
};
