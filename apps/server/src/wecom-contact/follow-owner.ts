/**
 * A lead's 联系我 follows its owner (decision 062; the leads domain queues LEAD_OWNER_CHANGED_KIND in the
 * transaction of every change after arrival): the owner's own 联系我 is kept; another owner's goes (its state no
 * longer binds, its QR code is no longer shown, a job still queued for it does nothing, and WeCom is asked to
 * delete it: retire-contact-way.ts) and the new owner gets a
 * new one through the outbox (none when the lead is in the 公海, merged into another lead, or the owner has no
 * WeCom member linked). Runs under the lead's row lock, so two changes in a row end with the last owner's.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead, leadWecomContact } from '../db/schema';
import { PermanentError } from '../shared/outbox';
import { queueContactWay } from './lead-contact-way';
import { retireContactWay } from './retire-contact-way';

/** The owner a lead's 联系我 belongs to now: none for a lead merged into another. */
export const currentOwner = (row: { ownerAccountId: number | null; mergedIntoId: number | null }) =>
  row.mergedIntoId === null ? row.ownerAccountId : null;

export const followOwner = async (db: Db, payload: Record<string, unknown>, maxAttempts: number) => {
  const { leadId } = payload;
  if (typeof leadId !== 'number') throw new PermanentError('负责人变更任务内容无效');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ ownerAccountId: lead.ownerAccountId, mergedIntoId: lead.mergedIntoId })
      .from(lead)
      .where(eq(lead.id, leadId))
      .for('update');
    if (!row) return 'gone';
    const owner = currentOwner(row);
    const [way] = await tx
      .select({ ownerAccountId: leadWecomContact.ownerAccountId })
      .from(leadWecomContact)
      .where(eq(leadWecomContact.leadId, leadId));
    if (way && owner !== null && way.ownerAccountId === owner) return 'kept';
    if (way) await retireContactWay(tx, leadId, maxAttempts);
    if (owner !== null) await queueContactWay(tx, leadId, owner, maxAttempts);
    return way ? 'replaced' : 'created';
  });
};
