/**
 * Staff management (员工管理) of the current organisation: list, create with a one-time invitation link
 * or an initial password, edit, disable and re-enable, reset password by link, unlock. Plus the public
 * pair the invitation and reset links open. Ids always resolve inside the session's tenant.
 */

import { z } from 'zod';
import { EMPLOYEE_ACCESS } from './accounts';
import { defineAction } from './action';
import { PERSON_NAME_MAX } from './constants';
import { fieldBounds } from './field-limits';
import {
  hasControlCharacters,
  mobilePhone,
  oneOf,
  optionalOneOf,
  optionalPositiveInt,
  optionalText,
  positiveInt,
  prepared,
  siteScoped,
  text,
} from './fields';
import { messages } from './messages';
import { pagingInput } from './paging';
import { newPassword } from './settings';

export const STAFF_STATUSES = ['active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
/** How a new colleague gets in: a link to set a password (7 days), or a password shown once. */
export const STAFF_CREDENTIALS = ['invite', 'password'] as const;
export const PASSWORD_LINK_PURPOSES = ['invite', 'reset'] as const;
export type PasswordLinkPurpose = (typeof PASSWORD_LINK_PURPOSES)[number];
export const INVITE_TTL_HOURS = 7 * 24;
export const RESET_TTL_HOURS = 24;

/**
 * A required e-mail address. Not `optionalEmail(...).refine(...)`: inside an object zod skips an absent key
 * whose schema accepts undefined, refinement and all, so a missing field reached the database (issue 31).
 */
export const requiredEmail = (label: string) =>
  prepared(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: messages.required(label) })
      .min(1, { error: messages.required(label), abort: true })
      .max(100, { error: messages.tooLong(label, 100) })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `${label}格式不正确` })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label) }),
  ).register(fieldBounds, { maxLength: 100 });

export const optionalEmail = (label: string) =>
  prepared(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z
      .string({ error: `${label}格式不正确` })
      .max(100, { error: messages.tooLong(label, 100) })
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: `${label}格式不正确` })
      .refine((v) => !hasControlCharacters(v), { error: messages.controlCharacters(label) })
      .optional(),
  ).register(fieldBounds, { maxLength: 100 });

export const staffMember = z.object({
  employeeId: z.number().int(),
  accountId: z.number().int(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  /** admin exactly when the role is the built-in 管理员 (the spec's canAdmin). */
  access: z.enum(EMPLOYEE_ACCESS),
  /** The member's role in this organisation (docs/decisions/032); null only for rows without one. */
  roleId: z.number().int().nullable(),
  roleName: z.string().nullable(),
  status: z.enum(STAFF_STATUSES),
  /** Locked by failed sign-ins until this instant; null when not locked. */
  lockedUntil: z.string().nullable(),
  /** The account can sign in with a password (false until an invitation is used). */
  hasPassword: z.boolean(),
  /** Signs in with a second factor (a bound TOTP authenticator). */
  mfaEnabled: z.boolean(),
  joinedAt: z.string(),
  lastSeenAt: z.string().nullable(),
  isSelf: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;

const employeeId = positiveInt('员工编号');

export const inquireStaffListTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStaffListTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '员工管理：当前单位的员工（分页，按姓名、手机号、邮箱、账号搜索，按状态、角色筛选）',
  input: siteScoped.extend(pagingInput.shape).extend({
    keyword: optionalText('关键词', 30),
    status: optionalOneOf('状态', STAFF_STATUSES),
    access: optionalOneOf('角色', EMPLOYEE_ACCESS),
    roleId: optionalPositiveInt('角色'),
  }),
  item: staffMember,
  result: 'paged',
});

/** A link or password shown once to the admin who made it; only a hash is stored. */
export const staffCredential = z.object({
  member: staffMember,
  /** invite: a new account got an invitation link; password: an initial password; existing: the
   * phone already had an account, which simply joins (it keeps its own password). */
  credential: z.enum(['invite', 'password', 'existing', 'reset']),
  linkToken: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  initialPassword: z.string().nullable(),
});
export type StaffCredential = z.infer<typeof staffCredential>;

export const createStaffTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createStaffTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '新建员工：姓名、手机号（即登录账号）、邮箱、角色；发邀请链接或生成初始密码（只显示一次）',
  input: siteScoped.extend({
    name: text('姓名', PERSON_NAME_MAX),
    phone: mobilePhone(),
    email: optionalEmail('邮箱'),
    /** The role; without it `access` picks the built-in 管理员 or the ordinary role (只读 / 教职工). */
    roleId: optionalPositiveInt('角色'),
    access: optionalOneOf('角色', EMPLOYEE_ACCESS),
    credential: oneOf('登录方式', STAFF_CREDENTIALS).default('invite'),
  }),
  item: staffCredential,
  result: 'list',
  mutates: true,
});

export const updateStaffTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateStaffTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '编辑员工：姓名、邮箱、角色（不能改自己的角色，不能去掉最后一位管理员）',
  input: siteScoped.extend({
    employeeId,
    name: text('姓名', PERSON_NAME_MAX),
    email: optionalEmail('邮箱'),
    /** A new role (another organisation's id answers 404); absent keeps the role unless `access` changes it. */
    roleId: optionalPositiveInt('角色'),
    access: optionalOneOf('角色', EMPLOYEE_ACCESS),
  }),
  item: staffMember,
  result: 'list',
  mutates: true,
});

export const changeStaffStatusTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'changeStaffStatusTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '停用或启用员工：停用立即结束其在本单位的全部会话（不能停用自己或最后一位管理员）',
  input: siteScoped.extend({ employeeId, status: oneOf('状态', STAFF_STATUSES) }),
  item: staffMember,
  result: 'list',
  mutates: true,
});

export const resetStaffPasswordTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'resetStaffPasswordTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '重置员工密码：生成 24 小时内有效的一次性链接（只显示一次），之前的链接作废',
  input: siteScoped.extend({ employeeId }),
  item: staffCredential,
  result: 'list',
  mutates: true,
});

export const unlockStaffTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'unlockStaffTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '解锁因登录失败过多被锁定的员工账号',
  input: siteScoped.extend({ employeeId }),
  item: staffMember,
  result: 'list',
  mutates: true,
});

/** For a colleague who lost the phone and the recovery codes: no code is needed, the account signs in with the
 * password only (and must enrol again if a rule requires it); the account's sessions in this organisation end. */
export const resetStaffMfaTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'resetStaffMfaTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '重置员工的两步验证（手机丢失且恢复码用完时）：解除其验证器并结束其在本单位的会话（不能重置自己）',
  input: siteScoped.extend({ employeeId }),
  item: staffMember,
  result: 'list',
  mutates: true,
});

const linkToken = prepared(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: messages.passwordLinkInvalid })
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: messages.passwordLinkInvalid }),
);

export const passwordLink = z.object({
  purpose: z.enum(PASSWORD_LINK_PURPOSES),
  name: z.string(),
  username: z.string(),
  expiresAt: z.string(),
});

export const inquirePasswordLinkPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquirePasswordLinkPublic',
  auth: 'public',
  summary: '查看邀请或重置密码链接是否可用（无效、已使用、已过期时说明原因）',
  input: siteScoped.extend({ token: linkToken }),
  item: passwordLink,
  result: 'list',
});

export const setPasswordByLinkPublic = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'setPasswordByLinkPublic',
  auth: 'public',
  summary: '用邀请或重置密码链接设置密码；链接随即失效，账号的其他会话全部退出',
  input: siteScoped.extend({ token: linkToken, newPassword }),
  item: z.object({ username: z.string() }),
  result: 'list',
  mutates: true,
});
