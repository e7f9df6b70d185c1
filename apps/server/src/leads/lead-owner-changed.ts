/**
 * A lead's owner changed after its arrival (assignment, 公海 claim or return, a leaver's handover, a merge or its
 * undo): one outbox message per lead, in the transaction of the change, so that what follows the owner (the
 * owner's 企业微信联系我, decision 062) follows it too. The handler reads the lead's owner when it runs.
 */
import { LEAD_OWNER_CHANGED_KIND } from '@yuexun/contract';
import type { Db } from '../db/client';
import { enqueueMany } from '../shared/outbox';

export const queueOwnerChanged = async (tx: Db, leadIds: readonly number[]) =>
  enqueueMany(
    tx,
    leadIds.map((leadId) => ({
      kind: LEAD_OWNER_CHANGED_KIND,
      payload: { leadId },
      options: { label: `线索 #${leadId} 的负责人变更`, subject: { type: 'lead', id: leadId } },
    })),
  );
