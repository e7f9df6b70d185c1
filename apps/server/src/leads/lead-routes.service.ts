/**
 * 线索分配规则: which salesperson gets a new lead, by its kind and region. Tried by position (then id); the
 * first enabled rule that matches assigns the lead in the transaction that stores it, on the timeline as
 * "分配给 … (规则 …)". A lead no rule matches stays unassigned (the 新线索 badge counts it).
 */
import {
  BusinessCode,
  LEAD_ROUTE_REGIONS_MAX,
  type LeadKind,
  type LeadRoute,
  pipelineMessages,
  routesLead,
  SITE_ID,
} from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, customerIntention, leadRoute } from '../db/schema';
import { createAudited } from '../shared/admin/request-key';
import { deleteVersioned, fieldError, updateVersioned } from '../shared/admin/versioned';
import { type Actor, changedFields } from '../shared/audit';
import type { NewLead } from './lead.service';
import { requireLeadOwner } from './lead-owners';
import { writeTimeline } from './lead-timeline';

type RouteRow = typeof leadRoute.$inferSelect;

const view = (row: RouteRow, ownerName: string): LeadRoute => ({
  id: row.id,
  name: row.name,
  leadKinds: row.leadKinds.filter((k): k is LeadKind => k === 'sales' || k === 'agent'),
  regions: row.regions.join(', '),
  ownerAccountId: row.ownerAccountId,
  ownerName,
  position: row.position,
  enabled: row.enabled,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  version: row.version,
});

const routesInOrder = (db: Db) =>
  db
    .select({ route: leadRoute, ownerName: account.name })
    .from(leadRoute)
    .innerJoin(account, eq(account.id, leadRoute.ownerAccountId))
    .where(eq(leadRoute.siteId, SITE_ID))
    .orderBy(asc(leadRoute.position), asc(leadRoute.id));

export const listLeadRoutes = async (db: Db) =>
  (await routesInOrder(db)).map((r) => view(r.route, r.ownerName));

const missing = { field: 'routeId', message: pipelineMessages.routeMissing };

const findRoute = async (db: Db, id: number) => {
  const found = (await routesInOrder(db)).find((r) => r.route.id === id);
  if (!found) throw fieldError(BusinessCode.NOT_FOUND, missing.field, missing.message);
  return view(found.route, found.ownerName);
};

/** Region words from the form's text (comma, 、, ；or spaces between them); null or '' → none. */
const parseRegions = (value: string | null | undefined) => {
  const list = [...new Set((value ?? '').split(/[,;，；、\s]+/).filter(Boolean))];
  if (list.length > LEAD_ROUTE_REGIONS_MAX)
    throw fieldError(BusinessCode.BAD_REQUEST, 'regions', pipelineMessages.regionsTooMany);
  return list;
};

export interface RouteValues {
  name: string;
  ownerAccountId: number;
  leadKinds?: LeadKind[];
  regions?: string | null;
  position?: number;
  enabled?: boolean;
}

export const createLeadRoute = async (db: Db, actor: Actor, input: RouteValues & { requestKey: string }) => {
  await requireLeadOwner(db, input.ownerAccountId);
  const id = await createAudited(db, actor, {
    table: leadRoute,
    values: {
      siteId: SITE_ID,
      name: input.name,
      ownerAccountId: input.ownerAccountId,
      leadKinds: input.leadKinds ?? [],
      regions: parseRegions(input.regions),
      position: input.position ?? 100,
      enabled: input.enabled ?? true,
      requestKey: input.requestKey,
    },
    targetType: 'lead_route',
    detail: { name: input.name },
  });
  return findRoute(db, id);
};

export const updateLeadRoute = async (
  db: Db,
  actor: Actor,
  input: Partial<RouteValues> & { routeId: number; version: number },
) => {
  const { routeId, version, regions, ...given } = input;
  const owner = given.ownerAccountId ? await requireLeadOwner(db, given.ownerAccountId) : null;
  await updateVersioned(db, actor, {
    table: leadRoute,
    id: routeId,
    version,
    missing,
    targetType: 'lead_route',
    change: async (before, tx) => {
      const set: Partial<typeof leadRoute.$inferInsert> = Object.fromEntries(
        Object.entries(given).filter(([, v]) => v !== undefined),
      );
      if (regions !== undefined) set.regions = parseRegions(regions);
      const { ownerAccountId, ...changes } = changedFields(before, set);
      if (ownerAccountId) changes.owner = [await nameOf(tx, before.ownerAccountId), owner?.name ?? null];
      if (Object.keys(changes).length === 0) return null;
      return { set, detail: { name: set.name ?? before.name, changes } };
    },
  });
  return findRoute(db, routeId);
};

const nameOf = async (db: Db, accountId: number) =>
  (await db.select({ name: account.name }).from(account).where(eq(account.id, accountId)))[0]?.name ?? null;

export const deleteLeadRoute = async (db: Db, actor: Actor, id: number, version: number) => {
  await deleteVersioned(db, actor, {
    table: leadRoute,
    id,
    version,
    notFoundMessage: pipelineMessages.routeMissing,
    targetType: 'lead_route',
    audited: { name: leadRoute.name },
  });
  return { id };
};

export type LeadRouteRow = typeof leadRoute.$inferSelect;

/** The enabled rules in the order they are tried. */
export const enabledLeadRoutes = (db: Db): Promise<LeadRouteRow[]> =>
  db
    .select()
    .from(leadRoute)
    .where(and(eq(leadRoute.siteId, SITE_ID), eq(leadRoute.enabled, true)))
    .orderBy(asc(leadRoute.position), asc(leadRoute.id));

/** The read cache's key for them: staff edits of a rule empty the cache. */
export const LEAD_ROUTES_CACHE_KEY = 'lead-routes:enabled';

/**
 * Runs in the new lead's transaction: the first enabled rule that takes the lead's kind and region gives it
 * its owner (still one of the vendor's staff: a rule naming someone who left is skipped). Answers the owner.
 * `rules`: the enabled rules, read before the transaction (the site reads them through its read cache).
 */
export const assignOnArrival = async (
  tx: Db,
  lead: NewLead,
  rules: readonly LeadRouteRow[],
): Promise<number | null> => {
  const leadId = lead.id;
  for (const rule of rules) {
    if (!routesLead(rule, lead)) continue;
    try {
      await requireLeadOwner(tx, rule.ownerAccountId);
    } catch {
      continue;
    }
    await tx
      .update(customerIntention)
      .set({ ownerAccountId: rule.ownerAccountId })
      .where(eq(customerIntention.id, leadId));
    await writeTimeline(tx, {
      leadId,
      kind: 'assign',
      accountId: null,
      ownerAccountId: rule.ownerAccountId,
      ruleName: rule.name,
    });
    return rule.ownerAccountId;
  }
  return null;
};
