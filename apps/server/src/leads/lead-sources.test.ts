/**
 * Attribution (#16 item 5) as the console's 来源 view counts it: a lead whose visit landed on
 * /news/detail/1?utm_source=baidu&utm_campaign=spring records both and is counted under baidu and spring;
 * without JavaScript the form page's query (the Referer) gives the same.
 */
import {
  actionPath,
  createAgentApplicationSALEPPublic,
  createCustomerIntentionSALEPPublic,
  inquireLeadSourceListAdmin,
  SITE_ID,
  updateLeadAdmin,
} from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';

describe.each(drivers)('the lead source view on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 1000 });
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const sources = async (groupBy: string, extra: Record<string, unknown> = {}) =>
    Object.fromEntries(
      (await s.asAdmin(inquireLeadSourceListAdmin, { groupBy, ...extra })).body.datas.map(
        (r: { key: string; leads: number; won: number; open: number }) => [r.key, r],
      ),
    );
  const sales = (fields: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    server.post(
      actionPath(createCustomerIntentionSALEPPublic),
      {
        siteId: SITE_ID,
        privacyConsent: 'on',
        contactName: '钱老师',
        phone: freshPhone(),
        schoolName: '来源统计小学',
        region: '浙江省',
        schoolType: 'primary',
        role: '校长',
        sourcePage: '/home',
        ...fields,
      },
      { headers },
    );

  it('records utm_source and utm_campaign of the landing page and counts the lead under both', async () => {
    const before = { source: await sources('source'), campaign: await sources('campaign') };
    const { body } = await sales({
      landingPage: '/news/detail/1?utm_source=baidu&utm_campaign=spring',
      referrer: 'https://www.baidu.com/',
    });
    expect(body.success).toBe(true);
    const source = await sources('source');
    const campaign = await sources('campaign');
    expect(source.baidu.leads).toBe((before.source.baidu?.leads ?? 0) + 1);
    expect(campaign.spring.leads).toBe((before.campaign.spring?.leads ?? 0) + 1);
    expect((await sources('landing'))['/news/detail/1'].leads).toBeGreaterThan(0);
    // The demo leads came with no tags: counted as 直接访问 and under no campaign.
    expect(source.direct.leads).toBeGreaterThan(0);
    expect(campaign['']?.leads).toBeGreaterThan(0);
  });

  it('without JavaScript takes the tags from the page the form was sent from', async () => {
    const before = await sources('campaign');
    const { body } = await sales(
      { sourcePage: '/home' },
      {
        referer: `${server.url}/home?utm_source=baidu&utm_medium=cpc&utm_campaign=autumn`,
      },
    );
    expect(body.success).toBe(true);
    expect((await sources('campaign')).autumn.leads).toBe((before.autumn?.leads ?? 0) + 1);
    expect((await sources('medium')).cpc.leads).toBeGreaterThan(0);
  });

  it('counts won and open leads, by kind and by time', async () => {
    const { body } = await server.post(actionPath(createAgentApplicationSALEPPublic), {
      siteId: SITE_ID,
      privacyConsent: 'on',
      companyName: '来源统计科技',
      contactName: '马经理',
      phone: freshPhone(),
      region: '陕西省',
      businessScope: '集成',
      teamSize: '1-9',
      landingPage: '/agent?utm_source=wechat&utm_campaign=agents',
    });
    const id = body.data.id as number;
    let version = 1;
    for (const status of ['contacted', 'qualified', 'won'])
      version = only(await s.asAdmin(updateLeadAdmin, { leadId: id, status, version })).version;
    const agents = await sources('source', { kind: 'agent' });
    expect(agents.wechat).toEqual({ key: 'wechat', leads: 1, won: 1, open: 0 });
    expect(agents.baidu).toBeUndefined();
    const future = await sources('source', { from: new Date(Date.now() + 3600_000).toISOString() });
    expect(future).toEqual({});
    const bad = await s.asAdmin(inquireLeadSourceListAdmin, { groupBy: 'city', kind: 'x' });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['groupBy', 'kind']);
    expect((await s.asUser(inquireLeadSourceListAdmin, { groupBy: 'source' })).body.errorCode).toBe(403);
  });
});
