/**
 * The vendor's staff whose role grants a permission: active, confirmed members of the organisation that owns the
 * site, with an account. Lead owners are picked from those who may read leads (leads/lead-owners.ts); a
 * submission for review is announced to those who may publish (articles/article-review-notices.ts).
 */
import type { Permission } from '@yuexun/contract';
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { account, employee, role, tenant } from '../../db/schema';
import { permissionsOfRole } from './permissions';

export interface VendorStaffMember {
  accountId: number;
  name: string;
  phone: string;
  /** The staff member's e-mail (员工管理), '' when none. */
  email: string;
}

export const vendorStaffWith = async (
  db: Db,
  permission: Permission,
  only?: SQL,
): Promise<VendorStaffMember[]> => {
  const rows = await db
    .select({
      accountId: account.id,
      name: account.name,
      phone: employee.phone,
      email: employee.email,
      access: employee.access,
      roleKey: role.builtinKey,
      rolePermissions: role.permissions,
    })
    .from(employee)
    .innerJoin(tenant, and(eq(tenant.id, employee.tenantId), eq(tenant.kind, 'vendor')))
    .innerJoin(account, eq(account.id, employee.accountId))
    .leftJoin(role, eq(role.id, employee.roleId))
    .where(
      and(
        isNotNull(employee.accountId),
        eq(employee.registerStatus, 'confirmed'),
        eq(employee.status, 'active'),
        only,
      ),
    )
    .orderBy(asc(account.name), asc(account.id));
  return rows
    .filter((r) => permissionsOfRole(r).includes(permission))
    .map(({ accountId, name, phone, email }) => ({ accountId, name, phone, email: email ?? '' }));
};
