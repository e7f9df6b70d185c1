/**
 * Crawler verification through the real server and a stand-in DNS server on 127.0.0.1
 * (STATS_DNS_SERVERS): a user agent claiming Baiduspider from an address whose reverse DNS is not
 * *.baidu.com or *.baidu.jp is logged apart from the verified one, on both databases (issue 31).
 */
import { inquireSpiderLogAdmin } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions } from '../../test/admin';
import { startDnsServer } from '../../test/dns-server';
import { drivers, startServer, type TestServer } from '../../test/server';
import { loadConfig } from '../config';

const BAIDUSPIDER_UA = 'Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)';

describe.each(drivers)('crawlers verified by DNS on %s', (driver) => {
  let server: TestServer;
  let admin: AdminSessions;
  let dns: Awaited<ReturnType<typeof startDnsServer>>;
  beforeAll(async () => {
    dns = await startDnsServer({
      ptr: {
        '220.181.108.75': ['baiduspider-220-181-108-75.crawl.baidu.com'],
        '203.0.113.9': ['host-9.example.net'],
      },
      addresses: { 'baiduspider-220-181-108-75.crawl.baidu.com': ['220.181.108.75'] },
    });
    const { stats } = loadConfig({ STATS_VERIFY_SPIDERS: 'true', STATS_DNS_SERVERS: dns.server });
    server = await startServer(driver, { stats });
    admin = await adminSessions(server);
  });
  afterAll(async () => {
    await server.close();
    await dns.close();
  });

  it('logs a real Baiduspider as verified and one from another network as not, apart', async () => {
    const crawl = (remoteAddress: string, url: string) =>
      server.app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': BAIDUSPIDER_UA } });
    expect((await crawl('220.181.108.75', '/service')).statusCode).toBe(200);
    expect((await crawl('203.0.113.9', '/service')).statusCode).toBe(200);
    expect((await crawl('203.0.113.9', '/service')).statusCode).toBe(200);
    // No reverse record at all: not the engine either.
    expect((await crawl('198.51.100.7', '/service')).statusCode).toBe(200);
    const log = await admin.asAdmin(inquireSpiderLogAdmin, {
      range: 'today',
      spider: 'baidu',
      path: '/service',
    });
    const entries = (log.body.datas as { path: string; verified: string; hits: number }[]).map(
      (e) => `${e.path} ${e.verified} ${e.hits}`,
    );
    expect(entries.sort()).toEqual(['/service no 3', '/service yes 1']);
    const verified = await admin.asAdmin(inquireSpiderLogAdmin, { range: 'today', verified: 'yes' });
    expect(verified.body.datas).toHaveLength(1);
    expect(dns.questions).toContain('12 75.108.181.220.in-addr.arpa');
    expect(dns.questions).toContain('1 baiduspider-220-181-108-75.crawl.baidu.com');
  });
});
