/**
 * Who may own a lead: the vendor's staff (docs/decisions/021) who may read leads, i.e. active, confirmed
 * members of the organisation that owns the site, with an account, whose role grants `leads.read`. A lead
 * given to a 内容编辑 or a member without permissions would reach someone who gets a 403 on 销售线索, so
 * owners are picked from this list (pickers and routing rules alike), never typed.
 */
import { BusinessCode, type LeadOwner, pipelineMessages } from '@yuexun/contract';
import { eq, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type VendorStaffMember, vendorStaffWith } from '../shared/auth/vendor-staff';

const LEAD_READER = 'leads.read';

const staffOfVendor = (db: Db, only?: SQL) => vendorStaffWith(db, LEAD_READER, only);

export const listLeadOwners = async (db: Db): Promise<LeadOwner[]> =>
  (await staffOfVendor(db)).map(({ email: _email, ...o }) => o);

export type OwnerContact = VendorStaffMember & LeadOwner;

/** The staff member with this account, or null when the account is not (or no longer) a lead reader of the vendor. */
export const findLeadOwner = async (db: Db, accountId: number): Promise<OwnerContact | null> =>
  (await staffOfVendor(db, eq(account.id, accountId)))[0] ?? null;

/** The owner an edit names, or a 400 on its field when that account may not read the vendor's leads. */
export const requireLeadOwner = async (db: Db, accountId: number, field = 'ownerAccountId') => {
  const owner = await findLeadOwner(db, accountId);
  if (!owner) throw fieldError(BusinessCode.BAD_REQUEST, field, pipelineMessages.ownerNotStaff);
  return owner;
};
