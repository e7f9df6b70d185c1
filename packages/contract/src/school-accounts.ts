/**
 * 客户 (schools as accounts, issue 34 item 3, decision 058): every sales lead belongs to a school matched on its
 * normalised name plus region; staff confirm or change the match, merge two leads or two schools (timelines,
 * answers and attribution kept, audited, undoable). Implemented by server/src/leads (school-account*.ts,
 * lead-merge*.ts).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { LEAD_STATUSES } from './constants';
import { optionalPositiveInt, optionalText, positiveInt, siteScoped } from './fields';
import { leadTimelineEntry } from './lead-pipeline';
import { pagingInput } from './paging';

export const SCHOOL_NAME_MAX = 100;

export const accountMessages = {
  notFound: '客户不存在或已被合并',
  mergeSelf: '不能把记录合并到它自己',
  mergeOtherOrganisation: '不能合并其他单位的记录',
  mergeTwice: '该记录已经合并过，不能重复合并',
  mergeNotFound: '合并记录不存在',
  undoTwice: '这次合并已经撤销过了',
  undoBlocked: '合并后的记录又被合并或改动了归属，请先撤销之后的合并',
  agentLead: '代理商申请不属于学校客户',
  nameNeeded: '请选择客户，或填写学校名称和地区',
} as const;

/**
 * The match key of a school name or region: NFKC (full-width letters and digits become half-width), lower case,
 * without spaces and punctuation; 省 and 市 are dropped from the region (北京市海淀区 = 北京 海淀区).
 */
export const schoolNameKey = (name: string) =>
  name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');

export const regionKey = (region: string) => schoolNameKey(region).replace(/[省市]/g, '');

export const schoolAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  region: z.string(),
  leadCount: z.number().int(),
  openLeadCount: z.number().int(),
  /** Names of the staff who own its leads. */
  owners: z.array(z.string()),
  /** The status of its most recent lead. */
  latestStatus: z.enum(LEAD_STATUSES).nullable(),
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SchoolAccount = z.infer<typeof schoolAccount>;

export const inquireSchoolAccountListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSchoolAccountListAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary:
    '客户（学校）列表：按学校名称或地区搜索，最近有动态的在前，分页；只看自己线索的员工只见自己线索的学校',
  input: siteScoped.extend(pagingInput.shape).extend({ keyword: optionalText('关键词', 50) }),
  item: schoolAccount,
  result: 'paged',
});

export const accountLead = z.object({
  id: z.number().int(),
  contactName: z.string(),
  phone: z.string(),
  role: z.string(),
  status: z.enum(LEAD_STATUSES),
  ownerName: z.string().nullable(),
  /** Staff confirmed that it belongs to this school (else matched by name and region). */
  confirmed: z.boolean(),
  inPool: z.boolean(),
  /** Leads merged into this one. */
  mergedLeadIds: z.array(z.number().int()),
  createdAt: z.string(),
});

export const mergeRecord = z.object({
  id: z.number().int(),
  kind: z.enum(['lead', 'school']),
  sourceId: z.number().int(),
  targetId: z.number().int(),
  byName: z.string().nullable(),
  createdAt: z.string(),
  undoneAt: z.string().nullable(),
});
export type MergeRecord = z.infer<typeof mergeRecord>;

export const schoolAccountDetail = z.object({
  account: schoolAccount,
  leads: z.array(accountLead),
  /** Each contact once (name and phone), with the role they gave. */
  contacts: z.array(z.object({ name: z.string(), phone: z.string(), role: z.string() })),
  timeline: z.array(leadTimelineEntry.extend({ leadId: z.number().int() })),
  merges: z.array(mergeRecord),
});
export type SchoolAccountDetail = z.infer<typeof schoolAccountDetail>;

export const inquireSchoolAccountAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSchoolAccountAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '客户详情：该学校的全部线索、联系人、负责人、跟进记录（最新在前）、最新状态与合并记录',
  input: siteScoped.extend({ schoolAccountId: positiveInt('客户编号') }),
  item: schoolAccountDetail,
  result: 'list',
});

export const setLeadSchoolAccountAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'setLeadSchoolAccountAdmin',
  auth: 'admin',
  permission: 'leads.write',
  scope: 'site',
  summary:
    '确认或更改线索所属客户：给出客户编号（可为当前客户，即确认），或给出学校名称与地区（找到或新建客户）；记入跟进记录',
  input: siteScoped.extend({
    leadId: positiveInt('线索编号'),
    schoolAccountId: optionalPositiveInt('客户编号'),
    schoolName: optionalText('学校名称', SCHOOL_NAME_MAX),
    region: optionalText('地区', 100),
  }),
  item: z.object({ leadId: z.number().int(), schoolAccountId: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const mergeLeadsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'mergeLeadsAdmin',
  auth: 'admin',
  permission: 'leads.merge',
  scope: 'site',
  summary:
    '合并两条线索：来源线索的跟进记录并入目标线索，来源线索的答卷与来源归因保留，来源线索不再出现在列表中；可撤销',
  input: siteScoped.extend({
    sourceLeadId: positiveInt('被合并的线索'),
    targetLeadId: positiveInt('保留的线索'),
  }),
  item: mergeRecord,
  result: 'list',
  mutates: true,
});

export const mergeSchoolAccountsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'mergeSchoolAccountsAdmin',
  auth: 'admin',
  permission: 'leads.merge',
  scope: 'site',
  summary: '合并两个客户：来源客户的全部线索归入目标客户，来源客户不再出现在列表中；可撤销',
  input: siteScoped.extend({
    sourceAccountId: positiveInt('被合并的客户'),
    targetAccountId: positiveInt('保留的客户'),
  }),
  item: mergeRecord,
  result: 'list',
  mutates: true,
});

export const undoLeadMergeAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'undoLeadMergeAdmin',
  auth: 'admin',
  permission: 'leads.merge',
  scope: 'site',
  summary: '撤销一次线索或客户合并：记录回到合并前的样子，合并写入的跟进记录一并撤回',
  input: siteScoped.extend({ mergeId: positiveInt('合并记录') }),
  item: mergeRecord,
  result: 'list',
  mutates: true,
});
