/**
 * First-party statistics through the real server: pages served and beacons become one view each,
 * crawlers go to the spider log, bad beacons are refused cheaply, only counts are stored (decision 038).
 */
import {
  inquireSpiderLogAdmin,
  inquireStatsOverviewAdmin,
  inquireStatsTableAdmin,
  STATS_BEACON_PATH,
  type StatsTable,
  statsCsvExport,
} from '@yuexun/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { queryRows } from '../db/client';
import { seedRun, statDaily, statHourly, statSalt, statSpider } from '../db/schema';
import { DEMO_STATS_SEED, seedDemoStats } from '../seed/stats';
import { dayBefore, dayOf } from './classify';
import { entryOf, estimate, merge } from './sketch';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const DESKTOP_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const BAIDUSPIDER_UA = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

describe.each(drivers)('statistics on %s', (driver) => {
  let server: TestServer;
  let admin: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    admin = await adminSessions(server);
  });
  afterAll(() => server.close());

  /** A browser of its own: a distinct user agent is a distinct visitor from the same address. */
  const browser = (name: string) => `${PHONE_UA} test/${name}`;
  const page = (path: string, userAgent: string, referer?: string) =>
    fetch(`${server.url}${path}`, {
      redirect: 'manual',
      headers: { 'user-agent': userAgent, ...(referer ? { referer } : {}) },
    }).then(async (res) => ({ status: res.status, text: await res.text() }));
  const beacon = (body: unknown, userAgent: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${STATS_BEACON_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const overview = async () => only(await admin.asAdmin(inquireStatsOverviewAdmin, { range: 'today' }));
  const table = async (name: StatsTable) => {
    const res = await admin.asAdmin(inquireStatsTableAdmin, { table: name, range: 'today', pageSize: 100 });
    expect(res.body.success).toBe(true);
    return res.body.datas as { key: string; views: number; visitors: number }[];
  };
  const row = async (name: StatsTable, key: string) => (await table(name)).find((r) => r.key === key);

  it('a fresh database shows sixty days of demo statistics, marked, until the first real request', async () => {
    const demo = await overview();
    expect(demo.demo).toBe(true);
    expect(demo.current.views).toBeGreaterThan(0);
    const month = only(await admin.asAdmin(inquireStatsOverviewAdmin, { range: '30d' }));
    expect(month.demo).toBe(true);
    expect(month.previous.visitors).toBeGreaterThan(1000);
    expect(month.daily.every((d: { views: number }) => d.views > 0)).toBe(true);
    expect(month.spiders.map((s: { spider: string }) => s.spider)).toContain('baidu');
    const tables = async (name: StatsTable) =>
      (
        await admin.asAdmin(inquireStatsTableAdmin, { table: name, range: '30d', pageSize: 100 })
      ).body.datas.map((r: { key: string }) => r.key);
    expect(await tables('engines')).toEqual(expect.arrayContaining(['baidu', 'so360', 'sogou', 'bing']));
    expect(await tables('keywords')).toContain('智慧校园');
    expect(await tables('utmCampaigns')).toEqual(expect.arrayContaining(['sem-brand', 'autumn-expo']));
    expect(await tables('notFound')).toContain('/wp-login.php');
    // The demo leads carry where they came from.
    expect(await tables('leadSources')).toEqual(expect.arrayContaining(['baidu', 'wechat']));
    expect(await tables('leadLanding')).toContain('/priceShop');

    // The first real visit: the demo goes, only the real view is left.
    expect((await page('/download', DESKTOP_UA)).status).toBe(200);
    const real = await overview();
    expect(real.demo).toBe(false);
    expect(real.current).toMatchObject({ views: 1, visitors: 1 });
    expect(real.spiderHits).toBe(0);
    const left = await queryRows<{ n: number }>(
      server.app.db,
      sql`select (select count(*) from stat_daily where demo) + (select count(*) from stat_spider where demo) as n`,
    );
    expect(Number(left[0]?.n)).toBe(0);
  });

  it('never seeds demo statistics into a database with real ones', async () => {
    const db = server.app.db;
    // As if the database predated the seed: it has real views, and the seed was never claimed.
    await db.delete(seedRun).where(eq(seedRun.name, DEMO_STATS_SEED));
    expect(await seedDemoStats(db)).toBe(false);
    const demoRows = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from stat_daily where demo`,
    );
    expect(demoRows[0]?.n).toBe(0);
    // Roll-ups or spider-log rows alone count as statistics of the site's own too.
    await db.delete(seedRun).where(eq(seedRun.name, DEMO_STATS_SEED));
    await db.delete(statDaily);
    await db.delete(statHourly);
    await db.insert(statSpider).values({
      day: dayOf(new Date()),
      spider: 'bing',
      path: '/home',
      status: 200,
      verified: 'unverified',
      hits: 1,
      lastAt: new Date(),
    });
    expect(await seedDemoStats(db)).toBe(false);
    expect((await overview()).demo).toBe(false);
    await db.delete(statSpider);
    await server.app.stats.maintain();
    // The rows these tests count from: nothing but the first real visit.
    await page('/download', DESKTOP_UA);
  });

  it('counts a served page once when its beacon follows, with source, keyword, device and width', async () => {
    const before = (await overview()).current;
    const ua = browser('a');
    const fromBaidu = `https://www.baidu.com/s?wd=${encodeURIComponent('智慧校园')}`;
    const served = await page('/home?utm_source=baidu&utm_campaign=spring', ua, fromBaidu);
    expect(served.status).toBe(200);
    const sent = await beacon({ p: '/home?utm_source=baidu&utm_campaign=spring', r: fromBaidu, w: 390 }, ua);
    expect(sent.status).toBe(204);
    const after = (await overview()).current;
    expect(after.views - before.views).toBe(1);
    expect(after.visitors - before.visitors).toBe(1);
    expect(await row('engines', 'baidu')).toMatchObject({ views: 1 });
    expect(await row('keywords', '智慧校园')).toMatchObject({ views: 1 });
    expect(await row('utmSources', 'baidu')).toMatchObject({ views: 1 });
    expect(await row('utmCampaigns', 'spring')).toMatchObject({ views: 1 });
    expect(await row('referrers', 'www.baidu.com')).toMatchObject({ views: 1 });
    expect(await row('widths', 'xs')).toMatchObject({ views: 1 });
    expect(await row('devices', 'mobile')).toMatchObject({ visitors: 1 });
    expect(await row('landing', '/home')).toMatchObject({ visitors: 1 });
  });

  it('counts pages without JavaScript and one visitor per browser per day; a beacon adds a width, never a view', async () => {
    const before = (await overview()).current;
    const ua = browser('b');
    await page('/news/1881', ua);
    await page('/service', ua);
    // The beacon of a page served confirms its view and adds the width band; one for a page this server
    // has not served lately (a page restored from the back/forward cache long after) adds nothing.
    expect((await beacon({ p: '/service', w: 1440 }, ua)).status).toBe(204);
    expect((await beacon({ p: '/agent', w: 1440 }, ua)).status).toBe(204);
    const after = (await overview()).current;
    expect(after.views - before.views).toBe(2);
    expect(after.visitors - before.visitors).toBe(1);
    expect(await row('pages', '/news/1881')).toMatchObject({ views: 1, visitors: 1 });
    expect(await row('pages', '/agent')).toBeUndefined();
    expect(await row('widths', 'xl')).toMatchObject({ views: 1 });
  });

  it('adds no page for forged beacons: 1,000 made-up paths from 50 addresses, each drop counted', async () => {
    const { recorder } = server.app.stats;
    const before = (await overview()).current;
    // Issue 31's repro: the page answers 404, its beacon answered 204 and listed it in 受访页面.
    const ua = browser('forger');
    expect((await page('/news/made-up-page-1', ua)).status).toBe(404);
    expect((await beacon({ p: '/news/made-up-page-1', w: 1200 }, ua)).status).toBe(204);
    const dropsBefore = { ...recorder.beaconDrops };
    const statuses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        server.app
          .inject({
            method: 'POST',
            url: STATS_BEACON_PATH,
            remoteAddress: `10.31.0.${i % 50}`,
            headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browser(`forged-${i}`) },
            payload: JSON.stringify({ p: `/news/made-up-page-${i + 2}`, w: 1200 }),
          })
          .then((r) => r.statusCode),
      ),
    );
    expect(new Set(statuses)).toEqual(new Set([204]));
    const pages = await table('pages');
    expect(pages.filter((r) => r.key.includes('made-up'))).toEqual([]);
    const after = await overview();
    expect(after.current.views).toBe(before.views);
    expect(after.current.visitors).toBe(before.visitors);
    expect(after.notFoundViews).toBeGreaterThan(0);
    expect(recorder.beaconDrops.not_served - dropsBefore.not_served).toBe(1000);
    const scraped = await server.app.metrics.registry.render();
    expect(scraped).toContain(
      `yuexun_stats_beacons_dropped_total{reason="not_served"} ${recorder.beaconDrops.not_served}`,
    );
    const pageRows = await queryRows<{ n: number }>(
      server.app.db,
      sql`select count(*)::int as n from stat_daily where dim = 'path' and key like '%made-up%'`,
    );
    expect(pageRows[0]?.n).toBe(0);
  });

  it('counts at most 50 visitors a day from one address, however many user agents it makes up', async () => {
    const before = (await overview()).current;
    for (let i = 0; i < 200; i += 50)
      await Promise.all(
        Array.from({ length: 50 }, (_, j) =>
          server.app.inject({
            method: 'GET',
            url: '/home',
            remoteAddress: '10.31.1.1',
            headers: { 'user-agent': browser(`made-up-${i + j}`) },
          }),
        ),
      );
    const after = (await overview()).current;
    expect(after.views - before.views).toBe(200);
    // 50 browsers and the address's one stand-in for the rest (within the sketch's error).
    expect(Math.abs(after.visitors - before.visitors - 51)).toBeLessThanOrEqual(2);
  });

  it('stores no address, user agent or visitor hash: only counts per day, dimension and hour', async () => {
    await overview();
    const daily = await server.app.db.select().from(statDaily);
    expect(daily.length).toBeGreaterThan(0);
    const hourly = await queryRows(server.app.db, sql`select * from stat_hourly`);
    const stored = JSON.stringify([daily, hourly]);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('iPhone');
    const dims = new Set(daily.map((r) => r.dim));
    for (const dim of dims)
      expect([
        'total',
        'path',
        'referrer',
        'engine',
        'keyword',
        'utmSource',
        'utmCampaign',
        'device',
        'width',
        'landing',
        'notFound',
      ]).toContain(dim);
    const visitorColumns = await queryRows<{ n: number }>(
      server.app.db,
      sql`select count(*)::int as n from information_schema.columns
          where table_schema = current_schema() and table_name like 'stat%' and column_name = 'visitor'`,
    );
    expect(visitorColumns[0]?.n).toBe(0);
  });

  it('puts a Baiduspider request in the spider log with its status, not among the visitors', async () => {
    const before = (await overview()).current;
    expect((await page('/home', BAIDUSPIDER_UA)).status).toBe(200);
    expect((await page('/news/detail/999999', BAIDUSPIDER_UA)).status).toBe(404);
    const after = await overview();
    expect(after.current.views).toBe(before.views);
    expect(after.current.visitors).toBe(before.visitors);
    expect(after.spiderHits).toBeGreaterThanOrEqual(2);
    expect(after.spiders.find((s: { spider: string }) => s.spider === 'baidu')?.hits).toBeGreaterThanOrEqual(
      2,
    );
    const log = await admin.asAdmin(inquireSpiderLogAdmin, { range: 'today', spider: 'baidu' });
    const entries = log.body.datas as { path: string; status: number; verified: string; hits: number }[];
    expect(entries).toContainEqual(
      expect.objectContaining({ path: '/home', status: 200, verified: 'unverified', hits: 1 }),
    );
    expect(entries).toContainEqual(expect.objectContaining({ path: '/news/detail/999999', status: 404 }));
  });

  it('lists the pages visitors got a 404 for, apart from the page views', async () => {
    const before = await overview();
    expect((await page('/no-such-page', browser('c'))).status).toBe(404);
    const after = await overview();
    expect(after.notFoundViews - before.notFoundViews).toBe(1);
    expect(after.current.views).toBe(before.current.views);
    expect(await row('notFound', '/no-such-page')).toMatchObject({ views: 1 });
  });

  it('refuses bad beacons cheaply: malformed, oversized, foreign, unknown paths, floods; never a 500', async () => {
    const before = (await overview()).current;
    const ua = browser('d');
    expect((await beacon('{not json', ua)).status).toBe(400);
    expect((await beacon({ p: 'no-slash' }, ua)).status).toBe(400);
    expect((await beacon({ p: '/home', w: 'wide' }, ua)).status).toBe(400);
    expect((await beacon({ p: `/home?${'x'.repeat(3000)}` }, ua)).status).toBe(413);
    expect((await beacon({ p: '/home' }, ua, { 'content-type': 'application/octet-stream' })).status).toBe(
      415,
    );
    expect((await beacon({ p: '/wp-admin/setup.php' }, ua)).status).toBe(204);
    expect((await beacon({ p: '/home' }, ua, { origin: 'https://evil.example' })).status).toBe(204);
    expect((await beacon({ p: '/home' }, BAIDUSPIDER_UA)).status).toBe(204);
    expect((await overview()).current.views).toBe(before.views);
  });

  it('takes 10,000 beacons a minute from one address: none adds a view, each is counted as dropped', async () => {
    const { recorder } = server.app.stats;
    const before = (await overview()).current;
    const dropped = () => Object.values(recorder.beaconDrops).reduce((a, b) => a + b, 0);
    const dropsBefore = dropped();
    const limitedBefore = recorder.beaconDrops.rate_limited;
    const headers = { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browser('flood') };
    const statuses = new Map<number, number>();
    // Through the server's own request handling (no sockets), so the flood takes seconds, not minutes.
    for (let i = 0; i < 10_000; i += 500) {
      const batch = await Promise.all(
        Array.from({ length: 500 }, (_, j) =>
          server.app
            .inject({
              method: 'POST',
              url: STATS_BEACON_PATH,
              headers,
              payload: JSON.stringify({ p: `/news/detail/${i + j}` }),
            })
            .then((r) => r.statusCode),
        ),
      );
      for (const s of batch) statuses.set(s, (statuses.get(s) ?? 0) + 1);
    }
    expect([...statuses.keys()]).toEqual([204]);
    expect((await overview()).current.views).toBe(before.views);
    expect(dropped() - dropsBefore).toBe(10_000);
    expect(recorder.beaconDrops.rate_limited - limitedBefore).toBeGreaterThanOrEqual(
      10_000 - server.app.config.stats.beaconsPerMinute,
    );
  }, 60_000);

  it('exports a table as CSV for Excel', async () => {
    const res = await fetch(`${server.url}${statsCsvExport.path}?table=pages&range=today`, {
      headers: cookieHeader(admin.adminSid),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    expect(text.split('\r\n')[0]).toBe('页面,浏览量,访客');
    expect(text).toContain('/news/1881,1,1');
    const spiders = await fetch(`${server.url}${statsCsvExport.path}?table=spiders&range=7d`, {
      headers: cookieHeader(admin.adminSid),
    });
    expect(await spiders.text()).toContain('Baiduspider（百度）');
    const refused = await fetch(`${server.url}${statsCsvExport.path}?table=pages&range=today`);
    expect(((await refused.json()) as { status: number }).status).toBe(401);
  });

  it('exports the spider log with the same filters as the list: range, crawler, page, verification', async () => {
    const GOOGLEBOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect((await page('/service', GOOGLEBOT_UA)).status).toBe(200);
    // A crawler verified by reverse DNS (an outside service), two weeks ago: outside 'today' and '7d'.
    const today = dayOf(new Date());
    await server.app.db.insert(statSpider).values([
      {
        day: today,
        spider: 'baidu',
        path: '/agent',
        status: 200,
        verified: 'yes',
        hits: 4,
        lastAt: new Date(),
      },
      {
        day: dayBefore(today, 14),
        spider: 'baidu',
        path: '/agent',
        status: 200,
        verified: 'yes',
        hits: 9,
        lastAt: new Date(Date.now() - 14 * 86_400_000),
      },
    ]);
    const csvRows = async (query: Record<string, string>) => {
      const res = await fetch(
        `${server.url}${statsCsvExport.path}?${new URLSearchParams({ table: 'spiders', ...query })}`,
        { headers: cookieHeader(admin.adminSid) },
      );
      expect(res.headers.get('content-type')).toContain('text/csv');
      const lines = (await res.text())
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean);
      return lines.slice(1).map((line) => line.split(','));
    };
    const listRows = async (query: Record<string, string>) => {
      const res = await admin.asAdmin(inquireSpiderLogAdmin, { ...query, pageSize: 100 });
      return (res.body.datas as { path: string; spider: string; verified: string; hits: number }[]).map(
        (e) => `${e.spider} ${e.path} ${e.verified} ${e.hits}`,
      );
    };
    // Columns: day, crawler, page, status, verification, hits, last seen.
    const summary = (rows: string[][]) => rows.map((r) => `${r[1]} ${r[2]} ${r[4]} ${r[5]}`);
    const cases: Record<string, string>[] = [
      { range: 'today', spider: 'baidu' },
      { range: 'today', spider: 'google' },
      { range: 'today', path: '999999' },
      { range: 'today', verified: 'yes' },
      { range: '30d', verified: 'yes', path: '/agent' },
    ];
    const labels: Record<string, string> = { baidu: 'Baiduspider（百度）', google: 'Googlebot' };
    const verifiedLabels: Record<string, string> = { yes: '已验证', no: '冒充', unverified: '未验证' };
    for (const query of cases) {
      const fromCsv = summary(await csvRows(query));
      const fromList = (await listRows(query)).map((line) => {
        const [spider = '', path, verified = '', hits] = line.split(' ');
        return `${labels[spider] ?? spider} ${path} ${verifiedLabels[verified]} ${hits}`;
      });
      expect(fromCsv, JSON.stringify(query)).toEqual(fromList);
      expect(fromCsv.length, JSON.stringify(query)).toBeGreaterThan(0);
    }
    expect(summary(await csvRows({ range: 'today', spider: 'google' }))).toEqual([
      'Googlebot /service 未验证 1',
    ]);
    expect(summary(await csvRows({ range: 'today', verified: 'yes' }))).toEqual([
      'Baiduspider（百度） /agent 已验证 4',
    ]);
    expect(summary(await csvRows({ range: '30d', verified: 'yes' }))).toEqual([
      'Baiduspider（百度） /agent 已验证 4',
      'Baiduspider（百度） /agent 已验证 9',
    ]);
    const paths = (await csvRows({ range: 'today', path: '999999' })).map((r) => r[2]);
    expect(paths).toEqual(['/news/detail/999999']);
    const bad = await fetch(`${server.url}${statsCsvExport.path}?table=spiders&range=today&verified=maybe`, {
      headers: cookieHeader(admin.adminSid),
    });
    expect(((await bad.json()) as { status: number }).status).toBe(400);
  });

  it('merges and counts visitor sketches in the database as sketch.ts does', async () => {
    let seed = 28;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return Math.imul(seed ^ (seed >>> 16), 0x45d9f3b) >>> 0;
    };
    for (const [n, shared] of [
      [3, 1],
      [3000, 1500],
      [9000, 2000],
    ] as const) {
      const hashes = Array.from({ length: n }, next);
      const a = merge(hashes.slice(0, n - shared / 2).map(entryOf));
      const b = merge(hashes.slice(shared / 2).map(entryOf));
      const pgArray = (values: number[]) => `{${values.join(',')}}`;
      const [got] = await queryRows<{ merged: number[]; n: number }>(
        server.app.db,
        sql`select stat_regs_merge(${pgArray(a)}::int[], ${pgArray(b)}::int[]) as merged,
              stat_visitors(stat_regs_merge(${pgArray(a)}::int[], ${pgArray(b)}::int[])) as n`,
      );
      expect(got?.merged).toEqual(merge([...a, ...b]));
      expect(got?.n).toBe(estimate(merge([...a, ...b])));
    }
  });

  it('is for the vendor: a non-admin account gets 403', async () => {
    expect((await admin.asUser(inquireStatsOverviewAdmin, { range: '7d' })).body.status).toBe(403);
    expect((await admin.asAdmin(inquireStatsOverviewAdmin, { range: 'year' })).body.status).toBe(400);
  });

  it('keeps hourly figures that add up to the day, forgets old salts, keeps the spider log a year', async () => {
    const db = server.app.db;
    const today = dayOf(new Date());
    const old = dayBefore(today, 3);
    await db.insert(statSalt).values({ day: old, salt: 'old' }).onConflictDoNothing();
    await db.insert(statSpider).values({
      day: dayBefore(today, 400),
      spider: 'bing',
      path: '/home',
      status: 200,
      verified: 'unverified',
      hits: 1,
      lastAt: new Date(Date.now() - 400 * 86_400_000),
    });
    await server.app.stats.maintain();
    expect((await db.select().from(statSalt)).map((s) => s.day)).toEqual([today]);
    const oldSpiders = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from stat_spider where day < ${dayBefore(today, 366)}`,
    );
    expect(oldSpiders[0]?.n).toBe(0);
    const hourly = await queryRows<{ views: number }>(
      db,
      sql`select sum(views)::int as views from stat_hourly where hour >= now() - interval '1 day'`,
    );
    expect(hourly[0]?.views).toBe((await overview()).current.views);
  });
});
