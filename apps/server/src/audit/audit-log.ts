import { inquireAuditLogListAdmin, inquireAuditPersonListAdmin, ok } from '@yuexun/contract';
import { implement } from '../http/registry';
import { listAuditLog, listAuditPeople } from '../shared/audit';

export const auditActions = [
  implement(inquireAuditLogListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAuditLog(app.db, request.auth?.tenantId ?? null, input);
    return ok(items, paging);
  }),
  implement(inquireAuditPersonListAdmin, async ({ app, request }) =>
    ok(await listAuditPeople(app.db, request.auth?.tenantId ?? null)),
  ),
];
