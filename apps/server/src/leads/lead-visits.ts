/**
 * 访问轨迹 on leads (issue 33, decision 054): binding a new lead to the visit it was sent from, reading a lead's
 * pages for the drawer and the 个人信息 copy, and clearing them with the lead's personal data.
 *
 * The rule against forged and replayed ids: a lead takes only pages recorded under the id it sent, by the same
 * kind of browser (visitAgentOf), not yet taken by a lead. An id already taken by a lead of another browser
 * gives the new lead nothing (no pages, no link): a copied id never reads someone's path. The same browser
 * sending a second lead links it to the first, and takes the pages viewed since the first was sent.
 */
import {
  type LeadVisitPage,
  type LeadVisits,
  placeNamedIn,
  SITE_ID,
  VISIT_DWELL_MAX_S,
  VISIT_LINK_DAYS,
  visitPageKindOf,
} from '@yuexun/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead, leadVisit, visitPage } from '../db/schema';
import { visitAgentOf } from '../shared/visit-agent';
import { type LeadOwnerLimit, ownedLeads } from './lead-visibility';

export interface SentVisit {
  visitId?: string;
  browserId?: string;
  userAgent?: string;
  /**
   * The server's name of a visit without JavaScript (stats/noscript-visit.ts): recorded only when it has
   * pages or sent a lead before, so a lead from a client that keeps no visit (the original client library, an
   * API caller) does not show an empty 访问轨迹.
   */
  noScript?: boolean;
}

const DAY_MS = 86_400_000;

/** In the new lead's transaction: records its visit and takes the visit's pages. */
export const bindVisit = async (tx: Db, leadId: number, sent: SentVisit, now = new Date()) => {
  const { visitId, browserId = '' } = sent;
  if (!visitId) return;
  const agent = visitAgentOf({ visitId, browserId }, sent.userAgent ?? '');
  if (sent.noScript && !(await hasVisit(tx, visitId, agent))) return;
  const [earlier] = await tx
    .select({
      leadId: leadVisit.leadId,
      visitId: leadVisit.visitId,
      agent: leadVisit.agent,
      at: leadVisit.createdAt,
    })
    .from(leadVisit)
    .where(or(eq(leadVisit.visitId, visitId), browserId ? eq(leadVisit.browserId, browserId) : undefined))
    .orderBy(desc(leadVisit.createdAt))
    .limit(1);
  // The visit id already sent a lead from another browser: a copy, which gets nothing.
  if (earlier && earlier.visitId === visitId && earlier.agent !== agent) return;
  const previous =
    earlier && earlier.agent === agent && earlier.at.getTime() > now.getTime() - VISIT_LINK_DAYS * DAY_MS
      ? earlier
      : undefined;
  await tx.insert(leadVisit).values({
    leadId,
    visitId,
    browserId,
    agent,
    previousLeadId: previous?.leadId ?? null,
    createdAt: now,
  });
  await tx
    .update(visitPage)
    .set({ leadId })
    .where(
      and(
        eq(visitPage.agent, agent),
        lte(visitPage.viewedAt, now),
        or(
          and(eq(visitPage.visitId, visitId), isNull(visitPage.leadId)),
          // The same browser's pages since its earlier lead (they joined it as return visits) move here.
          previous
            ? and(eq(visitPage.leadId, previous.leadId), gt(visitPage.viewedAt, previous.at))
            : undefined,
        ),
      ),
    );
};

/** Whether a visit has pages of this browser kind, or sent a lead already. */
const hasVisit = async (db: Db, visitId: string, agent: string) => {
  const [page] = await db
    .select({ id: visitPage.id })
    .from(visitPage)
    .where(and(eq(visitPage.visitId, visitId), eq(visitPage.agent, agent)))
    .limit(1);
  if (page) return true;
  const [sent] = await db
    .select({ id: leadVisit.leadId })
    .from(leadVisit)
    .where(eq(leadVisit.visitId, visitId))
    .limit(1);
  return sent !== undefined;
};

interface PageRow {
  leadId: number | null;
  visitId: string;
  path: string;
  title: string;
  source: string;
  viewedAt: Date;
}

const pageRows = (db: Db, leadIds: number[]) =>
  db
    .select({
      leadId: visitPage.leadId,
      visitId: visitPage.visitId,
      path: visitPage.path,
      title: visitPage.title,
      source: visitPage.source,
      viewedAt: visitPage.viewedAt,
    })
    .from(visitPage)
    .where(inArray(visitPage.leadId, leadIds))
    .orderBy(asc(visitPage.leadId), asc(visitPage.viewedAt), asc(visitPage.id));

/** Pages in order, numbered by visit (the lead's own visit first), with the time until the next page. */
export const toVisitPages = (rows: PageRow[], sentVisitId: string, sentAt: Date): LeadVisitPage[] => {
  const visits = new Map<string, number>([[sentVisitId, 1]]);
  return rows.map((row, i) => {
    if (!visits.has(row.visitId)) visits.set(row.visitId, visits.size + 1);
    const afterSubmit = row.viewedAt.getTime() > sentAt.getTime();
    const next = rows[i + 1];
    const end =
      next && next.visitId === row.visitId
        ? next.viewedAt
        : row.visitId === sentVisitId && !afterSubmit
          ? sentAt
          : null;
    const seconds = end ? Math.round((end.getTime() - row.viewedAt.getTime()) / 1000) : null;
    const kind = visitPageKindOf(row.path);
    return {
      path: row.path,
      title: row.title,
      kind,
      place: kind === 'case' ? placeNamedIn(row.title) : '',
      source: row.source,
      viewedAt: row.viewedAt.toISOString(),
      seconds: seconds === null || seconds < 0 ? null : Math.min(seconds, VISIT_DWELL_MAX_S),
      visit: visits.get(row.visitId) ?? 1,
      afterSubmit,
    };
  });
};

/** The drawer's 访问轨迹; the linked leads only as far as the caller may see them. */
export const leadVisitsOf = async (db: Db, leadId: number, limit: LeadOwnerLimit): Promise<LeadVisits> => {
  const [sent] = await db.select().from(leadVisit).where(eq(leadVisit.leadId, leadId));
  if (!sent) return { tracked: false, pages: [], previousLeadId: null, nextLeadIds: [] };
  const [rows, next] = await Promise.all([
    pageRows(db, [leadId]),
    db.select({ id: leadVisit.leadId }).from(leadVisit).where(eq(leadVisit.previousLeadId, leadId)),
  ]);
  const linked = [sent.previousLeadId, ...next.map((n) => n.id)].filter((id): id is number => id !== null);
  const visible = linked.length
    ? new Set(
        (
          await db
            .select({ id: lead.id })
            .from(lead)
            .where(and(eq(lead.siteId, SITE_ID), inArray(lead.id, linked), ownedLeads(limit)))
        ).map((r) => r.id),
      )
    : new Set<number>();
  return {
    tracked: true,
    pages: toVisitPages(rows, sent.visitId, sent.createdAt),
    previousLeadId:
      sent.previousLeadId !== null && visible.has(sent.previousLeadId) ? sent.previousLeadId : null,
    nextLeadIds: next.map((n) => n.id).filter((id) => visible.has(id)),
  };
};

/** The 个人信息 copy's rows: every page of these leads. */
export const visitPagesOfLeads = async (db: Db, leadIds: number[]) => {
  if (leadIds.length === 0) return [];
  const [rows, sent] = await Promise.all([
    pageRows(db, leadIds),
    db.select().from(leadVisit).where(inArray(leadVisit.leadId, leadIds)),
  ]);
  return sent.flatMap((s) =>
    toVisitPages(
      rows.filter((r) => r.leadId === s.leadId),
      s.visitId,
      s.createdAt,
    ).map((page) => ({ leadId: s.leadId, ...page })),
  );
};

/** Anonymisation (retention): the leads' pages and their visit ids go; the lead rows stay. */
export const clearVisitsOfLeads = async (tx: Db, leadIds: number[]) => {
  if (leadIds.length === 0) return;
  await tx.delete(visitPage).where(inArray(visitPage.leadId, leadIds));
  await tx.delete(leadVisit).where(inArray(leadVisit.leadId, leadIds));
};
