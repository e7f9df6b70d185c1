/** Audit log calls (store base, admin). */
import { inquireAuditLogListAdmin } from '@yuexun/contract';
import { callList } from './client';

export type AuditQuery = Parameters<typeof callList<typeof inquireAuditLogListAdmin>>[1];

export const listAuditLog = (query: AuditQuery) => callList(inquireAuditLogListAdmin, query);
