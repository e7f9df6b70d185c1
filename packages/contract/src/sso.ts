/**
 * Single sign-on (docs/decisions/052-single-sign-on.md): 站点管理 → 登录方式 configures an OIDC identity provider
 * (issuer, client, scopes, the claims read, group → role rules, just-in-time accounts) and the policy that
 * staff sign in through it only (仅允许企业账号登录, with break-glass administrators who keep their password).
 * 账户设置 → 账号绑定 lists and removes one's own linked identities. The browser legs of the flow are routes,
 * not actions: /auth/oidc/start and /auth/oidc/callback (`OIDC_ROUTES`).
 */

import { z } from 'zod';
import { defineAction } from './action';
import { idList, versionField } from './admin-fields';
import { optionalPositiveInt, optionalText, positiveInt, prepared, siteScoped, text } from './fields';
import { SCAN_PLATFORM_LABELS, SCAN_PLATFORMS } from './scan-login';

export const OIDC_ROUTES = { start: '/auth/oidc/start', callback: '/auth/oidc/callback' } as const;
/** The OIDC provider and the scan-login platforms (scan-login.ts). */
export const IDENTITY_PROVIDERS = ['oidc', ...SCAN_PLATFORMS] as const;
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number];
export const IDENTITY_PROVIDER_LABELS: Record<IdentityProvider, string> = {
  oidc: '企业账号（OIDC）',
  ...SCAN_PLATFORM_LABELS,
};
/** Most group → role rules and break-glass administrators. */
export const SSO_RULES_MAX = 50;
export const BREAK_GLASS_MAX = 20;
/** How long the provider's round trip may take, from 企业账号登录 to the callback. */
export const OIDC_STATE_TTL_SECONDS = 600;

/**
 * Why a sign-in through the provider was refused: the callback sends the console's login page `?sso=<reason>`,
 * which says it in the user's language (the login page's locale, `login.sso.refused.*`).
 */
export const SSO_REFUSALS = [
  'not-configured',
  'state',
  'provider',
  'token',
  'not-linked',
  'linked-elsewhere',
  'disabled',
  'no-session',
  // A scan login by someone the platform does not count as a member of the configured organisation.
  'other-org',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

export const ssoMessages = {
  ssoRequired: '本单位要求使用企业账号登录，请点击「企业账号登录」；无法使用时请联系应急管理员',
  issuerInvalid: '签发方地址须以 https:// 开头（本机测试可用 http://127.0.0.1）',
  incomplete: '启用企业账号登录需要填写签发方地址、客户端 ID 和客户端密钥',
  requiresOidc: '仅允许企业账号登录需要先启用企业账号登录或一种扫码登录',
  requiresBreakGlass: '仅允许企业账号登录时至少保留一名应急管理员，以免身份提供方故障时无人能登录',
  breakGlassNotAdmin: '应急管理员须是本站的管理员',
  jitTenantMissing: '开启自动创建账号时请选择新账号加入的单位',
  roleNotInTenant: '角色不属于新账号加入的单位',
  bindingNotFound: '绑定不存在或已解除',
  linked: '企业账号已绑定',
  unlinked: '已解除绑定',
  connectionFailed: '无法读取签发方的 /.well-known/openid-configuration',
  connectionTimeout: '10 秒内没有应答',
  connectionNotJson: '应答不是 JSON',
  connectionIssuerMismatch: '配置中的 issuer 与填写的签发方地址不一致，登录时 ID 令牌会被拒绝',
  connectionIncomplete: '配置缺少授权地址（authorization_endpoint）或令牌地址（token_endpoint）',
  connectionNoKeys: '无法读取签名公钥（jwks_uri），ID 令牌将无法校验',
  connectionNoPkce: '签发方未声明支持 PKCE（S256），登录要求 PKCE',
  issuerMissing: '请填写签发方地址',
} as const;

/** A group claim's value and the role (of the just-in-time organisation) it gives. */
export const ssoRoleRule = z.object({ group: z.string(), roleId: z.number().int() });
export type SsoRoleRule = z.infer<typeof ssoRoleRule>;

const option = z.object({ id: z.number().int(), name: z.string() });

export const signInSettingsView = z.object({
  oidc: z.object({
    enabled: z.boolean(),
    issuer: z.string(),
    clientId: z.string(),
    /** The secret itself never leaves the server: only whether one is stored. */
    secretSet: z.boolean(),
    scopes: z.string(),
    usernameClaim: z.string(),
    groupsClaim: z.string(),
    jit: z.boolean(),
    jitTenantId: z.number().int().nullable(),
    /** The role of a new account when no rule matches; null: the organisation's least role. */
    jitRoleId: z.number().int().nullable(),
    roleRules: z.array(ssoRoleRule),
    /** The address to register at the provider as the redirect URI. */
    callbackUrl: z.string(),
  }),
  ssoRequired: z.boolean(),
  breakGlass: z.array(z.number().int()),
  version: z.number().int(),
  /** Choices of the form: organisations with their roles, and the site's administrators. */
  tenants: z.array(option.extend({ roles: z.array(option) })),
  admins: z.array(option.extend({ username: z.string() })),
});
export type SignInSettingsView = z.infer<typeof signInSettingsView>;

const flag = (label: string) =>
  prepared(
    (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
    z.boolean({ error: `${label}格式不正确` }),
  );

export const inquireSignInSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSignInSettingsAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '登录方式：企业账号（OIDC）的配置（不含客户端密钥）、仅允许企业账号登录和应急管理员',
  input: siteScoped,
  item: signInSettingsView,
  result: 'list',
});

export const updateSignInSettingsAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateSignInSettingsAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary:
    '修改登录方式；客户端密钥留空表示不变。仅允许企业账号登录时至少要有一名应急管理员；version 不是最新时返回 409',
  input: siteScoped.extend({
    enabled: flag('启用状态'),
    issuer: optionalText('签发方地址', 500),
    clientId: optionalText('客户端 ID', 200),
    clientSecret: optionalText('客户端密钥', 500),
    scopes: optionalText('授权范围', 300),
    usernameClaim: optionalText('用户名字段', 100),
    groupsClaim: optionalText('用户组字段', 100),
    jit: flag('自动创建账号'),
    jitTenantId: optionalPositiveInt('新账号加入的单位'),
    jitRoleId: optionalPositiveInt('默认角色'),
    roleRules: z
      .array(z.object({ group: text('用户组', 200), roleId: positiveInt('角色') }), {
        error: '用户组规则格式不正确',
      })
      .max(SSO_RULES_MAX, { error: `用户组规则最多 ${SSO_RULES_MAX} 条` })
      .optional(),
    ssoRequired: flag('仅允许企业账号登录'),
    breakGlass: idList('应急管理员', BREAK_GLASS_MAX, 0).optional(),
    version: versionField,
  }),
  item: signInSettingsView,
  result: 'list',
  mutates: true,
});

export const identityBinding = z.object({
  id: z.number().int(),
  provider: z.enum(IDENTITY_PROVIDERS),
  /** What the provider calls the person (preferred_username, e-mail or subject). */
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type IdentityBinding = z.infer<typeof identityBinding>;

export const identityBindingList = z.object({
  bindings: z.array(identityBinding),
  /** Whether 绑定企业账号 can be offered (the provider is configured and switched on). */
  oidcEnabled: z.boolean(),
  /** The scan-login platforms switched on: each can be linked too (scan-login.ts). */
  scanPlatforms: z.array(z.enum(SCAN_PLATFORMS)),
});

export const inquireIdentityBindingsAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireIdentityBindingsAccount',
  auth: 'session',
  summary: '账号绑定：当前账号绑定的企业账号',
  input: siteScoped,
  item: identityBindingList,
  result: 'list',
});

export const unbindIdentityAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'unbindIdentityAccount',
  auth: 'session',
  summary: '解除当前账号的一个企业账号绑定',
  input: siteScoped.extend({ bindingId: positiveInt('绑定') }),
  item: identityBindingList,
  result: 'list',
  mutates: true,
});
