/**
 * The 来源 view: leads counted by where they came from (the contract's sourceOf, in SQL), by UTM campaign or
 * medium, or by landing page (path without the query), with how many were won and how many are still open.
 */
import {
  LEAD_SOURCE_ROWS_MAX,
  type LeadKind,
  type LeadSourceGroup,
  type LeadSourceRow,
  SITE_ID,
} from '@yuexun/contract';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead } from '../db/schema';
import { leadSource } from './lead-admin.service';
import { type LeadOwnerLimit, ownedLeads } from './lead-visibility';

const GROUPS: Record<LeadSourceGroup, SQL<string>> = {
  source: leadSource,
  campaign: sql<string>`${lead.utmCampaign}`,
  medium: sql<string>`${lead.utmMedium}`,
  landing: sql<string>`split_part(${lead.landingPage}, '?', 1)`,
};

export interface SourceCriteria {
  groupBy: LeadSourceGroup;
  kind?: LeadKind;
  from?: Date;
  to?: Date;
}

export const countLeadSources = async (
  db: Db,
  criteria: SourceCriteria,
  limit: LeadOwnerLimit,
): Promise<LeadSourceRow[]> => {
  const key = GROUPS[criteria.groupBy];
  const rows = await db
    .select({
      key,
      leads: sql<number>`count(*)::int`,
      won: sql<number>`(count(*) filter (where ${lead.status} = 'won'))::int`,
      open: sql<number>`(count(*) filter (where ${lead.status} not in ('won', 'lost')))::int`,
    })
    .from(lead)
    .where(
      and(
        eq(lead.siteId, SITE_ID),
        ownedLeads(limit),
        criteria.kind ? eq(lead.kind, criteria.kind) : undefined,
        criteria.from ? gte(lead.createdAt, criteria.from) : undefined,
        criteria.to ? lt(lead.createdAt, criteria.to) : undefined,
      ),
    )
    .groupBy(key)
    .orderBy(sql`count(*) desc`, key)
    .limit(LEAD_SOURCE_ROWS_MAX);
  return rows.map((r) => ({ ...r, key: r.key ?? '' }));
};
