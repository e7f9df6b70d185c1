/**
 * 访问轨迹 (issue 33 item 2, decision 054) through the real server on both drivers: beacons with the site's visit id
 * record the pages the server confirmed; a lead sent with the id takes that visit's pages; a forged page, a copied
 * id from another browser and a made-up id take nothing; a return visit joins the lead, a second lead from the
 * same browser links to the first; the 个人信息 copy holds the pages and erasure and anonymisation remove them.
 */
import { randomBytes } from 'node:crypto';
import {
  actionPath,
  createCustomerIntentionSALEPPublic,
  eraseLeadsOfPhoneAdmin,
  inquireLeadVisitsAdmin,
  type LeadVisits,
  leadCsvExport,
  SITE_ID,
  STATS_BEACON_PATH,
  STATS_NOSCRIPT_PATH,
} from '@yuexun/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone } from '../../test/accounts';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { article, customerIntention, leadVisit, visitPage } from '../db/schema';
import { clearVisitsOfLeads } from './lead-visits';

const SALES = actionPath(createCustomerIntentionSALEPPublic);
const PHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47';
const newId = () => randomBytes(16).toString('hex');

describe.each(drivers)('visit timeline on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let casePath = '';
  beforeAll(async () => {
    server = await startServer(driver, { leadLimitPerHour: 1000 });
    s = await adminSessions(server);
    const [found] = await server.app.db
      .select({ id: article.id })
      .from(article)
      .where(and(eq(article.categoryId, 1351), eq(article.status, 'published')))
      .limit(1);
    casePath = `/demonstrationCase/detail/${found?.id}`;
  });
  afterAll(() => server.close());

  /** One browser: its user agent and its two ids, as the site's script keeps them. */
  const browser = (name: string) => ({ ua: `${PHONE_UA} visits/${name}`, v: newId(), b: newId() });
  type Browser = ReturnType<typeof browser>;
  const view = async (who: Browser, path: string, title: string) => {
    const page = await fetch(`${server.url}${path}`, { headers: { 'user-agent': who.ua } });
    await page.text();
    await beacon(who, path, title);
  };
  const beacon = (who: Browser, path: string, title: string) =>
    fetch(`${server.url}${STATS_BEACON_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': who.ua },
      body: JSON.stringify({ p: path, r: '', w: 375, v: who.v, b: who.b, t: title }),
    });
  const send = async (who: Browser, phone = freshPhone(), ids: Record<string, string> = {}) => {
    const res = await server.post(
      SALES,
      {
        siteId: SITE_ID,
        privacyConsent: 'on',
        contactName: '轨迹测试',
        phone,
        schoolName: '轨迹实验中学',
        region: '浙江省杭州市',
        schoolType: 'middle',
        role: '信息中心主任',
        visitId: who.v,
        browserId: who.b,
        ...ids,
      },
      { headers: { 'user-agent': who.ua } },
    );
    expect(res.body.success, res.text).toBe(true);
    return { id: res.body.data.id as number, phone };
  };
  const visitsOf = async (leadId: number): Promise<LeadVisits> =>
    only(await s.asAdmin(inquireLeadVisitsAdmin, { leadId }));
  const flush = () => server.app.stats.visits.flush();

  let first: { id: number; phone: string };
  const visitor = browser('visitor');

  it('keeps the pages the server confirmed for the visit, before the lead was sent, with kind, place and time', async () => {
    await view(visitor, '/priceShop', '价格商城 - 悦讯科技');
    await view(visitor, '/priceShop', '价格商城 - 悦讯科技');
    await view(visitor, casePath, '杭州市某中学：智慧校园案例 - 悦讯科技');
    // A beacon for a page the server never served to anyone, or answered 404, is no page of the visit.
    await beacon(visitor, '/news/detail/999998', '伪造页面');
    await view(visitor, '/news/detail/999999', '页面不存在');
    first = await send(visitor);
    const visits = await visitsOf(first.id);
    expect(visits.tracked).toBe(true);
    expect(visits.pages.map((p) => [p.path, p.kind, p.visit, p.afterSubmit])).toEqual([
      ['/priceShop', 'price', 1, false],
      ['/priceShop', 'price', 1, false],
      [casePath, 'case', 1, false],
    ]);
    expect(visits.pages[2]).toMatchObject({ title: '杭州市某中学：智慧校园案例 - 悦讯科技', place: '杭州' });
    for (const page of visits.pages) expect(page.seconds).toBeGreaterThanOrEqual(0);
    expect(visits.previousLeadId).toBeNull();
  });

  it('a copied visit id from another browser takes nothing and adds nothing; a made-up id has no pages', async () => {
    const copier = { ...browser('copier'), v: visitor.v, b: visitor.b };
    await view(copier, '/solution/regional-cloud', '区域教育云');
    const copied = await send(copier);
    expect(await visitsOf(copied.id)).toEqual({
      tracked: false,
      pages: [],
      previousLeadId: null,
      nextLeadIds: [],
    });
    const madeUp = await send(browser('made-up'));
    expect((await visitsOf(madeUp.id)).pages).toEqual([]);
    // Malformed ids are ignored: the lead is stored without a timeline.
    const odd = await send(browser('odd'), freshPhone(), { visitId: '<script>', browserId: 'x' });
    expect((await visitsOf(odd.id)).tracked).toBe(false);
    // The first lead still has its three pages; the copier's page joined no lead.
    await flush();
    expect((await visitsOf(first.id)).pages).toHaveLength(3);
  });

  it('a return visit from the same browser joins the lead; a second lead links to the first and takes the pages since', async () => {
    const back = { ...visitor, v: newId() };
    await view(back, '/priceShop', '价格商城 - 悦讯科技');
    await flush();
    const joined = await visitsOf(first.id);
    expect(joined.pages.map((p) => [p.path, p.visit, p.afterSubmit])).toContainEqual(['/priceShop', 2, true]);
    const second = await send(back);
    const linked = await visitsOf(second.id);
    expect(linked.previousLeadId).toBe(first.id);
    expect(linked.pages.map((p) => p.path)).toEqual(['/priceShop']);
    expect((await visitsOf(first.id)).nextLeadIds).toEqual([second.id]);
    expect((await visitsOf(first.id)).pages).toHaveLength(3);
  });

  it('the no-JS form post takes the ids its hidden fields carry (filled by the page script), or the pages its <noscript> picture confirmed', async () => {
    const post = async (who: Browser, ids: Record<string, string>) => {
      const phone = freshPhone();
      const res = await fetch(`${server.url}/home`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          origin: server.url,
          'user-agent': who.ua,
        },
        body: new URLSearchParams({
          contactName: '表单测试',
          phone,
          schoolName: '无脚本实验小学',
          region: '浙江省杭州市',
          schoolType: 'primary',
          role: '校长',
          privacyConsent: 'on',
          ...ids,
        }).toString(),
      });
      expect(res.status).toBe(303);
      const [row] = await server.app.db
        .select({ id: customerIntention.id })
        .from(customerIntention)
        .where(eq(customerIntention.phone, phone));
      return visitsOf(row?.id ?? 0);
    };
    const scripted = browser('hidden-fields');
    await view(scripted, '/priceShop', '价格商城');
    const filled = await post(scripted, { visitId: scripted.v, browserId: scripted.b });
    expect(filled.pages.map((p) => p.path)).toEqual(['/priceShop']);
    const plain = browser('no-script');
    await view(plain, '/priceShop', '价格商城');
    expect((await post(plain, { visitId: '', browserId: '' })).tracked).toBe(false);

    // A browser that runs no script loads each page's <noscript> picture instead (decision 054): the pages
    // it was served join the lead it posts; a forged picture for a page it never got adds none, and a
    // browser of another kind at the same address takes nothing.
    const noScript = browser('noscript-picture');
    const read = async (path: string) => {
      const html = await (
        await fetch(`${server.url}${path}`, { headers: { 'user-agent': noScript.ua } })
      ).text();
      const src = html.match(/<noscript><img src="([^"]+)"/)?.[1]?.replace(/&#38;|&amp;/g, '&') ?? '';
      expect(src.startsWith(`${STATS_NOSCRIPT_PATH}?`), path).toBe(true);
      const picture = await fetch(`${server.url}${src}`, { headers: { 'user-agent': noScript.ua } });
      expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/gif']);
      await picture.arrayBuffer();
    };
    await read('/priceShop');
    await read('/priceShop');
    await read(casePath);
    const forged = `${STATS_NOSCRIPT_PATH}?${new URLSearchParams({ p: '/news/detail/999997', t: '伪造' })}`;
    expect((await fetch(`${server.url}${forged}`, { headers: { 'user-agent': noScript.ua } })).status).toBe(
      200,
    );
    const taken = await post(noScript, { visitId: '', browserId: '' });
    expect(taken.pages.map((p) => [p.path, p.kind, p.visit])).toEqual([
      ['/priceShop', 'price', 1],
      ['/priceShop', 'price', 1],
      [casePath, 'case', 1],
    ]);
    expect(taken.pages[0]?.title).toBe('价格商城');
    const neighbour = { ...browser('noscript-neighbour'), v: '', b: '' };
    expect((await post(neighbour, { visitId: '', browserId: '' })).tracked).toBe(false);
  });

  it('the 个人信息 copy holds the timeline; erasure removes it', async () => {
    const res = await fetch(
      `${server.url}${leadCsvExport.path}?${new URLSearchParams({ phone: first.phone })}`,
      { headers: { cookie: `yx_sid=${s.adminSid}` } },
    );
    const csv = new TextDecoder().decode(new Uint8Array(await res.arrayBuffer()));
    expect(csv).toContain('访问轨迹');
    expect(csv).toContain('线索编号,访问时间,页面,标题,停留秒数,来源');
    expect(csv).toContain(casePath);
    expect(only(await s.asAdmin(eraseLeadsOfPhoneAdmin, { phone: first.phone }))).toBeDefined();
    const db = server.app.db;
    expect(await db.select().from(visitPage).where(eq(visitPage.leadId, first.id))).toEqual([]);
    expect(await db.select().from(leadVisit).where(eq(leadVisit.leadId, first.id))).toEqual([]);
  });

  it('anonymisation clears a lead’s pages and ids, keeping the lead row', async () => {
    const who = browser('anonymised');
    await view(who, '/priceShop', '价格商城');
    const lead = await send(who);
    const db = server.app.db;
    expect(await db.select().from(visitPage).where(eq(visitPage.leadId, lead.id))).toHaveLength(1);
    await db.transaction((tx) => clearVisitsOfLeads(tx, [lead.id]));
    expect(await db.select().from(visitPage).where(eq(visitPage.leadId, lead.id))).toEqual([]);
    expect((await visitsOf(lead.id)).tracked).toBe(false);
    const rows = await db
      .select()
      .from(customerIntention)
      .where(inArray(customerIntention.id, [lead.id]));
    expect(rows).toHaveLength(1);
  });
});
