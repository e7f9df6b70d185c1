/**
 * Sales leads as the sales staff work them: search and filters, the status pipeline (rules in the
 * contract's leadNextStatuses) and the owner (one of the vendor's staff) with optimistic concurrency,
 * each change also on the lead's timeline, and the rows of the CSV export.
 */
import {
  type AdminLead,
  AGENT_TEAM_SIZES,
  BusinessCode,
  canMoveLead,
  type FormAnswers,
  formAnswerText,
  isOneOf,
  type LeadCriteria,
  type LeadStatus,
  leadOrganisation,
  leadStatusLabels,
  messages,
  type PagingInput,
  readFileAnswer,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, gte, ilike, isNotNull, isNull, like, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { account, customerIntention as lead, leadForm, product } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import type { Actor } from '../shared/audit';
import { likePattern, pageOf, rowCount } from '../shared/paging';
import type { LeadConversions, LeadNotices } from './lead-notices';
import { queueOwnerChanged } from './lead-owner-changed';
import { requireLeadOwner } from './lead-owners';
import { writeTimeline } from './lead-timeline';
import { type LeadOwnerLimit, ownedLeads } from './lead-visibility';
import { fieldsOfVersions } from './live-form.service';

const ownerAccount = alias(account, 'owner_account');

/** The contract's sourceOf in SQL: utm_source, else the search engine, else the referring host, else direct. */
export const leadSource = sql<string>`coalesce(nullif(${lead.utmSource}, ''), nullif(${lead.searchEngine}, ''), nullif(${lead.referrerHost}, ''), 'direct')`;

const columns = {
  id: lead.id,
  kind: lead.kind,
  contactName: lead.contactName,
  phone: lead.phone,
  schoolName: lead.schoolName,
  region: lead.region,
  schoolType: lead.schoolType,
  role: lead.role,
  companyName: lead.companyName,
  businessScope: lead.businessScope,
  teamSize: lead.teamSize,
  interestedProductId: lead.interestedProductId,
  interestedProductName: product.name,
  message: lead.message,
  sourcePage: lead.sourcePage,
  landingPage: lead.landingPage,
  referrerHost: lead.referrerHost,
  searchEngine: lead.searchEngine,
  searchKeyword: lead.searchKeyword,
  utmSource: lead.utmSource,
  utmMedium: lead.utmMedium,
  utmCampaign: lead.utmCampaign,
  deviceClass: lead.deviceClass,
  source: leadSource,
  status: lead.status,
  ownerAccountId: lead.ownerAccountId,
  owner: sql<string | null>`coalesce(${ownerAccount.name}, ${lead.owner})`,
  notes: lead.notes,
  nextFollowUpAt: lead.nextFollowUpAt,
  seenAt: lead.seenAt,
  formId: lead.formId,
  formName: leadForm.name,
  formVersion: lead.formVersion,
  answers: lead.answers,
  score: lead.score,
  scoreReasons: lead.scoreReasons,
  createdAt: lead.createdAt,
  updatedAt: lead.updatedAt,
  version: lead.version,
};

type Row = Omit<
  AdminLead,
  'createdAt' | 'updatedAt' | 'teamSize' | 'nextFollowUpAt' | 'seenAt' | 'answers'
> & {
  answers: FormAnswers | null;
  teamSize: string;
  createdAt: Date;
  updatedAt: Date;
  nextFollowUpAt: Date | null;
  seenAt: Date | null;
};

type VersionFields = Awaited<ReturnType<typeof fieldsOfVersions>>;

/** The answers under the questions of the version they were sent under (a later edit of the form changes nothing here). */
const answersOf = (row: Row, versions: VersionFields): AdminLead['answers'] => {
  if (!row.answers || row.formId === null || row.formVersion === null) return [];
  const answers = row.answers;
  const fields = versions.get(`${row.formId}:${row.formVersion}`) ?? [];
  const known = new Set(fields.map((f) => f.key));
  return [
    ...fields
      .filter((f) => answers[f.key] !== undefined)
      .map((f) => {
        // A file's answer names its private file: the drawer links it (leads/lead-files.ts checks who asks).
        const fileUuid = f.type === 'file' ? readFileAnswer(answers[f.key])?.fileUuid : undefined;
        const text = formAnswerText(f, answers[f.key]);
        return fileUuid
          ? { key: f.key, label: f.label, text, fileUuid }
          : { key: f.key, label: f.label, text };
      }),
    // An answer whose question is gone from its version (never, unless edited by hand): still shown.
    ...Object.entries(answers)
      .filter(([key]) => !known.has(key))
      .map(([key, answer]) => ({ key, label: key, text: formAnswerText({ type: 'text' }, answer) })),
  ];
};

/** The rows as the console reads them, with each lead's answers under its version's questions. */
const toAdminLeads = async (db: Db, rows: Row[]) => {
  const versions = await fieldsOfVersions(
    db,
    rows.flatMap((r) =>
      r.formId !== null && r.formVersion !== null ? [{ formId: r.formId, version: r.formVersion }] : [],
    ),
  );
  return rows.map((row) => toAdminLead(row, versions));
};

const toAdminLead = (row: Row, versions: VersionFields): AdminLead => ({
  ...row,
  answers: answersOf(row, versions),
  teamSize: isOneOf(AGENT_TEAM_SIZES, row.teamSize) ? row.teamSize : '',
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  nextFollowUpAt: row.nextFollowUpAt?.toISOString() ?? null,
  seenAt: row.seenAt?.toISOString() ?? null,
});

const filter = (criteria: LeadCriteria, limit: LeadOwnerLimit) => {
  const conditions: (SQL | undefined)[] = [eq(lead.siteId, SITE_ID), ownedLeads(limit)];
  // A lead merged into another (客户, decision 058) is read under that one, except in a person's copy (PIPL).
  if (!criteria.phone) conditions.push(isNull(lead.mergedIntoId));
  if (criteria.keyword) {
    const pattern = likePattern(criteria.keyword);
    conditions.push(
      or(like(lead.phone, pattern), ilike(lead.schoolName, pattern), ilike(lead.companyName, pattern)),
    );
  }
  if (criteria.phone) conditions.push(eq(lead.phone, criteria.phone));
  if (criteria.status) conditions.push(eq(lead.status, criteria.status));
  if (criteria.kind) conditions.push(eq(lead.kind, criteria.kind));
  if (criteria.formId) conditions.push(eq(lead.formId, criteria.formId));
  if (criteria.source) conditions.push(sql`${leadSource} = ${criteria.source}`);
  if (criteria.campaign) conditions.push(eq(lead.utmCampaign, criteria.campaign));
  if (criteria.region) conditions.push(ilike(lead.region, likePattern(criteria.region)));
  if (criteria.owner === 'none') conditions.push(isNull(lead.ownerAccountId));
  else if (criteria.owner) conditions.push(eq(lead.ownerAccountId, Number(criteria.owner)));
  if (criteria.followUp === 'due') conditions.push(lte(lead.nextFollowUpAt, new Date()));
  if (criteria.followUp === 'scheduled') conditions.push(isNotNull(lead.nextFollowUpAt));
  if (criteria.from) conditions.push(gte(lead.createdAt, criteria.from));
  if (criteria.to) conditions.push(lt(lead.createdAt, criteria.to));
  if (criteria.minScore !== undefined) conditions.push(gte(lead.score, criteria.minScore));
  return and(...conditions);
};

const selectLeads = (db: Db, where: SQL | undefined, sort: LeadCriteria['sort'] = 'newest') =>
  db
    .select(columns)
    .from(lead)
    .leftJoin(product, eq(product.id, lead.interestedProductId))
    .leftJoin(ownerAccount, eq(ownerAccount.id, lead.ownerAccountId))
    .leftJoin(leadForm, eq(leadForm.id, lead.formId))
    .where(where)
    .orderBy(...(sort === 'score' ? [desc(lead.score)] : []), desc(lead.createdAt), desc(lead.id));

export const listAdminLeads = async (db: Db, criteria: LeadCriteria & PagingInput, limit: LeadOwnerLimit) => {
  const where = filter(criteria, limit);
  const { items: rows, paging } = await pageOf(
    criteria,
    selectLeads(db, where, criteria.sort).$dynamic(),
    db.select(rowCount).from(lead).where(where),
  );
  return { items: await toAdminLeads(db, rows), paging };
};

/** Up to `limit` leads for the export; one more than asked tells the caller the result was cut. */
export const leadsForExport = async (db: Db, criteria: LeadCriteria, limit: number, owner: LeadOwnerLimit) =>
  toAdminLeads(db, await selectLeads(db, filter(criteria, owner), criteria.sort).limit(limit + 1));

const leadNotFound = () => fieldError(BusinessCode.NOT_FOUND, 'leadId', messages.leadNotFound);

/** One lead; 404 when it does not exist or lies outside the caller's owner limit. */
export const getAdminLead = async (db: Db, id: number, limit: LeadOwnerLimit = null) => {
  const [row] = await selectLeads(db, and(eq(lead.siteId, SITE_ID), eq(lead.id, id), ownedLeads(limit)));
  if (!row) throw leadNotFound();
  const [found] = await toAdminLeads(db, [row]);
  if (!found) throw leadNotFound();
  return found;
};

export interface LeadChange {
  leadId: number;
  version: number;
  status?: LeadStatus;
  /** A staff member's account; null clears the owner, undefined keeps it. */
  ownerAccountId?: number | null;
}

const CLOSED: readonly LeadStatus[] = ['won', 'lost'];

/**
 * Moves the lead along the pipeline and/or gives it to another owner: one version, one audit row, a
 * timeline entry per change, a notice to the new owner and, when the lead is won or lost, no more
 * reminders: all in one transaction.
 */
export const updateAdminLead = async (
  db: Db,
  actor: Actor,
  change: LeadChange,
  notices: LeadNotices,
  conversions: LeadConversions,
) => {
  const owner = change.ownerAccountId ? await requireLeadOwner(db, change.ownerAccountId) : null;
  // What the locked row said, for the timeline written after the update.
  let from: LeadStatus = 'new';
  let moved = false;
  let reassigned = false;
  await updateVersioned(db, actor, {
    table: lead,
    id: change.leadId,
    version: change.version,
    missing: { field: 'leadId', message: messages.leadNotFound },
    targetType: 'lead',
    change: async (before, tx) => {
      from = before.status;
      if (change.status && !canMoveLead(from, change.status))
        throw fieldError(
          BusinessCode.BAD_REQUEST,
          'status',
          messages.leadTransition(leadStatusLabels[from], leadStatusLabels[change.status]),
        );
      moved = change.status !== undefined && change.status !== from;
      reassigned = change.ownerAccountId !== undefined && change.ownerAccountId !== before.ownerAccountId;
      if (!moved && !reassigned) return null;
      const closing = moved && CLOSED.includes(change.status as LeadStatus);
      const beforeOwner = before.ownerAccountId ? await ownerName(tx, before.ownerAccountId) : before.owner;
      return {
        set: {
          ...(moved ? { status: change.status } : {}),
          ...(reassigned ? { ownerAccountId: change.ownerAccountId } : {}),
          ...(closing ? { nextFollowUpAt: null } : {}),
          seenAt: before.seenAt ?? new Date(),
        },
        detail: {
          name: leadOrganisation(before),
          changes: {
            ...(moved ? { status: [from, change.status] } : {}),
            ...(reassigned ? { owner: [beforeOwner ?? null, owner?.name ?? null] } : {}),
          },
        },
      };
    },
    after: async (tx, updated) => {
      if (moved)
        await writeTimeline(tx, {
          leadId: updated.id,
          kind: 'status',
          accountId: actor.accountId,
          statusFrom: from,
          statusTo: updated.status,
        });
      if (reassigned) {
        await writeTimeline(tx, {
          leadId: updated.id,
          kind: 'assign',
          accountId: actor.accountId,
          ownerAccountId: updated.ownerAccountId,
        });
        if (updated.ownerAccountId) await notices.queueAssigned(tx, updated.id, updated.ownerAccountId);
        await queueOwnerChanged(tx, [updated.id]);
      }
      if (moved && CLOSED.includes(updated.status)) await notices.cancelReminders(tx, updated.id);
      // 有效 and 成交 are what oCPC learns from besides the form itself.
      if (moved && (updated.status === 'qualified' || updated.status === 'won'))
        await conversions.queue(tx, updated.id, updated.status);
    },
  });
  return getAdminLead(db, change.leadId);
};

const ownerName = async (db: Db, accountId: number) =>
  (await db.select({ name: account.name }).from(account).where(eq(account.id, accountId)))[0]?.name ?? null;
