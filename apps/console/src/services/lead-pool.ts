/** 公海 calls (contract: packages/contract/src/lead-pool.ts). */
import {
  claimPoolLeadAdmin,
  inquireLeadPoolAdmin,
  inquireLeadPoolSettingsAdmin,
  inquireLeadPoolStatsAdmin,
  type LeadKind,
  returnLeadToPoolAdmin,
  updateLeadPoolSettingsAdmin,
} from '@yuexun/contract';
import type { ActionArgs } from '@yuexun/request';
import { callList, callOne } from './client';

export const listPool = (query: {
  pageIndex?: number;
  pageSize?: number;
  kind?: LeadKind;
  keyword?: string;
}) => callList(inquireLeadPoolAdmin, query);
export const returnLeadToPool = (leadId: number) => callOne(returnLeadToPoolAdmin, { leadId });
export const claimPoolLead = (leadId: number) => callOne(claimPoolLeadAdmin, { leadId });
export const loadPoolStats = () => callOne(inquireLeadPoolStatsAdmin);
export const loadPoolSettings = () => callOne(inquireLeadPoolSettingsAdmin);
export const savePoolSettings = (input: ActionArgs<typeof updateLeadPoolSettingsAdmin>) =>
  callOne(updateLeadPoolSettingsAdmin, input);
