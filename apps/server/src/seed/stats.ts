/**
 * Sixty days of made-up statistics for the demo (the 30-day view and the 30 days before it), so the
 * dashboard (数据概览) has something to show at first start: daily roll-ups (visits, visitors, pages,
 * referrers and search engines with keywords, UTM campaigns, devices, widths, landing pages, 404s) and
 * the spider log, every row marked `demo`. Seeded
 * once (seed_run) and only into a database without any real statistics; the dashboard shows a notice
 * while they are there, and the first real request the statistics record removes them
 * (stats/demo.ts). Numbers come from a fixed pseudo-random sequence, days count back from the seeding
 * day (Beijing days), so the charts end today. The demo leads' attribution (content/leads.ts) gives the
 * lead tables their sources and landing pages.
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { dayBefore, dayOf } from '../stats/classify';
import { seedOnce } from './seed-once';

export const DEMO_STATS_SEED = 'demo-stats-v1';
export const DEMO_STATS_DAYS = 60;

/** mulberry32: a small fixed sequence, so every database gets the same shape of traffic. */
const randomFrom = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

type Weights = [string, number][];

/** `total` split by weight (each share ±20 % noise), largest remainders first; zero shares left out. */
const split = (total: number, weights: Weights, random: () => number): [string, number][] => {
  const noisy = weights.map(([key, w]) => [key, w * (0.8 + 0.4 * random())] as const);
  const sum = noisy.reduce((s, [, w]) => s + w, 0);
  const exact = noisy.map(([key, w]) => [key, (total * w) / sum] as const);
  const shares = exact.map(([key, x]) => [key, Math.floor(x)] as [string, number]);
  let left = total - shares.reduce((s, [, n]) => s + n, 0);
  const order = exact.map(([, x], i) => [i, x - Math.floor(x)] as const).sort((a, b) => b[1] - a[1]);
  for (const [i] of order) {
    if (left-- <= 0) break;
    const share = shares[i];
    if (share) share[1]++;
  }
  return shares.filter(([, n]) => n > 0);
};

const PAGES: Weights = [
  ['/home', 30],
  ['/priceShop', 11],
  ['/solution', 9],
  ['/demonstrationCase', 8],
  ['/news/1881', 6],
  ['/news/1882', 4],
  ['/service', 5],
  ['/download', 4],
  ['/agent', 4],
  ['/companyProfile', 3],
  ['/securityCenter', 2],
];
const LANDINGS: Weights = [
  ['/home', 48],
  ['/priceShop', 12],
  ['/solution', 10],
  ['/demonstrationCase', 8],
  ['/news/1881', 6],
  ['/agent', 4],
  ['/service', 3],
];
/** Share of visitors per referring host (the rest come directly) and the search engine it belongs to. */
const REFERRERS: [string, number, string][] = [
  ['www.baidu.com', 20, 'baidu'],
  ['m.baidu.com', 9, 'baidu'],
  ['mp.weixin.qq.com', 11, ''],
  ['www.so.com', 3.5, 'so360'],
  ['www.sogou.com', 2.5, 'sogou'],
  ['cn.bing.com', 2.5, 'bing'],
  ['m.sm.cn', 1.5, 'shenma'],
  ['www.zhihu.com', 2, ''],
  ['www.edu.cn', 1, ''],
];
const KEYWORDS: Weights = [
  ['智慧校园', 10],
  ['智慧校园解决方案', 7],
  ['电子班牌', 6],
  ['家校互通平台', 4],
  ['校园安全管理系统', 3],
  ['智慧食堂', 2],
  ['中小学排课软件', 2],
  ['悦讯智慧校园', 3],
];
const UTM_SOURCES: Weights = [
  ['baidu', 8],
  ['wechat', 6],
  ['zhihu', 1.5],
];
const UTM_CAMPAIGNS: Weights = [
  ['sem-brand', 8],
  ['autumn-expo', 5],
];
const DEVICES: Weights = [
  ['mobile', 58],
  ['desktop', 38],
  ['tablet', 4],
];
const WIDTHS: Weights = [
  ['xs', 50],
  ['sm', 5],
  ['md', 6],
  ['lg', 10],
  ['xl', 19],
  ['xxl', 10],
];
const NOT_FOUND: Weights = [
  ['/wp-login.php', 3],
  ['/news/detail/120', 2],
  ['/index.php', 1],
];
/** Crawler, daily hits, and the share its hits verify by reverse DNS (the rest: not checked). */
const SPIDERS: [string, number][] = [
  ['baidu', 180],
  ['bytedance', 70],
  ['sogou', 35],
  ['so360', 25],
  ['bing', 22],
  ['google', 12],
  ['shenma', 8],
];
const SPIDER_PATHS: Weights = [
  ['/home', 12],
  ['/news/1881', 8],
  ['/news/1882', 6],
  ['/solution', 6],
  ['/demonstrationCase', 5],
  ['/priceShop', 5],
  ['/service', 3],
  ['/sitemap.xml', 4],
  ['/news/detail/120', 1],
];

interface DailyRow {
  day: string;
  dim: string;
  key: string;
  views: number;
  visitors: number;
  demo: true;
}

interface SpiderRow {
  day: string;
  spider: string;
  path: string;
  status: number;
  verified: string;
  hits: number;
  last_at: string;
  demo: true;
}

/** The rows of the demo, the last day being `now`'s Beijing day (scaled by how much of it has passed). */
export const demoStatistics = (now: Date) => {
  const random = randomFrom(20_261_118);
  const today = dayOf(now);
  const beijingHour = (now.getTime() / 3_600_000 + 8) % 24;
  const daily: DailyRow[] = [];
  const spiders: SpiderRow[] = [];
  for (let back = DEMO_STATS_DAYS - 1; back >= 0; back--) {
    const day = dayBefore(today, back);
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // Slowly growing traffic, lower at weekends; today only as far as it has come.
    const growth = 1 + (DEMO_STATS_DAYS - back) / DEMO_STATS_DAYS / 2;
    const partOfDay = back === 0 ? Math.max(0.05, beijingHour / 24) : 1;
    const visitors = Math.round(130 * growth * (weekend ? 0.55 : 1) * (0.85 + 0.3 * random()) * partOfDay);
    const views = Math.round(visitors * (2.2 + 0.6 * random()));
    const row = (dim: string, key: string, v: number, u: number) =>
      daily.push({ day, dim, key, views: v, visitors: Math.max(1, Math.min(u, v)), demo: true });
    row('total', '', views, visitors);
    for (const [path, v] of split(views, PAGES, random)) row('path', path, v, Math.round(v / 1.35));
    for (const [path, u] of split(visitors, LANDINGS, random)) row('landing', path, u, u);
    const perVisit = views / Math.max(visitors, 1);
    const engines = new Map<string, number>();
    for (const [host, u] of split(
      Math.round(visitors * 0.53),
      REFERRERS.map(([h, w]) => [h, w]),
      random,
    )) {
      row('referrer', host, Math.round(u * perVisit), u);
      const engine = REFERRERS.find(([h]) => h === host)?.[2];
      if (engine) engines.set(engine, (engines.get(engine) ?? 0) + u);
    }
    for (const [engine, u] of engines) row('engine', engine, Math.round(u * perVisit), u);
    // Baidu shows few keywords to the sites it sends visitors to.
    const searched = [...engines.values()].reduce((s, n) => s + n, 0);
    for (const [word, u] of split(Math.round(searched * 0.3), KEYWORDS, random))
      row('keyword', word, Math.round(u * perVisit), u);
    const tagged = Math.round(visitors * 0.15);
    for (const [source, u] of split(tagged, UTM_SOURCES, random))
      row('utmSource', source, Math.round(u * perVisit), u);
    for (const [campaign, u] of split(Math.round(tagged * 0.85), UTM_CAMPAIGNS, random))
      row('utmCampaign', campaign, Math.round(u * perVisit), u);
    for (const [device, u] of split(visitors, DEVICES, random))
      row('device', device, Math.round(u * perVisit), u);
    for (const [band, v] of split(Math.round(views * 0.86), WIDTHS, random))
      row('width', band, v, Math.round(v / perVisit));
    for (const [path, v] of split(Math.round(1 + random() * 4 * partOfDay), NOT_FOUND, random))
      row('notFound', path, v, v);

    const lastAt = new Date(Math.min(now.getTime(), new Date(`${day}T21:40:00+08:00`).getTime()));
    for (const [spider, perDay] of SPIDERS) {
      const hits = Math.round(perDay * (0.7 + 0.6 * random()) * partOfDay);
      for (const [path, n] of split(hits, SPIDER_PATHS, random)) {
        const missing = path === '/news/detail/120';
        // Baidu's and Google's crawlers are checked by reverse DNS; a few impostors claim to be Baidu.
        const checked = spider === 'baidu' || spider === 'google';
        const fake = spider === 'baidu' && path === '/home' ? Math.round(n * 0.08) : 0;
        const base = { day, spider, path, status: missing ? 404 : 200, last_at: lastAt.toISOString() };
        spiders.push({ ...base, verified: checked ? 'yes' : 'unverified', hits: n - fake, demo: true });
        if (fake > 0) spiders.push({ ...base, verified: 'no', hits: fake, demo: true });
      }
    }
  }
  return { daily: daily.filter((r) => r.views > 0), spiders: spiders.filter((s) => s.hits > 0) };
};

/**
 * Seeds the demo statistics once, unless the database holds statistics of its own (daily figures or
 * spider-log rows): demo figures are never put on top of real ones. True when it seeded.
 */
export const seedDemoStats = async (db: Db, now = new Date()): Promise<boolean> =>
  seedOnce(db, DEMO_STATS_SEED, async (tx) => {
    const [existing] = await queryRows<{ real: boolean }>(
      tx,
      sql`select exists (select 1 from stat_daily) or exists (select 1 from stat_spider) as real`,
    );
    if (existing?.real) return false;
    const { daily, spiders } = demoStatistics(now);
    // One statement per table: the rows travel as one JSON parameter.
    await tx.execute(sql`
      insert into stat_daily (day, dim, key, views, visitors, demo)
      select day, dim, key, views, visitors, demo
      from jsonb_to_recordset(${JSON.stringify(daily)}::jsonb)
        as r(day text, dim text, key text, views int, visitors int, demo boolean)`);
    await tx.execute(sql`
      insert into stat_spider (day, spider, path, status, verified, hits, last_at, demo)
      select day, spider, path, status, verified, hits, last_at, demo
      from jsonb_to_recordset(${JSON.stringify(spiders)}::jsonb)
        as r(day text, spider text, path text, status int, verified text, hits int,
             last_at timestamptz, demo boolean)`);
    return true;
  });
