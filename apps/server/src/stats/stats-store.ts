/** The recorder's writes: raw page views, beacon confirmations and spider-log counters, in batches. */
import type { SpiderVerification, WidthBand } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { statEvent, statSpider } from '../db/schema';

export type StoredView = typeof statEvent.$inferInsert;

const CHUNK = 500;

/** stat_event's columns as the JSON batch below names them. */
const VIEW_COLUMNS = sql.raw(
  'id, at, day, path, status, referrer_host, engine, keyword, utm_source, utm_medium, utm_campaign, device, width_band, visitor, source',
);

/**
 * Raw views in batches of CHUNK, each batch one statement with one JSON parameter: building a
 * 15-column multi-row INSERT through the query builder cost more CPU than the database's insert.
 */
export const insertViews = async (db: Db, rows: StoredView[]) => {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const batch = rows.slice(i, i + CHUNK).map((v) => ({
      id: v.id,
      at: v.at.toISOString(),
      day: v.day,
      path: v.path,
      status: v.status,
      referrer_host: v.referrerHost ?? '',
      engine: v.engine ?? '',
      keyword: v.keyword ?? '',
      utm_source: v.utmSource ?? '',
      utm_medium: v.utmMedium ?? '',
      utm_campaign: v.utmCampaign ?? '',
      device: v.device,
      width_band: v.widthBand ?? null,
      visitor: v.visitor,
      source: v.source,
    }));
    await db.execute(sql`
      insert into stat_event (${VIEW_COLUMNS})
      select ${VIEW_COLUMNS} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(
        id text, at timestamptz, day text, path text, status int, referrer_host text, engine text,
        keyword text, utm_source text, utm_medium text, utm_campaign text, device text, width_band text,
        visitor text, source text)
      on conflict do nothing`);
  }
  return rows.length;
};

/** Beacons that matched a view already written: one UPDATE for the batch. */
export const confirmViews = async (db: Db, confirmations: { id: string; widthBand: WidthBand | null }[]) => {
  if (confirmations.length === 0) return 0;
  const values = sql.join(
    confirmations.map((c) => sql`(${c.id}, ${c.widthBand})`),
    sql`,`,
  );
  await db.execute(sql`
    update stat_event as e set width_band = coalesce(v.w, e.width_band), source = 'both'
    from (values ${values}) as v(id, w) where e.id = v.id`);
  return confirmations.length;
};

/**
 * A beacon no view in this instance's memory matched: another instance may have served the page.
 * Confirms the latest unconfirmed view of the same visitor and path within the window, or stores the
 * beacon as a view of its own.
 */
export const matchBeacon = async (db: Db, view: StoredView, windowMs: number) => {
  const since = new Date(view.at.getTime() - windowMs);
  const matched = await queryRows<{ id: string }>(
    db,
    sql`
    update stat_event set width_band = coalesce(${view.widthBand ?? null}, width_band), source = 'both'
    where id = (
      select id from stat_event
      where visitor = ${view.visitor} and path = ${view.path} and source = 'server'
        and at >= ${since.toISOString()} and at <= ${view.at.toISOString()}
      order by at desc limit 1)
    returning id`,
  );
  if (matched.length > 0) return 1;
  await db.insert(statEvent).values(view).onConflictDoNothing();
  return 1;
};

export interface VerifiedHit {
  day: string;
  spider: string;
  path: string;
  status: number;
  verified: SpiderVerification;
  hits: number;
  lastAt: Date;
}

/** Adds the batch's hits to the spider log (one row per day, crawler, path, status, verification). */
export const upsertSpiderHits = async (db: Db, hits: VerifiedHit[]) => {
  // Several addresses of one crawler fold into one row.
  const merged = new Map<string, VerifiedHit>();
  for (const hit of hits) {
    const key = `${hit.day}\n${hit.spider}\n${hit.path}\n${hit.status}\n${hit.verified}`;
    const seen = merged.get(key);
    if (seen) {
      seen.hits += hit.hits;
      if (hit.lastAt > seen.lastAt) seen.lastAt = hit.lastAt;
    } else merged.set(key, { ...hit });
  }
  const rows = [...merged.values()];
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insert(statSpider)
      .values(rows.slice(i, i + CHUNK))
      .onConflictDoUpdate({
        target: [statSpider.day, statSpider.spider, statSpider.path, statSpider.status, statSpider.verified],
        set: {
          hits: sql`${statSpider.hits} + excluded.hits`,
          lastAt: sql`greatest(${statSpider.lastAt}, excluded.last_at)`,
        },
      });
  }
  return rows.length;
};
