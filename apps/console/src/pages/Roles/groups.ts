/** The role editor's permission groups, in the order of the menu: the contract's site groups, then staff. */
import {
  PERMISSIONS,
  type Permission,
  SITE_PERMISSION_GROUPS,
  TENANT_PERMISSIONS,
} from '@yuexun/contract/permissions';

export const PERMISSION_GROUPS = [
  { key: 'content', permissions: SITE_PERMISSION_GROUPS.content },
  { key: 'leads', permissions: SITE_PERMISSION_GROUPS.leads },
  { key: 'site', permissions: SITE_PERMISSION_GROUPS.site },
  { key: 'tenant', permissions: TENANT_PERMISSIONS },
] as const satisfies readonly { key: string; permissions: readonly Permission[] }[];

/** Permissions in group order (the table lists a role's permissions in this order). */
export const ORDERED_PERMISSIONS: readonly Permission[] = PERMISSION_GROUPS.flatMap((g) => g.permissions);

/** Every permission of the contract sits in exactly one group (checked by groups.test.ts). */
export const ungrouped = () => PERMISSIONS.filter((p) => !ORDERED_PERMISSIONS.includes(p));
