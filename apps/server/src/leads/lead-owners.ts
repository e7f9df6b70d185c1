/**
 * Who may own a lead: the vendor's staff (docs/decisions/021), i.e. active, confirmed members of the
 * organisation that owns the site who have an account. Owners are picked from them, never typed.
 */
import { BusinessCode, type LeadOwner, pipelineMessages } from '@yuexun/contract';
import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, employee, tenant } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';

const staffOfVendor = (db: Db, only?: SQL) =>
  db
    .select({ accountId: account.id, name: account.name, phone: employee.phone, email: employee.email })
    .from(employee)
    .innerJoin(tenant, and(eq(tenant.id, employee.tenantId), eq(tenant.kind, 'vendor')))
    .innerJoin(account, eq(account.id, employee.accountId))
    .where(
      and(
        isNotNull(employee.accountId),
        eq(employee.registerStatus, 'confirmed'),
        eq(employee.status, 'active'),
        only,
      ),
    );

export const listLeadOwners = async (db: Db): Promise<LeadOwner[]> =>
  (await staffOfVendor(db).orderBy(asc(account.name), asc(account.id))).map(({ email: _email, ...o }) => o);

export interface OwnerContact extends LeadOwner {
  /** The staff member's e-mail (员工管理), '' when none. */
  email: string;
}

/** The staff member with this account, or null when the account is not (or no longer) one of the vendor's staff. */
export const findLeadOwner = async (db: Db, accountId: number): Promise<OwnerContact | null> => {
  const [row] = await staffOfVendor(db, eq(account.id, accountId)).limit(1);
  return row ? { ...row, email: row.email ?? '' } : null;
};

/** The owner an edit names, or a 400 on its field when that account is not one of the vendor's staff. */
export const requireLeadOwner = async (db: Db, accountId: number, field = 'ownerAccountId') => {
  const owner = await findLeadOwner(db, accountId);
  if (!owner) throw fieldError(BusinessCode.BAD_REQUEST, field, pipelineMessages.ownerNotStaff);
  return owner;
};
