/**
 * 公海 (decision 058): leads go back to the pool (no owner, pooledAt set) when nobody followed them up in time
 * (lead-pool-job.ts), when their owner leaves (`returnLeadsToPool`, called by the leaver job) or by hand; a
 * salesperson claims one back within a daily limit. Every step is on the lead's timeline and in the audit log;
 * the owner who lost leads gets a notice in the bell (shared/staff-notices.ts).
 */
import {
  BusinessCode,
  CLOSED_LEAD_STATUSES,
  type LeadPoolReason,
  leadOrganisation,
  leadPoolReasonLabels,
  messages,
  poolMessages,
  SITE_ID,
} from '@yuexun/contract';
import { and, count, eq, inArray, isNotNull, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog, customerIntention as lead, leadClaim } from '../db/schema';
import { inTransaction } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { queueStaffNotices } from '../shared/staff-notices';
import { queueOwnerChanged } from './lead-owner-changed';
import { requireLeadOwner } from './lead-owners';
import { readPoolSettings } from './lead-pool-settings.service';
import { writeTimeline } from './lead-timeline';

/** Where the owner's notice leads: the lead list of leads without an owner. */
const POOL_LINK = '/content/lead-pool';

/** Open leads that may go to the pool: owned, not already there, not merged away, neither won nor lost. */
export const poolableLeads = (...more: (SQL | undefined)[]) =>
  and(
    eq(lead.siteId, SITE_ID),
    isNotNull(lead.ownerAccountId),
    isNull(lead.pooledAt),
    isNull(lead.mergedIntoId),
    notInArray(lead.status, [...CLOSED_LEAD_STATUSES]),
    ...more,
  );

export interface PoolMove {
  reason: LeadPoolReason;
  /** Who did it; null for the system (the recycling job, the leaver job). */
  actor: Actor | null;
  /** Idle leads: the period that ran out, for the owner's notice. */
  days?: number;
}

/**
 * Puts the open leads matching `where` back in the pool in the caller's transaction (or a new one): one
 * timeline entry per lead naming the owner it was taken from, one audit row per lead, one notice per owner.
 * Answers the ids moved.
 */
export const moveToPool = (db: Db, where: SQL | undefined, move: PoolMove): Promise<number[]> =>
  inTransaction(db, async (tx) => {
    const rows = await tx
      .select({
        id: lead.id,
        ownerAccountId: lead.ownerAccountId,
        kind: lead.kind,
        schoolName: lead.schoolName,
        companyName: lead.companyName,
      })
      .from(lead)
      .where(poolableLeads(where))
      .orderBy(lead.id)
      .for('update');
    if (rows.length === 0) return [];
    const now = new Date();
    await tx
      .update(lead)
      .set({
        ownerAccountId: null,
        pooledAt: now,
        poolReason: move.reason,
        nextFollowUpAt: null,
        version: sql`${lead.version} + 1`,
        updatedAt: now,
      })
      .where(
        inArray(
          lead.id,
          rows.map((r) => r.id),
        ),
      );
    const note = leadPoolReasonLabels[move.reason];
    await queueOwnerChanged(
      tx,
      rows.map((r) => r.id),
    );
    for (const row of rows) {
      await writeTimeline(tx, {
        leadId: row.id,
        kind: 'pool',
        accountId: move.actor?.accountId ?? null,
        ownerAccountId: row.ownerAccountId,
        note,
      });
    }
    await tx.insert(auditLog).values(
      rows.map((row) => ({
        accountId: move.actor?.accountId ?? null,
        tenantId: move.actor?.tenantId ?? null,
        action: 'pool',
        targetType: 'lead' as const,
        targetId: String(row.id),
        detail: { name: leadOrganisation(row), reason: move.reason, fromOwnerAccountId: row.ownerAccountId },
        ipHash: move.actor?.ipHash ?? null,
      })),
    );
    const byOwner = new Map<number, typeof rows>();
    for (const row of rows) {
      if (row.ownerAccountId === null) continue;
      byOwner.set(row.ownerAccountId, [...(byOwner.get(row.ownerAccountId) ?? []), row]);
    }
    for (const [ownerId, owned] of byOwner) {
      const names = owned.map((r) => leadOrganisation(r) || `#${r.id}`);
      const name =
        names.length > 3 ? `${names.slice(0, 3).join('、')} 等 ${names.length} 条线索` : names.join('、');
      await queueStaffNotices(tx, [ownerId], {
        kind: 'lead-pooled',
        title: poolMessages.noticeTitle,
        body: poolMessages.noticeBody(name, move.reason, move.days),
        link: POOL_LINK,
      });
    }
    return rows.map((r) => r.id);
  });

export interface ReturnLeadsToPool {
  /** The owner whose open leads go back (a leaver). */
  ownerId: number;
  reason: LeadPoolReason;
  /** Who did it; null for the system (the leaver job). */
  actor: Actor | null;
}

/**
 * The service for other features (the leaver job of the directory sync): every open lead of `ownerId` goes back
 * to the 公海, on each lead's timeline, audited, the owner told. Runs in the caller's transaction when given one.
 */
export const returnLeadsToPool = async (db: Db, input: ReturnLeadsToPool) => {
  const leadIds = await moveToPool(db, eq(lead.ownerAccountId, input.ownerId), {
    reason: input.reason,
    actor: input.actor,
  });
  return { returned: leadIds.length, leadIds };
};

/** 退回公海 by hand (the owner, or staff who see the lead): refused for a lead without owner, closed or merged. */
export const returnLeadToPool = async (db: Db, actor: Actor, leadId: number) => {
  const [moved] = await moveToPool(db, eq(lead.id, leadId), { reason: 'manual', actor });
  if (moved === undefined)
    throw new BusinessError(BusinessCode.BAD_REQUEST, poolMessages.cannotReturn, [
      { field: 'leadId', message: poolMessages.cannotReturn },
    ]);
  return { id: moved };
};

/** Today's date in China, the day a claim counts toward. */
export const chinaDay = (at: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);

/**
 * Claims a lead from the pool for the caller: their claims of the day are counted under a lock of their own
 * (two tabs at once still count twice), and the lead is taken only while it is still in the pool (of two
 * salespeople at the same moment, the second finds it gone: exactly one wins).
 */
export const claimPoolLead = async (db: Db, actor: Actor, leadId: number) => {
  await requireLeadOwner(db, actor.accountId, 'leadId');
  const { dailyClaimLimit } = await readPoolSettings(db);
  const day = chinaDay(new Date());
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-claim:${actor.accountId}`}))`);
    const [claimed] = await tx
      .select({ n: count() })
      .from(leadClaim)
      .where(and(eq(leadClaim.accountId, actor.accountId), eq(leadClaim.day, day)));
    const today = Number(claimed?.n ?? 0);
    if (today >= dailyClaimLimit)
      throw new BusinessError(BusinessCode.BAD_REQUEST, poolMessages.dailyLimit(dailyClaimLimit));
    const now = new Date();
    const [row] = await tx
      .update(lead)
      .set({
        ownerAccountId: actor.accountId,
        pooledAt: null,
        poolReason: null,
        seenAt: sql`coalesce(${lead.seenAt}, now())`,
        version: sql`${lead.version} + 1`,
        updatedAt: now,
      })
      .where(
        and(
          eq(lead.siteId, SITE_ID),
          eq(lead.id, leadId),
          isNotNull(lead.pooledAt),
          isNull(lead.mergedIntoId),
        ),
      )
      .returning({
        id: lead.id,
        kind: lead.kind,
        schoolName: lead.schoolName,
        companyName: lead.companyName,
      });
    if (!row) {
      const [exists] = await tx
        .select({ id: lead.id })
        .from(lead)
        .where(and(eq(lead.siteId, SITE_ID), eq(lead.id, leadId)));
      throw exists
        ? new BusinessError(BusinessCode.CONFLICT, poolMessages.notInPool, [
            { field: 'leadId', message: poolMessages.notInPool },
          ])
        : new BusinessError(BusinessCode.NOT_FOUND, messages.leadNotFound, [
            { field: 'leadId', message: messages.leadNotFound },
          ]);
    }
    await tx.insert(leadClaim).values({ siteId: SITE_ID, leadId, accountId: actor.accountId, day });
    await queueOwnerChanged(tx, [leadId]);
    await writeTimeline(tx, {
      leadId,
      kind: 'claim',
      accountId: actor.accountId,
      ownerAccountId: actor.accountId,
    });
    await recordAudit(tx, actor, {
      action: 'claim',
      targetType: 'lead',
      targetId: leadId,
      detail: { name: leadOrganisation(row) },
    });
    return { id: leadId, claimedToday: today + 1, dailyClaimLimit };
  });
};
