/**
 * A vendor's own install (SEED_DEMO=false) on an empty database: it starts, and takes a lead from the site's
 * form at once. Everything a lead, an article or a form belongs to (the site row) exists without the demo.
 */
import { SITE_ID } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, testConfig } from '../../test/server';
import { buildApp } from '../app';
import { queryRows } from '../db/client';

describe('an install without the demo content, on a fresh embedded database', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  beforeAll(async () => {
    app = await buildApp(testConfig({ driver: 'pglite', dataDir: null }, { seedDemo: false }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    url = `http://127.0.0.1:${address.port}`;
  });
  afterAll(() => app.close());

  it('starts with no demo articles and the two built-in forms', async () => {
    const [counts] = await queryRows<{ articles: number; forms: number }>(
      app.db,
      sql`select (select count(*)::int from article) as articles, (select count(*)::int from form where builtin) as forms`,
    );
    expect(counts).toEqual({ articles: 0, forms: 2 });
  });

  it('stores the first lead sent with the original action', async () => {
    const res = await request(url, '/store/api/v1.0/createCustomerIntentionSALEPPublic.json', {
      siteId: SITE_ID,
      privacyConsent: 'on',
      contactName: '王老师',
      phone: '13800138000',
      schoolName: '杭州市滨江区示范实验小学',
      region: '浙江省杭州市',
      schoolType: 'primary',
      role: '信息中心主任',
      sourcePage: '/home',
    });
    expect(res.body.success).toBe(true);
    const rows = await queryRows<{ n: number }>(
      app.db,
      sql`select count(*)::int as n from customer_intention`,
    );
    expect(rows[0]?.n).toBe(1);
  });
});
