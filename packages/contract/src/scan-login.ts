/**
 * Scan login (issue 36, docs/decisions/060): 企业微信, 钉钉 and 飞书 as sign-in methods beside the OIDC provider of
 * 登录方式 (sso.ts). Each platform is one record (the self-built app's ids and secret; the secret never comes
 * back), its browser legs are routes (`/auth/<platform>/start`, `/auth/<platform>/callback`), and its identities
 * are linked and created just in time by the same rules as OIDC. Inside WeCom's and DingTalk's own browsers the
 * start route signs in silently instead of showing a QR code.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { optionalText, prepared, siteScoped } from './fields';

export const SCAN_PLATFORMS = ['wecom', 'dingtalk', 'feishu'] as const;
export type ScanPlatform = (typeof SCAN_PLATFORMS)[number];
export const SCAN_PLATFORM_LABELS: Record<ScanPlatform, string> = {
  wecom: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
};

export const scanLoginRoutes = (platform: ScanPlatform) =>
  ({ start: `/auth/${platform}/start`, callback: `/auth/${platform}/callback` }) as const;

/** What each platform calls the fields of a self-built app, in 登录方式's form. */
export const scanLoginMessages = {
  incomplete: (label: string) => `启用${label}扫码登录需要填写全部必填项和应用密钥`,
  saved: '扫码登录设置已保存',
  tokenFailed: '无法取得访问令牌',
} as const;

export const scanPlatformView = z.object({
  platform: z.enum(SCAN_PLATFORMS),
  enabled: z.boolean(),
  /** WeCom: 企业 ID (corpid); DingTalk: 企业 CorpId; Feishu: the tenant key its users must belong to. */
  corpId: z.string(),
  /** WeCom: the app's AgentId; unused elsewhere. */
  agentId: z.string(),
  /** DingTalk: Client ID (AppKey); Feishu: App ID; WeCom: unused (the corp id identifies it). */
  appKey: z.string(),
  /** The secret itself never leaves the server. */
  secretSet: z.boolean(),
  /** The address to register at the platform as the redirect URI (its domain is the trusted domain). */
  callbackUrl: z.string(),
  version: z.number().int(),
});
export type ScanPlatformView = z.infer<typeof scanPlatformView>;

const flag = prepared(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '启用状态格式不正确' }),
);

export const inquireScanLoginAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireScanLoginAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '登录方式：企业微信、钉钉、飞书扫码登录的应用配置（不含应用密钥）',
  input: siteScoped,
  item: scanPlatformView,
  result: 'list',
});

export const updateScanLoginAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateScanLoginAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '修改一个平台的扫码登录配置；应用密钥留空表示不变；version 不是最新时返回 409',
  input: siteScoped.extend({
    platform: z.enum(SCAN_PLATFORMS, { error: '平台不正确' }),
    enabled: flag,
    corpId: optionalText('企业 ID', 100),
    agentId: optionalText('应用 AgentId', 50),
    appKey: optionalText('应用 ID', 100),
    appSecret: optionalText('应用密钥', 300),
    version: versionField,
  }),
  item: scanPlatformView,
  result: 'list',
  mutates: true,
});

/** 测试连接 of a platform: whether its access token could be had with the saved app, or the platform's reason. */
export const scanConnectionReport = z.object({
  reachable: z.boolean(),
  problem: z.string().nullable(),
  tookMs: z.number().int(),
});

export const testScanLoginAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'testScanLoginAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '测试连接：用已保存的应用配置向平台取访问令牌，返回结果或平台给出的原因',
  input: siteScoped.extend({ platform: z.enum(SCAN_PLATFORMS, { error: '平台不正确' }) }),
  item: scanConnectionReport,
  result: 'list',
});
