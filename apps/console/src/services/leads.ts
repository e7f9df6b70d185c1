/** Sales-lead calls (store base, admin) and the CSV export address. */
import {
  type AdminLead,
  inquireLeadListAdmin,
  type LeadStatus,
  leadCsvExport,
  updateLeadAdmin,
} from '@yuexun/contract';
import { call, callList } from './client';

export type LeadQuery = Parameters<typeof callList<typeof inquireLeadListAdmin>>[1];

export const listLeads = (query: LeadQuery) => callList(inquireLeadListAdmin, query);

export const updateLead = async (
  lead: AdminLead,
  change: { status?: LeadStatus; owner?: string; notes?: string },
) =>
  (await call(updateLeadAdmin, { leadId: lead.id, version: lead.version, ...change }, { quiet: true }))
    .datas[0] as AdminLead;

/** A plain link: the browser downloads the file with the session cookie. */
export const leadCsvUrl = (criteria: { keyword?: string; status?: string }) => {
  const query = new URLSearchParams();
  if (criteria.keyword) query.set('keyword', criteria.keyword);
  if (criteria.status) query.set('status', criteria.status);
  const qs = query.toString();
  return qs ? `${leadCsvExport.path}?${qs}` : leadCsvExport.path;
};
