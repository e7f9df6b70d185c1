/**
 * 客户 on a lead's arrival (decision 058): a sales lead is filed under the school with its normalised name and
 * region (made when new); a lead from a phone or school already known goes to the owner of that earlier lead
 * instead of through the routing rules ("同一客户" on the timeline).
 */
import { regionKey, SITE_ID, schoolNameKey } from '@yuexun/contract';
import { and, desc, eq, isNotNull, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { customerIntention as lead, schoolAccount } from '../db/schema';
import type { NewLead } from './lead.service';
import { findLeadOwner } from './lead-owners';
import { writeTimeline } from './lead-timeline';

/** The timeline's rule name of an assignment to the owner of the same school or phone. */
export const SAME_ACCOUNT_RULE = '同一客户';

type Account = typeof schoolAccount.$inferSelect;

/** Follows merges to the school that is live now. */
export const liveAccount = async (db: Db, id: number): Promise<Account | undefined> => {
  let seen = 0;
  let current = (await db.select().from(schoolAccount).where(eq(schoolAccount.id, id)))[0];
  while (current?.mergedIntoId && seen++ < 20) {
    const next = current.mergedIntoId;
    current = (await db.select().from(schoolAccount).where(eq(schoolAccount.id, next)))[0];
  }
  return current;
};

/** The live school of this name and region: the one with its keys (or what it was merged into), else a new one. */
export const findOrCreateAccount = async (db: Db, name: string, region: string): Promise<Account> => {
  const keys = { nameKey: schoolNameKey(name), regionKey: regionKey(region) };
  await db
    .insert(schoolAccount)
    .values({ siteId: SITE_ID, name: name.trim(), region: region.trim(), ...keys })
    .onConflictDoNothing();
  const [row] = await db
    .select()
    .from(schoolAccount)
    .where(
      and(
        eq(schoolAccount.siteId, SITE_ID),
        eq(schoolAccount.nameKey, keys.nameKey),
        eq(schoolAccount.regionKey, keys.regionKey),
      ),
    );
  if (!row) throw new Error('school account neither inserted nor found');
  return (await liveAccount(db, row.id)) ?? row;
};

export interface ArrivingLead extends NewLead {
  phone: string;
  schoolName: string;
}

/** The owner of the newest other lead of this school or phone who may still own leads; null when none. */
const knownOwner = async (tx: Db, arriving: ArrivingLead, accountId: number | null) => {
  const same = or(
    accountId === null ? undefined : eq(lead.schoolAccountId, accountId),
    arriving.phone ? eq(lead.phone, arriving.phone) : undefined,
  );
  if (!same) return null;
  const rows = await tx
    .select({ ownerAccountId: lead.ownerAccountId })
    .from(lead)
    .where(
      and(
        eq(lead.siteId, SITE_ID),
        ne(lead.id, arriving.id),
        isNotNull(lead.ownerAccountId),
        isNull(lead.mergedIntoId),
        same,
      ),
    )
    .orderBy(desc(lead.createdAt), desc(lead.id))
    .limit(5);
  for (const row of rows) {
    if (row.ownerAccountId !== null && (await findLeadOwner(tx, row.ownerAccountId)))
      return row.ownerAccountId;
  }
  return null;
};

/**
 * In the lead's transaction: files a sales lead under its school, and gives it to the owner of the same school or
 * phone. Answers that owner, or null when the routing rules are to decide.
 */
export const matchOnArrival = async (tx: Db, arriving: ArrivingLead): Promise<number | null> => {
  let accountId: number | null = null;
  if (arriving.kind === 'sales' && arriving.schoolName.trim() !== '') {
    accountId = (await findOrCreateAccount(tx, arriving.schoolName, arriving.region)).id;
    await tx.update(lead).set({ schoolAccountId: accountId }).where(eq(lead.id, arriving.id));
  }
  const owner = await knownOwner(tx, arriving, accountId);
  if (owner === null) return null;
  await tx.update(lead).set({ ownerAccountId: owner }).where(eq(lead.id, arriving.id));
  await writeTimeline(tx, {
    leadId: arriving.id,
    kind: 'assign',
    accountId: null,
    ownerAccountId: owner,
    ruleName: SAME_ACCOUNT_RULE,
  });
  return owner;
};
