/**
 * The embedded database's memory has a bound (pglite-memory.ts, README): a WebAssembly memory only grows, so
 * what PostgreSQL may allocate is what stays resident. Sustained work (leads over HTTP, thousands of rows
 * written, sorts and hashes larger than work_mem, VACUUM) with small settings must keep the WebAssembly
 * memory within embeddedMemoryBound of those settings; the same work with PostgreSQL's stock settings goes
 * past it, so the bound is the settings' doing, not a light load's. Embedded database only (PostgreSQL's
 * memory is its own server's).
 */
import { SITE_ID } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteTemplateDump, startServer, type TestServer } from '../../test/server';
import { runEmbeddedUpkeep } from './embedded-upkeep';
import { type EmbeddedMemory, embeddedMemoryBound } from './pglite-memory';

const LEAD = '/store/api/v1.0/createCustomerIntentionSALEPPublic.json';
const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';

const SMALL: EmbeddedMemory = {
  sharedBuffers: '8MB',
  workMem: '1MB',
  maintenanceWorkMem: '2MB',
  tempBuffers: '1MB',
  walBuffers: '256kB',
};
/** PostgreSQL's own defaults, which PGlite used before (shared_buffers 128 MB, maintenance 64 MB). */
const STOCK: EmbeddedMemory = {
  sharedBuffers: '128MB',
  workMem: '4MB',
  maintenanceWorkMem: '64MB',
  tempBuffers: '8MB',
  walBuffers: '4MB',
};

/** Rounds of work, reading the WebAssembly memory after each; answers the largest size seen. */
const sustainedLoad = async (server: TestServer) => {
  const wasm = () => server.app.database.wasmMemoryBytes?.() ?? Promise.resolve(0);
  let largest = await wasm();
  let phone = 0;
  for (let round = 0; round < 4; round++) {
    await server.app.db.execute(sql`
      insert into customer_intention (site_id, kind, contact_name, phone, region, school_name, role, status, client_ip_hash)
      select ${SITE_ID}, 'sales', '内存测试' || g, '135' || lpad((g + ${round * 4000})::text, 8, '0'), '上海市',
             repeat('学校', 20 + g % 30), '校长', 'new', md5(g::text)
      from generate_series(1, 4000) as g`);
    // Sorts and a hash over every lead: each far larger than work_mem, so they spill to disk instead of memory.
    await server.app.db.execute(
      sql`select * from customer_intention order by school_name desc, client_ip_hash limit 5`,
    );
    await server.app.db.execute(
      sql`select client_ip_hash, count(*) from customer_intention group by client_ip_hash order by 2 desc limit 5`,
    );
    // Visitors at the same time: leads and list reads through the server, 20 at once.
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? server.post(LIST, { siteId: SITE_ID, categoryId: 1881, pageIndex: 1 + (i % 5) })
          : server.post(
              LEAD,
              {
                siteId: SITE_ID,
                privacyConsent: 'on',
                contactName: '李老师',
                phone: `1390000${String(phone++).padStart(4, '0')}`,
                schoolName: '内存测试学校',
                region: '上海市',
                schoolType: 'primary',
                role: '信息主任',
              },
              { headers: { 'x-forwarded-for': `10.9.${round}.${i}` } },
            ),
      ),
    );
    await runEmbeddedUpkeep(server.app.database);
    largest = Math.max(largest, await wasm());
  }
  return largest;
};

describe('the embedded database under sustained load', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  const start = (memory: EmbeddedMemory) =>
    startServer('pglite', {
      trustProxy: true,
      database: { driver: 'pglite', dataDir: null, template: pgliteTemplateDump(), memory },
    });

  it('stays within the bound of small settings', async () => {
    server = await start(SMALL);
    const largest = await sustainedLoad(server);
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(embeddedMemoryBound(SMALL));
  }, 300_000);

  it('goes past that bound with PostgreSQL stock settings under the same load', async () => {
    server = await start(STOCK);
    const largest = await sustainedLoad(server);
    expect(largest).toBeGreaterThan(embeddedMemoryBound(SMALL));
    expect(largest).toBeLessThanOrEqual(embeddedMemoryBound(STOCK));
  }, 300_000);
});
