import { inquireAuditLogListAdmin, ok } from '@yuexun/contract';
import { listAuditLog } from '../../audit/audit.service';
import { implement } from '../registry';

export const auditActions = [
  implement(inquireAuditLogListAdmin, async ({ input, app, request }) => {
    const { items, paging } = await listAuditLog(app.db, request.auth?.tenantId ?? null, input);
    return ok(items, paging);
  }),
];
