/**
 * Follow-ups: a salesperson records a call, visit, WeChat, e-mail or note with the next follow-up date;
 * the lead's next date becomes that one, earlier reminders are dropped and a new one is queued for it
 * (lead-notices.ts). Also the read receipt (seen) and the 新线索 badge.
 */
import {
  BusinessCode,
  type FollowUpKind,
  leadOrganisation,
  messages,
  pipelineMessages,
  SITE_ID,
} from '@yuexun/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import type { Actor } from '../shared/audit';
import { getAdminLead } from './lead-admin.service';
import type { LeadNotices } from './lead-notices';
import { writeTimeline } from './lead-timeline';
import { type LeadOwnerLimit, ownedLeads } from './lead-visibility';

export interface FollowUpInput {
  leadId: number;
  version: number;
  kind: FollowUpKind;
  note: string;
  nextAt?: Date;
}

export const addFollowUp = async (db: Db, actor: Actor, input: FollowUpInput, notices: LeadNotices) => {
  const nextAt = input.nextAt ?? null;
  if (nextAt && nextAt.getTime() <= Date.now())
    throw fieldError(BusinessCode.BAD_REQUEST, 'nextAt', pipelineMessages.nextAtPast);
  await updateVersioned(db, actor, {
    table: lead,
    id: input.leadId,
    version: input.version,
    missing: { field: 'leadId', message: messages.leadNotFound },
    targetType: 'lead',
    change: (before) => {
      if (nextAt && (before.status === 'won' || before.status === 'lost'))
        throw fieldError(BusinessCode.BAD_REQUEST, 'nextAt', pipelineMessages.closedLead);
      return {
        action: 'follow_up',
        // The latest follow-up's date is the lead's next one; a follow-up without one clears it.
        set: { nextFollowUpAt: nextAt, seenAt: before.seenAt ?? new Date() },
        detail: {
          name: leadOrganisation(before),
          followUp: input.kind,
          ...(nextAt ? { nextAt: nextAt.toISOString() } : {}),
        },
      };
    },
    after: async (tx, updated) => {
      const id = await writeTimeline(tx, {
        leadId: updated.id,
        kind: input.kind,
        accountId: actor.accountId,
        note: input.note,
        nextAt,
      });
      await notices.cancelReminders(tx, updated.id);
      if (nextAt) await notices.queueReminder(tx, updated.id, id, nextAt);
    },
  });
  return getAdminLead(db, input.leadId);
};

/** The first opening of a lead in the console: not an edit (no version, no audit row). */
export const markLeadSeen = async (db: Db, leadId: number, limit: LeadOwnerLimit) => {
  const [row] = await db
    .update(lead)
    .set({ seenAt: sql`coalesce(${lead.seenAt}, now())` })
    .where(and(eq(lead.siteId, SITE_ID), eq(lead.id, leadId), ownedLeads(limit)))
    .returning({ id: lead.id });
  if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'leadId', messages.leadNotFound);
  return row;
};

/** New leads nobody has opened yet or nobody owns; limited to an owner, that owner's unopened new leads. */
export const leadBadgeCount = async (db: Db, limit: LeadOwnerLimit) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(lead)
    .where(
      and(
        eq(lead.siteId, SITE_ID),
        eq(lead.status, 'new'),
        limit === null ? or(isNull(lead.seenAt), isNull(lead.ownerAccountId)) : isNull(lead.seenAt),
        ownedLeads(limit),
      ),
    );
  return row?.count ?? 0;
};
