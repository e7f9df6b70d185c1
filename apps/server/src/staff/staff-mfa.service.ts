/**
 * Two-step verification in 员工管理: resetting a colleague's authenticator, and the switch
 * "管理员须开启两步验证", which is the built-in 管理员 role's 要求两步验证 (one flag, two places).
 */
import { BusinessCode, messages } from '@yuexun/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { employee, role, session } from '../db/schema';
import { recordAudit } from '../shared/audit';
import { hasMfa, removeMfa } from '../shared/auth/mfa';
import { ensureBuiltinRoles } from '../shared/auth/roles';
import { BusinessError } from '../shared/errors';
import { setRoleMfaRequired } from './roles.service';
import { lockStaff, readStaff, type StaffActor } from './staff.service';

/**
 * Removes a colleague's authenticator and recovery codes. An account that also belongs to another
 * organisation is refused: this admin may not weaken its sign-in there.
 */
export const resetStaffMfa = (db: Db, actor: StaffActor, employeeId: number) =>
  db.transaction(async (tx) => {
    const row = await lockStaff(tx, actor, employeeId);
    if (row.accountId === actor.accountId)
      throw new BusinessError(BusinessCode.FORBIDDEN, messages.staffSelfMfaReset);
    const [elsewhere] = await tx
      .select({ id: employee.id })
      .from(employee)
      .where(and(eq(employee.accountId, row.accountId), ne(employee.tenantId, actor.tenantId)))
      .limit(1);
    if (elsewhere) throw new BusinessError(BusinessCode.FORBIDDEN, messages.staffMfaSharedAccount);
    if (await hasMfa(tx, row.accountId)) {
      await removeMfa(tx, row.accountId);
      // Whoever holds the lost phone may also hold a signed-in browser: it is signed out too.
      await tx
        .delete(session)
        .where(and(eq(session.accountId, row.accountId), eq(session.tenantId, actor.tenantId)));
      await recordAudit(tx, actor, {
        action: 'reset_mfa',
        targetType: 'employee',
        targetId: row.id,
        detail: { name: row.name },
      });
    }
    return readStaff(tx, actor, row.id);
  });

/** The built-in 管理员 of the organisation (made on first use, like every built-in role). */
const adminRole = async (db: Db, actor: StaffActor) => {
  await ensureBuiltinRoles(db, actor.tenantId);
  const [row] = await db
    .select({ id: role.id, mfaRequired: role.mfaRequired })
    .from(role)
    .where(and(eq(role.tenantId, actor.tenantId), eq(role.builtinKey, 'admin')));
  if (!row) throw new Error(`tenant ${actor.tenantId} has no admin role`);
  return row;
};

export const readMfaPolicy = async (db: Db, actor: StaffActor) => ({
  mfaRequiredForAdmins: (await adminRole(db, actor)).mfaRequired,
});

export const saveMfaPolicy = async (db: Db, actor: StaffActor, mfaRequiredForAdmins: boolean) => {
  const saved = await setRoleMfaRequired(db, actor, (await adminRole(db, actor)).id, mfaRequiredForAdmins);
  return { mfaRequiredForAdmins: saved.mfaRequired };
};
