/** 客户 calls (contract: packages/contract/src/school-accounts.ts): schools, a school's page, merges and undo. */
import {
  inquireSchoolAccountAdmin,
  inquireSchoolAccountListAdmin,
  mergeLeadsAdmin,
  mergeSchoolAccountsAdmin,
  setLeadSchoolAccountAdmin,
  undoLeadMergeAdmin,
} from '@yuexun/contract';
import { callList, callOne } from './client';

export const listSchoolAccounts = (query: { pageIndex?: number; pageSize?: number; keyword?: string }) =>
  callList(inquireSchoolAccountListAdmin, query);
export const loadSchoolAccount = (schoolAccountId: number) =>
  callOne(inquireSchoolAccountAdmin, { schoolAccountId });
export const confirmLeadSchool = (leadId: number, schoolAccountId: number) =>
  callOne(setLeadSchoolAccountAdmin, { leadId, schoolAccountId });
export const moveLeadToSchool = (leadId: number, schoolName: string, region: string) =>
  callOne(setLeadSchoolAccountAdmin, { leadId, schoolName, region });
export const mergeLeads = (sourceLeadId: number, targetLeadId: number) =>
  callOne(mergeLeadsAdmin, { sourceLeadId, targetLeadId });
export const mergeSchools = (sourceAccountId: number, targetAccountId: number) =>
  callOne(mergeSchoolAccountsAdmin, { sourceAccountId, targetAccountId });
export const undoMerge = (mergeId: number) => callOne(undoLeadMergeAdmin, { mergeId });
