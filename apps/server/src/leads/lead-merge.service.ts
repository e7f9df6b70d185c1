/**
 * Merging two leads or two schools (客户, decision 058), and undoing it. A lead merge moves the source's timeline
 * entries to the target and marks the source merged (its answers and attribution stay on its row, shown under
 * the target); a school merge moves the source school's leads. Each merge records what it moved and the entries
 * it wrote, so the undo puts back exactly that: the timelines read as before. Audited both ways.
 */
import { accountMessages, BusinessCode, type MergeRecord, messages, SITE_ID } from '@yuexun/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, customerIntention as lead, leadFollowUp, leadMerge, schoolAccount } from '../db/schema';
import { fieldError } from '../shared/admin/versioned';
import { type Actor, recordAudit } from '../shared/audit';
import { BusinessError } from '../shared/errors';
import { maskPhone } from '../shared/mask';
import { queueOwnerChanged } from './lead-owner-changed';
import { writeTimeline } from './lead-timeline';

type MergeRow = typeof leadMerge.$inferSelect;

const refuse = (message: string, field = 'sourceId'): never => {
  throw fieldError(BusinessCode.BAD_REQUEST, field, message);
};

export const mergeView = async (db: Db, row: MergeRow): Promise<MergeRecord> => {
  const [by] = row.createdBy
    ? await db.select({ name: account.name }).from(account).where(eq(account.id, row.createdBy))
    : [];
  return {
    id: row.id,
    kind: row.kind,
    sourceId: row.sourceId,
    targetId: row.targetId,
    byName: by?.name ?? null,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
};

/** The two rows locked, whatever their site, so that another organisation's is refused by name, not as missing. */
const lockPair = <T extends { id: number; siteId: number; mergedIntoId: number | null }>(
  rows: T[],
  sourceId: number,
  targetId: number,
  notFound: string,
) => {
  const source = rows.find((r) => r.id === sourceId);
  const target = rows.find((r) => r.id === targetId);
  if (!source || !target) throw new BusinessError(BusinessCode.NOT_FOUND, notFound);
  if (source.siteId !== SITE_ID || target.siteId !== SITE_ID) refuse(accountMessages.mergeOtherOrganisation);
  if (source.mergedIntoId !== null || target.mergedIntoId !== null) refuse(accountMessages.mergeTwice);
  return { source, target };
};

const insertMerge = async (tx: Db, values: typeof leadMerge.$inferInsert) => {
  const [row] = await tx.insert(leadMerge).values(values).onConflictDoNothing().returning();
  // The one live merge per source (the index): a second one at the same moment finds it taken.
  if (!row) return refuse(accountMessages.mergeTwice);
  return row;
};

export const mergeLeads = async (db: Db, actor: Actor, sourceId: number, targetId: number) => {
  if (sourceId === targetId) refuse(accountMessages.mergeSelf);
  const row = await db.transaction(async (tx) => {
    const pair = await tx
      .select()
      .from(lead)
      .where(inArray(lead.id, [sourceId, targetId]))
      .orderBy(lead.id)
      .for('update');
    const { source, target } = lockPair(pair, sourceId, targetId, messages.leadNotFound);
    const moved = (
      await tx.select({ id: leadFollowUp.id }).from(leadFollowUp).where(eq(leadFollowUp.leadId, sourceId))
    ).map((r) => r.id);
    if (moved.length)
      await tx.update(leadFollowUp).set({ leadId: targetId }).where(inArray(leadFollowUp.id, moved));
    await tx
      .update(lead)
      .set({ mergedIntoId: targetId, version: sql`${lead.version} + 1`, updatedAt: new Date() })
      .where(eq(lead.id, sourceId));
    // The source's customer is the target owner's now: the source's 联系我 goes.
    await queueOwnerChanged(tx, [sourceId]);
    const written = await writeTimeline(tx, {
      leadId: targetId,
      kind: 'merge',
      accountId: actor.accountId,
      note: `合并线索 #${sourceId}：${source.contactName} ${maskPhone(source.phone) ?? ''}`.trim(),
    });
    const merge = await insertMerge(tx, {
      siteId: SITE_ID,
      kind: 'lead',
      sourceId,
      targetId,
      movedIds: moved,
      writtenIds: [written],
      createdBy: actor.accountId,
    });
    await recordAudit(tx, actor, {
      action: 'merge',
      targetType: 'lead',
      targetId,
      detail: { mergeId: merge.id, sourceLeadId: sourceId, name: target.schoolName || target.companyName },
    });
    return merge;
  });
  return mergeView(db, row);
};

export const mergeSchoolAccounts = async (db: Db, actor: Actor, sourceId: number, targetId: number) => {
  if (sourceId === targetId) refuse(accountMessages.mergeSelf);
  const row = await db.transaction(async (tx) => {
    const pair = await tx
      .select()
      .from(schoolAccount)
      .where(inArray(schoolAccount.id, [sourceId, targetId]))
      .orderBy(schoolAccount.id)
      .for('update');
    const { source, target } = lockPair(pair, sourceId, targetId, accountMessages.notFound);
    const moved = (
      await tx.select({ id: lead.id }).from(lead).where(eq(lead.schoolAccountId, sourceId)).for('update')
    ).map((r) => r.id);
    const written: number[] = [];
    if (moved.length) {
      await tx.update(lead).set({ schoolAccountId: targetId }).where(inArray(lead.id, moved));
      for (const leadId of moved)
        written.push(
          await writeTimeline(tx, {
            leadId,
            kind: 'account',
            accountId: actor.accountId,
            note: `客户合并：${source.name}（${source.region}）并入 ${target.name}（${target.region}）`,
          }),
        );
    }
    await tx
      .update(schoolAccount)
      .set({ mergedIntoId: targetId, version: source.version + 1, updatedAt: new Date() })
      .where(eq(schoolAccount.id, sourceId));
    const merge = await insertMerge(tx, {
      siteId: SITE_ID,
      kind: 'school',
      sourceId,
      targetId,
      movedIds: moved,
      writtenIds: written,
      createdBy: actor.accountId,
    });
    await recordAudit(tx, actor, {
      action: 'merge',
      targetType: 'school_account',
      targetId,
      detail: { mergeId: merge.id, sourceAccountId: sourceId, name: target.name, from: source.name },
    });
    return merge;
  });
  return mergeView(db, row);
};

/** Puts back what the merge moved and removes what it wrote, while nothing later depends on it. */
export const undoMerge = async (db: Db, actor: Actor, mergeId: number) => {
  const row = await db.transaction(async (tx) => {
    const [merge] = await tx
      .select()
      .from(leadMerge)
      .where(and(eq(leadMerge.siteId, SITE_ID), eq(leadMerge.id, mergeId)))
      .for('update');
    if (!merge) throw fieldError(BusinessCode.NOT_FOUND, 'mergeId', accountMessages.mergeNotFound);
    if (merge.undoneAt) refuse(accountMessages.undoTwice, 'mergeId');
    const blocked = () => refuse(accountMessages.undoBlocked, 'mergeId');
    if (merge.kind === 'lead') {
      const [target] = await tx.select().from(lead).where(eq(lead.id, merge.targetId)).for('update');
      if (!target || target.mergedIntoId !== null) blocked();
      if (merge.movedIds.length) {
        const back = await tx
          .update(leadFollowUp)
          .set({ leadId: merge.sourceId })
          .where(and(inArray(leadFollowUp.id, merge.movedIds), eq(leadFollowUp.leadId, merge.targetId)))
          .returning({ id: leadFollowUp.id });
        if (back.length !== merge.movedIds.length) blocked();
      }
      await tx
        .update(lead)
        .set({ mergedIntoId: null, version: sql`${lead.version} + 1`, updatedAt: new Date() })
        .where(eq(lead.id, merge.sourceId));
      await queueOwnerChanged(tx, [merge.sourceId]);
    } else {
      const [target] = await tx
        .select()
        .from(schoolAccount)
        .where(eq(schoolAccount.id, merge.targetId))
        .for('update');
      if (!target || target.mergedIntoId !== null) blocked();
      if (merge.movedIds.length) {
        const back = await tx
          .update(lead)
          .set({ schoolAccountId: merge.sourceId })
          .where(and(inArray(lead.id, merge.movedIds), eq(lead.schoolAccountId, merge.targetId)))
          .returning({ id: lead.id });
        if (back.length !== merge.movedIds.length) blocked();
      }
      await tx
        .update(schoolAccount)
        .set({ mergedIntoId: null, updatedAt: new Date() })
        .where(eq(schoolAccount.id, merge.sourceId));
    }
    if (merge.writtenIds.length)
      await tx.delete(leadFollowUp).where(inArray(leadFollowUp.id, merge.writtenIds));
    const [undone] = await tx
      .update(leadMerge)
      .set({ undoneAt: new Date(), undoneBy: actor.accountId })
      .where(eq(leadMerge.id, mergeId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'undo_merge',
      targetType: merge.kind === 'lead' ? 'lead' : 'school_account',
      targetId: merge.targetId,
      detail: { mergeId, sourceId: merge.sourceId },
    });
    if (!undone) throw new Error('merge row vanished');
    return undone;
  });
  return mergeView(db, row);
};
