/**
 * Sales leads from the public form. The same phone within the de-duplication window gets the
 * existing record back (a double click or a retry never makes a second lead); a per-address
 * limit keeps a script from filling the table. Both rules hold across instances: they live in the database.
 */
import { createHash } from 'node:crypto';
import {
  BusinessCode,
  type CustomerIntention,
  LEAD_DEDUP_WINDOW_MS,
  messages,
  SITE_ID,
} from '@yuexun/contract';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customerIntention } from '../../db/schema';
import { BusinessError } from '../../errors';
import { isPublishedProduct } from './product.service';

export const hashClientAddress = (ip: string, secret: string) =>
  createHash('sha256').update(`${secret}:${ip}`).digest('hex');

export interface LeadOutcome {
  id: number;
  duplicate: boolean;
}

export const createLead = async (
  db: Db,
  input: CustomerIntention,
  client: { ipHash: string; limitPerHour: number },
): Promise<LeadOutcome> => {
  if (input.interestedProductId && !(await isPublishedProduct(db, input.interestedProductId))) {
    throw new BusinessError(BusinessCode.BAD_REQUEST, '参数错误：意向产品不存在（interestedProductId）', [
      { field: 'interestedProductId', message: '意向产品不存在' },
    ]);
  }
  return db.transaction(async (tx) => {
    // Serialises submissions of one phone number, so two at the same instant still make one row.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${input.phone}`}))`);
    const since = new Date(Date.now() - LEAD_DEDUP_WINDOW_MS);
    const [existing] = await tx
      .select({ id: customerIntention.id })
      .from(customerIntention)
      .where(
        and(
          eq(customerIntention.siteId, SITE_ID),
          eq(customerIntention.phone, input.phone),
          gt(customerIntention.createdAt, since),
        ),
      )
      .orderBy(desc(customerIntention.createdAt))
      .limit(1);
    if (existing) return { id: existing.id, duplicate: true };

    const [recent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(customerIntention)
      .where(
        and(
          eq(customerIntention.clientIpHash, client.ipHash),
          gt(customerIntention.createdAt, new Date(Date.now() - 60 * 60 * 1000)),
        ),
      );
    if ((recent?.n ?? 0) >= client.limitPerHour) {
      throw new BusinessError(BusinessCode.TOO_MANY_REQUESTS);
    }

    const [row] = await tx
      .insert(customerIntention)
      .values({
        siteId: SITE_ID,
        contactName: input.contactName,
        phone: input.phone,
        schoolName: input.schoolName,
        region: input.region,
        schoolType: input.schoolType,
        role: input.role,
        interestedProductId: input.interestedProductId ?? null,
        message: input.message ?? '',
        sourcePage: input.sourcePage ?? '',
        status: 'new',
        clientIpHash: client.ipHash,
      })
      .returning({ id: customerIntention.id });
    if (!row) throw new Error('insert returned no row');
    return { id: row.id, duplicate: false };
  });
};

export const leadMessage = (outcome: LeadOutcome) =>
  outcome.duplicate ? messages.leadDuplicate : messages.leadCreated;
