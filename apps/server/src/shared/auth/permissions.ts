/**
 * What a membership may do (docs/decisions/032-roles-and-permissions.md): the built-in role's permissions from
 * the contract, a custom role's stored list (unknown names dropped), or, for a row without a role (written by
 * hand or before roles existed), what its access level meant: 管理员 for admins, else nothing (an ordinary
 * member had no site rights, and a school's staff hold no permission).
 */
import {
  BUILTIN_ROLE_KEYS,
  BUILTIN_ROLE_PERMISSIONS,
  type BuiltinRoleKey,
  BusinessCode,
  type EmployeeAccess,
  isPermission,
  messages,
  type Permission,
} from '@yuexun/contract';
import { BusinessError } from '../errors';

export interface RoleOfMember {
  access: EmployeeAccess;
  roleKey: string | null;
  rolePermissions: readonly string[] | null;
}

const isBuiltinKey = (key: string): key is BuiltinRoleKey =>
  (BUILTIN_ROLE_KEYS as readonly string[]).includes(key);

export const permissionsOfRole = (member: RoleOfMember): readonly Permission[] => {
  if (member.roleKey !== null && isBuiltinKey(member.roleKey))
    return BUILTIN_ROLE_PERMISSIONS[member.roleKey];
  if (member.rolePermissions !== null) return member.rolePermissions.filter(isPermission);
  return member.access === 'admin' ? BUILTIN_ROLE_PERMISSIONS.admin : [];
};

/**
 * A permission a service needs beyond the action's declared one, decided from the row it locked: writing a
 * live article needs `articles.publish` besides `articles.write` (docs/decisions/051). Refused the same way
 * the registry refuses (403 with the permission's Chinese name).
 */
export const requirePermission = (held: readonly Permission[], needed: Permission) => {
  if (!held.includes(needed))
    throw new BusinessError(BusinessCode.FORBIDDEN, messages.permissionMissing(needed));
};
