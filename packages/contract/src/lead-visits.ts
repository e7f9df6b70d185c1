/**
 * 访问轨迹 (issue 33, decision 054): the pages a lead's visitor viewed on the site before sending the form, and
 * on return visits within 30 days. The site keeps a random visit id in sessionStorage and a browser id in
 * localStorage (30 days, never a cookie); both go only to this site's server, with the statistics beacon
 * and with the lead form.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { positiveInt, prepared, siteScoped } from './fields';

/** A visit or browser id as the site's script makes it (32 hex digits); the server accepts a little more. */
export const VISIT_ID_PATTERN = /^[A-Za-z0-9_-]{16,40}$/;
/** sessionStorage (this tab's visit) and localStorage (the browser, 30 days) keys of the site's script. */
export const VISIT_STORAGE_KEY = 'yx-visit';
export const BROWSER_STORAGE_KEY = 'yx-browser';
/** A browser id unused this long is replaced; a return visit joins a lead this long after it. */
export const VISIT_LINK_DAYS = 30;
/** Pages of no lead are kept this long (a visit that sent no form), then deleted. */
export const UNBOUND_VISIT_DAYS = 2;
/** Longest page title kept. */
export const VISIT_TITLE_MAX = 80;
/** Time on a page is counted up to this (a tab left open is not reading). */
export const VISIT_DWELL_MAX_S = 30 * 60;

/** An id the site's script sent, or nothing: a malformed one is ignored (the lead is stored without a timeline). */
export const optionalVisitId = prepared(
  (v) => (typeof v === 'string' && VISIT_ID_PATTERN.test(v) ? v : undefined),
  z.string().optional(),
);

/** What the console groups a page under (the summary line): by the site's sections (spec §2). */
export const VISIT_PAGE_KINDS = [
  'price',
  'case',
  'solution',
  'product',
  'news',
  'download',
  'home',
  'other',
] as const;
export type VisitPageKind = (typeof VISIT_PAGE_KINDS)[number];

export const visitPageKindOf = (path: string): VisitPageKind => {
  const section = path.split(/[/?#]/)[1] ?? '';
  if (section === 'priceShop') return 'price';
  if (section === 'demonstrationCase')
    return path.startsWith('/demonstrationCase/detail/') ? 'case' : 'other';
  if (section === 'solution') return 'solution';
  if (section === 'detail') return 'product';
  if (section === 'news') return path.startsWith('/news/detail/') ? 'news' : 'other';
  if (section === 'download') return 'download';
  if (section === 'home' || section === '') return 'home';
  return 'other';
};

export const leadVisitPage = z.object({
  path: z.string(),
  title: z.string(),
  kind: z.enum(VISIT_PAGE_KINDS),
  /** A case page: the city (or province) its title names, from the maintained area list; '' when none. */
  place: z.string(),
  /** Where this page was reached from when another site sent the visitor (an engine's name or a host). */
  source: z.string(),
  viewedAt: z.string(),
  /** Seconds until the visit's next page (or the submission), at most VISIT_DWELL_MAX_S; null when unknown. */
  seconds: z.number().int().nullable(),
  /** 1 for the visit the lead was sent from, then 2, 3 … for the return visits. */
  visit: z.number().int(),
  /** Viewed after the lead was sent (the same visit or a return visit). */
  afterSubmit: z.boolean(),
});
export type LeadVisitPage = z.infer<typeof leadVisitPage>;

export const leadVisits = z.object({
  /** The lead came with a visit id (sent with JavaScript): without one there is no timeline. */
  tracked: z.boolean(),
  pages: z.array(leadVisitPage),
  /** Earlier and later leads sent from the same browser (ids; the drawer opens them). */
  previousLeadId: z.number().int().nullable(),
  nextLeadIds: z.array(z.number().int()),
});
export type LeadVisits = z.infer<typeof leadVisits>;

export const inquireLeadVisitsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadVisitsAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary:
    '线索的访问轨迹：提交前本次访问看过的页面（路径、标题、停留时间）、30 天内同一浏览器的回访，以及同一浏览器的其他线索',
  input: siteScoped.extend({ leadId: positiveInt('线索编号') }),
  item: leadVisits,
  result: 'record',
});

/** The 个人信息 copy's section and columns of the visit timeline. */
export const leadVisitCsvSection = '访问轨迹';
export const leadVisitCsvColumns = [
  ['leadId', '线索编号'],
  ['viewedAt', '访问时间'],
  ['path', '页面'],
  ['title', '标题'],
  ['seconds', '停留秒数'],
  ['source', '来源'],
] as const;
