/**
 * Roll-ups: a Beijing day's raw views become one row per dimension and key in stat_daily (and one per
 * hour in stat_hourly), so the dashboard reads a few hundred rows whatever the traffic. A day is rolled
 * up again until it is over (today and yesterday on every run); raw views older than the retention
 * period are then deleted. Demo rows (seeded) are never touched.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { statDaily, statEvent, statSpider } from '../db/schema';

/** Advisory-lock key: one instance rolls up at a time. */
export const STATS_ROLLUP_LOCK = 75_000_018;

/** Each dimension: the column grouped by (views with an empty key are left out, except for the total). */
const DIMENSIONS: [string, string][] = [
  ['path', 'path'],
  ['referrer', 'referrer_host'],
  ['engine', 'engine'],
  ['keyword', 'keyword'],
  ['utmSource', 'utm_source'],
  ['utmCampaign', 'utm_campaign'],
  ['device', 'device'],
  ['width', 'width_band'],
];

export const rollupDay = (database: Database, day: string) =>
  database.withExclusiveLock(STATS_ROLLUP_LOCK, () =>
    database.db.transaction(async (tx) => {
      await tx.delete(statDaily).where(and(eq(statDaily.day, day), eq(statDaily.demo, false)));
      await tx.execute(sql`
        insert into stat_daily (day, dim, key, views, visitors)
        select ${day}, 'total', '', count(*), count(distinct visitor) from stat_event
        where day = ${day} and status <> 404 having count(*) > 0`);
      for (const [dim, column] of DIMENSIONS) {
        await tx.execute(sql`
          insert into stat_daily (day, dim, key, views, visitors)
          select ${day}, ${dim}, ${sql.raw(column)}, count(*), count(distinct visitor) from stat_event
          where day = ${day} and status <> 404 and coalesce(${sql.raw(column)}, '') <> ''
          group by ${sql.raw(column)}`);
      }
      // The page each visitor first saw that day: their landing page.
      await tx.execute(sql`
        insert into stat_daily (day, dim, key, views, visitors)
        select ${day}, 'landing', path, count(*), count(*) from (
          select distinct on (visitor) path from stat_event
          where day = ${day} and status <> 404 order by visitor, at) as first_views
        group by path`);
      await tx.execute(sql`
        insert into stat_daily (day, dim, key, views, visitors)
        select ${day}, 'notFound', path, count(*), count(distinct visitor) from stat_event
        where day = ${day} and status = 404 group by path`);
      await tx.execute(sql`
        delete from stat_hourly where hour in (
          select distinct date_trunc('hour', at) from stat_event where day = ${day})`);
      await tx.execute(sql`
        insert into stat_hourly (hour, views, visitors)
        select date_trunc('hour', at), count(*), count(distinct visitor) from stat_event
        where day = ${day} and status <> 404 group by 1`);
    }),
  );

/** Deletes raw views of days before the retention period (their roll-ups stay). */
export const purgeRawViews = async (database: Database, oldestKeptDay: string) => {
  await database.db.delete(statEvent).where(lt(statEvent.day, oldestKeptDay));
};

/** Spider-log rows are already per day; they are kept a year. */
export const purgeSpiderLog = async (database: Database, oldestKeptDay: string) => {
  await database.db.delete(statSpider).where(lt(statSpider.day, oldestKeptDay));
};
