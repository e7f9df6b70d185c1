/**
 * Roles of the selected organisation (角色管理, docs/decisions/032-roles-and-permissions.md): the built-in ones
 * (never edited or deleted) and the vendor's custom roles, each a named set of permissions. Ids always resolve
 * inside the session's tenant: another organisation's role answers 404.
 */
import { z } from 'zod';
import { defineAction } from './action';
import { versionField } from './admin-fields';
import { listField, positiveInt, prepared, siteScoped, text } from './fields';
import { messages } from './messages';
import { BUILTIN_ROLE_KEYS, PERMISSIONS, ROLE_NAME_MAX } from './permissions';

export const roleView = z.object({
  roleId: z.number().int(),
  name: z.string(),
  /** Set for a built-in role (管理员, 内容编辑, 销售, 只读, 教职工), null for a custom one. */
  builtinKey: z.enum(BUILTIN_ROLE_KEYS).nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** Its members must sign in with a second factor (TOTP); built-in roles too (docs/decisions/033). */
  mfaRequired: z.boolean(),
  /** Staff members (any status) holding the role; a role in use cannot be deleted. */
  memberCount: z.number().int(),
  version: z.number().int(),
});
export type RoleView = z.infer<typeof roleView>;

/** Permissions as a repeated form field, a comma-separated string or a JSON array; duplicates dropped. */
export const permissionList = listField(z.enum(PERMISSIONS, { error: messages.invalidChoice('权限') }), {
  label: '权限',
  max: PERMISSIONS.length,
  error: '权限格式不正确',
  commas: true,
});

const roleId = positiveInt('角色编号');

export const inquireRoleListTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'inquireRoleListTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary: '角色管理：当前单位的角色（内置角色在前），每个角色的权限和使用人数',
  input: siteScoped,
  item: roleView,
  result: 'list',
});

export const createRoleTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'createRoleTenant',
  auth: 'admin',
  permission: 'roles.write',
  summary: '新建自定义角色：名称和一组权限（只有网站所属单位可以新建；学校的角色固定为管理员和教职工）',
  input: siteScoped.extend({ name: text('角色名称', ROLE_NAME_MAX), permissions: permissionList }),
  item: roleView,
  result: 'list',
  mutates: true,
});

export const updateRoleTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'updateRoleTenant',
  auth: 'admin',
  permission: 'roles.write',
  summary: '修改自定义角色的名称和权限（内置角色不能修改）；使用者的下一次请求即按新权限检查',
  input: siteScoped.extend({
    roleId,
    version: versionField,
    name: text('角色名称', ROLE_NAME_MAX),
    permissions: permissionList,
  }),
  item: roleView,
  result: 'list',
  mutates: true,
});

export const deleteRoleTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'deleteRoleTenant',
  auth: 'admin',
  permission: 'roles.write',
  summary: '删除自定义角色（内置角色和仍有员工使用的角色不能删除）',
  input: siteScoped.extend({ roleId }),
  item: z.object({ roleId: z.number().int() }),
  result: 'list',
  mutates: true,
});

export const setRoleMfaRequiredTenant = defineAction({
  base: 'store',
  version: 'v1.0',
  name: 'setRoleMfaRequiredTenant',
  auth: 'admin',
  permission: 'staff.write',
  summary:
    '要求某个角色（内置角色也可以）的员工使用两步验证：未绑定的人下次登录时先绑定验证器，要求期间不能解绑',
  input: siteScoped.extend({
    roleId,
    mfaRequired: prepared(
      (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
      z.boolean({ error: '要求两步验证只能是 true 或 false' }),
    ),
  }),
  item: roleView,
  result: 'list',
  mutates: true,
});
