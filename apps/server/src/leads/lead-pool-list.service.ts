/** What the 公海 page reads (decision 058): the leads in the pool, and for admins its age and where leads leak. */
import {
  LEAD_KINDS,
  LEAD_POOL_REASONS,
  type LeadKind,
  type LeadPoolStats,
  leadKindLabels,
  leadPoolReasonLabels,
  type PagingInput,
  POOL_AGE_BUCKETS,
  type PoolLead,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, count, eq, gte, ilike, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, customerIntention as lead, leadClaim, leadFollowUp } from '../db/schema';
import { maskPhone } from '../shared/mask';
import { likePattern, pageOf, rowCount } from '../shared/paging';

const DAY_MS = 24 * 3600_000;

const inPool = and(eq(lead.siteId, SITE_ID), isNotNull(lead.pooledAt), isNull(lead.mergedIntoId));

/**
 * The owner the lead was last taken from: the newest 退回公海 entry of its timeline. The outer column is named
 * with its table (drizzle writes a one-table query's columns bare, which the subquery would take for its own).
 */
const previousOwner = sql<string | null>`(select a.name from lead_follow_up f
  join account a on a.id = f.owner_account_id
  where f.lead_id = customer_intention.id and f.kind = 'pool' order by f.id desc limit 1)`;

export interface PoolCriteria extends PagingInput {
  kind?: LeadKind | undefined;
  keyword?: string | undefined;
}

export const listPoolLeads = async (db: Db, criteria: PoolCriteria) => {
  const where = and(
    inPool,
    criteria.kind ? eq(lead.kind, criteria.kind) : undefined,
    criteria.keyword
      ? or(
          ilike(lead.schoolName, likePattern(criteria.keyword)),
          ilike(lead.companyName, likePattern(criteria.keyword)),
          ilike(lead.region, likePattern(criteria.keyword)),
        )
      : undefined,
  );
  const { items, paging } = await pageOf(
    criteria,
    db
      .select({
        id: lead.id,
        kind: lead.kind,
        schoolName: lead.schoolName,
        companyName: lead.companyName,
        region: lead.region,
        contactName: lead.contactName,
        phone: lead.phone,
        status: lead.status,
        reason: lead.poolReason,
        previousOwnerName: previousOwner,
        pooledAt: lead.pooledAt,
        createdAt: lead.createdAt,
      })
      .from(lead)
      .where(where)
      .orderBy(asc(lead.pooledAt), asc(lead.id))
      .$dynamic(),
    db.select(rowCount).from(lead).where(where),
  );
  const now = Date.now();
  const leads: PoolLead[] = items.map((r) => {
    const pooledAt = r.pooledAt ?? new Date(now);
    return {
      id: r.id,
      kind: r.kind,
      organisation: r.kind === 'agent' ? r.companyName : r.schoolName,
      region: r.region,
      contactName: r.contactName,
      phone: maskPhone(r.phone) ?? '',
      status: r.status,
      reason: r.reason ?? 'idle',
      previousOwnerName: r.previousOwnerName,
      pooledAt: pooledAt.toISOString(),
      poolDays: Math.floor((now - pooledAt.getTime()) / DAY_MS),
      createdAt: r.createdAt.toISOString(),
    };
  });
  return { items: leads, paging };
};

const LEAK_DAYS = 30;

export const poolStats = async (db: Db, now = new Date()): Promise<LeadPoolStats> => {
  const since = new Date(now.getTime() - LEAK_DAYS * DAY_MS);
  const ageDays = sql<number>`floor(extract(epoch from (${now.toISOString()}::timestamptz - ${lead.pooledAt})) / 86400)::int`;
  const [ages, leaks, [claimed]] = await Promise.all([
    db.select({ days: ageDays }).from(lead).where(inPool),
    db
      .select({
        owner: account.name,
        reason: leadFollowUp.note,
        kind: lead.kind,
        n: count(),
      })
      .from(leadFollowUp)
      .innerJoin(lead, eq(lead.id, leadFollowUp.leadId))
      .leftJoin(account, eq(account.id, leadFollowUp.ownerAccountId))
      .where(
        and(
          eq(leadFollowUp.siteId, SITE_ID),
          eq(leadFollowUp.kind, 'pool'),
          gte(leadFollowUp.createdAt, since),
        ),
      )
      .groupBy(account.name, leadFollowUp.note, lead.kind),
    db
      .select({ n: count() })
      .from(leadClaim)
      .where(and(eq(leadClaim.siteId, SITE_ID), gte(leadClaim.createdAt, since))),
  ]);
  let lower = -1;
  const ageRows = POOL_AGE_BUCKETS.map((bucket) => {
    const n = ages.filter(
      (a) => a.days > lower && (bucket.maxDays === null || a.days <= bucket.maxDays),
    ).length;
    lower = bucket.maxDays ?? lower;
    return { key: bucket.key, label: bucket.label, count: n };
  });
  const sum = (pick: (row: (typeof leaks)[number]) => string) => {
    const totals = new Map<string, number>();
    for (const row of leaks) totals.set(pick(row), (totals.get(pick(row)) ?? 0) + Number(row.n));
    return totals;
  };
  const owners = sum((r) => r.owner ?? '—');
  const reasons = sum((r) => r.reason);
  const kinds = sum((r) => r.kind);
  return {
    inPool: ages.length,
    ages: ageRows,
    byOwner: [...owners]
      .sort((a, b) => b[1] - a[1])
      .map(([name, n]) => ({ key: name, label: name, count: n })),
    byReason: LEAD_POOL_REASONS.map((r) => ({
      key: r,
      label: leadPoolReasonLabels[r],
      count: reasons.get(leadPoolReasonLabels[r]) ?? 0,
    })),
    byKind: LEAD_KINDS.map((k) => ({ key: k, label: leadKindLabels[k], count: kinds.get(k) ?? 0 })),
    returned30d: leaks.reduce((n, r) => n + Number(r.n), 0),
    claimed30d: Number(claimed?.n ?? 0),
  };
};
