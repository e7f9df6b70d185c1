/**
 * The follow-up pipeline of sales leads (store base, site admins only): owners picked from the vendor's
 * staff, a timeline per lead (calls, visits, notes, status changes, assignments: each with who and when),
 * the next follow-up date and its reminder, the 新线索 badge, and the routing rules that assign a lead
 * on arrival by its kind and region. Implemented by server/src/leads.
 */
import { z } from 'zod';
import { defineAction } from './action';
import {
  clearable,
  optionalInstant,
  optionalIntInRange,
  requestKeyField,
  versionField,
} from './admin-fields';
import { FOLLOW_UP_KINDS, FOLLOW_UP_NOTE_MAX, LEAD_KINDS, LEAD_STATUSES } from './constants';
import { optionalPositiveInt, optionalText, positiveInt, prepared, siteScoped, text } from './fields';
import { adminLead } from './leads-admin';
import { messages } from './messages';

export type FollowUpKind = (typeof FOLLOW_UP_KINDS)[number];
/**
 * Besides: back to the pool (公海) and claimed from it, a merge, a change of the lead's school (客户), and the
 * WeCom contact added or deleted (企业微信客户联系, decision 062).
 */
export const TIMELINE_KINDS = [
  ...FOLLOW_UP_KINDS,
  'status',
  'assign',
  'pool',
  'claim',
  'merge',
  'account',
  'wecom',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineKindLabels: Record<TimelineKind, string> = {
  call: '电话',
  visit: '拜访',
  wechat: '微信',
  email: '邮件',
  note: '备注',
  status: '状态变更',
  assign: '分配负责人',
  pool: '退回公海',
  claim: '从公海领取',
  merge: '合并',
  account: '客户归属',
  wecom: '企业微信',
};

export const LEAD_ROUTE_REGIONS_MAX = 30;

export const pipelineMessages = {
  ownerNotStaff: '负责人必须是本单位在职、且角色可以查看线索的员工',
  nextAtPast: '下次跟进时间必须晚于现在',
  routeMissing: '分配规则不存在或已删除',
  regionsTooMany: `地区最多 ${LEAD_ROUTE_REGIONS_MAX} 个`,
  closedLead: '线索已成交或已流失，不能再安排跟进提醒',
} as const;

/** A member of the vendor's staff who can own leads. */
export const leadOwner = z.object({
  accountId: z.number().int(),
  name: z.string(),
  phone: z.string(),
});
export type LeadOwner = z.infer<typeof leadOwner>;

export const inquireLeadOwnerListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadOwnerListAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '可作为线索负责人的员工（本单位在职、已确认的成员）',
  input: siteScoped,
  item: leadOwner,
  result: 'list',
});

export const leadTimelineEntry = z.object({
  id: z.number().int(),
  kind: z.enum(TIMELINE_KINDS),
  note: z.string(),
  /** The next follow-up this entry scheduled, or null. */
  nextAt: z.string().nullable(),
  /** Who wrote it; null for the system (assignment by a routing rule on arrival). */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  /** Status changes. */
  statusFrom: z.enum(LEAD_STATUSES).nullable(),
  statusTo: z.enum(LEAD_STATUSES).nullable(),
  /** Assignments: the new owner (null: cleared) and the rule that chose them on arrival. */
  ownerName: z.string().nullable(),
  ruleName: z.string().nullable(),
  createdAt: z.string(),
});
export type LeadTimelineEntry = z.infer<typeof leadTimelineEntry>;

const leadIdInput = siteScoped.extend({ leadId: positiveInt('线索编号') });

export const inquireLeadTimelineAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadTimelineAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '线索的跟进记录：电话、拜访、备注、状态变更与分配，最新在前',
  input: leadIdInput,
  item: leadTimelineEntry,
  result: 'list',
});

export const addLeadFollowUpAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'addLeadFollowUpAdmin',
  auth: 'admin',
  permission: 'leads.write',
  scope: 'site',
  summary:
    '记录一次跟进（方式、内容、下次跟进时间）；下次跟进时间到时通过通知渠道提醒负责人；version 不是最新时返回 409',
  input: leadIdInput.extend({
    kind: z.enum(FOLLOW_UP_KINDS, { error: messages.invalidChoice('跟进方式') }),
    note: text('跟进内容', FOLLOW_UP_NOTE_MAX),
    nextAt: optionalInstant('下次跟进时间'),
    version: versionField,
  }),
  item: adminLead,
  result: 'list',
  mutates: true,
});

export const markLeadSeenAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'markLeadSeenAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '标记线索已查看（打开详情时），新线索角标随之减少',
  input: leadIdInput,
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const leadBadge = z.object({
  /** New leads nobody has opened yet or that have no owner. */
  count: z.number().int(),
});

export const inquireLeadBadgeAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadBadgeAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '控制台菜单的新线索角标：尚未查看或尚未分配负责人的新线索数',
  input: siteScoped,
  item: leadBadge,
  result: 'list',
});

/** Lead kinds as a repeated form field, one comma-separated string or a JSON array; empty: every kind. */
export const leadKindList = prepared((value) => {
  if (value === undefined) return undefined;
  if (value === null || value === '') return [];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value];
  return [...new Set(list.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== ''))];
}, z.array(z.enum(LEAD_KINDS, { error: messages.invalidChoice('线索类型') })).optional());

/** A routing rule: leads of these kinds (none: any) from these regions (none: any) go to this owner. */
export const leadRoute = z.object({
  id: z.number().int(),
  name: z.string(),
  leadKinds: z.array(z.enum(LEAD_KINDS)),
  /** Words one of which a lead's region must contain, comma separated; '' matches every region. */
  regions: z.string(),
  ownerAccountId: z.number().int(),
  ownerName: z.string(),
  /** Rules are tried from the smallest position; the first that matches assigns the lead. */
  position: z.number().int(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type LeadRoute = z.infer<typeof leadRoute>;

const enabledField = prepared(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '启用状态格式不正确' }),
);

const routeFields = {
  leadKinds: leadKindList,
  regions: clearable(text('地区', 200)),
  position: optionalIntInRange('顺序', 1, 9999),
  enabled: enabledField.optional(),
};

export const inquireLeadRouteListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadRouteListAdmin',
  auth: 'admin',
  permission: 'leads.routes',
  scope: 'site',
  summary: '线索分配规则（按线索类型与地区分配给销售），按顺序',
  input: siteScoped,
  item: leadRoute,
  result: 'list',
});

export const createLeadRouteAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createLeadRouteAdmin',
  auth: 'admin',
  permission: 'leads.routes',
  scope: 'site',
  summary: '新建线索分配规则：符合类型与地区的新线索到达时分配给指定负责人',
  input: siteScoped.extend({
    name: text('规则名称', 40),
    ownerAccountId: positiveInt('负责人'),
    ...routeFields,
    requestKey: requestKeyField,
  }),
  item: leadRoute,
  result: 'list',
  mutates: true,
  affectsLeadIntake: true,
});

export const updateLeadRouteAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateLeadRouteAdmin',
  auth: 'admin',
  permission: 'leads.routes',
  scope: 'site',
  summary: '修改线索分配规则；version 不是最新时返回 409',
  input: siteScoped.extend({
    routeId: positiveInt('规则编号'),
    name: optionalText('规则名称', 40),
    ownerAccountId: optionalPositiveInt('负责人'),
    ...routeFields,
    version: versionField,
  }),
  item: leadRoute,
  result: 'list',
  mutates: true,
  affectsLeadIntake: true,
});

export const deleteLeadRouteAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteLeadRouteAdmin',
  auth: 'admin',
  permission: 'leads.routes',
  scope: 'site',
  summary: '删除线索分配规则；version 不是最新时返回 409',
  input: siteScoped.extend({ routeId: positiveInt('规则编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsLeadIntake: true,
});

/** What routing rules and alert channels look at in a lead. */
export interface RoutedLead {
  kind: string;
  region: string;
}

/** Whether a rule or a channel that lists these kinds and region words takes a lead (empty lists: any). */
export const routesLead = (
  filter: { leadKinds?: readonly string[]; regions?: readonly string[] },
  lead: RoutedLead,
) =>
  (!filter.leadKinds?.length || filter.leadKinds.includes(lead.kind)) &&
  (!filter.regions?.length || filter.regions.some((word) => lead.region.includes(word)));
