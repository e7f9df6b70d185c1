/**
 * Where an account is signed in, and its sign-in history (90 days): each account sees and ends its own
 * sessions; a school's admins see and end those of their staff in that school.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { positiveInt, prepared, siteScoped } from './fields';
import { pagingInput } from './paging';
import { SSO_REFUSALS } from './sso';

export const SIGN_IN_OUTCOMES = ['success', 'failure', 'locked'] as const;
export const SIGN_IN_METHODS = [
  'password',
  'sms',
  'totp',
  'recovery',
  'oidc',
  'wecom',
  'dingtalk',
  'feishu',
] as const;
export const SIGN_IN_HISTORY_DAYS = 90;
export const DEVICE_TYPES = ['desktop', 'mobile', 'tablet'] as const;

/** What a user-agent says, read on the server: "Chrome 131", "macOS 14", desktop. */
export const clientDevice = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  deviceType: z.enum(DEVICE_TYPES),
  /** Signed in from WeChat's built-in browser. */
  wechat: z.boolean(),
});

export const activeSession = clientDevice.extend({
  sessionKey: z.string(),
  current: z.boolean(),
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  /** The address with its last part hidden, e.g. 203.0.113.*; null when unknown. */
  address: z.string().nullable(),
  tenantName: z.string().nullable(),
});
export type ActiveSession = z.infer<typeof activeSession>;

export const signInRecord = clientDevice.extend({
  id: z.number().int(),
  at: z.string(),
  outcome: z.enum(SIGN_IN_OUTCOMES),
  method: z.enum(SIGN_IN_METHODS),
  address: z.string().nullable(),
  /** A refused single sign-on: why (SSO_REFUSALS); null for the other methods. */
  reason: z.enum(SSO_REFUSALS).nullable(),
});
export type SignInRecord = z.infer<typeof signInRecord>;

const sessionKey = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: '请选择要结束的会话' }).regex(/^[0-9a-f-]{36}$/, { error: '会话标识不正确' }),
);

export const inquireSessionListAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSessionListAccount',
  auth: 'session',
  summary: '当前账号的登录会话：设备、浏览器、地址、最近使用时间（当前会话在前）',
  input: siteScoped,
  item: activeSession,
  result: 'list',
});

export const endSessionAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'endSessionAccount',
  auth: 'session',
  summary: '结束自己的一个会话（sessionKey），或 others=true 结束除当前外的全部会话',
  input: siteScoped
    .extend({
      sessionKey: sessionKey.optional(),
      others: prepared((v) => v === true || v === 'true' || v === '1', z.boolean()),
    })
    .refine((v) => v.others || v.sessionKey !== undefined, {
      error: '请选择要结束的会话',
      path: ['sessionKey'],
    }),
  item: z.object({ ended: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const inquireSignInHistoryAccount = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireSignInHistoryAccount',
  auth: 'session',
  summary: '当前账号近 90 天的登录记录：成功、失败、锁定（新记录在前，分页）',
  input: siteScoped.extend(pagingInput.shape),
  item: signInRecord,
  result: 'paged',
});

const employeeId = positiveInt('员工编号');

export const inquireStaffSessionListTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStaffSessionListTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '员工在本单位的登录会话（管理员）',
  input: siteScoped.extend({ employeeId }),
  item: activeSession,
  result: 'list',
});

export const endStaffSessionsTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'endStaffSessionsTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '结束员工在本单位的一个会话（sessionKey）或全部会话（管理员）',
  input: siteScoped.extend({ employeeId, sessionKey: sessionKey.optional() }),
  item: z.object({ ended: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const inquireStaffSignInHistoryTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStaffSignInHistoryTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '员工近 90 天的登录记录（管理员）',
  input: siteScoped.extend(pagingInput.shape).extend({ employeeId }),
  item: signInRecord,
  result: 'paged',
});
