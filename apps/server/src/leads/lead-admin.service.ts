/**
 * Sales leads as the sales staff work them: search, the status pipeline (rules in the contract's
 * leadNextStatuses), owner and notes with optimistic concurrency, and the rows of the CSV export.
 */
import {
  type AdminLead,
  BusinessCode,
  canMoveLead,
  type LeadCriteria,
  type LeadStatus,
  leadStatusLabels,
  messages,
  type PagingInput,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead, product } from '../db/schema';
import { fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import { likePattern, pageOf, rowCount } from '../shared/paging';

const columns = {
  id: lead.id,
  contactName: lead.contactName,
  phone: lead.phone,
  schoolName: lead.schoolName,
  region: lead.region,
  schoolType: lead.schoolType,
  role: lead.role,
  interestedProductId: lead.interestedProductId,
  interestedProductName: product.name,
  message: lead.message,
  sourcePage: lead.sourcePage,
  status: lead.status,
  owner: lead.owner,
  notes: lead.notes,
  createdAt: lead.createdAt,
  updatedAt: lead.updatedAt,
  version: lead.version,
};

type Row = Omit<AdminLead, 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

const toAdminLead = (row: Row): AdminLead => ({
  ...row,
  schoolType: row.schoolType,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const filter = (criteria: LeadCriteria) => {
  const conditions: (SQL | undefined)[] = [eq(lead.siteId, SITE_ID)];
  if (criteria.keyword) {
    const pattern = likePattern(criteria.keyword);
    conditions.push(or(like(lead.phone, pattern), ilike(lead.schoolName, pattern)));
  }
  if (criteria.status) conditions.push(eq(lead.status, criteria.status));
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
        detail: { schoolName: before.schoolName, changes: changedFields(before, values) },
      };
    },
  });
  return getAdminLead(db, change.leadId);
};
