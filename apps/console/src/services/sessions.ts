/** Session and sign-in history calls (contract: packages/contract/src/sessions.ts). */
import {
  endSessionAccount,
  endStaffSessionsTenant,
  inquireSessionListAccount,
  inquireSignInHistoryAccount,
  inquireStaffSessionListTenant,
  inquireStaffSignInHistoryTenant,
} from '@yuexun/contract';
import { call, callList } from './client';

export const listOwnSessions = async () => (await call(inquireSessionListAccount)).datas;

export const endOwnSession = (sessionKey: string) => call(endSessionAccount, { sessionKey, others: false });

export const endOtherSessions = () => call(endSessionAccount, { others: true });

export const ownSignInHistory = (pageIndex: number, pageSize: number) =>
  callList(inquireSignInHistoryAccount, { pageIndex, pageSize });

export const listStaffSessions = async (employeeId: number) =>
  (await call(inquireStaffSessionListTenant, { employeeId })).datas;

export const endStaffSessions = (employeeId: number, sessionKey?: string) =>
  call(endStaffSessionsTenant, { employeeId, sessionKey });

export const staffSignInHistory = (employeeId: number, pageIndex: number, pageSize: number) =>
  callList(inquireStaffSignInHistoryTenant, { employeeId, pageIndex, pageSize });
