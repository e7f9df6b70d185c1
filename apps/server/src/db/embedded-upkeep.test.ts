/**
 * The embedded database has no autovacuum: without the upkeep pass the planner keeps the statistics of
 * install time. With 1,500 leads, the duplicate check must use the phone index after a pass, and the pass
 * must leave the data as it was. On PostgreSQL the pass does nothing (autovacuum's job).
 */
import { SITE_ID } from '@yuexun/contract';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startServer, type TestServer } from '../../test/server';
import { queryRows } from './client';
import { runEmbeddedUpkeep } from './embedded-upkeep';
import { customerIntention } from './schema';

describe.each(drivers)('embedded database upkeep on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
    await server.app.db.execute(sql`
      insert into customer_intention (site_id, kind, contact_name, phone, region, school_name, role, status, client_ip_hash)
      select ${SITE_ID}, 'sales', '统计测试', '137' || lpad(g::text, 8, '0'), '上海市', '统计学校', '校长', 'new', 'ip-' || g
      from generate_series(1, 1500) as g`);
  });
  afterAll(async () => {
    await server?.close();
  });

  const duplicateCheckPlan = async () =>
    (
      await queryRows<{ 'QUERY PLAN': string }>(
        server.app.db,
        sql`explain select id from customer_intention
            where site_id = ${SITE_ID} and kind = 'sales' and phone = '13700000777'
              and created_at > now() - interval '10 minutes'
            order by created_at desc limit 1`,
      )
    )
      .map((row) => row['QUERY PLAN'])
      .join('\n');

  it('refreshes the statistics so the duplicate check reads one phone, not every lead', async () => {
    const [before] = await server.app.db.select({ n: count() }).from(customerIntention);
    const ms = await runEmbeddedUpkeep(server.app.database);
    if (driver === 'postgres') {
      expect(ms).toBeNull();
      return;
    }
    expect(ms).toEqual(expect.any(Number));
    const [stats] = await queryRows<{ reltuples: number }>(
      server.app.db,
      sql`select reltuples::int as reltuples from pg_class where relname = 'customer_intention'`,
    );
    expect(stats?.reltuples).toBeGreaterThanOrEqual(1500);
    expect(await duplicateCheckPlan()).toContain('customer_intention_phone_idx');
    const [after] = await server.app.db.select({ n: count() }).from(customerIntention);
    expect(after?.n).toBe(before?.n);
  });
});
