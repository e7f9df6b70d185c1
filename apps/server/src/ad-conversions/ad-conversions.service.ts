/**
 * Conversions of leads to ad platforms (docs/decisions/053): queued in the transaction of the lead's step, one row
 * per (platform, lead, event) — the unique key is the idempotency key, so a second 有效 or a retry never reports
 * again — with an outbox message that delivers it; each delivery's outcome is written back to the row.
 */
import {
  AD_CLICK_PARAMS,
  AD_EVENT_LABELS,
  AD_EVENTS,
  AD_PLATFORM_LABELS,
  AD_PLATFORMS,
  type AdClicks,
  type AdConversionCountRow,
  type AdEvent,
  type AdPlatform,
  adConversionKind,
  isOneOf,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { adConversion, customerIntention as lead } from '../db/schema';
import { enqueue } from '../shared/outbox';
import { baiduReady, readAdConversionSettings, webhookReady } from './ad-conversion-settings.service';

/** The first ad click id of a lead, other platforms before Baidu (Baidu has its own upload). */
export const firstClick = (clicks: AdClicks) => {
  const order = [...AD_CLICK_PARAMS.filter((p) => p.platform !== 'baidu'), AD_CLICK_PARAMS[0]];
  const found = order.find((p) => clicks[p.column]);
  return found ? { platform: found.platform, clickId: clicks[found.column] } : null;
};

/** Queues the event's conversions for the platforms that are on and that the lead's click came from. */
export const queueConversions = async (tx: Db, leadId: number, event: AdEvent, maxAttempts: number) => {
  const [clicks] = await tx
    .select({ bdVid: lead.bdVid, qhclickid: lead.qhclickid, clickid: lead.clickid, logidUrl: lead.logidUrl })
    .from(lead)
    .where(eq(lead.id, leadId));
  if (!clicks || !firstClick(clicks)) return;
  const settings = await readAdConversionSettings(tx);
  const platforms: AdPlatform[] = [];
  if (baiduReady(settings) && clicks.bdVid && clicks.logidUrl) platforms.push('baidu');
  if (webhookReady(settings)) platforms.push('webhook');
  for (const platform of platforms) {
    const [row] = await tx
      .insert(adConversion)
      .values({ leadId, platform, event })
      .onConflictDoNothing()
      .returning({ id: adConversion.id });
    if (!row) continue;
    await enqueue(
      tx,
      adConversionKind(platform),
      { conversionId: row.id },
      {
        dedupeKey: `ad-conversion:${row.id}`,
        label: `${AD_EVENT_LABELS[event]} #${leadId} → ${AD_PLATFORM_LABELS[platform]}`,
        subject: { type: 'lead', id: leadId },
        maxAttempts,
      },
    );
  }
};

/** A conversion with what its delivery needs from the lead. */
export const findConversion = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      id: adConversion.id,
      leadId: adConversion.leadId,
      platform: adConversion.platform,
      event: adConversion.event,
      status: adConversion.status,
      createdAt: adConversion.createdAt,
      bdVid: lead.bdVid,
      qhclickid: lead.qhclickid,
      clickid: lead.clickid,
      logidUrl: lead.logidUrl,
    })
    .from(adConversion)
    .innerJoin(lead, eq(lead.id, adConversion.leadId))
    .where(eq(adConversion.id, id));
  if (!row || !isOneOf(AD_EVENTS, row.event)) return null;
  return { ...row, event: row.event };
};

/** Writes an attempt's outcome: sent, still pending (a retry follows) or failed for good. */
export const recordOutcome = async (
  db: Db,
  id: number,
  status: 'sent' | 'pending' | 'failed',
  answer: string,
) => {
  await db
    .update(adConversion)
    .set({
      status,
      answer: answer.slice(0, 500),
      attempts: sql`${adConversion.attempts} + 1`,
      ...(status === 'sent' ? { sentAt: new Date() } : {}),
    })
    .where(eq(adConversion.id, id));
};

/** 线索来源: every platform and event with how many conversions were sent, failed, or wait. */
export const countConversions = async (db: Db): Promise<AdConversionCountRow[]> => {
  const rows = await db
    .select({
      platform: adConversion.platform,
      event: adConversion.event,
      sent: sql<number>`(count(*) filter (where ${adConversion.status} = 'sent'))::int`,
      failed: sql<number>`(count(*) filter (where ${adConversion.status} = 'failed'))::int`,
      pending: sql<number>`(count(*) filter (where ${adConversion.status} = 'pending'))::int`,
    })
    .from(adConversion)
    .groupBy(adConversion.platform, adConversion.event);
  return AD_PLATFORMS.flatMap((platform) =>
    AD_EVENTS.map((event) => {
      const found = rows.find((r) => r.platform === platform && r.event === event);
      return {
        platform,
        event,
        sent: found?.sent ?? 0,
        failed: found?.failed ?? 0,
        pending: found?.pending ?? 0,
      };
    }),
  );
};
