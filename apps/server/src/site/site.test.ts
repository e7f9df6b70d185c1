/**
 * The site's HTML as curl sees it: every route of spec §2 answers with its main content in the
 * markup (no JavaScript needed), the redirects keep the query, bad input gets the not-found page.
 */
import { SITE_ID } from '@yuexun/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server';
import { article, category, customerIntention, product } from '../db/schema';

const NOT_FOUND = '页面不存在';
const KEYWORDS = '智慧校园,智慧校园平台,数字校园,校园管理系统,家校互通,区域教育云';

const get = async (server: TestServer, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
};

/** The main heading's text as shown (its phrases may be wrapped in spans). */
const h1 = (html: string) => html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '') ?? null;
const title = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1] ?? null;

const firstArticle = async (server: TestServer, categoryId: number) => {
  const [row] = await server.app.db
    .select({ id: article.id, title: article.title })
    .from(article)
    .where(and(eq(article.categoryId, categoryId), eq(article.status, 'published')))
    .orderBy(asc(article.sort), asc(article.id))
    .limit(1);
  if (!row) throw new Error(`no article in ${categoryId}`);
  return row;
};

describe('site pages over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite', { icpNumber: '浙ICP备12345678号-1' });
  });
  afterAll(() => server.close());

  it.each([
    ['/', '/home'],
    ['/index.html', '/home'],
    ['/solution', '/solution/areaCloud'],
    ['/demonstrationCase', '/demonstrationCase/1351'],
    ['/news', '/news/1881'],
    ['/companyProfile', '/companyProfile/1'],
  ])('redirects %s to %s with 302, keeping the query', async (from, to) => {
    const plain = await get(server, from);
    expect(plain.status).toBe(302);
    expect(plain.headers.get('location')).toBe(to);
    const withQuery = await get(server, `${from}?utm_source=wechat&x=1`);
    expect(withQuery.headers.get('location')).toBe(`${to}?utm_source=wechat&x=1`);
  });

  it.each([
    ['/home', '让每一所学校的数字化', ['解决方案', '示范案例', '新闻资讯', '热门产品', '预约演示']],
    ['/solution/areaCloud', '区域教育云', []],
    ['/solution/campusCloud', '智慧校园云平台', []],
    ['/solution/produceService', '产品与服务', []],
    ['/solution/systemIntegration', '系统集成', []],
    ['/demonstrationCase/1351', '示范案例 · 区域教育云案例', ['中小学智慧校园']],
    ['/demonstrationCase/1354', '示范案例 · 职业院校', []],
    ['/news/1881', '新闻资讯 · 公司新闻', ['行业动态', '媒体报道']],
    ['/news/1883', '新闻资讯 · 媒体报道', []],
    ['/service', '服务支持', []],
    ['/download', '下载中心', []],
    ['/priceShop', '价格商城', ['¥']],
    ['/agent', '代理合作', ['申请成为代理商', 'name="contactName"']],
    ['/securityCenter', '安全中心', []],
    ['/companyProfile/1', '关于我们 · 公司简介', ['发展历程', '资质荣誉', '联系我们', '悦讯科技']],
    ['/companyProfile/4', '关于我们 · 联系我们', []],
  ])('%s answers its page with the main content in the HTML', async (path, heading, texts) => {
    const { status, html, headers } = await get(server, path);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(h1(html)).toContain(heading);
    expect(title(html)).toMatch(new RegExp(`^.+ - ${KEYWORDS}$`));
    expect(html).toContain('<link rel="canonical"');
    expect(html).toContain('property="og:title"');
    expect(html).toContain('浙ICP备12345678号-1');
    for (const text of texts) expect(html).toContain(text);
  });

  it('section pages show the body of their lead article', async () => {
    const lead = await firstArticle(server, 2001);
    const { html } = await get(server, '/solution/areaCloud');
    expect(html).toContain(lead.title);
    expect(html).toContain('class="article-body"');
  });

  it('the four article-detail routes show the article, its meta and previous/next', async () => {
    const news = await firstArticle(server, 1881);
    const caseItem = await firstArticle(server, 1351);
    const solution = await firstArticle(server, 2003);
    const profile = await firstArticle(server, 1);
    for (const [path, item] of [
      [`/news/detail/${news.id}`, news],
      [`/demonstrationCase/detail/${caseItem.id}`, caseItem],
      [`/solution/produceService/detail/${solution.id}`, solution],
      [`/detail/${profile.id}`, profile],
    ] as const) {
      const { status, html } = await get(server, path);
      expect(status, path).toBe(200);
      expect(h1(html)).toBe(item.title.replace(/&/g, '&amp;'));
      expect(html).toContain('发布时间');
      expect(html).toContain('上一篇');
      expect(html).toContain('下一篇');
      expect(html).toContain('property="og:type" content="article"');
    }
  });

  it('the product detail shows name, price in yuan and the inquiry form', async () => {
    const [row] = await server.app.db
      .select({ id: product.id, name: product.name, priceFen: product.priceFen })
      .from(product)
      .where(eq(product.status, 'published'))
      .orderBy(asc(product.id))
      .limit(1);
    if (!row) throw new Error('no product');
    const { status, html } = await get(server, `/priceShop/productDetail?productId=${row.id}`);
    expect(status).toBe(200);
    expect(h1(html)).toBe(row.name);
    const yuan = new Intl.NumberFormat('zh-CN', { style: 'currency', currency: 'CNY' }).format(
      row.priceFen / 100,
    );
    expect(html).toContain(yuan);
    expect(html).toContain('name="interestedProductId"');
  });

  it('lists ten a page with the page number in the URL; past the end shows the last page', async () => {
    const [total] = await server.app.db
      .select({ n: count() })
      .from(article)
      .where(and(eq(article.categoryId, 1881), eq(article.status, 'published')));
    const pages = Math.ceil((total?.n ?? 0) / 10);
    expect(pages).toBeGreaterThan(1);
    const first = await get(server, '/news/1881');
    expect(first.html.match(/class="article-card"/g)).toHaveLength(10);
    expect(first.html).toContain(`第 1 / ${pages} 页`);
    expect(first.html).toContain('href="/news/1881?page=2"');
    const last = await get(server, `/news/1881?page=${pages}`);
    expect(last.html).toContain(`第 ${pages} / ${pages} 页`);
    const beyond = await get(server, '/news/1881?page=999');
    expect(beyond.status).toBe(200);
    expect(beyond.html).toContain(`第 ${pages} / ${pages} 页`);
  });

  it.each([
    '/news/abc',
    '/news/-1',
    '/news/0',
    '/news/1.5',
    '/news/999999',
    '/news/1351',
    '/news/detail/abc',
    '/news/detail/-3',
    '/news/detail/99999999',
    '/detail/1e3',
    '/demonstrationCase/1881',
    '/companyProfile/99',
    '/solution/unknown',
    '/priceShop/productDetail',
    '/priceShop/productDetail?productId=abc',
    '/priceShop/productDetail?productId=-1',
    '/priceShop/productDetail?productId=424242',
    '/priceShop?tagId=x',
    '/news/1881?page=0',
    '/news/1881?page=abc',
    '/no/such/page',
    '/home/extra',
  ])('%s gets the not-found page with 404', async (path) => {
    const { status, html } = await get(server, path);
    expect(status).toBe(404);
    expect(h1(html)).toBe(NOT_FOUND);
    expect(html).toContain('返回首页');
  });

  it('unpublished articles and products are not found', async () => {
    const db = server.app.db;
    const [draft] = await db
      .insert(article)
      .values({ siteId: SITE_ID, categoryId: 1881, title: '草稿文章不应出现', status: 'draft' })
      .returning({ id: article.id });
    const [scheduled] = await db
      .insert(article)
      .values({
        siteId: SITE_ID,
        categoryId: 1881,
        title: '定时发布未到时间',
        status: 'scheduled',
        publishTime: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: article.id });
    const [hidden] = await db
      .insert(product)
      .values({ siteId: SITE_ID, name: '未上架产品', priceFen: 100, status: 'draft' })
      .returning({ id: product.id });
    for (const path of [
      `/news/detail/${draft?.id}`,
      `/detail/${scheduled?.id}`,
      `/priceShop/productDetail?productId=${hidden?.id}`,
    ]) {
      const { status, html } = await get(server, path);
      expect(status, path).toBe(404);
      expect(html).not.toContain('草稿文章不应出现');
    }
    const list = await get(server, '/news/1881');
    expect(list.html).not.toContain('草稿文章不应出现');
    expect(list.html).not.toContain('定时发布未到时间');
  });

  it('never reflects markup from the query string', async () => {
    const evil = '<script>alert(1)</script>';
    const q = encodeURIComponent(evil);
    for (const path of [
      `/news/1881?page=${q}`,
      `/home?x=${q}`,
      `/priceShop?tagId=${q}`,
      `/file-preview/1.0/?fileUuid=${q}&fileName=${q}`,
      `/fileView/view.html?uuid=abc&fn=${q}`,
      `/${q}`,
    ]) {
      const { html } = await get(server, path);
      expect(html, path).not.toContain(evil);
      expect(html, path).not.toContain('<script>alert');
    }
  });

  it('the error page shows the errorCode and errorMessage a redirect brought, as text, out of search results', async () => {
    const page = await get(server, `/exception?errorCode=403&errorMessage=${encodeURIComponent('无权限')}`);
    expect(page.status).toBe(200);
    expect(h1(page.html)).toBe('出错了');
    expect(page.html).toContain('>403<');
    expect(page.html).toContain('无权限');
    expect(page.html).toContain('<meta name="robots" content="noindex"');

    const bare = await get(server, '/exception');
    expect(bare.status).toBe(200);
    expect(bare.html).toContain('请求没有完成，请稍后重试');

    const evil = '<img src=x onerror=alert(1)>';
    const hostile = await get(
      server,
      `/exception?errorCode=${encodeURIComponent(evil)}&errorMessage=${encodeURIComponent(evil + '长'.repeat(500))}`,
    );
    expect(hostile.status).toBe(200);
    expect(hostile.html).not.toContain('<img src=x');
    expect(hostile.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(hostile.html).not.toContain('长'.repeat(200));
  });

  it('the preview page explains a missing or forged file', async () => {
    const none = await get(server, '/file-preview/1.0/');
    expect(none.html).toContain('缺少文件编号');
    const forged = await get(
      server,
      '/file-preview/1.0/?fileUuid=00000000-0000-4000-8000-000000000000&fileName=a.pdf',
    );
    expect(forged.status).toBe(404);
    expect(forged.html).toContain('文件不存在或链接无效');
    const fallback = await get(server, '/fileView/view.html?uuid=zzzzzzzz&fn=a.txt');
    expect(fallback.status).toBe(404);
    expect(fallback.html).toContain('文件不存在或链接无效');
    const app = await get(server, '/YX_FILE-PREVIEW_APP/index.html');
    expect(app.status).toBe(200);
    expect(h1(app.html)).toBe('文件预览');
  });

  it('sitemap.xml lists every page, published article and product; robots.txt points at it', async () => {
    const { status, html: xml } = await get(server, '/sitemap.xml');
    expect(status).toBe(200);
    const [articles] = await server.app.db
      .select({ n: count() })
      .from(article)
      .innerJoin(category, eq(category.id, article.categoryId))
      .where(eq(article.status, 'published'));
    const [products] = await server.app.db
      .select({ n: count() })
      .from(product)
      .where(eq(product.status, 'published'));
    expect(xml.match(/\/detail\/\d+<\/loc>/g)?.length).toBe(articles?.n);
    expect(xml.match(/productDetail\?productId=\d+<\/loc>/g)?.length).toBe(products?.n);
    for (const page of [
      '/home',
      '/service',
      '/news/1881',
      '/demonstrationCase/1351',
      '/companyProfile/1',
      '/solution/areaCloud',
    ]) {
      expect(xml).toContain(`${page}</loc>`);
    }
    const robots = await get(server, '/robots.txt');
    expect(robots.html).toContain('Sitemap: http://127.0.0.1');
  });

  it('anonymous pages are cacheable with an ETag; a matching If-None-Match gets 304', async () => {
    const first = await get(server, '/service');
    expect(first.headers.get('cache-control')).toBe('public, max-age=60');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get(server, '/service', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('sends a CSP allowing exactly the inline scripts of the page, and the other security headers', async () => {
    const { headers, html } = await get(server, '/agent');
    const csp = headers.get('content-security-policy') ?? '';
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(csp.match(/'sha256-/g)?.length).toBe(new Set(inline.map((m) => m[1])).size);
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('build assets are served with a long immutable cache', async () => {
    const { html } = await get(server, '/agent');
    const asset = html.match(/component-url="(\/_astro\/[^"]+)"/)?.[1];
    expect(asset).toBeTruthy();
    const res = await get(server, asset ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('API paths keep their JSON answers', async () => {
    const unknownBase = await get(server, '/nope/api/v1.0/x.json');
    expect(unknownBase.status).toBe(404);
    expect(JSON.parse(unknownBase.html).success).toBe(false);
    const getOnAction = await get(server, '/news/api/v1.0/inquireArticleListByCondition.json');
    expect(getOnAction.status).toBe(405);
    const health = await get(server, '/healthz');
    expect(health.status).toBe(200);
  });

  describe('lead form without JavaScript', () => {
    const form = (fields: Record<string, string>) => ({
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams(fields).toString(),
    });
    const valid = {
      contactName: '李主任',
      phone: '13912345678',
      schoolName: '成都市武侯实验小学',
      region: '四川省成都市',
      schoolType: 'primary',
      role: '信息中心主任',
      message: '想了解电子班牌',
    };

    it('bad fields: the page again with the messages next to the fields and the input kept', async () => {
      const { status, html } = await get(server, '/agent', form({ contactName: '<b>张</b>', phone: '123' }));
      expect(status).toBe(422);
      expect(html).toContain('不合法的手机号');
      expect(html).toContain('value="&lt;b&gt;张&lt;/b&gt;"');
      expect(html).toContain('value="123"');
      expect(html).not.toContain('<b>张</b>');
      // A message under phone, school, region, school type and role (every field keeps an empty line for one).
      expect(html.match(/class="field-error"[^>]*>[^<]/g)?.length).toBe(5);
    });

    it('valid: stored once, then 303 back with the result; a second submission makes no second lead', async () => {
      const first = await get(server, '/agent', form(valid));
      expect(first.status).toBe(303);
      expect(first.headers.get('location')).toBe('/agent?lead=created#lead');
      const second = await get(server, '/agent', form(valid));
      expect(second.headers.get('location')).toBe('/agent?lead=duplicate#lead');
      const rows = await server.app.db
        .select({ source: customerIntention.sourcePage })
        .from(customerIntention)
        .where(eq(customerIntention.phone, valid.phone));
      expect(rows).toEqual([{ source: '/agent' }]);
      const banner = await get(server, '/agent?lead=created');
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
    const lead = await get(server, '/portal/agent', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({
        contactName: '赵老师',
        phone: '13600000003',
        schoolName: '某某小学',
        region: '浙江',
        schoolType: 'primary',
        role: '教师',
      }).toString(),
    });
    expect(lead.headers.get('location')).toBe('/portal/agent?lead=created#lead');
  });

  it('tells the islands where the base path is, for the login and error pages they may send a visitor to', async () => {
    const home = await get(server, '/portal/home');
    expect(home.html).toContain('<html lang="zh-CN" data-base="/portal/"');
    const error = await get(server, '/portal/exception?errorCode=500');
    expect(error.status).toBe(200);
    expect(error.html).toContain('href="/portal/home"');
  });
});
