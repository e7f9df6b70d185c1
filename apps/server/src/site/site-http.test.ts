/**
 * The site over HTTP: nothing reflected from the query, the error and preview pages, sitemap and
 * robots, caching, security headers, build assets and the API paths beside the pages.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/server';
import { get, h1, startSiteServer } from '../../test/site';
import { article, category, product } from '../db/schema';

describe('site pages over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startSiteServer();
  });
  afterAll(() => server.close());

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
    expect(first.headers.get('cache-control')).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=60',
    );
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await get(server, '/service', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('sends a CSP allowing exactly the inline scripts of the page (JSON-LD is data, not hashed), and the other security headers', async () => {
    const { headers, html } = await get(server, '/agent');
    const csp = headers.get('content-security-policy') ?? '';
    const inline = [
      ...html.matchAll(/<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(html).toContain('<script type="application/ld+json">');
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
});
