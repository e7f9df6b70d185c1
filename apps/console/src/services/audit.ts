/** Audit log calls (store base, admin). */
import { inquireAuditLogListAdmin, inquireAuditPersonListAdmin } from '@yuexun/contract';
import { call, callList } from './client';

export type AuditQuery = Parameters<typeof callList<typeof inquireAuditLogListAdmin>>[1];

export const listAuditLog = (query: AuditQuery) => callList(inquireAuditLogListAdmin, query);

/** The people who appear in the log, for the person filter. */
export const listAuditPeople = async () => (await call(inquireAuditPersonListAdmin, {})).datas;
