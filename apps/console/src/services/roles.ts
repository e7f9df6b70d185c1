/** Role calls (contract: packages/contract/src/roles.ts, docs/decisions/032-roles-and-permissions.md). */
import {
  createRoleTenant,
  deleteRoleTenant,
  inquireRoleListTenant,
  type RoleView,
  setRoleMfaRequiredTenant,
  updateRoleTenant,
} from '@yuexun/contract';
import { call } from './client';

export type RoleInput = NonNullable<Parameters<typeof call<typeof createRoleTenant>>[1]>;

/** The selected organisation's roles, built-in ones first. */
export const listRoles = async () => (await call(inquireRoleListTenant, {})).datas as RoleView[];

/** Form calls are quiet: the form shows field messages and the server's refusal itself. */
export const createRole = async (input: RoleInput) =>
  (await call(createRoleTenant, input, { quiet: true })).datas[0] as RoleView;

export const updateRole = async (role: RoleView, input: RoleInput) =>
  (await call(updateRoleTenant, { ...input, roleId: role.roleId, version: role.version }, { quiet: true }))
    .datas[0] as RoleView;

/** A role still held by someone is refused by the server; its message is shown by the request layer. */
export const deleteRole = (role: RoleView) => call(deleteRoleTenant, { roleId: role.roleId });

/** 要求两步验证 of one role (built-in ones too). */
export const setRoleMfaRequired = async (role: RoleView, mfaRequired: boolean) =>
  (await call(setRoleMfaRequiredTenant, { roleId: role.roleId, mfaRequired })).datas[0] as RoleView;
