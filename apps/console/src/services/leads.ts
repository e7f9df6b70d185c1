/** Sales-lead calls (store base, admin) and the CSV export address. */
import {
  type AdminLead,
  addLeadFollowUpAdmin,
  createLeadRouteAdmin,
  deleteLeadRouteAdmin,
  deleteLeadViewAdmin,
  eraseLeadsOfPhoneAdmin,
  type FollowUpKind,
  inquireFormChoicesAdmin,
  inquireLeadBadgeAdmin,
  inquireLeadListAdmin,
  inquireLeadOwnerListAdmin,
  inquireLeadRouteListAdmin,
  inquireLeadSourceListAdmin,
  inquireLeadTimelineAdmin,
  inquireLeadViewListAdmin,
  inquireLeadVisitsAdmin,
  inquireLeadWecomContactAdmin,
  isOneOf,
  LEAD_FOLLOW_UP_FILTERS,
  LEAD_KINDS,
  LEAD_SORTS,
  LEAD_STATUSES,
  type LeadKind,
  type LeadOwner,
  type LeadRoute,
  type LeadSourceGroup,
  type LeadStatus,
  leadCsvExport,
  markLeadSeenAdmin,
  saveLeadViewAdmin,
  updateLeadAdmin,
  updateLeadRouteAdmin,
} from '@yuexun/contract';
import { call, callList, callOne } from './client';

export type LeadQuery = Parameters<typeof callList<typeof inquireLeadListAdmin>>[1];

/** The list's filters, as the table's search form hands them over (also the CSV link's query). */
export interface LeadFilters {
  keyword?: string;
  /** Exactly this phone (个人信息请求). */
  phone?: string;
  status?: string;
  kind?: string;
  /** A form's id (站点管理 → 表单). */
  formId?: string;
  source?: string;
  campaign?: string;
  region?: string;
  owner?: string;
  followUp?: string;
  from?: string;
  to?: string;
  /** 线索评分: at least this score; `score` sorts the highest first. */
  minScore?: string;
  sort?: string;
}

export const listLeads = (query: LeadQuery) => callList(inquireLeadListAdmin, query);

/** The filled-in filters of a search form (blank ones dropped, choices narrowed to the contract's). */
export const leadFilters = (values: Record<string, unknown>): LeadFilters =>
  Object.fromEntries(
    Object.entries(values).flatMap(([k, v]) =>
      typeof v === 'number' ? [[k, String(v)]] : typeof v === 'string' && v.trim() !== '' ? [[k, v]] : [],
    ),
  );

/** The filters as the list's criteria (choices narrowed to the contract's). */
const leadCriteriaOf = (f: LeadFilters) => ({
  keyword: f.keyword,
  status: isOneOf(LEAD_STATUSES, f.status) ? f.status : undefined,
  kind: isOneOf(LEAD_KINDS, f.kind) ? f.kind : undefined,
  formId: f.formId && /^\d{1,9}$/.test(f.formId) ? Number(f.formId) : undefined,
  source: f.source,
  campaign: f.campaign,
  region: f.region,
  owner: f.owner,
  followUp: isOneOf(LEAD_FOLLOW_UP_FILTERS, f.followUp) ? f.followUp : undefined,
  from: f.from,
  to: f.to,
  minScore: f.minScore && /^-?\d{1,6}$/.test(f.minScore) ? Number(f.minScore) : undefined,
  sort: isOneOf(LEAD_SORTS, f.sort) ? f.sort : undefined,
});

/** One page of leads matching the filters. */
export const listLeadPage = (pageIndex: number | undefined, pageSize: number | undefined, f: LeadFilters) =>
  listLeads({ pageIndex, pageSize, ...leadCriteriaOf(f) });

export const updateLead = async (
  lead: AdminLead,
  change: { status?: LeadStatus; ownerAccountId?: number | null },
) => callOne(updateLeadAdmin, { leadId: lead.id, version: lead.version, ...change }, { quiet: true });

/** The signed-in account's saved views of the list (常用筛选). */
export const listLeadViews = async () => (await call(inquireLeadViewListAdmin, {})).datas;

/** Saves the filters under a name (the same name replaces that view). */
export const saveLeadView = async (name: string, filters: LeadFilters) => {
  return callOne(saveLeadViewAdmin, { name, ...leadCriteriaOf(filters) }, { quiet: true });
};

export const deleteLeadView = (viewId: number) => call(deleteLeadViewAdmin, { viewId });

/** PIPL erasure: every lead of the phone; the answer's message says how many. */
export const eraseLeadsOfPhone = (phone: string) => call(eraseLeadsOfPhoneAdmin, { phone });

/** A plain link: the browser downloads the file with the session cookie. */
export const leadCsvUrl = (criteria: LeadFilters) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(criteria)) if (value) query.set(key, String(value));
  const qs = query.toString();
  return qs ? `${leadCsvExport.path}?${qs}` : leadCsvExport.path;
};

/** The vendor's staff, who may own leads (cached for the page's life: the list rarely changes). */
let owners: Promise<LeadOwner[]> | null = null;
export const listLeadOwners = () => {
  owners ??= call(inquireLeadOwnerListAdmin, {}).then(
    (answer) => answer.datas,
    (error: unknown) => {
      owners = null;
      throw error;
    },
  );
  return owners;
};

export const listTimeline = async (leadId: number) =>
  (await call(inquireLeadTimelineAdmin, { leadId })).datas;

/** The lead's 访问轨迹 (decision 054). */
export const getLeadVisits = (leadId: number) => callOne(inquireLeadVisitsAdmin, { leadId });

/** The lead's 企业微信联系我 and bound contact (decision 062), or null. */
export const getLeadWecomContact = async (leadId: number) =>
  (await call(inquireLeadWecomContactAdmin, { leadId })).datas[0] ?? null;

export const addFollowUp = async (
  lead: AdminLead,
  followUp: { kind: FollowUpKind; note: string; nextAt?: string },
) => callOne(addLeadFollowUpAdmin, { leadId: lead.id, version: lead.version, ...followUp }, { quiet: true });

/** Opening a lead marks it seen (the menu's badge counts new leads nobody has opened). */
export const markLeadSeen = (leadId: number) => call(markLeadSeenAdmin, { leadId }, { quiet: true });

export const leadBadgeCount = async () => (await callOne(inquireLeadBadgeAdmin, {}, { quiet: true })).count;

export const listRoutes = async () => (await call(inquireLeadRouteListAdmin, {})).datas;

export type RouteInput = Omit<
  NonNullable<Parameters<typeof call<typeof createLeadRouteAdmin>>[1]>,
  'requestKey'
>;

export const createRoute = async (input: RouteInput, requestKey: string) =>
  callOne(createLeadRouteAdmin, { ...input, requestKey }, { quiet: true });

export const updateRoute = async (route: LeadRoute, change: Partial<RouteInput>) =>
  callOne(updateLeadRouteAdmin, { ...change, routeId: route.id, version: route.version }, { quiet: true });

export const deleteRoute = (route: LeadRoute) =>
  call(deleteLeadRouteAdmin, { routeId: route.id, version: route.version });

export const listLeadSources = async (query: {
  groupBy: LeadSourceGroup;
  kind?: LeadKind;
  from?: string;
  to?: string;
}) => (await call(inquireLeadSourceListAdmin, query)).datas;

/**
 * The owners to pick from, plus the lead's (or rule's) current owner when the list no longer offers them (their role
 * lost 查看线索): the box shows their name, not a number, and a new pick is from the list.
 */
export const withCurrent = (
  owners: { value: number; label: string }[],
  current: number | null,
  name: string | null,
) =>
  current === null || owners.some((o) => o.value === current)
    ? owners
    : [...owners, { value: current, label: name ?? String(current), disabled: true }];

/** The forms a lead may have been sent with: the list's form filter. */
export const listFormChoices = async () => (await call(inquireFormChoicesAdmin, {})).datas;
