/** Accounts and their employee records: who is logged in, in which school, with which products. */
import {
  BusinessCode,
  CONSOLE_APP_KEY,
  type CurrentAccountEmployee,
  type EmployeeAccess,
  messages,
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
  SITE_PERMISSIONS,
  TENANT_PERMISSIONS,
  type TenantOption,
} from '@yuexun/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, employee, operationCode, productApp, role, tenant, tenantProduct } from '../db/schema';
import type { AuthContext } from '../http/auth-plugin';
import { permissionsOfRole } from '../shared/auth/permissions';
import { selectSessionTenant, siteMembershipOf } from '../shared/auth/session.service';
import { BusinessError } from '../shared/errors';
import { maskPhone } from '../shared/mask';

/** Memberships an account can act in: confirmed and not disabled by the school's admins. */
const confirmedEmployee = (accountId: number) =>
  and(
    eq(employee.accountId, accountId),
    eq(employee.registerStatus, 'confirmed'),
    eq(employee.status, 'active'),
  );

/** True when every membership of the account was disabled: such an account may not sign in. */
export const isDisabledEverywhere = async (db: Db, accountId: number) => {
  const rows = await db
    .select({ status: employee.status })
    .from(employee)
    .where(and(eq(employee.accountId, accountId), eq(employee.registerStatus, 'confirmed')));
  return rows.length > 0 && rows.every((r) => r.status === 'disabled');
};

/**
 * The organisation a fresh login starts in: the vendor when the account's role there lets it do something
 * (its staff come to the console for the site, its leads and its roles; landing the vendor's admin in a
 * school hid 内容编辑 and 销售 from 新建员工), else the first school the account is a confirmed employee of.
 */
export const defaultTenantOf = async (db: Db, accountId: number) => {
  const rows = await db
    .select({
      tenantId: employee.tenantId,
      access: employee.access,
      kind: tenant.kind,
      roleKey: role.builtinKey,
      rolePermissions: role.permissions,
    })
    .from(employee)
    .innerJoin(tenant, eq(tenant.id, employee.tenantId))
    .leftJoin(role, eq(role.id, employee.roleId))
    .where(confirmedEmployee(accountId))
    .orderBy(asc(employee.id));
  const vendor = rows.find((r) => r.kind === 'vendor' && permissionsOfRole(r).length > 0);
  const row = vendor ?? rows[0];
  return row ? { tenantId: row.tenantId, access: row.access } : null;
};

export const currentAccountEmployee = async (db: Db, auth: AuthContext): Promise<CurrentAccountEmployee> => {
  const [row] = await db
    .select({
      accountId: account.id,
      accountName: account.username,
      name: account.name,
      phone: account.phone,
      photoId: account.photoFileUuid,
      employeeName: employee.name,
      tenantName: tenant.name,
      tenantKind: tenant.kind,
      roleName: role.name,
    })
    .from(account)
    .leftJoin(employee, sql`${employee.id} = ${auth.employeeId ?? -1}`)
    .leftJoin(tenant, sql`${tenant.id} = ${auth.tenantId ?? -1}`)
    .leftJoin(role, eq(role.id, employee.roleId))
    .where(eq(account.id, auth.accountId));
  if (!row) throw new BusinessError(BusinessCode.NOT_LOGGED_IN);
  const site = await siteMembershipOf(db, auth.accountId);
  return {
    name: row.employeeName ?? row.name,
    photoId: row.photoId,
    // Without a selected school the account has only the ordinary level.
    access: auth.access ?? 'user',
    accountId: row.accountId,
    accountName: row.accountName,
    employeeId: auth.employeeId,
    tenantId: auth.tenantId,
    tenantName: row.tenantName,
    phone: maskPhone(row.phone),
    siteAccess: site?.access ?? null,
    roleName: row.roleName,
    tenantKind: row.tenantKind === null ? null : row.tenantKind === 'vendor' ? 'vendor' : 'school',
  };
};

export const tenantOptionsOf = async (db: Db, auth: AuthContext): Promise<TenantOption[]> => {
  const rows = await db
    .select({ tenantId: tenant.id, tenantName: tenant.name, access: employee.access })
    .from(employee)
    .innerJoin(tenant, eq(tenant.id, employee.tenantId))
    .where(confirmedEmployee(auth.accountId))
    .orderBy(asc(employee.id));
  return rows.map((r) => ({
    tenantId: r.tenantId,
    tenantName: r.tenantName,
    access: r.access,
    current: r.tenantId === auth.tenantId,
  }));
};

/** Checks that the account may work in the school; the caller then stores it in the session. */
export const requireEmployeeOf = async (db: Db, accountId: number, tenantId: number) => {
  const [row] = await db
    .select({ id: employee.id })
    .from(employee)
    .where(and(confirmedEmployee(accountId), eq(employee.tenantId, tenantId)));
  if (!row) throw new BusinessError(BusinessCode.FORBIDDEN, messages.notEmployeeOfTenant);
};

/**
 * Makes the school the session's current one (the console's 切换单位 and the site header's form): only a
 * school the account is a confirmed, active member of; 403 otherwise, and nothing changes.
 */
export const switchTenant = async (
  db: Db,
  auth: Pick<AuthContext, 'accountId' | 'sessionIdHash'>,
  tenantId: number,
) => {
  await requireEmployeeOf(db, auth.accountId, tenantId);
  await selectSessionTenant(db, auth.sessionIdHash, tenantId);
};

export const usableProducts = async (db: Db, tenantId: number | null) => {
  if (tenantId === null) return [];
  return db
    .select({
      productId: productApp.id,
      appKey: productApp.appKey,
      name: productApp.name,
      iconFileUuid: productApp.iconFileUuid,
      entryUrl: productApp.entryUrl,
    })
    .from(tenantProduct)
    .innerJoin(productApp, eq(productApp.id, tenantProduct.productAppId))
    .where(eq(tenantProduct.tenantId, tenantId))
    .orderBy(asc(productApp.sort), asc(productApp.id));
};

/**
 * The console's operation codes (app key `console`): the caller's permissions, from the same roles the
 * registry checks (docs/decisions/032): site permissions from the role in the vendor, the others from the
 * role in the selected tenant.
 */
export const consolePermissionsOf = async (
  db: Db,
  auth: Pick<AuthContext, 'accountId' | 'permissions'>,
): Promise<Permission[]> => {
  const site = await siteMembershipOf(db, auth.accountId);
  const held = new Set<Permission>([
    ...(site?.permissions ?? []).filter((p) => (SITE_PERMISSIONS as readonly Permission[]).includes(p)),
    ...auth.permissions.filter((p) => (TENANT_PERMISSIONS as readonly Permission[]).includes(p)),
  ]);
  return PERMISSIONS.filter((p) => held.has(p));
};

/** Operation codes of a product the school uses; ordinary employees see the user-level ones only. */
export const operationCodesFor = async (
  db: Db,
  auth: Pick<AuthContext, 'accountId' | 'permissions'> & { tenantId: number; access: EmployeeAccess | null },
  product: { appKey?: string; productId?: number },
) => {
  if (!product.appKey && !product.productId) {
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.productOrAppKeyRequired);
  }
  if (product.appKey === CONSOLE_APP_KEY) {
    return (await consolePermissionsOf(db, auth)).map((code) => ({
      code,
      name: PERMISSION_LABELS[code],
      productId: 0,
    }));
  }
  const [app] = await db
    .select({ id: productApp.id })
    .from(tenantProduct)
    .innerJoin(productApp, eq(productApp.id, tenantProduct.productAppId))
    .where(
      and(
        eq(tenantProduct.tenantId, auth.tenantId),
        product.appKey ? eq(productApp.appKey, product.appKey) : undefined,
        product.productId ? eq(productApp.id, product.productId) : undefined,
      ),
    );
  if (!app) throw new BusinessError(BusinessCode.NOT_FOUND, messages.productNotUsable);
  const levels: EmployeeAccess[] = auth.access === 'admin' ? ['user', 'admin'] : ['user'];
  return db
    .select({ code: operationCode.code, name: operationCode.name, productId: operationCode.productAppId })
    .from(operationCode)
    .where(and(eq(operationCode.productAppId, app.id), inArray(operationCode.minAccess, levels)))
    .orderBy(asc(operationCode.sort), asc(operationCode.id));
};
