/** The follow-up pipeline's console actions (contract lead-pipeline.ts): owners, timeline, 访问轨迹, badge, routing rules. */
import {
  addLeadFollowUpAdmin,
  createLeadRouteAdmin,
  deleteLeadRouteAdmin,
  inquireLeadBadgeAdmin,
  inquireLeadOwnerListAdmin,
  inquireLeadRouteListAdmin,
  inquireLeadTimelineAdmin,
  inquireLeadVisitsAdmin,
  inquireLeadWecomContactAdmin,
  markLeadSeenAdmin,
  ok,
  updateLeadRouteAdmin,
} from '@yuexun/contract';
import { authOf } from '../http/auth-plugin';
import { implement } from '../http/registry';
import { getAdminLead } from './lead-admin.service';
import { addFollowUp, leadBadgeCount, markLeadSeen } from './lead-follow-up.service';
import { listLeadOwners } from './lead-owners';
import { createLeadRoute, deleteLeadRoute, listLeadRoutes, updateLeadRoute } from './lead-routes.service';
import { listTimeline } from './lead-timeline';
import { leadOwnerLimitOf } from './lead-visibility';
import { leadVisitsOf } from './lead-visits';

export const leadPipelineActions = [
  implement(inquireLeadOwnerListAdmin, async ({ app }) => ok(await listLeadOwners(app.db))),
  implement(inquireLeadTimelineAdmin, async ({ input, app, request }) => {
    // 404 for a lead that does not exist or is not the caller's to see (rather than an empty timeline).
    await getAdminLead(app.db, input.leadId, leadOwnerLimitOf(authOf(request)));
    return ok(await listTimeline(app.db, input.leadId));
  }),
  implement(inquireLeadVisitsAdmin, async ({ input, app, request }) => {
    const limit = leadOwnerLimitOf(authOf(request));
    await getAdminLead(app.db, input.leadId, limit);
    return ok([await leadVisitsOf(app.db, input.leadId, limit)]);
  }),
  implement(inquireLeadWecomContactAdmin, async ({ input, app, request }) => {
    await getAdminLead(app.db, input.leadId, leadOwnerLimitOf(authOf(request)));
    const view = await app.wecomContact.viewOf(input.leadId);
    return ok(view ? [view] : []);
  }),
  implement(addLeadFollowUpAdmin, async ({ input, app, request, actor }) => {
    await getAdminLead(app.db, input.leadId, leadOwnerLimitOf(authOf(request)));
    return ok([await addFollowUp(app.db, actor, input, app.alerts)]);
  }),
  implement(markLeadSeenAdmin, async ({ input, app, request }) =>
    ok([await markLeadSeen(app.db, input.leadId, leadOwnerLimitOf(authOf(request)))]),
  ),
  implement(inquireLeadBadgeAdmin, async ({ app, request }) =>
    ok([{ count: await leadBadgeCount(app.db, leadOwnerLimitOf(authOf(request))) }]),
  ),
  implement(inquireLeadRouteListAdmin, async ({ app }) => ok(await listLeadRoutes(app.db))),
  implement(createLeadRouteAdmin, async ({ input, app, actor }) =>
    ok([await createLeadRoute(app.db, actor, input)]),
  ),
  implement(updateLeadRouteAdmin, async ({ input, app, actor }) =>
    ok([await updateLeadRoute(app.db, actor, input)]),
  ),
  implement(deleteLeadRouteAdmin, async ({ input, app, actor }) =>
    ok([await deleteLeadRoute(app.db, actor, input.routeId, input.version)]),
  ),
];
