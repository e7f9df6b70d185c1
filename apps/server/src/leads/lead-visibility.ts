/**
 * Whose leads a member of the vendor sees (docs/decisions/032): with leads.read.all every lead, otherwise
 * only the leads they own. The list, the timeline (the detail), updates, follow-ups, the CSV export, the
 * source counts and the menu badge all take this one condition; a lead outside it answers 404.
 */
import { eq, type SQL } from 'drizzle-orm';
import { customerIntention as lead } from '../db/schema';
import type { AuthContext } from '../http/auth-plugin';

/** The owner a caller is limited to, or null for every lead. */
export type LeadOwnerLimit = number | null;

export const leadOwnerLimitOf = (auth: Pick<AuthContext, 'accountId' | 'permissions'>): LeadOwnerLimit =>
  auth.permissions.includes('leads.read.all') ? null : auth.accountId;

export const ownedLeads = (limit: LeadOwnerLimit): SQL | undefined =>
  limit === null ? undefined : eq(lead.ownerAccountId, limit);
