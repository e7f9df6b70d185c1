/**
 * The built-in roles of an organisation and the role a staff change names (docs/decisions/032). Shared by
 * staff management, teacher confirmation and the seed: every membership they write gets a role, and
 * `employee.access` follows it (admin exactly for the built-in 管理员).
 */
import {
  BUILTIN_ROLE_NAMES,
  type BuiltinRoleKey,
  BusinessCode,
  type EmployeeAccess,
  messages,
  SCHOOL_ROLE_KEYS,
  VENDOR_ROLE_KEYS,
} from '@yuexun/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employee, role, tenant } from '../../db/schema';
import { BusinessError } from '../errors';

export const builtinKeysOf = (tenantKind: string): readonly BuiltinRoleKey[] =>
  tenantKind === 'vendor' ? VENDOR_ROLE_KEYS : SCHOOL_ROLE_KEYS;

/** Creates the organisation's missing built-in roles (idempotent). */
export const ensureBuiltinRoles = async (db: Db, tenantId: number) => {
  const [org] = await db.select({ kind: tenant.kind }).from(tenant).where(eq(tenant.id, tenantId));
  if (!org) throw new Error(`tenant ${tenantId} not found`);
  await db
    .insert(role)
    .values(
      builtinKeysOf(org.kind).map((key) => ({ tenantId, builtinKey: key, name: BUILTIN_ROLE_NAMES[key] })),
    )
    .onConflictDoNothing();
  return org.kind;
};

export interface ResolvedRole {
  roleId: number;
  name: string;
  builtinKey: string | null;
  access: EmployeeAccess;
}

const accessOfRole = (builtinKey: string | null): EmployeeAccess =>
  builtinKey === 'admin' ? 'admin' : 'user';

/** A role of this organisation by id; another organisation's (or no such) role answers 404. */
export const roleOfTenant = async (db: Db, tenantId: number, roleId: number): Promise<ResolvedRole> => {
  const [row] = await db
    .select({ roleId: role.id, name: role.name, builtinKey: role.builtinKey })
    .from(role)
    .where(and(eq(role.id, roleId), eq(role.tenantId, tenantId)));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.roleNotFound);
  return { ...row, access: accessOfRole(row.builtinKey) };
};

/** The built-in role an access level meant: 管理员, else 只读 at the vendor and 教职工 at a school. */
export const roleForAccess = async (
  db: Db,
  tenantId: number,
  access: EmployeeAccess,
): Promise<ResolvedRole> => {
  const kind = await ensureBuiltinRoles(db, tenantId);
  const key: BuiltinRoleKey = access === 'admin' ? 'admin' : kind === 'vendor' ? 'viewer' : 'staff';
  const [row] = await db
    .select({ roleId: role.id, name: role.name, builtinKey: role.builtinKey })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.builtinKey, key)));
  if (!row) throw new Error(`built-in role ${key} missing`);
  return { ...row, access: accessOfRole(row.builtinKey) };
};

/** The role a staff change asks for: an explicit role id wins, else the access level's built-in role. */
export const requestedRole = async (
  db: Db,
  tenantId: number,
  input: { roleId?: number; access?: EmployeeAccess },
): Promise<ResolvedRole | null> => {
  if (input.roleId !== undefined) {
    await ensureBuiltinRoles(db, tenantId);
    return roleOfTenant(db, tenantId, input.roleId);
  }
  if (input.access !== undefined) return roleForAccess(db, tenantId, input.access);
  return null;
};

/** The custom role without permissions that keeps the vendor's former ordinary members as they were. */
export const MEMBER_ROLE_NAME = '成员';

/**
 * Gives every organisation its built-in roles and every membership without a role the one its access level
 * meant, as migration 0020 did for existing rows: 管理员, a school's 教职工, and at the vendor the custom role
 * 成员 without permissions (an ordinary vendor member had no site rights). Run after the demo seed.
 */
export const assignMissingRoles = async (db: Db) => {
  const tenants = await db.select({ id: tenant.id, kind: tenant.kind }).from(tenant);
  for (const t of tenants) {
    await ensureBuiltinRoles(db, t.id);
    if (t.kind === 'vendor')
      await db.insert(role).values({ tenantId: t.id, name: MEMBER_ROLE_NAME }).onConflictDoNothing();
  }
  await db.execute(sql`update ${employee} e set role_id = r.id from ${role} r, ${tenant} t
    where e.role_id is null and r.tenant_id = e.tenant_id and t.id = e.tenant_id
      and case when e.access = 'admin' then r.builtin_key = 'admin'
               when t.kind = 'vendor' then r.builtin_key is null and r.name = ${MEMBER_ROLE_NAME}
               else r.builtin_key = 'staff' end`);
};
