/** Several instances on one PostgreSQL: they start together, migrate once, seed once and share data. */
import { DEFAULT_IDS, SITE_ID } from '@yuexun/contract';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type ServerProcess, startProcess } from './process';
import { request } from './server';

const tpl = inject('pgTemplate');

describe.runIf(tpl)('two instances on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('both come up from an empty database started at the same moment, and share leads', async () => {
    if (!tpl) return;
    // An empty database (not the seeded template): the two instances race to migrate and seed it.
    const name = `${tpl.prefix}_multi`;
    const admin = new pg.Client({ connectionString: tpl.adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(tpl.adminUrl);
    url.pathname = `/${name}`;

    const [a, b] = await Promise.all([
      startProcess({ DATABASE_URL: url.toString() }),
      startProcess({ DATABASE_URL: url.toString() }),
    ]);
    servers.push(a, b);
    const seededBy = [a, b].filter((s) => /demo content seeded/.test(s.output()));
    expect(seededBy).toHaveLength(1);

    const listA = await request(a.url, '/news/api/v1.0/inquireArticleListByCondition.json', {
      siteId: SITE_ID,
      categoryId: DEFAULT_IDS.news,
    });
    const listB = await request(b.url, '/news/api/v1.0/inquireArticleListByCondition.json', {
      siteId: SITE_ID,
      categoryId: DEFAULT_IDS.news,
    });
    expect(listA.body.totalRecordCount).toBeGreaterThan(10);
    expect(listB.body.datas).toEqual(listA.body.datas);

    const lead = {
      siteId: SITE_ID,
      contactName: '周主任',
      phone: '13600001111',
      schoolName: '第二实验中学',
      region: '广东省深圳市',
      schoolType: 'middle',
      role: '教务主任',
    };
    const created = await request(a.url, '/store/api/v1.0/createCustomerIntentionSALEPPublic.json', lead);
    expect(created.body.success).toBe(true);
    // Instance B sees A's lead: the same phone within the window returns A's record.
    const seen = await request(b.url, '/store/api/v1.0/createCustomerIntentionSALEPPublic.json', lead);
    expect(seen.body.data.id).toBe(created.body.data.id);
    expect(seen.body.message).toMatch(/已提交/);
  }, 180_000);
});
