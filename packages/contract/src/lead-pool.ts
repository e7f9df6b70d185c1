/**
 * 公海 (the public pool, issue 34 item 4, decision 058): a lead nobody followed up for N days (per lead kind) goes
 * back to the pool by a scheduled job, its owner is told; salespeople claim from it within a daily limit, one
 * claim wins; admins see the pool's age and where leads leak. Implemented by server/src/leads (lead-pool*.ts).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { LEAD_KINDS, LEAD_STATUSES, type LeadKind } from './constants';
import { optionalOneOf, optionalText, positiveInt, prepared, siteScoped } from './fields';
import { pagingInput } from './paging';

export const LEAD_POOL_DAYS_DEFAULT = 30;
export const LEAD_POOL_DAYS_MAX = 365;
export const LEAD_CLAIM_LIMIT_DEFAULT = 10;
export const LEAD_CLAIM_LIMIT_MAX = 500;
/** The recurring job's outbox kind: one instance runs it at a time (the outbox lease and an advisory lock). */
export const LEAD_POOL_JOB_KIND = 'lead-pool.recycle';

/** Why a lead went back: nobody followed it up in time, its owner left, or staff put it back. */
export const LEAD_POOL_REASONS = ['idle', 'leaver', 'manual'] as const;
export type LeadPoolReason = (typeof LEAD_POOL_REASONS)[number];
export const leadPoolReasonLabels: Record<LeadPoolReason, string> = {
  idle: '超期未跟进',
  leaver: '负责人离职',
  manual: '手动退回',
};

export const poolMessages = {
  notInPool: '该线索已不在公海，可能刚被其他同事领取',
  cannotReturn: '只有有负责人、尚未成交或流失的线索可以退回公海',
  dailyLimit: (limit: number) => `今日已领取 ${limit} 条，达到每日领取上限，请明天再领`,
  noticeTitle: '线索已退回公海',
  noticeBody: (name: string, reason: LeadPoolReason, days?: number) =>
    reason === 'idle' && days
      ? `「${name}」超过 ${days} 天未跟进，已退回公海`
      : `「${name}」已退回公海（${leadPoolReasonLabels[reason]}）`,
} as const;

const daysField = (label: string) =>
  prepared(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number({ error: `${label}须为 1 到 ${LEAD_POOL_DAYS_MAX} 的整数` })
      .int({ error: `${label}须为 1 到 ${LEAD_POOL_DAYS_MAX} 的整数` })
      .min(1, { error: `${label}须为 1 到 ${LEAD_POOL_DAYS_MAX} 的整数` })
      .max(LEAD_POOL_DAYS_MAX, { error: `${label}须为 1 到 ${LEAD_POOL_DAYS_MAX} 的整数` }),
  );

export const leadPoolSettings = z.object({
  /** Days without a follow-up after which a lead of this kind returns to the pool. */
  days: z.record(z.enum(LEAD_KINDS), z.number().int()),
  dailyClaimLimit: z.number().int(),
  /** The recycling job's last run: when, how long, how many leads it returned, its error if it failed. */
  lastRunAt: z.string().nullable(),
  lastRunMs: z.number().int().nullable(),
  lastRunReturned: z.number().int().nullable(),
  lastRunError: z.string().nullable(),
  version: z.number().int(),
});
export type LeadPoolSettings = z.infer<typeof leadPoolSettings>;

export const inquireLeadPoolSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadPoolSettingsAdmin',
  auth: 'admin',
  permission: 'leads.pool.manage',
  scope: 'site',
  summary: '公海设置：各类线索多少天未跟进退回公海、每人每日领取上限，以及回收任务的最近一次运行',
  input: siteScoped,
  item: leadPoolSettings,
  result: 'list',
});

export const updateLeadPoolSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateLeadPoolSettingsAdmin',
  auth: 'admin',
  permission: 'leads.pool.manage',
  scope: 'site',
  summary: '修改公海设置；version 不是最新时返回 409',
  input: siteScoped.extend({
    salesDays: daysField('销售咨询的回收天数'),
    agentDays: daysField('代理商申请的回收天数'),
    dailyClaimLimit: prepared(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
      z
        .number({ error: `每日领取上限须为 1 到 ${LEAD_CLAIM_LIMIT_MAX} 的整数` })
        .int({ error: `每日领取上限须为 1 到 ${LEAD_CLAIM_LIMIT_MAX} 的整数` })
        .min(1, { error: `每日领取上限须为 1 到 ${LEAD_CLAIM_LIMIT_MAX} 的整数` })
        .max(LEAD_CLAIM_LIMIT_MAX, { error: `每日领取上限须为 1 到 ${LEAD_CLAIM_LIMIT_MAX} 的整数` }),
    ),
    version: versionField,
  }),
  item: leadPoolSettings,
  result: 'list',
  mutates: true,
});

/** A lead in the pool as a salesperson sees it before claiming: the phone masked. */
export const poolLead = z.object({
  id: z.number().int(),
  kind: z.enum(LEAD_KINDS),
  /** The school, or the agent's company. */
  organisation: z.string(),
  region: z.string(),
  contactName: z.string(),
  phone: z.string(),
  status: z.enum(LEAD_STATUSES),
  reason: z.enum(LEAD_POOL_REASONS),
  previousOwnerName: z.string().nullable(),
  pooledAt: z.string(),
  /** Whole days in the pool. */
  poolDays: z.number().int(),
  createdAt: z.string(),
});
export type PoolLead = z.infer<typeof poolLead>;

export const inquireLeadPoolAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadPoolAdmin',
  auth: 'admin',
  permission: 'leads.pool',
  scope: 'site',
  summary: '公海线索：按类型与学校/公司筛选，最早退回的在前，手机号打码，分页',
  input: siteScoped
    .extend(pagingInput.shape)
    .extend({ kind: optionalOneOf('线索类型', LEAD_KINDS), keyword: optionalText('关键词', 50) }),
  item: poolLead,
  result: 'paged',
});

export const claimResult = z.object({
  id: z.number().int(),
  /** Claims of the caller today (China time), this one included, and the limit. */
  claimedToday: z.number().int(),
  dailyClaimLimit: z.number().int(),
});

export const claimPoolLeadAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'claimPoolLeadAdmin',
  auth: 'admin',
  permission: 'leads.pool',
  scope: 'site',
  summary: '从公海领取线索成为负责人；同时领取只有一人成功；超过每日领取上限时拒绝',
  input: siteScoped.extend({ leadId: positiveInt('线索编号') }),
  item: claimResult,
  result: 'list',
  mutates: true,
});

export const returnLeadToPoolAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'returnLeadToPoolAdmin',
  auth: 'admin',
  permission: 'leads.write',
  scope: 'site',
  summary: '把线索退回公海（手动退回）：清除负责人，记入跟进记录并通知原负责人',
  input: siteScoped.extend({ leadId: positiveInt('线索编号') }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
});

const countRow = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

export const leadPoolStats = z.object({
  inPool: z.number().int(),
  /** Leads in the pool by how long they have been there. */
  ages: z.array(countRow),
  /** Returns of the last 30 days by whom they were taken from, by reason and by kind: where leads leak. */
  byOwner: z.array(countRow),
  byReason: z.array(countRow),
  byKind: z.array(countRow),
  returned30d: z.number().int(),
  claimed30d: z.number().int(),
});
export type LeadPoolStats = z.infer<typeof leadPoolStats>;

export const inquireLeadPoolStatsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireLeadPoolStatsAdmin',
  auth: 'admin',
  permission: 'leads.pool.manage',
  scope: 'site',
  summary: '公海统计：在池线索的时长分布，近 30 天退回公海的来源（按原负责人、原因、类型）与领取数',
  input: siteScoped,
  item: leadPoolStats,
  result: 'list',
});

/** Age buckets of the pool, in days (upper bounds; the last has none). */
export const POOL_AGE_BUCKETS = [
  { key: 'week', label: '7 天内', maxDays: 7 },
  { key: 'month', label: '8–30 天', maxDays: 30 },
  { key: 'quarter', label: '31–90 天', maxDays: 90 },
  { key: 'older', label: '90 天以上', maxDays: null },
] as const;

export const defaultPoolDays = (): Record<LeadKind, number> => ({
  sales: LEAD_POOL_DAYS_DEFAULT,
  agent: LEAD_POOL_DAYS_DEFAULT,
});
