/**
 * 广告转化回传 (docs/decisions/053-ad-conversion-feedback.md): the ad click ids a landing page carries, kept with
 * the lead's attribution, and the conversions (表单提交成功, 有效线索, 成交) reported back to the ad platforms:
 * Baidu oCPC through its uploadConvertData API, any other platform through a signed webhook. 站点管理 → 广告转化
 * holds the settings (settings.write); 线索来源 shows how many were sent.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { switchFlag as flag, optionalIntInRange, versionField } from './admin-fields';
import { ATTRIBUTION_MAX } from './attribution';
import { optionalText, siteScoped } from './fields';

/** The landing page's query parameters that name an ad click, and who sets them. */
export const AD_CLICK_PARAMS = [
  { param: 'bd_vid', column: 'bdVid', platform: 'baidu', label: '百度' },
  { param: 'qhclickid', column: 'qhclickid', platform: 'so360', label: '360' },
  { param: 'clickid', column: 'clickid', platform: 'oceanengine', label: '巨量引擎' },
] as const;
export type AdClickColumn = (typeof AD_CLICK_PARAMS)[number]['column'];
export type AdClicks = Record<AdClickColumn, string>;

/** Baidu names the click by the whole landing address with bd_vid, at most 1024 characters. */
export const LOGID_URL_MAX = 1024;

/** The click ids of a landing page (path and query, as the attribution keeps it); '' where absent. */
export const adClicksOf = (landingPage: string | null | undefined): AdClicks => {
  let query = new URLSearchParams();
  try {
    query = new URL(landingPage ?? '', 'http://localhost').searchParams;
  } catch {
    // An unreadable landing page carries no click id.
  }
  const read = (name: string) => [...(query.get(name) ?? '').trim()].slice(0, ATTRIBUTION_MAX.utm).join('');
  return { bdVid: read('bd_vid'), qhclickid: read('qhclickid'), clickid: read('clickid') };
};

/** The lead events reported: created (表单提交成功), moved to 有效 (qualified), won (成交). */
export const AD_EVENTS = ['submitted', 'qualified', 'won'] as const;
export type AdEvent = (typeof AD_EVENTS)[number];
export const AD_EVENT_LABELS: Record<AdEvent, string> = {
  submitted: '表单提交成功',
  qualified: '有效线索',
  won: '成交',
};

/** Where conversions go: Baidu oCPC, or the generic webhook (other platforms). */
export const AD_PLATFORMS = ['baidu', 'webhook'] as const;
export type AdPlatform = (typeof AD_PLATFORMS)[number];
export const AD_PLATFORM_LABELS: Record<AdPlatform, string> = { baidu: '百度 oCPC', webhook: '通用 Webhook' };

/** Outbox kinds of the two deliveries (the delivery log filters by the prefix). */
export const AD_CONVERSION_KIND_PREFIX = 'ad.';
export const adConversionKind = (platform: AdPlatform) => `${AD_CONVERSION_KIND_PREFIX}${platform}`;

/**
 * The newType sent per event unless the settings say otherwise. 3 表单提交成功 is Baidu's own example; 有效线索 and
 * 成交 have no fixed code in the API document ("以推广后台新建转化追踪披露的转化类型为准"): 27 客户自定义 (the
 * document's other example) and 26 付费 are defaults to check against the account's 转化追踪.
 */
export const BAIDU_DEFAULT_NEW_TYPES: Record<AdEvent, number> = { submitted: 3, qualified: 27, won: 26 };
export const BAIDU_NEW_TYPE_MAX = 999;

export const adConversionMessages = {
  baiduIncomplete: '启用百度 oCPC 回传需要填写 Token',
  webhookIncomplete: '启用 Webhook 回传需要填写接收地址和签名密钥',
} as const;

export const adConversionSettingsView = z.object({
  baidu: z.object({
    enabled: z.boolean(),
    /** The token itself never leaves the server: only whether one is stored. */
    tokenSet: z.boolean(),
    newTypes: z.object({ submitted: z.number().int(), qualified: z.number().int(), won: z.number().int() }),
  }),
  webhook: z.object({ enabled: z.boolean(), url: z.string(), secretSet: z.boolean() }),
  version: z.number().int(),
});
export type AdConversionSettingsView = z.infer<typeof adConversionSettingsView>;

const newType = (label: string) => optionalIntInRange(`${label}的转化类型`, 1, BAIDU_NEW_TYPE_MAX);

export const inquireAdConversionSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAdConversionSettingsAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '广告转化回传设置：百度 oCPC（不含 Token）、各事件的转化类型、通用 Webhook（不含签名密钥）',
  input: siteScoped,
  item: adConversionSettingsView,
  result: 'list',
});

export const updateAdConversionSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateAdConversionSettingsAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '修改广告转化回传设置；Token 与签名密钥留空表示不变；version 不是最新时返回 409',
  input: siteScoped.extend({
    baiduEnabled: flag('百度 oCPC 回传'),
    baiduToken: optionalText('百度 Token', 200),
    submittedType: newType(AD_EVENT_LABELS.submitted),
    qualifiedType: newType(AD_EVENT_LABELS.qualified),
    wonType: newType(AD_EVENT_LABELS.won),
    webhookEnabled: flag('Webhook 回传'),
    webhookUrl: optionalText('接收地址', 500),
    webhookSecret: optionalText('签名密钥', 200),
    version: versionField,
  }),
  item: adConversionSettingsView,
  result: 'list',
  mutates: true,
});

/** Conversions of one platform and event by outcome (线索来源). */
export const adConversionCountRow = z.object({
  platform: z.enum(AD_PLATFORMS),
  event: z.enum(AD_EVENTS),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type AdConversionCountRow = z.infer<typeof adConversionCountRow>;

export const inquireAdConversionCountsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAdConversionCountsAdmin',
  auth: 'admin',
  permission: 'leads.read.all',
  scope: 'site',
  summary: '广告转化回传统计：每个平台、每个事件已回传、失败和等待中的条数',
  input: siteScoped,
  item: adConversionCountRow,
  result: 'list',
});
