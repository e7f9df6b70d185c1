/**
 * Teacher registrations of a school: applying (public, with an SMS code), listing and deciding
 * (the school's admins). The tenant always comes from the admin's session, never from the request,
 * so another school's registrations are simply not found.
 */
import {
  BusinessCode,
  messages,
  type PagingInput,
  type RegisterEmployee,
  type RegisterStatus,
} from '@yuexun/contract';
import { and, asc, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, employee, tenant } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { roleForAccess } from '../shared/auth/roles';
import { BusinessError } from '../shared/errors';
import { likePattern, pageOf, rowCount } from '../shared/paging';

const registerColumns = {
  employeeId: employee.id,
  name: employee.name,
  phone: employee.phone,
  registerStatus: employee.registerStatus,
  rejectReason: employee.rejectReason,
  appliedAt: employee.appliedAt,
};

type RegisterRow = {
  employeeId: number;
  name: string;
  phone: string;
  registerStatus: RegisterStatus;
  rejectReason: string | null;
  appliedAt: Date;
};

const toRegisterEmployee = (row: RegisterRow): RegisterEmployee => ({
  employeeId: row.employeeId,
  name: row.name,
  phone: row.phone,
  registerStatus: row.registerStatus,
  rejectReason: row.rejectReason,
  appliedAt: row.appliedAt.toISOString(),
});

export const listRegistrations = async (
  db: Db,
  tenantId: number,
  criteria: PagingInput & { registerStatus?: RegisterStatus; keyword?: string },
) => {
  const conditions: (SQL | undefined)[] = [eq(employee.tenantId, tenantId)];
  if (criteria.registerStatus) conditions.push(eq(employee.registerStatus, criteria.registerStatus));
  if (criteria.keyword) {
    const like = likePattern(criteria.keyword);
    conditions.push(or(ilike(employee.name, like), ilike(employee.phone, like)));
  }
  const where = and(...conditions);
  const { items: rows, paging } = await pageOf(
    criteria,
    db
      .select(registerColumns)
      .from(employee)
      .where(where)
      .orderBy(desc(employee.appliedAt), desc(employee.id))
      .$dynamic(),
    db.select(rowCount).from(employee).where(where),
  );
  return { datas: rows.map(toRegisterEmployee), paging };
};

export interface Decision {
  employeeId: number;
  decision: 'confirm' | 'reject';
  reason?: string;
}

/** Confirms (creating the teacher's account, which logs in by SMS) or rejects, with an audit row. */
export const decideRegistration = (
  db: Db,
  actor: { accountId: number; tenantId: number; ipHash: string },
  input: Decision,
) =>
  db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ...registerColumns, accountId: employee.accountId })
      .from(employee)
      .where(and(eq(employee.id, input.employeeId), eq(employee.tenantId, actor.tenantId)))
      .for('update');
    if (!row) throw new BusinessError(BusinessCode.NOT_FOUND, messages.registerNotFound);
    if (row.registerStatus !== 'pending')
      throw new BusinessError(BusinessCode.CONFLICT, messages.registerDecided);

    let accountId = row.accountId;
    if (input.decision === 'confirm' && accountId === null) {
      await tx
        .insert(account)
        .values({ username: row.phone, name: row.name, phone: row.phone })
        .onConflictDoNothing();
      const [existing] = await tx
        .select({ id: account.id })
        .from(account)
        .where(eq(account.phone, row.phone));
      accountId = existing?.id ?? null;
    }
    // A confirmed teacher is the school's ordinary staff (教职工, docs/decisions/032).
    const staffRole = await roleForAccess(tx, actor.tenantId, 'user');
    const [updated] = await tx
      .update(employee)
      .set({
        registerStatus: input.decision === 'confirm' ? 'confirmed' : 'rejected',
        rejectReason: input.decision === 'reject' ? (input.reason ?? null) : null,
        accountId,
        access: 'user',
        roleId: staffRole.roleId,
        decidedAt: new Date(),
        decidedBy: actor.accountId,
      })
      .where(eq(employee.id, row.employeeId))
      .returning(registerColumns);
    if (!updated) throw new BusinessError(BusinessCode.NOT_FOUND, messages.registerNotFound);
    await recordAudit(tx, actor, {
      action: input.decision === 'confirm' ? 'register.confirm' : 'register.reject',
      targetType: 'employee',
      targetId: row.employeeId,
      detail: { name: row.name, ...(input.reason ? { reason: input.reason } : {}) },
    });
    return toRegisterEmployee(updated);
  });

export const listSchools = (db: Db, keyword?: string) =>
  db
    .select({ tenantId: tenant.id, name: tenant.name, region: tenant.region })
    .from(tenant)
    // Teachers register with schools; the vendor is not one.
    .where(and(eq(tenant.kind, 'school'), keyword ? ilike(tenant.name, likePattern(keyword)) : undefined))
    .orderBy(asc(tenant.id))
    .limit(50);

/** Checks an application can be made (school exists, not already applied or employed); null for a new one. */
export const existingApplication = async (db: Db, tenantId: number, phone: string) => {
  const [school] = await db
    .select({ id: tenant.id })
    .from(tenant)
    .where(and(eq(tenant.id, tenantId), eq(tenant.kind, 'school')));
  if (!school) {
    throw new BusinessError(BusinessCode.BAD_REQUEST, messages.schoolNotFound, [
      { field: 'tenantId', message: messages.schoolNotFound },
    ]);
  }
  const [row] = await db
    .select({ id: employee.id, registerStatus: employee.registerStatus })
    .from(employee)
    .where(and(eq(employee.tenantId, tenantId), eq(employee.phone, phone)));
  if (row?.registerStatus === 'pending')
    throw new BusinessError(BusinessCode.CONFLICT, messages.registerPending);
  if (row?.registerStatus === 'confirmed')
    throw new BusinessError(BusinessCode.CONFLICT, messages.alreadyEmployee);
  return row ?? null;
};

/** Records a pending application; a rejected applicant may apply again. */
export const applyAsTeacher = async (
  db: Db,
  input: { tenantId: number; name: string; phone: string },
  previous: { id: number } | null,
) => {
  const values = {
    name: input.name,
    registerStatus: 'pending' as const,
    rejectReason: null,
    appliedAt: new Date(),
    decidedAt: null,
    decidedBy: null,
  };
  const [row] = previous
    ? await db.update(employee).set(values).where(eq(employee.id, previous.id)).returning(registerColumns)
    : await db
        .insert(employee)
        .values({ ...values, tenantId: input.tenantId, phone: input.phone, access: 'user' })
        .returning(registerColumns);
  if (!row) throw new Error('registration not stored');
  return toRegisterEmployee(row);
};
