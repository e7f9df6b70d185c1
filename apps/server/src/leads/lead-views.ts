/**
 * Saved views of the lead list (contract lead-views.ts): each account's own named filter sets. Personal
 * preferences, not site content: neither versioned nor audited; saving a name again replaces that view.
 */
import {
  BusinessCode,
  deleteLeadViewAdmin,
  inquireLeadViewListAdmin,
  LEAD_VIEW_CRITERIA,
  LEAD_VIEWS_MAX,
  type LeadView,
  type LeadViewCriteria,
  leadViewMessages,
  ok,
  SITE_ID,
  saveLeadViewAdmin,
} from '@yuexun/contract';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leadView } from '../db/schema';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { fieldError } from '../shared/admin/versioned';
import { BusinessError } from '../shared/errors';

type ViewRow = typeof leadView.$inferSelect;

const viewOf = (row: ViewRow): LeadView => ({
  id: row.id,
  name: row.name,
  criteria: row.criteria,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const mine = (accountId: number) => and(eq(leadView.siteId, SITE_ID), eq(leadView.accountId, accountId));

/** The criteria as the list's query string carries them: set ones only, instants as ISO text. */
const criteriaOf = (input: Record<string, unknown>): LeadViewCriteria =>
  Object.fromEntries(
    LEAD_VIEW_CRITERIA.flatMap((key) => {
      const value = input[key];
      if (value instanceof Date) return [[key, value.toISOString()]];
      return typeof value === 'string' && value !== '' ? [[key, value]] : [];
    }),
  );

export const listLeadViews = async (db: Db, accountId: number) =>
  (await db.select().from(leadView).where(mine(accountId)).orderBy(asc(leadView.name), asc(leadView.id))).map(
    viewOf,
  );

export const saveLeadView = (db: Db, accountId: number, name: string, input: Record<string, unknown>) => {
  const criteria = criteriaOf(input);
  if (!Object.keys(criteria).length)
    throw fieldError(BusinessCode.BAD_REQUEST, 'name', leadViewMessages.empty);
  return db.transaction(async (tx) => {
    // One account's saves in turn, so two at once cannot both pass the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead-view:${accountId}`}))`);
    const [existing] = await tx
      .select({ id: leadView.id })
      .from(leadView)
      .where(and(mine(accountId), eq(leadView.name, name)));
    if (existing) {
      const [row] = await tx
        .update(leadView)
        .set({ criteria, updatedAt: new Date() })
        .where(eq(leadView.id, existing.id))
        .returning();
      return viewOf(row as ViewRow);
    }
    const [held] = await tx.select({ n: count() }).from(leadView).where(mine(accountId));
    if ((held?.n ?? 0) >= LEAD_VIEWS_MAX)
      throw fieldError(BusinessCode.BAD_REQUEST, 'name', leadViewMessages.tooMany);
    const [row] = await tx
      .insert(leadView)
      .values({ siteId: SITE_ID, accountId, name, criteria })
      .returning();
    return viewOf(row as ViewRow);
  });
};

/** Only the caller's own view: another account's id answers 404 like one that never existed. */
export const deleteLeadView = async (db: Db, accountId: number, viewId: number) => {
  const gone = await db
    .delete(leadView)
    .where(and(mine(accountId), eq(leadView.id, viewId)))
    .returning({ id: leadView.id });
  if (!gone.length) throw new BusinessError(BusinessCode.NOT_FOUND, leadViewMessages.missing);
  return { id: viewId };
};

export const leadViewActions = [
  implement(inquireLeadViewListAdmin, async ({ app, request }) =>
    ok(await listLeadViews(app.db, authOf(request).accountId)),
  ),
  implement(saveLeadViewAdmin, async ({ input, app, request }) => {
    const { siteId: _site, name, ...criteria } = input;
    return ok([await saveLeadView(app.db, authOf(request).accountId, name, criteria)]);
  }),
  implement(deleteLeadViewAdmin, async ({ input, app, request }) =>
    ok([await deleteLeadView(app.db, authOf(request).accountId, input.viewId)]),
  ),
];
