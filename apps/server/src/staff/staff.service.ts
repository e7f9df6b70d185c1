/**
 * Staff of one school (员工管理). Every query is bound to the admin's tenant from the session, so an
 * employee id of another school is simply not found (404). Each change writes its audit row in the
 * same transaction, and the guards that keep a school manageable (not yourself, not the last admin)
 * are checked under a row lock so two admins cannot demote each other at once.
 */
import {
  BusinessCode,
  type EmployeeAccess,
  messages,
  type PagingInput,
  type StaffMember,
  type StaffStatus,
} from '@yuexun/contract';
import { and, desc, eq, ilike, max, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, accountMfa, employee, loginAttempt, role, session } from '../db/schema';
import { changedFields, recordAudit } from '../shared/audit';
import { accountKey } from '../shared/auth/login-limit';
import { requestedRole } from '../shared/auth/roles';
import { BusinessError } from '../shared/errors';
import { likePattern, pageOf, rowCount } from '../shared/paging';
import type { StaffActor } from './staff-actor';

export type { StaffActor };

const lastSeen = sql<Date | null>`(select ${max(session.lastSeenAt)} from ${session}
  where ${session.accountId} = ${employee.accountId} and ${session.tenantId} = ${employee.tenantId})`;

const staffColumns = {
  employeeId: employee.id,
  accountId: account.id,
  username: account.username,
  name: employee.name,
  phone: employee.phone,
  email: employee.email,
  access: employee.access,
  roleId: employee.roleId,
  roleName: role.name,
  status: employee.status,
  lockedUntil: loginAttempt.lockedUntil,
  passwordHash: account.passwordHash,
  joinedAt: employee.decidedAt,
  appliedAt: employee.appliedAt,
  lastSeenAt: lastSeen,
  mfaEnabled: sql<boolean>`exists (select 1 from ${accountMfa} where ${accountMfa.accountId} = ${account.id}
    and ${accountMfa.enabledAt} is not null)`,
};

type StaffRow = {
  employeeId: number;
  accountId: number;
  username: string;
  name: string;
  phone: string;
  email: string | null;
  access: EmployeeAccess;
  roleId: number | null;
  roleName: string | null;
  status: StaffStatus;
  lockedUntil: Date | null;
  passwordHash: string | null;
  joinedAt: Date | null;
  appliedAt: Date;
  lastSeenAt: Date | string | null;
  mfaEnabled: boolean;
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

const toStaffMember = (row: StaffRow, actor: StaffActor): StaffMember => ({
  employeeId: row.employeeId,
  accountId: row.accountId,
  username: row.username,
  name: row.name,
  phone: row.phone,
  email: row.email,
  access: row.access,
  roleId: row.roleId,
  roleName: row.roleName,
  status: row.status,
  lockedUntil:
    row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil.toISOString() : null,
  hasPassword: row.passwordHash !== null,
  mfaEnabled: row.mfaEnabled === true || String(row.mfaEnabled) === 't',
  joinedAt: (row.joinedAt ?? row.appliedAt).toISOString(),
  lastSeenAt: iso(row.lastSeenAt),
  isSelf: row.accountId === actor.accountId,
});

/** Confirmed employees of the school joined to their account and any login lock. */
const staffQuery = (db: Db) =>
  db
    .select(staffColumns)
    .from(employee)
    .innerJoin(account, eq(account.id, employee.accountId))
    .leftJoin(role, eq(role.id, employee.roleId))
    .leftJoin(loginAttempt, eq(loginAttempt.key, sql`'account:' || lower(${account.username})`));

const inTenant = (tenantId: number) =>
  and(eq(employee.tenantId, tenantId), eq(employee.registerStatus, 'confirmed'));

export interface StaffCriteria extends PagingInput {
  keyword?: string;
  status?: StaffStatus;
  access?: EmployeeAccess;
  roleId?: number;
}

export const listStaff = async (db: Db, actor: StaffActor, criteria: StaffCriteria) => {
  const conditions: (SQL | undefined)[] = [inTenant(actor.tenantId)];
  if (criteria.status) conditions.push(eq(employee.status, criteria.status));
  if (criteria.access) conditions.push(eq(employee.access, criteria.access));
  if (criteria.roleId) conditions.push(eq(employee.roleId, criteria.roleId));
  if (criteria.keyword) {
    const like = likePattern(criteria.keyword);
    conditions.push(
      or(
        ilike(employee.name, like),
        ilike(employee.phone, like),
        ilike(employee.email, like),
        ilike(account.username, like),
      ),
    );
  }
  const where = and(...conditions);
  const { items: rows, paging } = await pageOf(
    criteria,
    staffQuery(db).where(where).orderBy(desc(employee.id)).$dynamic(),
    db.select(rowCount).from(employee).innerJoin(account, eq(account.id, employee.accountId)).where(where),
  );
  return { datas: rows.map((r) => toStaffMember(r, actor)), paging };
};

export const readStaff = async (db: Db, actor: StaffActor, employeeId: number) => {
  const [row] = await staffQuery(db).where(and(inTenant(actor.tenantId), eq(employee.id, employeeId)));
  if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.staffNotFound);
  return toStaffMember(row, actor);
};

/** Locks the school's employee rows, then returns the one asked for (404 when not of this school). */
export const lockStaff = async (tx: Db, actor: StaffActor, employeeId: number) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff:${actor.tenantId}`}))`);
  const [row] = await tx
    .select({
      id: employee.id,
      accountId: employee.accountId,
      name: employee.name,
      email: employee.email,
      access: employee.access,
      roleId: employee.roleId,
      roleName: role.name,
      status: employee.status,
    })
    .from(employee)
    .leftJoin(role, eq(role.id, employee.roleId))
    .where(and(inTenant(actor.tenantId), eq(employee.id, employeeId)));
  if (!row || row.accountId === null) throw new BusinessError(BusinessCode.NOT_FOUND, messages.staffNotFound);
  return { ...row, accountId: row.accountId };
};

/** Refuses a change that would leave the school without an active admin. */
const requireAnotherAdmin = async (tx: Db, tenantId: number, employeeId: number) => {
  const [other] = await tx
    .select({ id: employee.id })
    .from(employee)
    .where(
      and(
        inTenant(tenantId),
        ne(employee.id, employeeId),
        eq(employee.access, 'admin'),
        eq(employee.status, 'active'),
      ),
    )
    .limit(1);
  if (!other) throw new BusinessError(BusinessCode.CONFLICT, messages.staffLastAdmin);
};

export interface StaffEdit {
  employeeId: number;
  name: string;
  email?: string;
  /** A role of this organisation (404 otherwise); without it `access` picks a built-in role. */
  roleId?: number;
  access?: EmployeeAccess;
}

export const updateStaff = (db: Db, actor: StaffActor, input: StaffEdit) =>
  db.transaction(async (tx) => {
    const row = await lockStaff(tx, actor, input.employeeId);
    const asked = await requestedRole(tx, actor.tenantId, input);
    // Asking for the access level the member already has keeps their role (a custom role stays).
    const target = asked && (input.roleId !== undefined || asked.access !== row.access) ? asked : null;
    if (target && target.roleId !== row.roleId) {
      if (row.accountId === actor.accountId)
        throw new BusinessError(BusinessCode.FORBIDDEN, messages.staffSelfAccess);
      if (row.access === 'admin' && target.access !== 'admin' && row.status === 'active')
        await requireAnotherAdmin(tx, actor.tenantId, row.id);
    }
    const roleChange = target ? { roleId: target.roleId, access: target.access } : {};
    const next = { name: input.name, email: input.email ?? null, ...roleChange };
    const changes = changedFields(
      { name: row.name, email: row.email, access: row.access, role: row.roleName },
      { name: next.name, email: next.email, ...(target ? { access: target.access, role: target.name } : {}) },
    );
    await tx.update(employee).set(next).where(eq(employee.id, row.id));
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, actor, {
        action: 'update',
        targetType: 'employee',
        targetId: row.id,
        detail: { name: input.name, changes },
      });
    return readStaff(tx, actor, row.id);
  });

export const changeStaffStatus = (db: Db, actor: StaffActor, employeeId: number, status: StaffStatus) =>
  db.transaction(async (tx) => {
    const row = await lockStaff(tx, actor, employeeId);
    if (row.status !== status) {
      if (status === 'disabled') {
        if (row.accountId === actor.accountId)
          throw new BusinessError(BusinessCode.FORBIDDEN, messages.staffSelfDisable);
        if (row.access === 'admin') await requireAnotherAdmin(tx, actor.tenantId, row.id);
        // Sessions acting in this school end now: the next request of that browser answers 401.
        await tx
          .delete(session)
          .where(and(eq(session.accountId, row.accountId), eq(session.tenantId, actor.tenantId)));
      }
      await tx.update(employee).set({ status }).where(eq(employee.id, row.id));
      await recordAudit(tx, actor, {
        action: status === 'disabled' ? 'disable' : 'enable',
        targetType: 'employee',
        targetId: row.id,
        detail: { name: row.name },
      });
    }
    return readStaff(tx, actor, row.id);
  });

export const unlockStaff = (db: Db, actor: StaffActor, employeeId: number) =>
  db.transaction(async (tx) => {
    const row = await lockStaff(tx, actor, employeeId);
    const [acc] = await tx
      .select({ username: account.username })
      .from(account)
      .where(eq(account.id, row.accountId));
    const key = accountKey(acc?.username ?? '');
    const removed = await tx.delete(loginAttempt).where(eq(loginAttempt.key, key)).returning();
    if (removed.length > 0)
      await recordAudit(tx, actor, {
        action: 'unlock',
        targetType: 'employee',
        targetId: row.id,
        detail: { name: row.name },
      });
    return readStaff(tx, actor, row.id);
  });
