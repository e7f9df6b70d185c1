/**
 * 登录方式's two windows on the provider (issue 36): the last sign-ins through it, refused ones with their reason
 * (most refusals have no account yet, so they are not in anyone's 登录记录 alone), and 测试连接, which reads the
 * provider's discovery document and shows what it answered before anyone relies on it.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalText, siteScoped } from './fields';
import { pagingInput } from './paging';
import { SIGN_IN_OUTCOMES } from './sessions';
import { IDENTITY_PROVIDERS, SSO_REFUSALS } from './sso';

/** How many sign-ins through a provider 登录方式 shows. */
export const SSO_LOG_SIZE = 20;

export const ssoSignInEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  provider: z.enum(IDENTITY_PROVIDERS),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  /** The product's account, when the attempt reached one. */
  accountName: z.string().nullable(),
  /** What the provider called the person (username claim, e-mail or subject), when it said. */
  identity: z.string().nullable(),
  reason: z.enum(SSO_REFUSALS).nullable(),
  /** The address with its last part hidden, e.g. 203.0.113.*. */
  address: z.string().nullable(),
});
export type SsoSignInEntry = z.infer<typeof ssoSignInEntry>;

export const inquireSsoSignInLogAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSsoSignInLogAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary: '登录方式：最近通过企业账号的登录，含被拒绝的尝试及原因（新记录在前，分页）',
  input: siteScoped.extend(pagingInput.shape),
  item: ssoSignInEntry,
  result: 'paged',
});

/** What the provider's discovery document said (测试连接), or why it could not be read. */
export const ssoConnectionReport = z.object({
  reachable: z.boolean(),
  /** Why not, in Chinese: unreachable, not JSON, an issuer that differs from the one asked. */
  problem: z.string().nullable(),
  issuer: z.string().nullable(),
  authorizationEndpoint: z.string().nullable(),
  tokenEndpoint: z.string().nullable(),
  userinfoEndpoint: z.string().nullable(),
  /** Signing keys published at jwks_uri. */
  signingKeys: z.number().int(),
  scopesSupported: z.array(z.string()),
  /** Whether it announces PKCE with S256, which sign-in requires. */
  pkceS256: z.boolean(),
  tookMs: z.number().int(),
});
export type SsoConnectionReport = z.infer<typeof ssoConnectionReport>;

export const testSsoConnectionAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'testSsoConnectionAdmin',
  auth: 'admin',
  permission: 'signin.manage',
  scope: 'site',
  summary:
    '测试连接：读取签发方（留空为已保存的）的 /.well-known/openid-configuration 与签名公钥，返回其内容或原因',
  input: siteScoped.extend({ issuer: optionalText('签发方地址', 500) }),
  item: ssoConnectionReport,
  result: 'list',
});
