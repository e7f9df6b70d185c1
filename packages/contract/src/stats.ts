/**
 * First-party statistics: the dashboard (数据概览) and its tables, the spider log (the beacons: stats-beacon.ts).
 * Nothing here identifies a person: visitors are a daily-salted hash, referrers only a host.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { oneOf, optionalText, prepared, siteScoped } from './fields';
import { pagingInput } from './paging';

/** The periods the dashboard compares with the one before. */
export const STATS_RANGES = ['today', '7d', '30d'] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const statsRangeDays: Record<StatsRange, number> = { today: 1, '7d': 7, '30d': 30 };

const totals = z.object({
  views: z.number().int(),
  visitors: z.number().int(),
  leads: z.number().int(),
  /**
   * People who left a lead (one per phone number) ÷ visitors, where the visitors are at least those people
   * (someone who left a lead visited even if the counter missed them): 0 to 1, 0 without visitors.
   */
  conversion: z.number(),
});
export type StatsTotals = z.infer<typeof totals>;

export const statsOverview = z.object({
  range: z.enum(STATS_RANGES),
  /** First and last day of the period (Beijing time), YYYY-MM-DD. */
  from: z.string(),
  to: z.string(),
  current: totals,
  previous: totals,
  daily: z.array(z.object({ day: z.string(), views: z.number().int(), leads: z.number().int() })),
  spiderHits: z.number().int(),
  /** Crawler visits of the period per search engine, most first (the dashboard's spider summary). */
  spiders: z.array(z.object({ spider: z.string(), hits: z.number().int() })),
  notFoundViews: z.number().int(),
  /** The period holds seeded demo statistics (shown with a notice, never mixed up with real ones). */
  demo: z.boolean(),
});
export type StatsOverview = z.infer<typeof statsOverview>;

export const statsRangeField = oneOf('时间范围', STATS_RANGES);

export const inquireStatsOverviewAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStatsOverviewAdmin',
  auth: 'admin',
  permission: 'stats.read',
  scope: 'site',
  summary: '数据概览：浏览量、访客、线索、转化率（本期与上期）及每日走势',
  input: siteScoped.extend({ range: statsRangeField }),
  item: statsOverview,
  result: 'list',
});

/** The dashboard's tables; each is also its own detail list and CSV file. */
export const STATS_TABLES = [
  'pages',
  'referrers',
  'engines',
  'keywords',
  'utmSources',
  'utmCampaigns',
  'devices',
  'widths',
  'landing',
  'notFound',
  'leadSources',
  'leadCampaigns',
  'leadLanding',
] as const;
export type StatsTable = (typeof STATS_TABLES)[number];

export const statsTableLabels: Record<StatsTable, string> = {
  pages: '受访页面',
  referrers: '来源网站',
  engines: '搜索引擎',
  keywords: '搜索词',
  utmSources: '推广来源（utm_source）',
  utmCampaigns: '推广活动（utm_campaign）',
  devices: '设备类型',
  widths: '屏幕宽度',
  landing: '入口页面',
  notFound: '404 页面',
  leadSources: '线索来源',
  leadCampaigns: '线索推广活动',
  leadLanding: '带来线索的入口页面',
};

export const statsRow = z.object({
  key: z.string(),
  views: z.number().int(),
  visitors: z.number().int(),
  leads: z.number().int(),
});
export type StatsRow = z.infer<typeof statsRow>;

export const statsTableInput = siteScoped.extend(pagingInput.shape).extend({
  table: oneOf('统计表', STATS_TABLES),
  range: statsRangeField,
});

export const inquireStatsTableAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStatsTableAdmin',
  auth: 'admin',
  permission: 'stats.read',
  scope: 'site',
  summary: '数据概览的明细表（受访页面、来源、搜索词、入口页、404、线索来源等），按数量从多到少，分页',
  input: statsTableInput,
  item: statsRow,
  result: 'paged',
});

/** Search-engine crawlers the spider log names; anything else that calls itself a bot is `other`. */
export const SPIDERS = [
  'baidu',
  'sogou',
  'so360',
  'bytedance',
  'shenma',
  'google',
  'bing',
  'yandex',
  'other',
] as const;
export type Spider = (typeof SPIDERS)[number];
export const spiderLabels: Record<Spider, string> = {
  baidu: 'Baiduspider（百度）',
  sogou: 'Sogou（搜狗）',
  so360: '360Spider（360 搜索）',
  bytedance: 'Bytespider（头条/抖音）',
  shenma: 'YisouSpider（神马）',
  google: 'Googlebot',
  bing: 'Bingbot',
  yandex: 'YandexBot',
  other: '其他爬虫',
};

/** yes: reverse and forward DNS matched the engine; no: they did not (an impostor); unverified: not checked. */
export const SPIDER_VERIFICATION = ['yes', 'no', 'unverified'] as const;
export type SpiderVerification = (typeof SPIDER_VERIFICATION)[number];
export const spiderVerificationLabels: Record<SpiderVerification, string> = {
  yes: '已验证',
  no: '冒充',
  unverified: '未验证',
};

export const spiderLogEntry = z.object({
  day: z.string(),
  spider: z.enum(SPIDERS),
  path: z.string(),
  status: z.number().int(),
  verified: z.enum(SPIDER_VERIFICATION),
  hits: z.number().int(),
  lastAt: z.string(),
});
export type SpiderLogEntry = z.infer<typeof spiderLogEntry>;

/** The spider log's filters: the list and its CSV take the same. */
export const spiderLogFilters = {
  range: statsRangeField,
  spider: prepared((v) => (v === '' ? undefined : v), z.enum(SPIDERS, { error: '爬虫不正确' }).optional()),
  path: optionalText('页面', 200),
  verified: prepared(
    (v) => (v === '' ? undefined : v),
    z.enum(SPIDER_VERIFICATION, { error: '验证状态不正确' }).optional(),
  ),
};

export const spiderLogInput = siteScoped.extend(pagingInput.shape).extend(spiderLogFilters);

export const inquireSpiderLogAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSpiderLogAdmin',
  auth: 'admin',
  permission: 'stats.read',
  scope: 'site',
  summary: '爬虫日志：每天每个页面各搜索引擎爬虫的抓取次数与返回状态，新的在前，分页',
  input: spiderLogInput,
  item: spiderLogEntry,
  result: 'paged',
});

/** CSV of any dashboard table, or of the spider log (`table=spiders`): GET, the same criteria as the lists. */
export const statsCsvExport = {
  path: '/store/api/v1.0/exportStatsCsvAdmin.file',
  auth: 'admin',
  scope: 'site',
  permission: 'stats.read',
  input: siteScoped.partial().extend({
    ...spiderLogFilters,
    table: oneOf('统计表', [...STATS_TABLES, 'spiders'] as const),
  }),
  maxRows: 10_000,
} as const;

export type StatsMetric = 'views' | 'visitors' | 'leads';
export const statsMetricLabels: Record<StatsMetric, string> = {
  views: '浏览量',
  visitors: '访客',
  leads: '线索',
};

/** Each table's key column (its Chinese heading) and the counts it shows: the console and the CSV agree. */
export const statsTableColumns: Record<StatsTable, { key: string; metrics: readonly StatsMetric[] }> = {
  pages: { key: '页面', metrics: ['views', 'visitors'] },
  referrers: { key: '来源网站', metrics: ['views', 'visitors'] },
  engines: { key: '搜索引擎', metrics: ['views', 'visitors'] },
  keywords: { key: '搜索词', metrics: ['views', 'visitors'] },
  utmSources: { key: 'utm_source', metrics: ['views', 'visitors'] },
  utmCampaigns: { key: 'utm_campaign', metrics: ['views', 'visitors'] },
  devices: { key: '设备类型', metrics: ['views', 'visitors'] },
  widths: { key: '屏幕宽度', metrics: ['views', 'visitors'] },
  landing: { key: '入口页面', metrics: ['visitors'] },
  notFound: { key: '页面', metrics: ['views', 'visitors'] },
  leadSources: { key: '来源', metrics: ['leads'] },
  leadCampaigns: { key: '推广活动', metrics: ['leads'] },
  leadLanding: { key: '入口页面', metrics: ['leads'] },
};

export const spiderLogColumns = [
  ['day', '日期'],
  ['spider', '爬虫'],
  ['path', '页面'],
  ['status', '状态码'],
  ['verified', '验证'],
  ['hits', '抓取次数'],
  ['lastAt', '最后抓取'],
] as const;
