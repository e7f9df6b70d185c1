/**
 * Roles of one organisation (角色管理, docs/decisions/032). Every query is bound to the tenant of the session,
 * so another organisation's role id answers 404. Built-in roles are never changed; a role in use is never
 * deleted; only the vendor makes custom roles (a school keeps its admin and its staff). Each change writes
 * its audit row, with the permissions in Chinese, in the same transaction.
 */
import {
  BUILTIN_ROLE_KEYS,
  BUILTIN_ROLE_PERMISSIONS,
  BusinessCode,
  CUSTOM_ROLE_MAX,
  isPermission,
  messages,
  PERMISSION_LABELS,
  PERMISSIONS,
  type Permission,
  type RoleView,
} from '@yuexun/contract';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { employee, role } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { ensureBuiltinRoles } from '../shared/auth/roles';
import { BusinessError } from '../shared/errors';
import type { StaffActor } from './staff-actor';

type BuiltinKey = RoleView['builtinKey'];

const isBuiltinKey = (key: string | null): key is NonNullable<BuiltinKey> =>
  key !== null && (BUILTIN_ROLE_KEYS as readonly string[]).includes(key);

/** Permissions in the contract's order, so lists read the same everywhere. */
const ordered = (list: readonly string[]): Permission[] => PERMISSIONS.filter((p) => list.includes(p));

/** "编辑文章（保存草稿、提交审核）、管理栏目" — how the audit log shows a set of permissions. */
const inWords = (list: readonly Permission[]) =>
  list.length === 0 ? '（无）' : list.map((p) => PERMISSION_LABELS[p]).join('、');

// Qualified by hand: drizzle leaves the columns of a one-table select unqualified, so inside this subquery
// "id" would be the employee's own id and every role would count the employee whose id equals its own.
const memberCount = sql<number>`(select count(*)::int from ${employee} where ${employee}."role_id" = ${role}."id"
  and ${employee}."register_status" = 'confirmed')`;

const roleRows = (db: Db) =>
  db
    .select({
      roleId: role.id,
      name: role.name,
      builtinKey: role.builtinKey,
      permissions: role.permissions,
      mfaRequired: role.mfaRequired,
      memberCount,
      version: role.version,
    })
    .from(role);

type RoleRow = Awaited<ReturnType<ReturnType<typeof roleRows>['execute']>>[number];

const toView = (row: RoleRow): RoleView => {
  const builtinKey = isBuiltinKey(row.builtinKey) ? row.builtinKey : null;
  return {
    roleId: row.roleId,
    name: row.name,
    builtinKey,
    permissions: builtinKey
      ? [...BUILTIN_ROLE_PERMISSIONS[builtinKey]]
      : ordered(row.permissions.filter(isPermission)),
    mfaRequired: row.mfaRequired,
    memberCount: row.memberCount,
    version: row.version,
  };
};

export const listRoles = async (db: Db, actor: StaffActor): Promise<RoleView[]> => {
  await ensureBuiltinRoles(db, actor.tenantId);
  const rows = await roleRows(db)
    .where(eq(role.tenantId, actor.tenantId))
    // Built-in roles first, in the contract's order, then custom ones by creation.
    .orderBy(
      sql`case ${role.builtinKey} when 'admin' then 0 when 'editor' then 1 when 'writer' then 2 when 'sales' then 3 when 'viewer' then 4 when 'staff' then 5 else 6 end`,
      asc(role.id),
    );
  return rows.map(toView);
};

const readRole = async (db: Db, tenantId: number, roleId: number) => {
  const [row] = await roleRows(db).where(and(eq(role.tenantId, tenantId), eq(role.id, roleId)));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.roleNotFound);
  return row;
};

/** Serialises role changes of one organisation (the name check and the in-use check). */
const lockRoles = (tx: Db, tenantId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`roles:${tenantId}`}))`);

const requireFreeName = async (tx: Db, tenantId: number, name: string, except?: number) => {
  const [taken] = await tx
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.tenantId, tenantId), eq(role.name, name)));
  if (taken && taken.id !== except) throw new BusinessError(BusinessCode.CONFLICT, messages.roleNameTaken);
};

export interface RoleInput {
  name: string;
  permissions: Permission[];
}

export const createRole = (db: Db, actor: StaffActor, input: RoleInput) =>
  db.transaction(async (tx) => {
    const kind = await ensureBuiltinRoles(tx, actor.tenantId);
    if (kind !== 'vendor') throw new BusinessError(BusinessCode.FORBIDDEN, messages.roleCustomOnlyVendor);
    await lockRoles(tx, actor.tenantId);
    const [custom] = await tx
      .select({ n: count() })
      .from(role)
      .where(and(eq(role.tenantId, actor.tenantId), isNull(role.builtinKey)));
    if ((custom?.n ?? 0) >= CUSTOM_ROLE_MAX)
      throw new BusinessError(BusinessCode.CONFLICT, messages.roleTooMany(CUSTOM_ROLE_MAX));
    await requireFreeName(tx, actor.tenantId, input.name);
    const permissions = ordered(input.permissions);
    const [row] = await tx
      .insert(role)
      .values({ tenantId: actor.tenantId, name: input.name, permissions })
      .returning({ id: role.id });
    if (!row) throw new Error('role not stored');
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: 'role',
      targetId: row.id,
      detail: { name: input.name, permissions: inWords(permissions) },
    });
    return toView(await readRole(tx, actor.tenantId, row.id));
  });

export const updateRole = (
  db: Db,
  actor: StaffActor,
  input: RoleInput & { roleId: number; version: number },
) =>
  db.transaction(async (tx) => {
    await lockRoles(tx, actor.tenantId);
    const before = await readRole(tx, actor.tenantId, input.roleId);
    if (before.builtinKey !== null)
      throw new BusinessError(BusinessCode.FORBIDDEN, messages.roleBuiltinReadOnly);
    if (before.version !== input.version)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staleVersion);
    await requireFreeName(tx, actor.tenantId, input.name, before.roleId);
    const permissions = ordered(input.permissions);
    const oldPermissions = ordered(before.permissions.filter(isPermission));
    const changes: Record<string, [string, string]> = {};
    if (before.name !== input.name) changes.name = [before.name, input.name];
    if (oldPermissions.join() !== permissions.join())
      changes.permissions = [inWords(oldPermissions), inWords(permissions)];
    if (Object.keys(changes).length > 0) {
      await tx
        .update(role)
        .set({ name: input.name, permissions, version: before.version + 1, updatedAt: new Date() })
        .where(eq(role.id, before.roleId));
      await recordAudit(tx, actor, {
        action: 'update',
        targetType: 'role',
        targetId: before.roleId,
        detail: { name: input.name, changes },
      });
    }
    return toView(await readRole(tx, actor.tenantId, before.roleId));
  });

export const deleteRole = (db: Db, actor: StaffActor, roleId: number) =>
  db.transaction(async (tx) => {
    await lockRoles(tx, actor.tenantId);
    const before = await readRole(tx, actor.tenantId, roleId);
    if (before.builtinKey !== null)
      throw new BusinessError(BusinessCode.FORBIDDEN, messages.roleBuiltinReadOnly);
    // Any membership (also a disabled one) keeps the role in use.
    const [used] = await tx.select({ n: count() }).from(employee).where(eq(employee.roleId, roleId));
    if ((used?.n ?? 0) > 0) throw new BusinessError(BusinessCode.CONFLICT, messages.roleInUse(used?.n ?? 0));
    await tx.delete(role).where(eq(role.id, roleId));
    await recordAudit(tx, actor, {
      action: 'delete',
      targetType: 'role',
      targetId: roleId,
      detail: { name: before.name, permissions: inWords(ordered(before.permissions.filter(isPermission))) },
    });
    return { roleId };
  });

/**
 * 要求两步验证 of one role, built-in ones included (the one thing about them an organisation chooses): its
 * members without an authenticator bind one at their next sign-in and cannot unbind while it holds.
 */
export const setRoleMfaRequired = (db: Db, actor: StaffActor, roleId: number, mfaRequired: boolean) =>
  db.transaction(async (tx) => {
    await lockRoles(tx, actor.tenantId);
    const before = await readRole(tx, actor.tenantId, roleId);
    if (before.mfaRequired !== mfaRequired) {
      await tx.update(role).set({ mfaRequired, updatedAt: new Date() }).where(eq(role.id, roleId));
      await recordAudit(tx, actor, {
        action: 'require',
        targetType: 'role',
        targetId: roleId,
        detail: { name: before.name, changes: { mfaRequired: [before.mfaRequired, mfaRequired] } },
      });
    }
    return toView(await readRole(tx, actor.tenantId, roleId));
  });
