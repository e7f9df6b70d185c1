/**
 * Search-engine push (搜索引擎推送): every change of the site's sitemap (an article or product published,
 * updated, taken offline or deleted) sends the changed canonical addresses to Baidu's 普通收录 API and to
 * IndexNow, through the outbox with retries. The console shows each push with the engines' answers and
 * Baidu's remaining daily quota.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalOneOf, positiveInt, siteScoped } from './fields';
import { pagingInput } from './paging';

export const SEARCH_ENGINES_PUSHED = ['baidu', 'indexnow'] as const;
export type PushEngine = (typeof SEARCH_ENGINES_PUSHED)[number];

/** Outbox kinds: one message per engine, so one engine's failure never resends to the other. */
export const SEARCH_PUSH_PREFIX = 'search.push.';
export const searchPushKind = (engine: PushEngine) => `${SEARCH_PUSH_PREFIX}${engine}`;

/** Most addresses one request carries (Baidu takes 2,000 per call, IndexNow 10,000). */
export const SEARCH_PUSH_BATCH: Record<PushEngine, number> = { baidu: 2000, indexnow: 10_000 };

/** Why an address is pushed: it appeared in, changed in, or left the sitemap. */
export const PUSH_REASONS = ['added', 'changed', 'removed'] as const;
export type PushReason = (typeof PUSH_REASONS)[number];

export const searchPushStatuses = ['pending', 'sending', 'sent', 'retrying', 'failed'] as const;

export const searchPushEntry = z.object({
  id: z.number().int(),
  engine: z.enum(SEARCH_ENGINES_PUSHED),
  label: z.string(),
  urls: z.array(z.string()),
  status: z.enum(searchPushStatuses),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  /** The engine's last answer (HTTP status and body), or the network error. */
  httpStatus: z.number().int().nullable(),
  answer: z.string().nullable(),
  /** Baidu: addresses accepted and the day's quota left, from its answer. */
  accepted: z.number().int().nullable(),
  remain: z.number().int().nullable(),
  createdAt: z.string(),
  dueAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SearchPushEntry = z.infer<typeof searchPushEntry>;

export const inquireSearchPushListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSearchPushListAdmin',
  auth: 'admin',
  permission: 'stats.read',
  scope: 'site',
  summary: '搜索引擎推送记录：推送的网址、百度与 IndexNow 的应答、重试情况，新记录在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    engine: optionalOneOf('搜索引擎', SEARCH_ENGINES_PUSHED),
    status: optionalOneOf('推送状态', searchPushStatuses),
  }),
  item: searchPushEntry,
  result: 'paged',
});

export const searchPushStatus = z.object({
  /** The origin pushed addresses start with (PUBLIC_ORIGIN, else 百度推送站点); null: nothing can be pushed. */
  origin: z.string().nullable(),
  baiduConfigured: z.boolean(),
  indexNowConfigured: z.boolean(),
  /** Where IndexNow reads the key: {origin}{base}{key}.txt. */
  indexNowKeyUrl: z.string().nullable(),
  /** Baidu's remaining daily quota from its latest answer, and when that was. */
  baiduRemain: z.number().int().nullable(),
  baiduRemainAt: z.string().nullable(),
  /** Addresses of the site the push compares (its sitemap). */
  trackedUrls: z.number().int(),
});
export type SearchPushStatus = z.infer<typeof searchPushStatus>;

export const inquireSearchPushStatusAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSearchPushStatusAdmin',
  auth: 'admin',
  permission: 'stats.read',
  scope: 'site',
  summary: '搜索引擎推送的配置状态与百度当天剩余配额',
  input: siteScoped,
  item: searchPushStatus,
  result: 'list',
});

export const resendSearchPushAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'resendSearchPushAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '重新推送一条记录（失败、重试中或已发送的）',
  input: siteScoped.extend({ pushId: positiveInt('推送编号') }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const searchPushMessages = {
  missing: '该推送记录不存在或不能重推',
  reasons: { added: '发布', changed: '更新', removed: '下线或删除' } satisfies Record<PushReason, string>,
  engines: { baidu: '百度普通收录', indexnow: 'IndexNow' } satisfies Record<PushEngine, string>,
} as const;
