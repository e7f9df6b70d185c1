/** The site's lead form without JavaScript, and the site under a base path. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server';
import { get, h1, NOT_FOUND, startSiteServer } from '../../test/site';
import { customerIntention } from '../db/schema';

describe('site pages over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startSiteServer();
  });
  afterAll(() => server.close());

  describe('lead form without JavaScript', () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
    const valid = {
      privacyConsent: 'on',
      contactName: '李主任',
      phone: '13912345678',
      schoolName: '成都市武侯实验小学',
      region: '四川省成都市',
      schoolType: 'primary',
      role: '信息中心主任',
      message: '想了解电子班牌',
    };

    it('bad fields: the page again with the messages next to the fields and the input kept', async () => {
      const { status, html } = await get(server, '/home', form({ contactName: '<b>张</b>', phone: '123' }));
      expect(status).toBe(422);
      expect(html).toContain('不合法的手机号');
      expect(html).toContain('value="&lt;b&gt;张&lt;/b&gt;"');
      expect(html).toContain('value="123"');
      expect(html).not.toContain('<b>张</b>');
      // A message under phone, school, region, school type, role and the consent line (every field keeps an empty line for one).
      expect(html.match(/class="field-error"[^>]*>[^<]/g)?.length).toBe(6);
      expect(html).toContain('请阅读并同意《隐私政策》后提交');
    });

    it('valid: stored once, then 303 back with the result; a second submission makes no second lead', async () => {
      const first = await get(server, '/home', form(valid));
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('/home?lead=created#lead');
      const second = await get(server, '/home', form(valid));
      expect(second.headers.get('location')).toBe('/home?lead=duplicate#lead');
      const rows = await server.app.db
        .select({ source: customerIntention.sourcePage })
        .from(customerIntention)
        .where(eq(customerIntention.phone, valid.phone));
      expect(rows).toEqual([{ source: '/home' }]);
      const banner = await get(server, '/home?lead=created');
      expect(banner.html).toContain('提交成功');
    });

    it('the honeypot stores nothing but answers like a success', async () => {
      const res = await get(
        server,
        '/home',
        form({ ...valid, phone: '13700000001', website: 'http://spam' }),
      );
      expect(res.status).toBe(303);
      const rows = await server.app.db
        .select()
        .from(customerIntention)
        .where(eq(customerIntention.phone, '13700000001'));
      expect(rows).toHaveLength(0);
    });

    it('a cross-site POST is refused', async () => {
      const res = await get(server, '/agent', {
        ...form({ ...valid, phone: '13700000002' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      });
      expect(res.status).toBe(403);
    });
  });
});

describe('site under BASE_PATH=/portal/ (no rebuild)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { basePath: '/portal/' });
  });
  afterAll(() => server.close());

  it('moves pages, links, assets and redirects under the base path', async () => {
    const root = await get(server, '/portal/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/portal/home');
    const news = await get(server, '/portal/news?page=2');
    expect(news.headers.get('location')).toBe('/portal/news/1881?page=2');
    const home = await get(server, '/portal/home');
    expect(home.status).toBe(200);
    expect(home.html).toContain('href="/portal/news/1881"');
    expect(home.html).not.toMatch(/href="\/news\//);
    expect(home.html).toContain('/portal/_astro/');
    expect(home.html).not.toMatch(/["(]\/_astro\//);
    const asset = home.html.match(/component-url="(\/portal\/_astro\/[^"]+)"/)?.[1];
    expect((await get(server, asset ?? '')).status).toBe(200);
    const outside = await get(server, '/home');
    expect(outside.status).toBe(404);
    expect(h1(outside.html)).toBe(NOT_FOUND);
    const lead = await get(server, '/portal/home', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({
        privacyConsent: 'on',
        contactName: '赵老师',
        phone: '13600000003',
        schoolName: '某某小学',
        region: '浙江',
        schoolType: 'primary',
        role: '教师',
      }).toString(),
    });
    expect(lead.headers.get('location')).toBe('/portal/home?lead=created#lead');
  });

  it('tells the islands where the base path is, for the login and error pages they may send a visitor to', async () => {
    const home = await get(server, '/portal/home');
    expect(home.html).toContain('<html lang="zh-CN" data-base="/portal/"');
    const error = await get(server, '/portal/exception?errorCode=500');
    expect(error.status).toBe(200);
    expect(error.html).toContain('href="/portal/home"');
  });
});
