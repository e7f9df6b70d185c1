/**
 * Adding a colleague and resetting a password. The phone is the login name, as for confirmed teachers.
 * A phone that already has an account (staff of another school, a teacher) joins with that account and
 * keeps its own password; a new account gets an invitation link or an initial password, shown once.
 */
import { BusinessCode, type EmployeeAccess, messages, type StaffCredential } from '@yuexun/contract';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, accountProfile, employee } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { recordAudit } from '../shared/audit';
import { generatePassword, hashPassword } from '../shared/auth/password';
import { passwordStrength } from '../shared/auth/password-strength';
import { requestedRole } from '../shared/auth/roles';
import { BusinessError } from '../shared/errors';
import { issuePasswordLink } from './password-link.service';
import { lockStaff, readStaff, type StaffActor } from './staff.service';

export interface NewStaff {
  name: string;
  phone: string;
  email?: string;
  /** A role of this organisation (404 otherwise); without it `access` picks a built-in role. */
  roleId?: number;
  access?: EmployeeAccess;
  credential: 'invite' | 'password';
}

/** Generated initial passwords are random but always have a letter and a digit, as the password rule asks. */
const initialPassword = () => `${generatePassword().slice(0, 14)}a7`;

const findOrCreateAccount = async (tx: Db, input: NewStaff, passwordHash: string | null) => {
  const [existing] = await tx
    .select({ id: account.id, phone: account.phone })
    .from(account)
    .where(or(eq(account.phone, input.phone), eq(sql`lower(${account.username})`, input.phone)));
  if (existing) {
    if (existing.phone !== input.phone)
      throw new BusinessError(BusinessCode.CONFLICT, messages.staffUsernameTaken);
    return { id: existing.id, created: false };
  }
  const [created] = await tx
    .insert(account)
    .values({ username: input.phone, name: input.name, phone: input.phone, passwordHash })
    .returning({ id: account.id });
  if (!created) throw new Error('account not stored');
  return { id: created.id, created: true };
};

export const createStaff = async (db: Db, actor: StaffActor, input: NewStaff): Promise<StaffCredential> => {
  const password = input.credential === 'password' ? initialPassword() : null;
  const passwordHash = password ? await hashPassword(password) : null;
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff:${actor.tenantId}`}))`);
    const chosen = await requestedRole(tx, actor.tenantId, input);
    if (!chosen) throw fieldError(BusinessCode.BAD_REQUEST, 'roleId', messages.required('角色'));
    const acc = await findOrCreateAccount(tx, input, passwordHash);
    const [member] = await tx
      .select({ id: employee.id, registerStatus: employee.registerStatus })
      .from(employee)
      .where(and(eq(employee.tenantId, actor.tenantId), eq(employee.phone, input.phone)));
    if (member?.registerStatus === 'confirmed')
      throw new BusinessError(BusinessCode.CONFLICT, messages.staffAlreadyMember);
    const values = {
      accountId: acc.id,
      name: input.name,
      email: input.email ?? null,
      access: chosen.access,
      roleId: chosen.roleId,
      status: 'active' as const,
      registerStatus: 'confirmed' as const,
      rejectReason: null,
      decidedAt: new Date(),
      decidedBy: actor.accountId,
    };
    // A pending or rejected teacher registration of the same phone becomes this membership.
    const [row] = member
      ? await tx.update(employee).set(values).where(eq(employee.id, member.id)).returning({ id: employee.id })
      : await tx
          .insert(employee)
          .values({ ...values, tenantId: actor.tenantId, phone: input.phone })
          .returning({ id: employee.id });
    if (!row) throw new Error('employee not stored');
    if (password)
      await tx
        .insert(accountProfile)
        .values({
          accountId: acc.id,
          passwordStrength: await passwordStrength(password, [input.phone, input.name]),
        })
        .onConflictDoNothing();
    const link =
      acc.created && !password
        ? await issuePasswordLink(tx, {
            accountId: acc.id,
            tenantId: actor.tenantId,
            purpose: 'invite',
            createdBy: actor.accountId,
          })
        : null;
    const credential = !acc.created ? 'existing' : password ? 'password' : 'invite';
    await recordAudit(tx, actor, {
      action: 'create',
      targetType: 'employee',
      targetId: row.id,
      detail: { name: input.name, access: chosen.access, role: chosen.name, credential },
    });
    return {
      member: await readStaff(tx, actor, row.id),
      credential,
      linkToken: link?.token ?? null,
      linkExpiresAt: link?.expiresAt ?? null,
      initialPassword: acc.created ? password : null,
    };
  });
};

export const resetStaffPassword = (db: Db, actor: StaffActor, employeeId: number): Promise<StaffCredential> =>
  db.transaction(async (tx) => {
    const row = await lockStaff(tx, actor, employeeId);
    const link = await issuePasswordLink(tx, {
      accountId: row.accountId,
      tenantId: actor.tenantId,
      purpose: 'reset',
      createdBy: actor.accountId,
    });
    await recordAudit(tx, actor, {
      action: 'reset_password',
      targetType: 'employee',
      targetId: row.id,
      detail: { name: row.name },
    });
    return {
      member: await readStaff(tx, actor, row.id),
      credential: 'reset',
      linkToken: link.token,
      linkExpiresAt: link.expiresAt,
      initialPassword: null,
    };
  });
