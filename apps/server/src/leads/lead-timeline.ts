/**
 * A lead's timeline (lead_follow_up): what a salesperson recorded (call, visit, note … with the next
 * follow-up date) and the status changes and assignments written in the same transaction as those edits.
 */
import {
  FOLLOW_UP_KINDS,
  type LeadStatus,
  type LeadTimelineEntry,
  SITE_ID,
  type TimelineKind,
} from '@yuexun/contract';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { account, leadFollowUp } from '../db/schema';

export interface TimelineWrite {
  leadId: number;
  kind: TimelineKind;
  /** Null for the system (a routing rule on arrival). */
  accountId: number | null;
  note?: string;
  nextAt?: Date | null;
  statusFrom?: LeadStatus;
  statusTo?: LeadStatus;
  ownerAccountId?: number | null;
  ruleName?: string;
}

/** Appends one entry; answers its id. */
export const writeTimeline = async (tx: Db, entry: TimelineWrite) => {
  const [row] = await tx
    .insert(leadFollowUp)
    .values({ siteId: SITE_ID, ...entry, note: entry.note ?? '' })
    .returning({ id: leadFollowUp.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
};

const author = alias(account, 'author');
const owner = alias(account, 'owner');

const timelineColumns = {
  id: leadFollowUp.id,
  leadId: leadFollowUp.leadId,
  kind: leadFollowUp.kind,
  note: leadFollowUp.note,
  nextAt: leadFollowUp.nextAt,
  accountId: leadFollowUp.accountId,
  accountName: author.name,
  statusFrom: leadFollowUp.statusFrom,
  statusTo: leadFollowUp.statusTo,
  ownerName: owner.name,
  ruleName: leadFollowUp.ruleName,
  createdAt: leadFollowUp.createdAt,
};

const selectTimeline = (db: Db, leadIds: number[]) =>
  db
    .select(timelineColumns)
    .from(leadFollowUp)
    .leftJoin(author, eq(author.id, leadFollowUp.accountId))
    .leftJoin(owner, eq(owner.id, leadFollowUp.ownerAccountId))
    .where(and(eq(leadFollowUp.siteId, SITE_ID), inArray(leadFollowUp.leadId, leadIds)));

/** Newest first (the same second: the later entry first). */
export const listTimeline = async (db: Db, leadId: number): Promise<LeadTimelineEntry[]> => {
  const rows = await selectTimeline(db, [leadId]).orderBy(
    desc(leadFollowUp.createdAt),
    desc(leadFollowUp.id),
  );
  return rows.map(({ leadId: _leadId, ...r }) => ({
    ...r,
    nextAt: r.nextAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  }));
};

export type LeadTimelineRow = Awaited<ReturnType<typeof selectTimeline>>[number];

/** Every entry of these leads' timelines, oldest first: their history in order (个人信息请求's copy). */
export const timelinesOfLeads = async (db: Db, leadIds: number[]): Promise<LeadTimelineRow[]> =>
  leadIds.length === 0 ? [] : selectTimeline(db, leadIds).orderBy(leadFollowUp.createdAt, leadFollowUp.id);

/** The lead's latest recorded follow-up (call, visit, note …): the one whose next date counts. */
export const latestFollowUp = async (db: Db, leadId: number) =>
  (
    await db
      .select({ id: leadFollowUp.id, nextAt: leadFollowUp.nextAt, note: leadFollowUp.note })
      .from(leadFollowUp)
      .where(and(eq(leadFollowUp.leadId, leadId), inArray(leadFollowUp.kind, FOLLOW_UP_KINDS)))
      .orderBy(desc(leadFollowUp.id))
      .limit(1)
  )[0];
