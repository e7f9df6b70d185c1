/**
 * Sales leads as the sales staff work them: search, the status pipeline (rules in the contract's
 * leadNextStatuses), owner and notes with optimistic concurrency, and the rows of the CSV export.
 */
import {
  type AdminLead,
  AGENT_TEAM_SIZES,
  BusinessCode,
  canMoveLead,
  isOneOf,
  type LeadCriteria,
  type LeadStatus,
  leadOrganisation,
  leadStatusLabels,
  messages,
  type PagingInput,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, gte, ilike, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead, product } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { likePattern, pageOf, rowCount } from '../shared/paging';

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
  owner: lead.owner,
  notes: lead.notes,
  createdAt: lead.createdAt,
  updatedAt: lead.updatedAt,
  version: lead.version,
};

type Row = Omit<AdminLead, 'createdAt' | 'updatedAt' | 'teamSize'> & {
  teamSize: string;
  createdAt: Date;
  updatedAt: Date;
};

const toAdminLead = (row: Row): AdminLead => ({
  ...row,
  teamSize: isOneOf(AGENT_TEAM_SIZES, row.teamSize) ? row.teamSize : '',
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const filter = (criteria: LeadCriteria) => {
  const conditions: (SQL | undefined)[] = [eq(lead.siteId, SITE_ID)];
  if (criteria.keyword) {
    const pattern = likePattern(criteria.keyword);
    conditions.push(
      or(like(lead.phone, pattern), ilike(lead.schoolName, pattern), ilike(lead.companyName, pattern)),
    );
  }
  if (criteria.status) conditions.push(eq(lead.status, criteria.status));
  if (criteria.kind) conditions.push(eq(lead.kind, criteria.kind));
  if (criteria.source) conditions.push(sql`${leadSource} = ${criteria.source}`);
  if (criteria.campaign) conditions.push(eq(lead.utmCampaign, criteria.campaign));
  if (criteria.region) conditions.push(ilike(lead.region, likePattern(criteria.region)));
  if (criteria.from) conditions.push(gte(lead.createdAt, criteria.from));
  if (criteria.to) conditions.push(lt(lead.createdAt, criteria.to));
  return and(...conditions);
};

const selectLeads = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(lead)
    .leftJoin(product, eq(product.id, lead.interestedProductId))
    .where(where)
    .orderBy(desc(lead.createdAt), desc(lead.id));

export const listAdminLeads = async (db: Db, criteria: LeadCriteria & PagingInput) => {
  const where = filter(criteria);
  const { items: rows, paging } = await pageOf(
    criteria,
    selectLeads(db, where).$dynamic(),
    db.select(rowCount).from(lead).where(where),
  );
  return { items: rows.map(toAdminLead), paging };
};

/** Up to `limit` leads for the export; one more than asked tells the caller the result was cut. */
export const leadsForExport = async (db: Db, criteria: LeadCriteria, limit: number) =>
  (await selectLeads(db, filter(criteria)).limit(limit + 1)).map(toAdminLead);

const leadNotFound = () => fieldError(BusinessCode.NOT_FOUND, 'leadId', messages.leadNotFound);

const getAdminLead = async (db: Db, id: number) => {
  const [row] = await selectLeads(db, and(eq(lead.siteId, SITE_ID), eq(lead.id, id)));
  if (!row) throw leadNotFound();
  return toAdminLead(row);
};

export interface LeadChange {
  leadId: number;
  version: number;
  status?: LeadStatus;
  owner?: string;
  notes?: string;
}

export const updateAdminLead = async (db: Db, actor: Actor, change: LeadChange) => {
  await updateVersioned(db, actor, {
    table: lead,
    id: change.leadId,
    version: change.version,
    missing: { field: 'leadId', message: messages.leadNotFound },
    targetType: 'lead',
    change: (before) => {
      const from = before.status;
      if (change.status && !canMoveLead(from, change.status))
        throw fieldError(
          BusinessCode.BAD_REQUEST,
          'status',
          messages.leadTransition(leadStatusLabels[from], leadStatusLabels[change.status]),
        );
      const values = {
        status: change.status,
        owner: change.owner === undefined ? undefined : change.owner || null,
        notes: change.notes,
      };
      return {
        set: values,
        detail: { name: leadOrganisation(before), changes: changedFields(before, values) },
      };
    },
  });
  return getAdminLead(db, change.leadId);
};
