/**
 * Sessions in the database (any instance can answer any request). Expiry slides with use, but the
 * row is touched at most once a minute so that reading pages does not mean a write per request.
 */
import type { EmployeeAccess, Permission } from '@yuexun/contract';
import { and, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { employee, role, session, tenant } from '../../db/schema';
import type { ClientInfo } from './client-info';
import { permissionsOfRole } from './permissions';
import { hashSessionId, newSessionId } from './session-id';

const TOUCH_EVERY_MS = 60_000;

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface ActiveSession {
  idHash: string;
  accountId: number;
  /** The selected tenant, null when none is selected or the account is no longer its employee. */
  tenantId: number | null;
  employeeId: number | null;
  access: EmployeeAccess | null;
  /** What the role in the selected tenant allows (docs/decisions/032); empty without a tenant. */
  permissions: readonly Permission[];
}

export type SessionLookup =
  | { state: 'active'; session: ActiveSession }
  | { state: 'expired' }
  | { state: 'unknown' };

export const createSession = async (
  db: Db,
  accountId: number,
  tenantId: number | null,
  policy: SessionPolicy,
  client: ClientInfo = { userAgent: null, clientAddress: null },
) => {
  const id = newSessionId();
  const now = Date.now();
  await db.insert(session).values({
    idHash: hashSessionId(id),
    accountId,
    tenantId,
    ...client,
    expiresAt: new Date(now + Math.min(policy.idleMs, policy.maxMs)),
    absoluteExpiresAt: new Date(now + policy.maxMs),
  });
  return id;
};

export const lookupSession = async (
  db: Db,
  idHash: string,
  policy: SessionPolicy,
): Promise<SessionLookup> => {
  const [row] = await db
    .select({
      accountId: session.accountId,
      tenantId: session.tenantId,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      absoluteExpiresAt: session.absoluteExpiresAt,
      employeeId: employee.id,
      access: employee.access,
      roleKey: role.builtinKey,
      rolePermissions: role.permissions,
    })
    .from(session)
    .leftJoin(
      employee,
      and(
        eq(employee.accountId, session.accountId),
        eq(employee.tenantId, session.tenantId),
        eq(employee.registerStatus, 'confirmed'),
        eq(employee.status, 'active'),
      ),
    )
    .leftJoin(role, eq(role.id, employee.roleId))
    .where(eq(session.idHash, idHash));
  if (!row) return { state: 'unknown' };
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) {
    await db.delete(session).where(eq(session.idHash, idHash));
    return { state: 'expired' };
  }
  if (now - row.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    await db
      .update(session)
      .set({
        lastSeenAt: new Date(now),
        expiresAt: new Date(Math.min(now + policy.idleMs, row.absoluteExpiresAt.getTime())),
      })
      .where(eq(session.idHash, idHash));
  }
  const isEmployee = row.employeeId !== null;
  return {
    state: 'active',
    session: {
      idHash,
      accountId: row.accountId,
      tenantId: isEmployee ? row.tenantId : null,
      employeeId: row.employeeId,
      access: isEmployee ? row.access : null,
      permissions:
        isEmployee && row.access
          ? permissionsOfRole({
              access: row.access,
              roleKey: row.roleKey,
              rolePermissions: row.rolePermissions,
            })
          : [],
    },
  };
};

export interface SiteMembership {
  tenantId: number;
  employeeId: number;
  access: EmployeeAccess;
  /** What the vendor role allows. */
  permissions: readonly Permission[];
}

/** The account's active membership in the vendor, the organisation that owns the site; null for others. */
export const siteMembershipOf = async (db: Db, accountId: number): Promise<SiteMembership | null> => {
  const [row] = await db
    .select({
      tenantId: employee.tenantId,
      employeeId: employee.id,
      access: employee.access,
      roleKey: role.builtinKey,
      rolePermissions: role.permissions,
    })
    .from(employee)
    .innerJoin(tenant, and(eq(tenant.id, employee.tenantId), eq(tenant.kind, 'vendor')))
    .leftJoin(role, eq(role.id, employee.roleId))
    .where(
      and(
        eq(employee.accountId, accountId),
        eq(employee.registerStatus, 'confirmed'),
        eq(employee.status, 'active'),
      ),
    );
  if (!row) return null;
  const { roleKey, rolePermissions, ...member } = row;
  return { ...member, permissions: permissionsOfRole(row) };
};

export const deleteSession = (db: Db, idHash: string) => db.delete(session).where(eq(session.idHash, idHash));

export const selectSessionTenant = (db: Db, idHash: string, tenantId: number) =>
  db.update(session).set({ tenantId }).where(eq(session.idHash, idHash));

/** Removes sessions nobody can use any more (expired ones are otherwise deleted only when presented). */
export const purgeExpiredSessions = (db: Db) => {
  const now = new Date();
  return db.delete(session).where(or(lt(session.expiresAt, now), lt(session.absoluteExpiresAt, now)));
};
