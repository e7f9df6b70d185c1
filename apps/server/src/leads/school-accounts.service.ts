/**
 * 客户 as staff read and correct them (decision 058): the list of schools with their leads' counts, owners and
 * latest status; a school's page (leads, contacts, owners, follow-ups, merges); confirming or changing the school a
 * lead belongs to. A member limited to their own leads (lead-visibility.ts) sees only schools and leads of theirs.
 */
import {
  accountMessages,
  BusinessCode,
  type LeadStatus,
  messages,
  type PagingInput,
  type SchoolAccount,
  type SchoolAccountDetail,
  SITE_ID,
} from '@yuexun/contract';
import { and, count, desc, eq, ilike, inArray, isNull, max, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, customerIntention as lead, leadMerge, schoolAccount } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { likePattern, pageOf } from '../shared/paging';
import { mergeView } from './lead-merge.service';
import { timelinesOfLeads, writeTimeline } from './lead-timeline';
import { type LeadOwnerLimit, ownedLeads } from './lead-visibility';
import { findOrCreateAccount, liveAccount } from './school-account-match';

const notFound = () => fieldError(BusinessCode.NOT_FOUND, 'schoolAccountId', accountMessages.notFound);

const liveLeads = (limit: LeadOwnerLimit) => and(isNull(lead.mergedIntoId), ownedLeads(limit));

const summaryColumns = {
  id: schoolAccount.id,
  name: schoolAccount.name,
  region: schoolAccount.region,
  createdAt: schoolAccount.createdAt,
  leadCount: count(lead.id),
  openLeadCount: sql<number>`count(${lead.id}) filter (where ${lead.status} not in ('won', 'lost'))`.mapWith(
    Number,
  ),
  owners: sql<
    string[] | null
  >`array_agg(distinct ${account.name}) filter (where ${account.name} is not null)`,
  latestStatus: sql<LeadStatus | null>`(array_agg(${lead.status} order by ${lead.createdAt} desc))[1]`,
  lastActivityAt: max(lead.updatedAt),
};

const summaries = (db: Db, where: ReturnType<typeof and>, limit: LeadOwnerLimit) =>
  db
    .select(summaryColumns)
    .from(schoolAccount)
    .innerJoin(lead, and(eq(lead.schoolAccountId, schoolAccount.id), liveLeads(limit)))
    .leftJoin(account, eq(account.id, lead.ownerAccountId))
    .where(where)
    .groupBy(schoolAccount.id);

type SummaryRow = Awaited<ReturnType<typeof summaries>>[number];

const toSummary = (r: SummaryRow): SchoolAccount => ({
  id: r.id,
  name: r.name,
  region: r.region,
  leadCount: Number(r.leadCount),
  openLeadCount: Number(r.openLeadCount),
  owners: (r.owners ?? []).sort(),
  latestStatus: r.latestStatus,
  lastActivityAt: r.lastActivityAt ? new Date(r.lastActivityAt).toISOString() : null,
  createdAt: r.createdAt.toISOString(),
});

export const listSchoolAccounts = async (
  db: Db,
  criteria: PagingInput & { keyword?: string | undefined },
  limit: LeadOwnerLimit,
) => {
  const where = and(
    eq(schoolAccount.siteId, SITE_ID),
    isNull(schoolAccount.mergedIntoId),
    criteria.keyword
      ? or(
          ilike(schoolAccount.name, likePattern(criteria.keyword)),
          ilike(schoolAccount.region, likePattern(criteria.keyword)),
        )
      : undefined,
  );
  const { items, paging } = await pageOf(
    criteria,
    summaries(db, where, limit)
      .orderBy(desc(max(lead.updatedAt)), desc(schoolAccount.id))
      .$dynamic(),
    db
      .select({ n: sql<number>`count(distinct ${schoolAccount.id})::int` })
      .from(schoolAccount)
      .innerJoin(lead, and(eq(lead.schoolAccountId, schoolAccount.id), liveLeads(limit)))
      .where(where),
  );
  return { items: items.map(toSummary), paging };
};

export const schoolAccountDetail = async (
  db: Db,
  id: number,
  limit: LeadOwnerLimit,
): Promise<SchoolAccountDetail> => {
  const [summary] = await summaries(
    db,
    and(eq(schoolAccount.siteId, SITE_ID), eq(schoolAccount.id, id), isNull(schoolAccount.mergedIntoId)),
    limit,
  );
  if (!summary) throw notFound();
  const leads = await db
    .select({
      id: lead.id,
      contactName: lead.contactName,
      phone: lead.phone,
      role: lead.role,
      status: lead.status,
      ownerName: account.name,
      confirmed: lead.accountConfirmed,
      pooledAt: lead.pooledAt,
      createdAt: lead.createdAt,
    })
    .from(lead)
    .leftJoin(account, eq(account.id, lead.ownerAccountId))
    .where(and(eq(lead.schoolAccountId, id), liveLeads(limit)))
    .orderBy(desc(lead.createdAt), desc(lead.id));
  const leadIds = leads.map((l) => l.id);
  const merged = leadIds.length
    ? await db
        .select({
          id: lead.id,
          into: lead.mergedIntoId,
          name: lead.contactName,
          phone: lead.phone,
          role: lead.role,
        })
        .from(lead)
        .where(inArray(lead.mergedIntoId, leadIds))
    : [];
  const contacts = new Map<string, { name: string; phone: string; role: string }>();
  for (const c of [...leads.map((l) => ({ name: l.contactName, phone: l.phone, role: l.role })), ...merged])
    if (!contacts.has(`${c.name}|${c.phone}`))
      contacts.set(`${c.name}|${c.phone}`, { name: c.name, phone: c.phone, role: c.role });
  const timeline = (await timelinesOfLeads(db, leadIds)).reverse();
  const merges = await db
    .select()
    .from(leadMerge)
    .where(
      and(
        eq(leadMerge.siteId, SITE_ID),
        or(
          and(eq(leadMerge.kind, 'school'), or(eq(leadMerge.targetId, id), eq(leadMerge.sourceId, id))),
          leadIds.length ? and(eq(leadMerge.kind, 'lead'), inArray(leadMerge.targetId, leadIds)) : undefined,
        ),
      ),
    )
    .orderBy(desc(leadMerge.id));
  return {
    account: toSummary(summary),
    leads: leads.map(({ pooledAt, ...l }) => ({
      ...l,
      inPool: pooledAt !== null,
      mergedLeadIds: merged.filter((m) => m.into === l.id).map((m) => m.id),
      createdAt: l.createdAt.toISOString(),
    })),
    contacts: [...contacts.values()],
    timeline: timeline.map((e) => ({
      ...e,
      nextAt: e.nextAt?.toISOString() ?? null,
      createdAt: e.createdAt.toISOString(),
    })),
    merges: await Promise.all(merges.map((m) => mergeView(db, m))),
  };
};

export interface LeadAccountChange {
  leadId: number;
  schoolAccountId?: number | undefined;
  schoolName?: string | undefined;
  region?: string | undefined;
}

/** Confirms the lead's school (the same one) or files it under another, found or made by name and region. */
export const setLeadSchoolAccount = async (
  db: Db,
  actor: Actor,
  change: LeadAccountChange,
  limit: LeadOwnerLimit,
) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(lead)
      .where(and(eq(lead.siteId, SITE_ID), eq(lead.id, change.leadId), ownedLeads(limit)))
      .for('update');
    if (!row) throw fieldError(BusinessCode.NOT_FOUND, 'leadId', messages.leadNotFound);
    if (row.kind !== 'sales') throw fieldError(BusinessCode.BAD_REQUEST, 'leadId', accountMessages.agentLead);
    const target = change.schoolAccountId
      ? await liveAccount(tx, change.schoolAccountId)
      : change.schoolName && change.region
        ? await findOrCreateAccount(tx, change.schoolName, change.region)
        : undefined;
    if (!change.schoolAccountId && !target)
      throw fieldError(BusinessCode.BAD_REQUEST, 'schoolAccountId', accountMessages.nameNeeded);
    if (!target || target.siteId !== SITE_ID) throw notFound();
    const same = row.schoolAccountId === target.id;
    await tx
      .update(lead)
      .set({
        schoolAccountId: target.id,
        accountConfirmed: true,
        version: sql`${lead.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(lead.id, row.id));
    await writeTimeline(tx, {
      leadId: row.id,
      kind: 'account',
      accountId: actor.accountId,
      note: `${same ? '确认客户' : '更改客户为'}：${target.name}（${target.region}）`,
    });
    await recordAudit(tx, actor, {
      action: 'update',
      targetType: 'lead',
      targetId: row.id,
      detail: { name: row.schoolName, changes: { schoolAccount: [row.schoolAccountId, target.id] } },
    });
    return { leadId: row.id, schoolAccountId: target.id };
  });
