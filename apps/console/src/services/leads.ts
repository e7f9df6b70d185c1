/** Sales-lead calls (store base, admin) and the CSV export address. */
import {
  type AdminLead,
  inquireLeadListAdmin,
  isOneOf,
  LEAD_KINDS,
  LEAD_STATUSES,
  type LeadStatus,
  leadCsvExport,
  updateLeadAdmin,
} from '@yuexun/contract';
import { call, callList } from './client';

export type LeadQuery = Parameters<typeof callList<typeof inquireLeadListAdmin>>[1];

/** The list's filters, as the table's search form hands them over (also the CSV link's query). */
export interface LeadFilters {
  keyword?: string;
  status?: string;
  kind?: string;
  source?: string;
  campaign?: string;
  region?: string;
  from?: string;
  to?: string;
}

export const listLeads = (query: LeadQuery) => callList(inquireLeadListAdmin, query);

/** The filled-in filters of a search form (blank ones dropped, choices narrowed to the contract's). */
export const leadFilters = (values: Record<string, unknown>): LeadFilters =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => typeof v === 'string' && v.trim() !== ''));

/** One page of leads matching the filters. */
export const listLeadPage = (pageIndex: number | undefined, pageSize: number | undefined, f: LeadFilters) =>
  listLeads({
    pageIndex,
    pageSize,
    keyword: f.keyword,
    status: isOneOf(LEAD_STATUSES, f.status) ? f.status : undefined,
    kind: isOneOf(LEAD_KINDS, f.kind) ? f.kind : undefined,
    source: f.source,
    campaign: f.campaign,
    region: f.region,
    from: f.from,
    to: f.to,
  });

export const updateLead = async (
  lead: AdminLead,
  change: { status?: LeadStatus; owner?: string; notes?: string },
) =>
  (await call(updateLeadAdmin, { leadId: lead.id, version: lead.version, ...change }, { quiet: true }))
    .datas[0] as AdminLead;

/** A plain link: the browser downloads the file with the session cookie. */
export const leadCsvUrl = (criteria: LeadFilters) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(criteria)) if (value) query.set(key, String(value));
  const qs = query.toString();
  return qs ? `${leadCsvExport.path}?${qs}` : leadCsvExport.path;
};
