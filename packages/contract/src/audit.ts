/** The audit log of console changes (store base, admin only): who changed what, when. */
import { z } from 'zod';
import { defineAction } from './action';
import { optionalText, siteScoped } from './fields';
import { pagingInput } from './paging';

export const AUDIT_TARGET_TYPES = ['article', 'category', 'product', 'product_tag', 'lead', 'file'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

export const AUDIT_ACTIONS = ['create', 'update', 'delete', 'move', 'reorder', 'export'] as const;
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
  summary: '操作日志：按对象类型、对象编号、操作筛选，新记录在前，分页',
  input: siteScoped.extend(pagingInput.shape).extend({
    targetType: optionalText('对象类型', 20),
    targetId: optionalText('对象编号', 40),
    action: optionalText('操作', 20),
  }),
  item: auditEntry,
  result: 'paged',
});
