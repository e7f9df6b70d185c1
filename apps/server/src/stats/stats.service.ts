/**
 * The dashboard's reads: everything comes from the daily figures, the spider log and the leads table
 * (no raw views are stored), so a year of traffic reads as fast as a day. Days are Beijing days.
 */
import {
  offsetOf,
  type PagingInput,
  type SpiderLogEntry,
  type StatsOverview,
  type StatsRange,
  type StatsRow,
  type StatsTable,
  type StatsTotals,
  statsRangeDays,
  toPaging,
} from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { dayBefore, dayOf } from './classify';

export interface Period {
  from: string;
  to: string;
}

/** The period of `range` ending today, and the one just before it. */
export const periodsOf = (range: StatsRange, now = new Date()) => {
  const days = statsRangeDays[range];
  const to = dayOf(now);
  const from = dayBefore(to, days - 1);
  return { current: { from, to }, previous: { from: dayBefore(from, days), to: dayBefore(from, 1) } };
};

/** Beijing day of a lead's creation, in SQL. */
const leadDay = sql`to_char(created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD')`;

const totalsOf = async (db: Db, period: Period): Promise<StatsTotals> => {
  const [traffic] = await queryRows<{ views: string | null; visitors: string | null }>(
    db,
    sql`select sum(views) as views, sum(visitors) as visitors from stat_daily
        where dim = 'total' and day between ${period.from} and ${period.to}`,
  );
  // People who left a lead: one per phone number (an anonymised lead, without its number, counts alone).
  const [leads] = await queryRows<{ n: string; people: string }>(
    db,
    sql`select count(*) as n,
          count(distinct case when phone <> '' then phone end) + count(*) filter (where phone = '') as people
        from customer_intention where ${leadDay} between ${period.from} and ${period.to}`,
  );
  const views = Number(traffic?.views ?? 0);
  const visitors = Number(traffic?.visitors ?? 0);
  const leadCount = Number(leads?.n ?? 0);
  return {
    views,
    visitors,
    leads: leadCount,
    conversion: conversionOf(visitors, Number(leads?.people ?? 0)),
  };
};

/**
 * 转化率: the share of visitors who left a lead, so never above 100 %. Everyone who left a lead visited,
 * even when the counter missed them (a browser taken for a crawler, a form sent without a counted view):
 * so the visitors are at least the people who left a lead, and a period with more such people than counted
 * visitors divides by the people. The console's tooltip says the same (stats.metric.conversion.hint).
 */
export const conversionOf = (visitors: number, people: number) => {
  const reached = Math.max(visitors, people);
  return reached > 0 ? people / reached : 0;
};

const daysOf = (period: Period) => {
  const days: string[] = [];
  for (let day = period.from; day <= period.to; day = dayBefore(day, -1)) days.push(day);
  return days;
};

export const statsOverview = async (db: Db, range: StatsRange, now = new Date()): Promise<StatsOverview> => {
  const { current, previous } = periodsOf(range, now);
  const between = sql`day between ${current.from} and ${current.to}`;
  const [currentTotals, previousTotals, views, leads, extra, spiders] = await Promise.all([
    totalsOf(db, current),
    totalsOf(db, previous),
    queryRows<{ day: string; views: number }>(
      db,
      sql`select day, sum(views)::int as views from stat_daily where dim = 'total' and ${between} group by day`,
    ),
    queryRows<{ day: string; n: number }>(
      db,
      sql`select ${leadDay} as day, count(*)::int as n from customer_intention
          where ${leadDay} between ${current.from} and ${current.to} group by 1`,
    ),
    queryRows<{ spiders: number; notfound: number; demo: boolean }>(
      db,
      sql`select
        (select coalesce(sum(hits), 0)::int from stat_spider where ${between}) as spiders,
        (select coalesce(sum(views), 0)::int from stat_daily where dim = 'notFound' and ${between}) as notfound,
        (select exists (select 1 from stat_daily where demo and ${between})) as demo`,
    ),
    queryRows<{ spider: string; hits: number }>(
      db,
      sql`select spider, sum(hits)::int as hits from stat_spider where ${between}
          group by spider order by 2 desc, spider`,
    ),
  ]);
  const viewsBy = new Map(views.map((r) => [r.day, Number(r.views)]));
  const leadsBy = new Map(leads.map((r) => [r.day, Number(r.n)]));
  return {
    range,
    ...current,
    current: currentTotals,
    previous: previousTotals,
    daily: daysOf(current).map((day) => ({
      day,
      views: viewsBy.get(day) ?? 0,
      leads: leadsBy.get(day) ?? 0,
    })),
    spiderHits: Number(extra[0]?.spiders ?? 0),
    spiders: spiders.map((r) => ({ spider: r.spider, hits: Number(r.hits) })),
    notFoundViews: Number(extra[0]?.notfound ?? 0),
    demo: Boolean(extra[0]?.demo),
  };
};

/** stat_daily dimension of each traffic table. */
const TRAFFIC_DIMS: Partial<Record<StatsTable, string>> = {
  pages: 'path',
  referrers: 'referrer',
  engines: 'engine',
  keywords: 'keyword',
  utmSources: 'utmSource',
  utmCampaigns: 'utmCampaign',
  devices: 'device',
  widths: 'width',
  landing: 'landing',
  notFound: 'notFound',
};

/** The lead grouping of each lead table (the attribution the lead form stored with the lead). */
const LEAD_KEYS: Partial<Record<StatsTable, ReturnType<typeof sql>>> = {
  leadSources: sql`coalesce(nullif(utm_source, ''), nullif(search_engine, ''), nullif(referrer_host, ''), 'direct')`,
  leadCampaigns: sql`nullif(utm_campaign, '')`,
  leadLanding: sql`nullif(split_part(landing_page, '?', 1), '')`,
};

type Counted = { key: string; views: number; visitors: number; leads: number; total: number };

const toRows = (rows: Counted[]): StatsRow[] =>
  rows.map((r) => ({
    key: r.key,
    views: Number(r.views),
    visitors: Number(r.visitors),
    leads: Number(r.leads),
  }));

/** One page of a dashboard table (limit: null reads every row, for the CSV). */
export const statsTable = async (
  db: Db,
  table: StatsTable,
  range: StatsRange,
  paging: PagingInput | null,
  now = new Date(),
) => {
  const { current } = periodsOf(range, now);
  const page = paging ? sql`limit ${paging.pageSize} offset ${offsetOf(paging)}` : sql``;
  const dim = TRAFFIC_DIMS[table];
  let rows: Counted[];
  if (dim) {
    rows = await queryRows<Counted>(
      db,
      sql`select key, sum(views)::int as views, sum(visitors)::int as visitors, 0 as leads,
            count(*) over ()::int as total
          from stat_daily where dim = ${dim} and day between ${current.from} and ${current.to}
          group by key order by 2 desc, key ${page}`,
    );
  } else {
    const key = LEAD_KEYS[table] ?? sql`''`;
    rows = await queryRows<Counted>(
      db,
      sql`select k as key, 0 as views, 0 as visitors, count(*)::int as leads, count(*) over ()::int as total
          from (select ${key} as k from customer_intention
                where ${leadDay} between ${current.from} and ${current.to}) as l
          where k is not null group by k order by 4 desc, k ${page}`,
    );
  }
  const total = Number(rows[0]?.total ?? 0);
  return { items: toRows(rows), paging: paging ? toPaging(paging, total) : null, total };
};

/** The spider log's filters (contract spiderLogFilters): the list and its CSV read the same rows. */
export interface SpiderCriteria {
  range: StatsRange;
  spider?: string | undefined;
  path?: string | undefined;
  verified?: string | undefined;
}

export const spiderLog = async (
  db: Db,
  criteria: SpiderCriteria,
  paging: PagingInput | null,
  now = new Date(),
) => {
  const { current } = periodsOf(criteria.range, now);
  const page = paging ? sql`limit ${paging.pageSize} offset ${offsetOf(paging)}` : sql``;
  const bySpider = criteria.spider ? sql`and spider = ${criteria.spider}` : sql``;
  const byPath = criteria.path ? sql`and strpos(path, ${criteria.path}) > 0` : sql``;
  const byVerified = criteria.verified ? sql`and verified = ${criteria.verified}` : sql``;
  const rows = await queryRows<SpiderLogEntry & { total: number; last_at: Date | string }>(
    db,
    sql`select day, spider, path, status, verified, hits, last_at, count(*) over ()::int as total
        from stat_spider where day between ${current.from} and ${current.to} ${bySpider} ${byPath} ${byVerified}
        order by day desc, hits desc, path ${page}`,
  );
  const total = Number(rows[0]?.total ?? 0);
  const items: SpiderLogEntry[] = rows.map((r) => ({
    day: r.day,
    spider: r.spider,
    path: r.path,
    status: Number(r.status),
    verified: r.verified,
    hits: Number(r.hits),
    lastAt: new Date(r.last_at).toISOString(),
  }));
  return { items, paging: paging ? toPaging(paging, total) : null, total };
};
