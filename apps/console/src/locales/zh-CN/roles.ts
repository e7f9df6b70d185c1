/**
 * 角色管理. Permission and built-in role names are the contract's (packages/contract/src/permissions.ts), the
 * same words the server's 403 message and the audit log use.
 */
import {
  BUILTIN_ROLE_NAMES,
  type BuiltinRoleKey,
  PERMISSION_LABELS,
  type Permission,
} from '@yuexun/contract/permissions';

const prefixed = <P extends string, K extends string>(prefix: P, labels: Record<K, string>) =>
  Object.fromEntries(Object.entries(labels).map(([key, label]) => [`${prefix}${key}`, label])) as Record<
    `${P}${K}`,
    string
  >;

export default {
  'menu.userManagement.roles': '角色管理',
  'roles.title': '角色管理',
  'roles.intro':
    '角色是一组权限。内置角色的权限不能修改；可以新建自定义角色，再在员工管理中把角色分给员工。「要求两步验证」对内置角色也可以开启：该角色的员工登录时须先绑定验证器。',
  'roles.name': '角色名称',
  'roles.kind': '类型',
  'roles.builtin': '内置',
  'roles.custom': '自定义',
  'roles.permissions': '权限',
  'roles.permissions.none': '无权限',
  'roles.permissions.all': '全部权限',
  'roles.members': '使用人数',
  'roles.membersLine': '使用人数：{n}',
  'roles.mfa': '要求两步验证',
  'roles.mfaOf': '「{name}」要求两步验证',
  'roles.mfa.on': '已要求「{name}」的员工使用两步验证：未绑定的人下次登录时先绑定验证器',
  'roles.mfa.off': '已取消「{name}」的两步验证要求',
  'roles.new': '新建角色',
  'roles.edit': '编辑角色',
  'roles.deleteConfirm': '删除角色「{name}」？',
  'roles.inUse': '仍有 {n} 名员工使用，不能删除',
  'roles.created': '角色已创建',
  'roles.group.content': '内容',
  'roles.group.leads': '销售线索',
  'roles.group.site': '统计与站点',
  'roles.group.tenant': '员工与角色',
  ...prefixed('roles.permission.', PERMISSION_LABELS as Record<Permission, string>),
  ...prefixed('roles.builtinName.', BUILTIN_ROLE_NAMES as Record<BuiltinRoleKey, string>),
};
