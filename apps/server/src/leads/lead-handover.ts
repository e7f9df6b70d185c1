/**
 * A leaver's open leads handed on (issue 36, decision 060): the directory job for leavers
 * (staff/leavers.service.ts) calls it through app.ts, which hands it in (domains do not import each other).
 * To the 公海 (`returnLeadsToPool`, decision 058) unless the admin chose a colleague in 离职同步; then every open
 * lead (not 成交 / 流失, not merged away, not already in the pool) gets that owner, with an 分配 entry on its
 * timeline by the admin who set the job up. Runs in the caller's transaction.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead } from '../db/schema';
import { queueOwnerChanged } from './lead-owner-changed';
import { poolableLeads, returnLeadsToPool } from './lead-pool.service';
import { writeTimeline } from './lead-timeline';

export type HandOverLeads = (
  tx: Db,
  from: number,
  /** `accountId` null: back to the 公海. */
  to: { accountId: number | null; byAccountId: number },
) => Promise<number>;

export const handOverOpenLeads: HandOverLeads = async (tx, from, to) => {
  if (to.accountId === null)
    return (await returnLeadsToPool(tx, { ownerId: from, reason: 'leaver', actor: null })).returned;
  const open = await tx
    .select({ id: lead.id })
    .from(lead)
    .where(poolableLeads(eq(lead.ownerAccountId, from)))
    .for('update');
  if (open.length === 0) return 0;
  await tx
    .update(lead)
    // The version moves, so an edit opened before the handover is refused (409) instead of undoing it.
    .set({ ownerAccountId: to.accountId, version: sql`${lead.version} + 1` })
    .where(
      inArray(
        lead.id,
        open.map((l) => l.id),
      ),
    );
  await queueOwnerChanged(
    tx,
    open.map((l) => l.id),
  );
  for (const { id } of open)
    await writeTimeline(tx, {
      leadId: id,
      kind: 'assign',
      accountId: to.byAccountId,
      ownerAccountId: to.accountId,
    });
  return open.length;
};
