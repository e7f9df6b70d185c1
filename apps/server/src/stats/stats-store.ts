/** The recorder's writes: increments of the daily and hourly figures and the spider-log counters, in batches. */
import type { SpiderVerification } from '@yuexun/contract';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { statSpider } from '../db/schema';

const CHUNK = 500;

export interface DailyIncrement {
  day: string;
  dim: string;
  key: string;
  views: number;
  /** Sketch registers its visitors touched (sketch.ts). */
  regs: number[];
}

export interface HourlyIncrement {
  /** The hour's start, ISO 8601. */
  hour: string;
  views: number;
  regs: number[];
}

/**
 * Adds a flush's counts to stat_daily and stat_hourly in one statement (one round trip, one commit, so
 * the day's figures and its hours move together), the rows as JSON parameters: cheaper to build than a
 * multi-row VALUES through the query builder. Views add up; visitors are the estimate of the sketch
 * merged with every instance's under the row lock (stat_regs_merge, stat_visitors: migration 0028), so
 * a visitor two instances saw counts once. A row from before the sketches (regs null) keeps its count
 * and adds the new visitors to it.
 */
export const addCounts = async (db: Db, daily: DailyIncrement[], hourly: HourlyIncrement[]) => {
  if (daily.length + hourly.length === 0) return 0;
  await db.execute(sql`
    with d as (
      insert into stat_daily (day, dim, key, views, visitors, regs)
      select day, dim, key, views, stat_visitors(regs), stat_regs_merge(regs, null)
        from jsonb_to_recordset(${JSON.stringify(daily)}::jsonb)
        as r(day text, dim text, key text, views int, regs int[])
      on conflict (day, dim, key, demo) do update
        set views = stat_daily.views + excluded.views,
          visitors = case when stat_daily.regs is null then stat_daily.visitors + excluded.visitors
            else stat_visitors(stat_regs_merge(stat_daily.regs, excluded.regs)) end,
          regs = stat_regs_merge(stat_daily.regs, excluded.regs)
      returning 1),
    h as (
      insert into stat_hourly (hour, views, visitors, regs)
      select hour, views, stat_visitors(regs), stat_regs_merge(regs, null)
        from jsonb_to_recordset(${JSON.stringify(hourly)}::jsonb)
        as r(hour timestamptz, views int, regs int[])
      on conflict (hour) do update
        set views = stat_hourly.views + excluded.views,
          visitors = case when stat_hourly.regs is null then stat_hourly.visitors + excluded.visitors
            else stat_visitors(stat_regs_merge(stat_hourly.regs, excluded.regs)) end,
          regs = stat_regs_merge(stat_hourly.regs, excluded.regs)
      returning 1)
    select (select count(*) from d) + (select count(*) from h) as n`);
  return daily.length + hourly.length;
};

/**
 * The sketches of days before yesterday are done with (no instance counts into them any more): their
 * visitor counts stay, their registers (up to 64 KB a key) go.
 */
export const dropOldSketches = async (db: Db, beforeDay: string) => {
  await db.execute(sql`update stat_daily set regs = null where regs is not null and day < ${beforeDay}`);
  await db.execute(
    sql`update stat_hourly set regs = null where regs is not null and hour < ${beforeDay}::date - interval '8 hours'`,
  );
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

/** Spider-log rows are per day; they are kept a year. */
export const purgeSpiderLog = async (db: Db, oldestKeptDay: string) => {
  await db.delete(statSpider).where(lt(statSpider.day, oldestKeptDay));
};
