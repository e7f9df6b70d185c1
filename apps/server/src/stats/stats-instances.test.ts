/**
 * Two instances behind one PostgreSQL count each visitor once and each view once (issue 28 item 4,
 * decision 038): 100 visitors make 3 page views each, spread over both instances, and every page's
 * beacon goes to the other instance. The dashboard shows 100 visitors (the sketch is exact up to 4,096
 * a key) and 300 views. PostgreSQL only: the embedded database serves one instance.
 */
import { inquireStatsOverviewAdmin, inquireStatsTableAdmin, STATS_BEACON_PATH } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { startServer, type TestServer } from '../../test/server';

const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const PAGES = ['/home', '/service', '/news/1881'];

describe('statistics on two instances behind one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;
  let admin: AdminSessions;
  beforeAll(async () => {
    a = await startServer('postgres');
    b = await startServer('postgres', {}, { databaseUrl: a.databaseUrl });
    admin = await adminSessions(a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** What the dashboard shows, after both instances wrote what they counted. */
  const overview = async () => {
    await b.app.stats.refresh();
    return only(await admin.asAdmin(inquireStatsOverviewAdmin, { range: 'today' }));
  };
  const pages = async () => {
    await b.app.stats.refresh();
    await a.app.stats.refresh();
    const res = await admin.asAdmin(inquireStatsTableAdmin, {
      table: 'pages',
      range: 'today',
      pageSize: 100,
    });
    return new Map(
      (res.body.datas as { key: string; views: number; visitors: number }[]).map((r) => [r.key, r]),
    );
  };

  it('counts 100 visitors making 3 views each over both instances, beacons to the other, as 100 and 300', async () => {
    // The first real view clears the demo statistics; the figures below are counted from here.
    await a.app.inject({ method: 'GET', url: '/download', headers: { 'user-agent': `${PHONE_UA} warm-up` } });
    const before = (await overview()).current;
    const pagesBefore = await pages();
    const visit = async (v: number) => {
      const remoteAddress = `10.28.${v >> 8}.${v & 255}`;
      const headers = { 'user-agent': `${PHONE_UA} visitor/${v}` };
      for (const [i, path] of PAGES.entries()) {
        const [server, other] = (v + i) % 2 === 0 ? [a, b] : [b, a];
        const res = await server.app.inject({ method: 'GET', url: path, remoteAddress, headers });
        expect(res.statusCode).toBe(200);
        const sent = await other.app.inject({
          method: 'POST',
          url: STATS_BEACON_PATH,
          remoteAddress,
          headers: { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
          payload: JSON.stringify({ p: path, w: 390 }),
        });
        expect(sent.statusCode).toBe(204);
      }
    };
    for (let v = 0; v < 100; v += 10) await Promise.all(Array.from({ length: 10 }, (_, j) => visit(v + j)));
    await a.app.stats.refresh();
    const after = (await overview()).current;
    expect(after.views - before.views).toBe(300);
    expect(after.visitors - before.visitors).toBe(100);
    const pagesAfter = await pages();
    for (const path of PAGES) {
      expect((pagesAfter.get(path)?.views ?? 0) - (pagesBefore.get(path)?.views ?? 0), path).toBe(100);
      expect((pagesAfter.get(path)?.visitors ?? 0) - (pagesBefore.get(path)?.visitors ?? 0), path).toBe(100);
    }
    // The beacons added no view; those for a path the other instance had served lately added their width
    // band (the rest, sent before it had, were dropped and counted).
    const widths = await admin.asAdmin(inquireStatsTableAdmin, { table: 'widths', range: 'today' });
    const xs = (widths.body.datas as { key: string; views: number }[]).find((r) => r.key === 'xs');
    const dropped = [a, b].reduce((n, s) => n + s.app.stats.recorder.beaconDrops.not_served, 0);
    expect((xs?.views ?? 0) + dropped).toBe(300);
  }, 120_000);
});
