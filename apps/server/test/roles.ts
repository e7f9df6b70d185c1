/** Vendor staff with a given role, made the way an admin makes them: through 员工管理 with an initial password. */
import {
  type BuiltinRoleKey,
  createStaffTenant,
  inquireRoleListTenant,
  inquireStaffListTenant,
  inquireTenantListAccount,
  type RoleView,
  switchTenantAccount,
  updateStaffTenant,
} from '@yuexun/contract';
import { expect } from 'vitest';
import { callAs, freshPhone, loginWithPassword, sessionOf } from './accounts';
import type { TestServer } from './server';

/** The demo admin's session with the vendor (悦讯科技) selected: where vendor staff and roles are managed. */
export const vendorAdminSession = async (server: TestServer) => {
  const sid = await sessionOf(server, 'admin');
  const tenants = (await callAs(server, inquireTenantListAccount, sid)).body.datas as {
    tenantId: number;
    tenantName: string;
  }[];
  const vendor = tenants.find((t) => t.tenantName === '悦讯科技');
  if (!vendor) throw new Error('the demo admin is not a member of the vendor');
  expect((await callAs(server, switchTenantAccount, sid, { tenantId: vendor.tenantId })).body.success).toBe(
    true,
  );
  return { sid, vendorId: vendor.tenantId };
};

export const rolesOf = async (server: TestServer, sid: string): Promise<RoleView[]> => {
  const { body } = await callAs(server, inquireRoleListTenant, sid);
  expect(body.success, JSON.stringify(body)).toBe(true);
  return body.datas;
};

export interface Colleague {
  sid: string;
  accountId: number;
  employeeId: number;
  username: string;
  password: string;
}

/** Creates a colleague with the role (a built-in key or a role id) and signs them in. */
export const colleagueWithRole = async (
  server: TestServer,
  adminSid: string,
  role: BuiltinRoleKey | number,
  name = '新同事',
): Promise<Colleague> => {
  const roleId =
    typeof role === 'number'
      ? role
      : (await rolesOf(server, adminSid)).find((r) => r.builtinKey === role)?.roleId;
  const { body } = await callAs(server, createStaffTenant, adminSid, {
    name,
    phone: freshPhone(),
    roleId,
    credential: 'password',
  });
  expect(body.success, JSON.stringify(body)).toBe(true);
  const made = body.datas[0];
  const login = await loginWithPassword(server, made.member.username, made.initialPassword);
  expect(login.body.success, JSON.stringify(login.body)).toBe(true);
  return {
    sid: login.body.datas[0].sid,
    accountId: made.member.accountId,
    employeeId: made.member.employeeId,
    username: made.member.username,
    password: made.initialPassword,
  };
};

/**
 * Gives a member of the vendor a built-in role through 员工管理, as an admin would: e.g. the demo `user`
 * (李晓梅, a 成员 without permissions) becomes 销售, so that leads may be given to her.
 */
export const giveVendorRole = async (server: TestServer, name: string, role: BuiltinRoleKey) => {
  const { sid } = await vendorAdminSession(server);
  const staff = (await callAs(server, inquireStaffListTenant, sid, { keyword: name, pageSize: 50 })).body
    .datas as { employeeId: number; name: string; email: string | null }[];
  const member = staff.find((m) => m.name === name);
  if (!member) throw new Error(`${name} is not a member of the vendor`);
  const roleId = (await rolesOf(server, sid)).find((r) => r.builtinKey === role)?.roleId;
  const { body } = await callAs(server, updateStaffTenant, sid, {
    employeeId: member.employeeId,
    name: member.name,
    ...(member.email ? { email: member.email } : {}),
    roleId,
  });
  expect(body.success, JSON.stringify(body)).toBe(true);
};
