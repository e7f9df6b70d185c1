/**
 * Site settings (站点设置): the one record per site that names the vendor and how to reach it. The
 * site's header, footer, contact and service pages, SEO defaults and JSON-LD read only from it; the
 * console edits it (versioned, audited, one revision per save).
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { fieldBounds } from './field-limits';
import { charLength, hasControlCharacters, prepared, siteScoped } from './fields';
import { messages } from './messages';
import { pagingInput } from './paging';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Optional text: blank is kept as '' (the field is cleared), never undefined. */
const blankable = (label: string, max: number, check?: { pattern: RegExp; message: string }) =>
  prepared(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z
      .string({ error: `${label}格式不正确` })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label), abort: true })
      .refine((v) => charLength(v) <= max, { error: `${label}不能超过 ${max} 个字` })
      .refine((v) => v === '' || !check || check.pattern.test(v), { error: check?.message ?? '' }),
  ).register(fieldBounds, { maxLength: max });

const required = (label: string, max: number, check?: { pattern: RegExp; message: string }) =>
  blankable(label, max, check)
    .refine((v) => v !== '', { error: `请输入${label}` })
    .register(fieldBounds, { maxLength: max });

/** A telephone number as printed: 400/800 numbers, landlines with area code, mobiles; digits, spaces, -, +. */
export const SITE_PHONE_PATTERN = /^\+?[0-9](?:[0-9 -]{4,18}[0-9])(?:(?:转|#)[0-9]{1,6})?$/;
export const SITE_EMAIL_PATTERN = /^[^\s@<>"']+@[^\s@<>"']+\.[^\s@<>"']+$/;
/** 浙ICP备12345678号 or 浙ICP备12345678号-1. */
export const ICP_NUMBER_PATTERN = /^[\u4e00-\u9fa5]{1,2}ICP备\d{4,12}号(?:-\d{1,3})?$/;
/** 浙公网安备 33010602000000号: the 14-digit code the filing site links by. */
export const POLICE_NUMBER_PATTERN = /^[\u4e00-\u9fa5]{1,2}公网安备\s?(\d{10,20})号$/;
/** Absolute http(s) addresses only: no javascript:, data: or protocol-relative links. */
export const WEB_URL_PATTERN = /^https?:\/\/[^\s/?#<>"']+(?:[/?#][^\s<>"']*)?$/i;
/** A link on the site: an http(s) address or a path of this site (one leading slash). */
export const SITE_LINK_PATTERN = /^(?:https?:\/\/[^\s/?#<>"']+(?:[/?#][^\s<>"']*)?|\/(?!\/)[^\s<>"']*)$/i;

/** 1 … 36500 days (a hundred years). */
export const LEAD_RETENTION_DAYS_PATTERN = /^(?:[1-9]\d{0,3}|[1-2]\d{4}|3[0-5]\d{3}|36[0-4]\d{2}|36500)$/;

export const ICP_FILING_URL = 'https://beian.miit.gov.cn/';
export const POLICE_FILING_URL = 'https://beian.mps.gov.cn/#/query/webSearch';

/** The filing site's page for a 公安备案 number (its digits as the query). */
export const policeFilingLink = (policeNumber: string) => {
  const code = POLICE_NUMBER_PATTERN.exec(policeNumber)?.[1];
  return code ? `${POLICE_FILING_URL}?code=${code}` : POLICE_FILING_URL;
};

const phone = (label: string) => ({
  pattern: SITE_PHONE_PATTERN,
  message: `${label}格式不正确，例如 400-826-7588 或 0571-88886666`,
});
const fileRef = (label: string) =>
  prepared(
    (v) => (v === undefined || v === null ? '' : trimmed(v)),
    z.union([z.literal(''), z.uuid({ error: `${label}文件标识不正确` })]),
  );

/** Every field of the record, validated as the console sends them. */
export const siteSettingsFields = z.object({
  companyName: required('公司名称', 60),
  shortName: required('网站简称', 20),
  logoLightFileUuid: fileRef('浅色标志'),
  logoDarkFileUuid: fileRef('深色标志'),
  faviconFileUuid: fileRef('网站图标'),
  wechatQrFileUuid: fileRef('公众号二维码'),
  hotline: required('服务热线', 30, phone('服务热线')),
  servicePhone: blankable('售后电话', 30, phone('售后电话')),
  email: blankable('邮箱', 100, {
    pattern: SITE_EMAIL_PATTERN,
    message: '邮箱格式不正确，例如 service@example.com',
  }),
  address: blankable('公司地址', 120),
  businessHours: blankable('工作时间', 60),
  icpNumber: blankable('ICP 备案号', 40, {
    pattern: ICP_NUMBER_PATTERN,
    message: 'ICP 备案号格式不正确，例如 浙ICP备12345678号-1',
  }),
  policeNumber: blankable('公安备案号', 40, {
    pattern: POLICE_NUMBER_PATTERN,
    message: '公安备案号格式不正确，例如 浙公网安备33010602000001号',
  }),
  copyright: blankable('版权信息', 100),
  titleKeywords: required('标题关键词', 200),
  description: required('网站描述', 300),
  baiduSite: blankable('百度推送站点', 200, {
    pattern: WEB_URL_PATTERN,
    message: '百度推送站点须为 http:// 或 https:// 开头的网址',
  }),
  baiduToken: blankable('百度推送密钥', 64, {
    pattern: /^[A-Za-z0-9]+$/,
    message: '百度推送密钥只能包含字母和数字',
  }),
  indexNowKey: blankable('IndexNow 密钥', 128, {
    pattern: /^[A-Za-z0-9-]{8,128}$/,
    message: 'IndexNow 密钥须为 8 到 128 位字母、数字或短横线',
  }),
  /** PIPL: days after which a closed lead (CLOSED_LEAD_STATUSES) is anonymised; blank keeps leads. */
  leadRetentionDays: blankable('线索保存期限', 5, {
    pattern: LEAD_RETENTION_DAYS_PATTERN,
    message: '线索保存期限须为 1 到 36500 之间的天数，留空表示不自动匿名化',
  }),
  /** Review before publishing (docs/decisions/051): 'allowed' lets a publisher approve their own submission. */
  reviewSelfApproval: blankable('允许审核自己的提交', 7, {
    pattern: /^allowed$/,
    message: '允许审核自己的提交只能为 allowed 或留空',
  }),
});
export type SiteSettingsValues = z.output<typeof siteSettingsFields>;
export type SiteSettingsField = keyof SiteSettingsValues;

/** The fields only the console sees (search-engine push credentials). */
export const SITE_SETTINGS_SECRETS = ['baiduToken', 'indexNowKey'] as const satisfies SiteSettingsField[];

export const siteSettingsRecord = siteSettingsFields.extend({
  version: z.number().int(),
  updatedAt: z.string(),
});
export type SiteSettings = SiteSettingsValues & { version: number; updatedAt: string };

/** Largest logo, favicon or QR picture a save accepts. */
export const SITE_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const SITE_PICTURE_FORMATS = ['png', 'jpg', 'jpeg', 'webp', 'gif'] as const;

export const inquireSiteSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSiteSettingsAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '站点设置：公司名称、标志、联系方式、备案号、版权与默认 SEO',
  input: siteScoped,
  item: siteSettingsRecord,
  result: 'list',
});

export const updateSiteSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateSiteSettingsAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '保存站点设置（整份提交，带加载时的版本号；版本过期 409），每次保存留一份历史版本',
  input: siteScoped.extend(siteSettingsFields.shape).extend({ version: versionField }),
  item: siteSettingsRecord,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const siteSettingsRevision = z.object({
  version: z.number().int(),
  at: z.string(),
  accountName: z.string().nullable(),
  values: z.record(z.string(), z.string()),
});
export type SiteSettingsRevision = z.infer<typeof siteSettingsRevision>;

export const inquireSiteSettingsRevisionListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSiteSettingsRevisionListAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '站点设置的历史版本：每次保存一条，新的在前，分页',
  input: siteScoped.extend(pagingInput.shape),
  item: siteSettingsRevision,
  result: 'paged',
});
