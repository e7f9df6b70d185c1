/**
 * A dozen demo sales leads (customer_intention) in Chinese, applied once per database (seed_run), so the
 * console's lead pipeline, its filters and the CSV export have something to show on first start. Owners
 * are the demo staff (seeded before), each worked lead has a first follow-up on its timeline.
 * The people, phones and schools are made up; dates are fixed so every run seeds the same table.
 */
import { SITE_ID } from '@yuexun/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, customerIntention, leadFollowUp, product } from '../db/schema';
import { demoLeads } from './content/leads';
import { seedOnce } from './seed-once';

export const DEMO_LEADS_SEED = 'demo-leads-v1';

/** Made-up mobile numbers in one block (139 0000 01xx), valid in form, so de-duplication and search work as for real leads. */
const phoneOf = (i: number) => `139000001${String(i).padStart(2, '0')}`;

export const seedDemoLeads = async (db: Db): Promise<boolean> =>
  seedOnce(db, DEMO_LEADS_SEED, async (tx) => {
    // A database that already has leads (one upgraded from before this seed) keeps only its real ones.
    const [existing] = await tx.select({ id: customerIntention.id }).from(customerIntention).limit(1);
    if (existing) return false;
    const products = new Map(
      (
        await tx
          .select({ id: product.id, name: product.name })
          .from(product)
          .where(eq(product.siteId, SITE_ID))
      ).map((p) => [p.name, p.id]),
    );
    const staff = new Map(
      (
        await tx
          .select({ id: account.id, username: account.username })
          .from(account)
          .where(inArray(account.username, ['admin', 'user']))
      ).map((a) => [a.username, a.id]),
    );
    const ids = await tx
      .insert(customerIntention)
      .values(
        demoLeads.map(({ product: productName, at, owner, notes: _notes, attribution, ...lead }, i) => {
          const createdAt = new Date(`${at}:00+08:00`);
          const interestedProductId = productName ? products.get(productName) : null;
          if (interestedProductId === undefined)
            throw new Error(`demo lead names unknown product ${productName}`);
          return {
            ...lead,
            ...attribution,
            siteId: SITE_ID,
            phone: phoneOf(i),
            interestedProductId,
            ownerAccountId: (owner && staff.get(owner)) ?? null,
            seenAt: lead.status === 'new' ? null : createdAt,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: customerIntention.id });
    const followUps = demoLeads.flatMap((lead, i) => {
      const leadId = ids[i]?.id;
      if (!leadId || !lead.notes) return [];
      const createdAt = new Date(new Date(`${lead.at}:00+08:00`).getTime() + 24 * 3600_000);
      const by = (lead.owner && staff.get(lead.owner)) ?? null;
      return [{ siteId: SITE_ID, leadId, kind: 'call' as const, note: lead.notes, accountId: by, createdAt }];
    });
    if (followUps.length) await tx.insert(leadFollowUp).values(followUps);
    return true;
  });
