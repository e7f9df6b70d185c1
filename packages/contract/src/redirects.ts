/**
 * 重定向与 404 记录 (store base, site admins only): 301/302 rules for the old site's addresses (an exact
 * path, with its query string when it has one, or a path prefix), and the log of addresses that found
 * nothing, counted by path and referrer with crawlers apart, from which a rule is made in one click.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { clearable, requestKeyField, versionField } from './admin-fields';
import { fieldBounds } from './field-limits';
import {
  charLength,
  hasControlCharacters,
  oneOf,
  optionalText,
  positiveInt,
  prepared,
  siteScoped,
  text,
} from './fields';
import { pagingInput } from './paging';

export const REDIRECT_MATCH_TYPES = ['exact', 'prefix'] as const;
export type RedirectMatchType = (typeof REDIRECT_MATCH_TYPES)[number];
export const REDIRECT_STATUS_CODES = ['301', '302'] as const;
export type RedirectStatusCode = 301 | 302;

/** Longest source path (with its query) and target a rule keeps; longer 404 paths are cut to it. */
export const REDIRECT_PATH_MAX = 500;
/** The longest chain of rules followed when checking a new rule for a loop. */
export const REDIRECT_CHAIN_MAX = 10;
/** Rules a site may have: every page request looks them up in memory. */
export const REDIRECT_RULES_MAX = 2000;

export const redirectMessages = {
  fromInvalid: '原地址须以 / 开头，例如 /old/news.asp?id=12（可粘贴旧网站的完整网址）',
  fromHasFragment: '原地址不能包含 #',
  prefixWithQuery: '前缀匹配的原地址不能带查询参数（? 之后的部分）',
  toInvalid: '目标地址须为本站路径（以 / 开头）或 http:// / https:// 开头的网址',
  toSelf: '目标地址不能是原地址本身',
  toOutside: (host: string) =>
    `不允许跳转到外部网站 ${host}；如确需跳转，请让运维在 REDIRECT_ALLOWED_HOSTS 中加入该域名`,
  loop: (chain: string) => `该规则会形成循环跳转：${chain}`,
  duplicate: '已有相同原地址和匹配方式的规则',
  tooMany: `重定向规则最多 ${REDIRECT_RULES_MAX} 条`,
  ruleMissing: '重定向规则不存在或已删除',
  notFoundMissing: '该地址的 404 记录不存在或已清除',
} as const;

const trimmedString = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** An address of the old site: a full http(s) URL is cut to its path and query. */
export const sourcePathOf = (value: string) => {
  const full = /^https?:\/\/[^/?#\s]+(.*)$/i.exec(value);
  if (!full) return value;
  const rest = full[1] ?? '';
  return rest.startsWith('/') ? rest : `/${rest}`;
};

const pathText = (label: string, message: string, check: (v: string) => boolean) =>
  z
    .string({ error: `请输入${label}` })
    .min(1, { error: `请输入${label}` })
    .refine((v) => !hasControlCharacters(v), { error: `${label}不能包含控制字符`, abort: true })
    .refine((v) => charLength(v) <= REDIRECT_PATH_MAX, {
      error: `${label}不能超过 ${REDIRECT_PATH_MAX} 个字`,
      abort: true,
    })
    .refine(check, { error: message });

export const redirectFromField = prepared(
  (v) => {
    const t = trimmedString(v);
    return typeof t === 'string' ? sourcePathOf(t) : t;
  },
  pathText('原地址', redirectMessages.fromInvalid, (v) => /^\/(?!\/)[^\s]*$/.test(v)).refine(
    (v) => !v.includes('#'),
    { error: redirectMessages.fromHasFragment },
  ),
).register(fieldBounds, { maxLength: REDIRECT_PATH_MAX });

/** A path of this site or an absolute http(s) address (never javascript:, data: or //host). */
export const REDIRECT_TARGET_PATTERN =
  /^(?:https?:\/\/[^\s/?#<>"'\\]+(?:[/?#][^\s<>"'\\]*)?|\/(?![/\\])[^\s<>"'\\]*)$/i;

export const redirectToField = prepared(
  trimmedString,
  pathText('目标地址', redirectMessages.toInvalid, (v) => REDIRECT_TARGET_PATTERN.test(v)),
).register(fieldBounds, { maxLength: REDIRECT_PATH_MAX });

const statusCodeField = prepared(
  (v) => (typeof v === 'number' ? String(v) : v === undefined || v === '' ? '301' : v),
  z
    .enum(REDIRECT_STATUS_CODES, { error: '跳转方式只能是 301 或 302' })
    .transform((v) => Number(v) as 301 | 302),
);

const enabledField = prepared(
  (v) => (v === 'true' || v === '1' || v === 1 ? true : v === 'false' || v === '0' || v === 0 ? false : v),
  z.boolean({ error: '启用状态格式不正确' }),
);

export const redirectRule = z.object({
  id: z.number().int(),
  fromPath: z.string(),
  matchType: z.enum(REDIRECT_MATCH_TYPES),
  toUrl: z.string(),
  statusCode: z.union([z.literal(301), z.literal(302)]),
  enabled: z.boolean(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number().int(),
});
export type RedirectRule = z.infer<typeof redirectRule>;

const ruleFields = {
  fromPath: redirectFromField,
  matchType: oneOf('匹配方式', REDIRECT_MATCH_TYPES),
  toUrl: redirectToField,
  statusCode: statusCodeField,
  note: optionalText('备注', 100),
};

export const inquireRedirectRuleListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireRedirectRuleListAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '重定向规则列表（按原地址排序），可按原地址或目标地址筛选',
  input: siteScoped.extend(pagingInput.shape).extend({ keyword: optionalText('关键词', 100) }),
  item: redirectRule,
  result: 'paged',
});

export const createRedirectRuleAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createRedirectRuleAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary:
    '新建重定向规则：原地址（精确匹配时可带查询参数）→ 本站路径或允许的外部网址，301 或 302；拒绝指向自身、循环和未允许的外部域名；同一 requestKey 只建一条',
  input: siteScoped.extend({
    ...ruleFields,
    enabled: enabledField.optional(),
    requestKey: requestKeyField,
  }),
  item: redirectRule,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const updateRedirectRuleAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateRedirectRuleAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '修改重定向规则（整条提交）或只改启用状态；version 不是最新时返回 409',
  input: siteScoped.extend({
    ruleId: positiveInt('规则编号'),
    fromPath: redirectFromField.optional(),
    matchType: oneOf('匹配方式', REDIRECT_MATCH_TYPES).optional(),
    toUrl: redirectToField.optional(),
    statusCode: statusCodeField.optional(),
    note: clearable(text('备注', 100)),
    enabled: enabledField.optional(),
    version: versionField,
  }),
  item: redirectRule,
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const deleteRedirectRuleAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteRedirectRuleAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '删除重定向规则',
  input: siteScoped.extend({ ruleId: positiveInt('规则编号'), version: versionField }),
  item: z.object({ id: z.number().int() }),
  result: 'list',
  mutates: true,
  affectsSite: true,
});

export const notFoundReferrer = z.object({ referrer: z.string(), hits: z.number().int() });

export const notFoundEntry = z.object({
  /** Site path with its query, as requested (cut to REDIRECT_PATH_MAX). */
  path: z.string(),
  /** Requests by people's browsers. */
  hits: z.number().int(),
  /** Requests by crawlers and other automated clients, counted apart. */
  botHits: z.number().int(),
  firstAt: z.string(),
  lastAt: z.string(),
  /** The pages that linked here most often (people only). */
  referrers: z.array(notFoundReferrer),
  /** The enabled rule that now answers this address, if any. */
  redirect: z.object({ ruleId: z.number().int(), toUrl: z.string() }).nullable(),
});
export type NotFoundEntry = z.infer<typeof notFoundEntry>;

export const inquireNotFoundListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireNotFoundListAdmin',
  auth: 'admin',
  permission: 'settings.read',
  scope: 'site',
  summary: '404 记录：未找到的地址按访问次数排序（爬虫单独计数），附来源页面和已生效的重定向',
  input: siteScoped.extend(pagingInput.shape).extend({ keyword: optionalText('关键词', 100) }),
  item: notFoundEntry,
  result: 'paged',
});

export const deleteNotFoundAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteNotFoundAdmin',
  auth: 'admin',
  permission: 'settings.write',
  scope: 'site',
  summary: '清除一个地址的 404 记录（已处理或可忽略）',
  input: siteScoped.extend({
    path: prepared(
      trimmedString,
      z
        .string({ error: '请输入地址' })
        .min(1, { error: '请输入地址' })
        .refine((v) => charLength(v) <= REDIRECT_PATH_MAX, {
          error: `地址不能超过 ${REDIRECT_PATH_MAX} 个字`,
        }),
    ),
  }),
  item: z.object({ path: z.string() }),
  result: 'list',
  mutates: true,
});
