import {
  inquireAuditLogListAdmin,
  inquireAuditPersonListAdmin,
  inquireStaffAuditLogTenant,
  ok,
  STAFF_AUDIT_TARGETS,
} from '@yuexun/contract';
import { implement } from '../http/registry';
import { listAuditLog, listAuditPeople } from '../shared/audit';

export const auditActions = [
  implement(inquireAuditLogListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAuditLog(app.db, request.auth?.tenantId ?? null, input);
    return ok(items, paging);
  }),
  implement(inquireStaffAuditLogTenant, async ({ input, app, request }) => {
    const { items, paging } = await listAuditLog(app.db, request.auth?.tenantId ?? null, {
      ...input,
      targetTypes: STAFF_AUDIT_TARGETS,
    });
    return ok(items, paging);
  }),
  implement(inquireAuditPersonListAdmin, async ({ app, request }) =>
    ok(await listAuditPeople(app.db, request.auth?.tenantId ?? null)),
  ),
];
