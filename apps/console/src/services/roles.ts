/** Role calls (contract: packages/contract/src/roles.ts, docs/decisions/032-roles-and-permissions.md). */
import {
  createRoleTenant,
  deleteRoleTenant,
  inquireRoleListTenant,
  type RoleView,
  setRoleMfaRequiredTenant,
  updateRoleTenant,
} from '@yuexun/contract';
import { call, callOne } from './client';

export type RoleInput = NonNullable<Parameters<typeof call<typeof createRoleTenant>>[1]>;

/** The selected organisation's roles, built-in ones first. */
export const listRoles = async () => (await call(inquireRoleListTenant, {})).datas;

/** Form calls are quiet: the form shows field messages and the server's refusal itself. */
export const createRole = async (input: RoleInput) => callOne(createRoleTenant, input, { quiet: true });

export const updateRole = async (role: RoleView, input: RoleInput) =>
  callOne(updateRoleTenant, { ...input, roleId: role.roleId, version: role.version }, { quiet: true });

/** A role still held by someone is refused by the server; its message is shown by the request layer. */
export const deleteRole = (role: RoleView) => call(deleteRoleTenant, { roleId: role.roleId });

/** 要求两步验证 of one role (built-in ones too). */
export const setRoleMfaRequired = async (role: RoleView, mfaRequired: boolean) =>
  callOne(setRoleMfaRequiredTenant, { roleId: role.roleId, mfaRequired });
