/**
 * JSON-LD and share metadata as a crawler or a WeChat link card reads them, on both drivers: every
 * block of the home page, an article, a product and a list page parses as JSON with the expected
 * @type values and breadcrumb; content can never close the block; the CSP hashes only the inline
 * scripts that run, and the page cache keeps serving the same page.
 */
import { createHash } from 'node:crypto';
import { inquireSiteSettingsAdmin, updateSiteSettingsAdmin } from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { firstArticle } from '../../test/site';
import { article as articleTable, product } from '../db/schema';

type Block = Record<string, unknown> & { '@type': string };

const blocks = (html: string): Block[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Block,
  );
const meta = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name|itemprop)="${key}" content="([^"]*)"`))?.[1] ?? null;
const ofType = (list: Block[], type: string) => list.find((b) => b['@type'] === type) as Record<string, any>;

describe.each(drivers)('structured data and share metadata on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
  });
  afterAll(() => server.close());

  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    return { html: await res.text(), headers: res.headers };
  };

  it('home: the organisation from 站点设置 (name, contact points with the hotline, address)', async () => {
    const { html } = await page('/home');
    const list = blocks(html);
    expect(list.map((b) => b['@type'])).toEqual(['Organization']);
    const org = ofType(list, 'Organization');
    expect(org).toMatchObject({
      '@context': 'https://schema.org',
      name: '杭州悦讯科技有限公司',
      url: `${server.url}/home`,
      telephone: '400-826-7588',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '浙江省杭州市西湖区文三路 90 号悦讯大厦',
        addressCountry: 'CN',
      },
    });
    expect(org.contactPoint).toEqual([
      expect.objectContaining({ '@type': 'ContactPoint', telephone: '400-826-7588', contactType: 'sales' }),
      expect.objectContaining({ telephone: '0571-88867588', contactType: 'customer support' }),
    ]);
  });

  it('an article: NewsArticle and its breadcrumb, its own share title, summary and cover (absolute)', async () => {
    const { id, title } = await firstArticle(server, 1881);
    const { html } = await page(`/news/detail/${id}`);
    const list = blocks(html);
    expect(list.map((b) => b['@type'])).toEqual(['Organization', 'NewsArticle', 'BreadcrumbList']);
    const article = ofType(list, 'NewsArticle');
    expect(article).toMatchObject({
      headline: title,
      mainEntityOfPage: `${server.url}/news/detail/${id}`,
      articleSection: '公司新闻',
      publisher: { '@type': 'Organization', name: '杭州悦讯科技有限公司' },
    });
    expect(Date.parse(article.datePublished)).not.toBeNaN();
    expect(ofType(list, 'BreadcrumbList').itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: '首页', item: `${server.url}/home` },
      { '@type': 'ListItem', position: 2, name: '公司新闻', item: `${server.url}/news/1881` },
      { '@type': 'ListItem', position: 3, name: title },
    ]);
    expect(meta(html, 'og:type')).toBe('article');
    const [own] = await server.app.db
      .select({ seoTitle: articleTable.seoTitle })
      .from(articleTable)
      .where(eq(articleTable.id, id));
    expect(meta(html, 'og:title')).toBe(`${own?.seoTitle ?? title} - 悦讯智慧校园`);
    expect(meta(html, 'og:description')).toBe(meta(html, 'description'));
    expect(meta(html, 'description')).not.toBe('');
    expect(meta(html, 'article:published_time')).toBe(article.datePublished);
    // WeChat's link card: schema.org names besides Open Graph.
    expect(meta(html, 'name')).toBe(meta(html, 'og:title'));
    expect(meta(html, 'description')).toBe(meta(html, 'description'));
    const image = meta(html, 'og:image') ?? '';
    expect(image).toBe(meta(html, 'image'));
    if (article.image) {
      expect(image).toMatch(new RegExp(`^${server.url}/fs/api/v1\\.0/viewPic\\.file\\?fileUuid=`));
      // Shared links get the share card (decision 063); structured data names the picture itself.
      expect(image.replace(/&amp;/g, '&')).toContain('&crop=share');
      expect(article.image).toEqual([
        expect.stringContaining(image.replace(/&amp;/g, '&').split('&')[0] ?? ''),
      ]);
      expect((await fetch(image.replace(/&amp;/g, '&'))).headers.get('content-type')).toMatch(/^image\//);
    }
  });

  it('a product: Product with an Offer in CNY from its price in fen, and its breadcrumb', async () => {
    const [row] = await server.app.db
      .select()
      .from(product)
      .where(and(eq(product.status, 'published')))
      .orderBy(asc(product.id))
      .limit(1);
    if (!row) throw new Error('no published product');
    const { html } = await page(`/priceShop/productDetail?productId=${row.id}`);
    const list = blocks(html);
    expect(list.map((b) => b['@type'])).toEqual(['Organization', 'Product', 'BreadcrumbList']);
    const yuan = `${Math.trunc(row.priceFen / 100)}.${String(row.priceFen % 100).padStart(2, '0')}`;
    expect(ofType(list, 'Product')).toMatchObject({
      name: row.name,
      sku: String(row.id),
      offers: {
        '@type': 'Offer',
        price: yuan,
        priceCurrency: 'CNY',
        url: `${server.url}/priceShop/productDetail?productId=${row.id}`,
        priceSpecification: { priceCurrency: 'CNY', unitText: row.priceUnit },
      },
    });
    expect(ofType(list, 'BreadcrumbList').itemListElement.map((i: { name: string }) => i.name)).toEqual([
      '首页',
      '价格商城',
      row.name,
    ]);
    expect(meta(html, 'og:title')).toContain(row.name);
    if (row.summary)
      expect(meta(html, 'og:description')).toBe(row.summary.replace(/\s+/g, ' ').trim().slice(0, 120));
    if (row.coverFileUuid)
      expect(meta(html, 'og:image')).toContain(
        `${server.url}/fs/api/v1.0/viewPic.file?fileUuid=${row.coverFileUuid}`,
      );
  });

  it('a list page: the organisation only (it shows no breadcrumb)', async () => {
    const { html } = await page('/news/1881');
    expect(blocks(html).map((b) => b['@type'])).toEqual(['Organization']);
    expect(meta(html, 'og:image')).toBe(`${server.url}/share-cover.png`);
  });

  it('content cannot close the block; the CSP hashes only running scripts; the page cache keeps the page', async () => {
    const { updatedAt: _u, ...settings } = only(await s.asAdmin(inquireSiteSettingsAdmin));
    const name = '悦讯</script><script>alert(1)</script><!--&\u2028公司';
    only(await s.asAdmin(updateSiteSettingsAdmin, { ...settings, companyName: name }));
    const first = await page('/home');
    expect(first.html).not.toContain('<script>alert(1)');
    const [org] = blocks(first.html);
    expect(org?.name).toBe(name);
    const inline = [...first.html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)];
    const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
    const csp = first.headers.get('content-security-policy') ?? '';
    for (const [, attrs, body] of inline) {
      if (attrs?.includes('application/ld+json')) expect(csp).not.toContain(hash(body ?? ''));
      else expect(csp).toContain(hash(body ?? ''));
    }
    const again = await page('/home');
    expect(again.html).toBe(first.html);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(again.headers.get('content-security-policy')).toBe(csp);
  });
});
