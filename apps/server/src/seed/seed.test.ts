/** The demo content is enough for every page of the site, and seeding twice changes nothing. */
import { DEFAULT_IDS } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test/server';
import { dataFingerprint } from '../../test/snapshot';
import { queryRows } from '../db/client';
import { seedDemoAccounts } from './accounts';
import { DEMO_LEADS_SEED, seedDemoLeads } from './leads';
import { seedDemoContent } from './seed';

describe.each(drivers)('demo content on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const visibleByCategory = async () =>
    new Map(
      (
        await queryRows<{ id: number; kind: string; slug: string | null; n: number }>(
          server.app.db,
          sql`select c.id, c.kind, c.slug, count(a.id)::int as n from category c
              left join article a on a.category_id = c.id and a.status = 'published' and a.publish_time <= now()
              group by c.id, c.kind, c.slug`,
        )
      ).map((r) => [r.id, r]),
    );

  it('seeding again is a no-op', async () => {
    const before = await dataFingerprint(server.app);
    expect(await seedDemoContent(server.app.db)).toBe(false);
    expect(await seedDemoLeads(server.app.db)).toBe(false);
    expect(await seedDemoAccounts(server.app.db, { adminPassword: null, userPassword: null })).toEqual({
      seeded: false,
      generated: [],
    });
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('has sales leads at every step of the pipeline, some naming the product asked about', async () => {
    const rows = await queryRows<{ status: string; n: number; with_product: number }>(
      server.app.db,
      sql`select status, count(*)::int as n, count(interested_product_id)::int as with_product
          from customer_intention group by status`,
    );
    expect(rows.map((r) => r.status).sort()).toEqual(['contacted', 'lost', 'new', 'qualified', 'won']);
    expect(rows.reduce((sum, r) => sum + r.with_product, 0)).toBeGreaterThanOrEqual(3);
  });

  it('adds no demo leads to a database that already has leads of its own', async () => {
    await server.app.db.execute(sql`delete from seed_run where name = ${DEMO_LEADS_SEED}`);
    const before = await dataFingerprint(server.app);
    expect(await seedDemoLeads(server.app.db)).toBe(false);
    expect(await dataFingerprint(server.app)).toEqual(before);
  });

  it('has schools, staff, at least 6 pending teachers in two schools, 6 apps with operation codes', async () => {
    const [counts] = await queryRows<{
      tenants: number;
      apps: number;
      codes: number;
      schools: number;
      pending: number;
    }>(
      server.app.db,
      sql`select (select count(*)::int from tenant) as tenants,
                 (select count(*)::int from product_app) as apps,
                 (select count(distinct product_app_id)::int from operation_code) as codes,
                 (select count(distinct tenant_id)::int from employee where register_status = 'pending') as schools,
                 (select count(*)::int from employee where register_status = 'pending') as pending`,
    );
    expect(counts?.tenants).toBeGreaterThanOrEqual(2);
    expect(counts?.apps).toBeGreaterThanOrEqual(6);
    expect(counts?.codes).toBe(counts?.apps);
    expect(counts?.schools).toBeGreaterThanOrEqual(2);
    expect(counts?.pending).toBeGreaterThanOrEqual(6);
  });

  it('gives every product and every news, case and solution article a public cover picture', async () => {
    const missing = await queryRows<{ id: number }>(
      server.app.db,
      sql`select a.id from article a join category c on c.id = a.category_id
          left join file f on f.uuid = a.cover_file_uuid and f.visibility = 'public'
          where c.kind in ('news', 'case', 'solution') and f.uuid is null
          union all
          select p.id from product p left join file f on f.uuid = p.cover_file_uuid and f.visibility = 'public'
          where f.uuid is null`,
    );
    expect(missing).toEqual([]);
    const covers = await queryRows<{ n: number }>(
      server.app.db,
      sql`select count(distinct cover_file_uuid)::int as n from article where cover_file_uuid is not null`,
    );
    expect(covers[0]?.n).toBeGreaterThanOrEqual(10);
  });

  it('has every section the site routes to, news and case lists at least two pages deep', async () => {
    const categories = await visibleByCategory();
    const ofKind = (kind: string) => [...categories.values()].filter((c) => c.kind === kind);
    expect(categories.get(DEFAULT_IDS.news)?.kind).toBe('news');
    expect(categories.get(DEFAULT_IDS.demonstrationCase)?.kind).toBe('case');
    expect(categories.get(DEFAULT_IDS.companyProfile)?.kind).toBe('profile');
    expect(ofKind('news').length).toBeGreaterThanOrEqual(3);
    expect(ofKind('case').length).toBeGreaterThanOrEqual(2);
    for (const c of [...ofKind('news'), ...ofKind('case')])
      expect(c.n, `category ${c.id}`).toBeGreaterThan(10);
    expect(
      ofKind('solution')
        .map((c) => c.slug)
        .sort(),
    ).toEqual(['areaCloud', 'campusCloud', 'produceService', 'systemIntegration']);
    for (const kind of ['profile', 'solution', 'service', 'download', 'agent', 'security']) {
      for (const c of ofKind(kind)) expect(c.n, `${kind} category ${c.id}`).toBeGreaterThan(0);
    }
  });

  it('has at least 8 published products across at least 4 tags, with prices', async () => {
    const [row] = await queryRows<{ products: number; tags: number; unpriced: number }>(
      server.app.db,
      sql`select count(distinct p.id)::int as products, count(distinct t.tag_id)::int as tags,
                 count(distinct p.id) filter (where p.price_fen <= 0)::int as unpriced
          from product p join product_to_tag t on t.product_id = p.id where p.status = 'published'`,
    );
    expect(row?.products).toBeGreaterThanOrEqual(8);
    expect(row?.tags).toBeGreaterThanOrEqual(4);
    expect(row?.unpriced).toBe(0);
  });

  it('is written in Chinese, with no placeholder text', async () => {
    const rows = await queryRows<{ title: string; body_html: string }>(
      server.app.db,
      sql`select title, body_html from article`,
    );
    for (const r of rows) {
      expect(r.title).toMatch(/[\u4e00-\u9fff]/);
      expect(r.body_html).not.toMatch(/lorem|ipsum|TODO|占位/i);
    }
  });
});
