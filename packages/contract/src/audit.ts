/** The audit log of console changes (store base, admin only): who changed what, when. */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalInstant } from './admin-fields';
import { optionalOneOf, optionalPositiveInt, optionalText, siteScoped } from './fields';
import { pagingInput } from './paging';

export const AUDIT_TARGET_TYPES = [
  'article',
  'category',
  'product',
  'product_tag',
  'lead',
  'file',
  'file_folder',
  'employee',
  'role',
  'account',
  'session',
  'mfa',
  'site_settings',
  'alert_channel',
  'lead_route',
  'redirect_rule',
  'not_found',
  'site_navigation',
  'page_seo',
  'banner',
  'home_layout',
  'backup',
  'sign_in_settings',
  'identity',
  'form',
  'ad_conversion_settings',
  'ai_settings',
  'lead_score_rules',
  'school_account',
  'lead_pool_settings',
  'wecom_contact_settings',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'follow_up',
  'delete',
  'move',
  'reorder',
  'export',
  'restore',
  'publish',
  'schedule',
  'unpublish',
  'draft',
  'disable',
  'enable',
  'reset_password',
  'set_password',
  'unlock',
  'end',
  // PIPL: a person's leads deleted on request, closed leads anonymised when the retention period ran out.
  'erase',
  'anonymise',
  // Two-factor sign-in: an authenticator bound or unbound, recovery codes renewed or one used to sign in,
  // the organisation's rule changed; a backup e-mail proven by its code; one's own password changed.
  'bind',
  'unbind',
  'regenerate',
  'use_recovery',
  'require',
  'verify_email',
  'change_password',
  // An admin removed a colleague's authenticator (lost phone, no recovery code left).
  'reset_mfa',
  // A school admin's decision on a teacher's registration (stored with the dot since the first release).
  'register.confirm',
  'register.reject',
  // Review before publishing (docs/decisions/051): a writer's submission, its approval or return.
  'submit',
  'approve',
  'return',
  // 客户 and 公海 (decision 058): merges and their undoing, a lead back to the pool or claimed from it.
  'merge',
  'undo_merge',
  'pool',
  'claim',
  // A file's content replaced at the same address (decision 064); restoring a revision is 'restore'.
  'replace',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** Changed fields as {field: [before, after]} plus a title or name to recognise the record. */
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const inquireAuditLogListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAuditLogListAdmin',
  auth: 'admin',
  permission: 'audit.read',
  scope: 'site',
  summary: '操作日志：按对象类型、对象编号、操作、操作人和时间段筛选，新记录在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    targetType: optionalText('对象类型', 20),
    targetId: optionalText('对象编号', 40),
    action: optionalText('操作', 20),
    /** The person (account) who made the change. */
    accountId: optionalPositiveInt('操作人'),
    /** From this instant on (inclusive). */
    from: optionalInstant('开始时间'),
    /** Before this instant (exclusive): a day range is [start of day, start of next day). */
    to: optionalInstant('结束时间'),
  }),
  item: auditEntry,
  result: 'paged',
});

export const auditPerson = z.object({ accountId: z.number().int(), name: z.string() });
export type AuditPerson = z.infer<typeof auditPerson>;

export const inquireAuditPersonListAdmin = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireAuditPersonListAdmin',
  auth: 'admin',
  permission: 'audit.read',
  scope: 'site',
  summary: '操作日志中出现过的操作人（按姓名排序），供按人筛选',
  input: siteScoped,
  item: auditPerson,
  result: 'list',
});

/** What an organisation's admins read about their own people: staff, roles, accounts, sessions, two-factor sign-in. */
export const STAFF_AUDIT_TARGETS = ['employee', 'role', 'account', 'session', 'mfa'] as const;

export const inquireStaffAuditLogTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireStaffAuditLogTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '本单位员工、账号、登录会话和两步验证的操作日志（管理员）：新记录在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    targetType: optionalOneOf('对象类型', STAFF_AUDIT_TARGETS),
    action: optionalText('操作', 20),
  }),
  item: auditEntry,
  result: 'paged',
});
