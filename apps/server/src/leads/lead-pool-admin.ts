/** 公海 console actions (decision 058): the pool, claiming (leads.pool); settings and statistics (leads.pool.manage). */
import {
  claimPoolLeadAdmin,
  inquireLeadPoolAdmin,
  inquireLeadPoolSettingsAdmin,
  inquireLeadPoolStatsAdmin,
  ok,
  returnLeadToPoolAdmin,
  updateLeadPoolSettingsAdmin,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { getAdminLead } from './lead-admin.service';
import { claimPoolLead, returnLeadToPool } from './lead-pool.service';
import { listPoolLeads, poolStats } from './lead-pool-list.service';
import { poolSettingsView, updatePoolSettings } from './lead-pool-settings.service';
import { leadOwnerLimitOf } from './lead-visibility';

export const leadPoolActions = [
  implement(inquireLeadPoolAdmin, async ({ input, app }) => {
    const { items, paging } = await listPoolLeads(app.db, input);
    return ok(items, paging);
  }),
  implement(claimPoolLeadAdmin, async ({ input, app, actor }) =>
    ok([await claimPoolLead(app.db, actor, input.leadId)]),
  ),
  implement(returnLeadToPoolAdmin, async ({ input, app, request, actor }) => {
    await getAdminLead(app.db, input.leadId, leadOwnerLimitOf(authOf(request)));
    return ok([await returnLeadToPool(app.db, actor, input.leadId)]);
  }),
  implement(inquireLeadPoolStatsAdmin, async ({ app }) => ok([await poolStats(app.db)])),
  implement(inquireLeadPoolSettingsAdmin, async ({ app }) => ok([await poolSettingsView(app.db)])),
  implement(updateLeadPoolSettingsAdmin, async ({ input, app, actor }) =>
    ok([await updatePoolSettings(app.db, actor, input)]),
  ),
];
