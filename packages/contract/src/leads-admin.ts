/** Console management of sales leads (store base, admin only): pipeline table, edits, CSV export. */
import { z } from 'zod';
import { defineAction } from './action';
import { clearable, optionalInstant, versionField } from './admin-fields';
import { ATTRIBUTION_MAX } from './attribution';
import { AGENT_TEAM_SIZES, LEAD_KINDS, LEAD_STATUSES, SCHOOL_TYPES } from './constants';
import {
  cleanString,
  mobilePhone,
  oneOf,
  optionalOneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  prepared,
  siteScoped,
} from './fields';
import { leadAnswer } from './form-places';
import { leadScoreColumns, leadScoreCriteria } from './lead-score';
import { messages } from './messages';
import { pagingInput } from './paging';

export const adminLead = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_KINDS),
  contactName: z.string(),
  phone: z.string(),
  /** Sales leads: the school or bureau, its type, the contact's role ('', null, '' for an agent). */
  schoolName: z.string(),
  /** Sales leads: the school's region; agent applications: the region the company covers. */
  region: z.string(),
  schoolType: z.enum(SCHOOL_TYPES).nullable(),
  role: z.string(),
  /** Agent applications: the company, its business and team size ('' for a sales lead). */
  companyName: z.string(),
  businessScope: z.string(),
  teamSize: z.union([z.enum(AGENT_TEAM_SIZES), z.literal('')]),
  interestedProductId: z.number().int().nullable(),
  interestedProductName: z.string().nullable(),
  message: z.string(),
  sourcePage: z.string(),
  /** Attribution (contract attribution.ts) and the one-word source the console groups by (sourceOf). */
  landingPage: z.string(),
  referrerHost: z.string(),
  searchEngine: z.string(),
  searchKeyword: z.string(),
  utmSource: z.string(),
  utmMedium: z.string(),
  utmCampaign: z.string(),
  deviceClass: z.string(),
  source: z.string(),
  status: z.enum(LEAD_STATUSES),
  /** The owner, one of the vendor's staff; `owner` is their name (or, for leads from before owners were staff, the typed name). */
  ownerAccountId: z.number().int().nullable(),
  owner: z.string().nullable(),
  /** The one notes box of earlier versions (read only; follow-ups go to the timeline). */
  notes: z.string(),
  /** When the owner should follow up next (the latest follow-up's date), or null. */
  nextFollowUpAt: z.string().nullable(),
  /** First opened in the console; null: nobody has looked at it yet (counted by the 新线索 badge). */
  seenAt: z.string().nullable(),
  /** The form it was sent with (forms.ts), the version it was checked against and its name now. */
  formId: z.number().int().nullable(),
  formName: z.string().nullable(),
  formVersion: z.number().int().nullable(),
  answers: z.array(leadAnswer),
  ...leadScoreColumns,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type AdminLead = z.infer<typeof adminLead>;

/** The list's follow-up filter: due (the next follow-up is now or past), scheduled (one is planned). */
export const LEAD_FOLLOW_UP_FILTERS = ['due', 'scheduled'] as const;

/** The school's name or the company's: what names a lead in a list, a title or an alert. */
export const leadOrganisation = (lead: Pick<AdminLead, 'kind' | 'schoolName' | 'companyName'>) =>
  lead.kind === 'agent' ? lead.companyName : lead.schoolName;

/**
 * Search by (part of) a phone number, a school or company name; filter by status, kind, source
 * (sourceOf: utm_source, else search engine, else referring host, else direct), campaign, region and
 * submission time.
 */
export const leadCriteria = z.object({
  keyword: optionalText('手机号、学校或公司', 60),
  /** Exactly this phone number: a person's own leads (PIPL access and erasure requests). */
  phone: prepared(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    mobilePhone().optional(),
  ),
  status: optionalOneOf('跟进状态', LEAD_STATUSES),
  kind: optionalOneOf('线索类型', LEAD_KINDS),
  /** The form the leads were sent with (站点管理 → 表单). */
  formId: optionalPositiveInt('表单'),
  source: optionalText('来源', ATTRIBUTION_MAX.host),
  campaign: optionalText('推广活动', ATTRIBUTION_MAX.utm),
  region: optionalText('地区', 60),
  /** An owner's account id, or `none` for leads nobody owns. */
  owner: prepared(
    (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() || undefined : v),
    cleanString('负责人')
      .regex(/^(none|[1-9]\d{0,8})$/, { error: messages.invalidChoice('负责人') })
      .optional(),
  ),
  /** due: the next follow-up is due (now or earlier); scheduled: one is planned. */
  followUp: optionalOneOf('下次跟进', LEAD_FOLLOW_UP_FILTERS),
  /** Submitted at or after `from` and before `to`. */
  from: optionalInstant('开始时间'),
  to: optionalInstant('结束时间'),
  ...leadScoreCriteria,
});
export type LeadCriteria = z.output<typeof leadCriteria>;

export const inquireLeadListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadListAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary:
    '销售线索列表：按手机号、学校或公司搜索，按跟进状态、类型、来源、推广活动、地区、提交时间筛选，新线索在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend(leadCriteria.shape),
  item: adminLead,
  result: 'paged',
});

export const updateLeadAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateLeadAdmin',
  auth: 'admin',
  permission: 'leads.write',
  scope: 'site',
  summary:
    '更新线索的跟进状态和负责人（本单位员工；分配给新负责人时通过通知渠道告知）；version 不是最新时返回 409',
  input: siteScoped.extend({
    leadId: positiveInt('线索编号'),
    status: optionalOneOf('跟进状态', LEAD_STATUSES),
    /** A staff member's account id; blank or null clears the owner, absent keeps it. */
    ownerAccountId: clearable(positiveInt('负责人')),
    version: versionField,
  }),
  item: adminLead,
  result: 'list',
  mutates: true,
});

/**
 * The CSV export is a file, not an envelope: GET with the list's criteria as the query string,
 * answered as UTF-8 with BOM (Excel reads the Chinese correctly), CRLF, RFC 4180 quoting.
 */
export const leadCsvExport = {
  path: '/store/api/v1.0/exportLeadCsvAdmin.file',
  auth: 'admin',
  scope: 'site',
  permission: 'leads.export',
  input: siteScoped.partial().extend(leadCriteria.shape),
  /** More than this many rows is refused: narrow the search instead. */
  maxRows: 50_000,
} as const;

export const leadCsvColumns = [
  ['id', '编号'],
  ['createdAt', '提交时间'],
  ['kind', '线索类型'],
  ['status', '跟进状态'],
  ['contactName', '联系人'],
  ['phone', '手机号'],
  ['schoolName', '学校名称'],
  ['region', '所在地区'],
  ['schoolType', '学校类型'],
  ['role', '职务'],
  ['companyName', '公司名称'],
  ['businessScope', '主营业务'],
  ['teamSize', '团队规模'],
  ['interestedProductName', '意向产品'],
  ['message', '需求描述'],
  ['owner', '负责人'],
  ['nextFollowUpAt', '下次跟进'],
  ['notes', '备注'],
  ['sourcePage', '来源页面'],
  ['source', '来源'],
  ['utmCampaign', '推广活动'],
  ['landingPage', '着陆页'],
  ['formName', '表单'],
  ['score', '评分'],
] as const;

/** The export's last column when it is not filtered by one form: every answer as 问题：回答, one after another. */
export const leadAnswersCsvColumn = '表单回答';

/**
 * 个人信息请求's copy (the export with `phone`: everything stored about that number), in two sections each
 * under its title line: the leads with leadCsvColumns and the consent each was given under, then every
 * entry of their timelines (what staff recorded, status changes, assignments), oldest first.
 */
export const personalDataCsvSections = { leads: '线索', timeline: '跟进记录' } as const;

export const leadConsentCsvColumns = [
  ['consentAt', '同意隐私政策时间'],
  ['privacyArticleId', '隐私政策文章编号'],
  ['privacyVersion', '隐私政策版本'],
  ['privacyUpdatedAt', '隐私政策更新时间'],
] as const;

export const leadTimelineCsvColumns = [
  ['leadId', '线索编号'],
  ['createdAt', '记录时间'],
  ['kind', '类型'],
  ['accountName', '记录人'],
  ['text', '内容'],
  ['nextAt', '下次跟进'],
] as const;

/** The 内容 of entries the system wrote (the console's timeline says the same). */
export const timelineCsvText = {
  system: '系统',
  moved: (from: string, to: string) => `“${from}”改为“${to}”`,
  assigned: (name: string) => `分配给 ${name}`,
  assignedByRule: (name: string, rule: string) => `按规则“${rule}”分配给 ${name}`,
  unassigned: '取消负责人',
} as const;

export const leadStatusLabels = {
  new: '新线索',
  contacted: '已联系',
  qualified: '已确认需求',
  won: '已成交',
  lost: '已流失',
} as const;

/** How the 来源 view groups leads: by source (sourceOf), UTM campaign, UTM medium or landing page (path). */
export const LEAD_SOURCE_GROUPS = ['source', 'campaign', 'medium', 'landing'] as const;
export type LeadSourceGroup = (typeof LEAD_SOURCE_GROUPS)[number];

export const leadSourceRow = z.object({
  /** The group's value; '' for leads without one (no campaign, no landing page). */
  key: z.string(),
  leads: z.number().int(),
  /** Of those, how many were won, and how many are still open (neither won nor lost). */
  won: z.number().int(),
  open: z.number().int(),
});
export type LeadSourceRow = z.infer<typeof leadSourceRow>;
export const LEAD_SOURCE_ROWS_MAX = 100;

export const inquireLeadSourceListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadSourceListAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: `线索来源统计：按来源、推广活动、媒介或着陆页统计线索数、成交数和跟进中数（可按类型与提交时间筛选），最多 ${LEAD_SOURCE_ROWS_MAX} 行`,
  input: siteScoped.extend({
    groupBy: oneOf('统计方式', LEAD_SOURCE_GROUPS),
    kind: optionalOneOf('线索类型', LEAD_KINDS),
    from: optionalInstant('开始时间'),
    to: optionalInstant('结束时间'),
  }),
  item: leadSourceRow,
  result: 'list',
});

/**
 * PIPL erasure: every lead of one phone number (both kinds, any status) is deleted with its timeline, and
 * its pending alerts are dropped; the audit line keeps the count and the masked number only.
 */
export const eraseLeadsOfPhoneAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'eraseLeadsOfPhoneAdmin',
  auth: 'admin',
  scope: 'site',
  // Also needs leads.read.all: someone limited to their own leads cannot erase others'.
  permission: 'leads.write',
  summary: '删除某手机号的全部线索（个人信息删除请求）：连同跟进记录和待发送的通知一并删除，记入操作日志',
  input: siteScoped.extend({ phone: mobilePhone() }),
  item: z.object({ erased: z.number().int() }),
  result: 'record',
  mutates: true,
});
