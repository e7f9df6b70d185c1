/**
 * Saved views of the lead list (issue 16 item 4): a salesperson names the filters they use every day
 * (status, owner, kind, source, campaign, region, submission days, due follow-ups) and opens them again with
 * one click. Each account keeps its own views; saving under a name it already used replaces that view.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { positiveInt, siteScoped, text } from './fields';
import { leadCriteria } from './leads-admin';

export const LEAD_VIEWS_MAX = 20;
export const LEAD_VIEW_NAME_MAX = 20;

export const leadViewMessages = {
  tooMany: `最多保存 ${LEAD_VIEWS_MAX} 个视图，请先删除不用的视图`,
  missing: '视图不存在或已删除',
  empty: '请先设置至少一个筛选条件再保存视图',
} as const;

/** The list's criteria a view keeps: all but the exact phone of a personal-information request. */
export const leadViewCriteriaInput = leadCriteria.omit({ phone: true });
export const LEAD_VIEW_CRITERIA = Object.keys(
  leadViewCriteriaInput.shape,
) as (keyof typeof leadViewCriteriaInput.shape)[];
export type LeadViewCriterion = (typeof LEAD_VIEW_CRITERIA)[number];

/** As stored and answered: each criterion the list's query string would carry (instants as ISO text). */
export const leadViewCriteria = z.partialRecord(z.enum(LEAD_VIEW_CRITERIA), z.string());
export type LeadViewCriteria = z.infer<typeof leadViewCriteria>;

export const leadView = z.object({
  id: z.number().int(),
  name: z.string(),
  criteria: leadViewCriteria,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadView = z.infer<typeof leadView>;

export const inquireLeadViewListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadViewListAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '我保存的线索视图（常用的筛选条件），按名称',
  input: siteScoped,
  item: leadView,
  result: 'list',
});

export const saveLeadViewAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'saveLeadViewAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: `把当前筛选条件保存为视图（每人最多 ${LEAD_VIEWS_MAX} 个）；同名视图被替换`,
  input: siteScoped
    .extend({ name: text('视图名称', LEAD_VIEW_NAME_MAX) })
    .extend(leadViewCriteriaInput.shape),
  item: leadView,
  result: 'list',
  mutates: true,
});

export const deleteLeadViewAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteLeadViewAdmin',
  auth: 'admin',
  permission: 'leads.read',
  scope: 'site',
  summary: '删除我保存的一个线索视图',
  input: siteScoped.extend({ viewId: positiveInt('视图编号') }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
});
