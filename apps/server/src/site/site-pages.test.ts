/**
 * The site's HTML as curl sees it: every route of spec §2 answers with its main content in the
 * markup (no JavaScript needed), the redirects keep the query, bad input gets the not-found page.
 */
import { SITE_ID } from '@yuexun/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server';
import { firstArticle, get, h1, KEYWORDS, NOT_FOUND, startSiteServer, title } from '../../test/site';
import { article, product } from '../db/schema';

describe('site pages over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startSiteServer();
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
});
