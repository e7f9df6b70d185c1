/** The role editor's permission groups, in the order of the menu (content, leads, site, staff). */
import { PERMISSIONS, type Permission } from '@yuexun/contract/permissions';

export const PERMISSION_GROUPS = [
  {
    key: 'content',
    permissions: ['content.read', 'articles.write', 'categories.write', 'products.write', 'files.write'],
  },
  {
    key: 'leads',
    permissions: ['leads.read', 'leads.read.all', 'leads.write', 'leads.export', 'leads.routes'],
  },
  {
    key: 'site',
    permissions: ['stats.read', 'settings.read', 'settings.write', 'audit.read', 'backups.manage'],
  },
  { key: 'tenant', permissions: ['staff.write', 'roles.write'] },
] as const satisfies readonly { key: string; permissions: readonly Permission[] }[];

/** Permissions in group order (the table lists a role's permissions in this order). */
export const ORDERED_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) => g.permissions);

/** Every permission of the contract sits in exactly one group (checked by groups.test.ts). */
export const ungrouped = () => PERMISSIONS.filter((p) => !ORDERED_PERMISSIONS.includes(p));
