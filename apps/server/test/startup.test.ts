/** `npm start` as an operator meets it: configuration errors, restarts on the embedded database, shutdown. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_IDS, SITE_ID } from '@yuexun/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { runEntry, startProcess } from './process';
import { request } from './server';

const LIST = '/news/api/v1.0/inquireArticleListByCondition.json';
const LEAD = '/store/api/v1.0/createCustomerIntentionSALEPPublic.json';

describe('start-up configuration', () => {
  it.each([
    ['PORT', 'abc', /^Invalid configuration: PORT must be an integer between 0 and 65535 \(got "abc"\)$/],
    [
      'DATABASE_URL',
      'mysql://x',
      /^Invalid configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    ['LOG_LEVEL', 'loud', /^Invalid configuration: LOG_LEVEL must be one of/],
    ['BASE_PATH', '/a b/', /^Invalid configuration: BASE_PATH must be a path/],
  ])('a bad %s stops with one line naming it and exit code 1', async (name, value, message) => {
    const { exited, output } = runEntry({ [name]: value, DATA_DIR: '/tmp/yuexun-never-created' });
    expect(await exited).toBe(1);
    const lines = output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });
});

describe('embedded database across restarts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'yuexun-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('creates the database on first start, keeps data on restart, never duplicates the seed', async () => {
    const first = await startProcess({ DATA_DIR: dataDir });
    const list1 = await request(first.url, LIST, { siteId: SITE_ID, categoryId: DEFAULT_IDS.news });
    expect(list1.body.totalRecordCount).toBeGreaterThan(10);
    const lead = {
      siteId: SITE_ID,
      contactName: '李校长',
      phone: '13812345678',
      schoolName: '示范幼儿园',
      region: '江苏省南京市',
      schoolType: 'kindergarten',
      role: '园长',
    };
    const created = await request(first.url, LEAD, lead);
    expect(created.body.success).toBe(true);

    // A second process on the same embedded database is refused with a clear message.
    const intruder = runEntry({ DATA_DIR: dataDir });
    expect(await intruder.exited).toBe(1);
    expect(intruder.output()).toMatch(
      /already used by process \d+; set DATABASE_URL to run several instances/,
    );

    expect(await first.stop()).toBe(0);
    expect(first.output()).toMatch(/closed/);

    const second = await startProcess({ DATA_DIR: dataDir });
    const list2 = await request(second.url, LIST, { siteId: SITE_ID, categoryId: DEFAULT_IDS.news });
    expect(list2.body.totalRecordCount).toBe(list1.body.totalRecordCount);
    expect(second.output()).not.toMatch(/demo content seeded/);
    const again = await request(second.url, LEAD, lead);
    expect(again.body.data.id).toBe(created.body.data.id);
    expect(await second.stop('SIGINT')).toBe(0);
  });

  it('finishes requests in flight when told to stop', async () => {
    const server = await startProcess({ DATA_DIR: dataDir });
    const inFlight = Array.from({ length: 30 }, () =>
      request(server.url, LIST, { siteId: SITE_ID, pageSize: 100 }).then(
        (r) => r.status,
        (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
      ),
    );
    await new Promise((r) => setTimeout(r, 15));
    const code = await server.stop('SIGTERM');
    const outcomes = await Promise.all(inFlight);
    expect(code).toBe(0);
    // Every request either completed normally or was never accepted; none was cut off or failed.
    for (const outcome of outcomes) expect([200, 503, 'ECONNREFUSED']).toContain(outcome);
    expect(outcomes.filter((o) => o === 200).length).toBeGreaterThan(0);
  });
});
