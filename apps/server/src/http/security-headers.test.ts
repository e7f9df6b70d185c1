/**
 * The security headers every answer carries (computed once at start-up), and public reads kept as their
 * JSON text: the same bytes for every visitor until a change, then the change at once.
 */
import {
  actionPath,
  inquireArticleListByCondition,
  inquireProductDetailSALEPPublic,
  inquireTagProductListSALEPPublic,
  SITE_ID,
} from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server';

describe('security headers and kept public answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('answers an action and an unknown API address with the short set for data', async () => {
    const answers = [
      await server.post(actionPath(inquireArticleListByCondition), { siteId: SITE_ID, categoryId: 1881 }),
      await server.post('/news/api/v1.0/noSuchAction.json', {}),
    ];
    for (const { headers } of answers) {
      expect(headers.get('content-type')).toContain('application/json');
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      // Document-only headers are not sent with data.
      expect(headers.get('x-frame-options')).toBeNull();
      expect(headers.get('x-xss-protection')).toBeNull();
      // Intranet installs over plain HTTP exist: no HSTS.
      expect(headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('gives pages, the docs and other addresses the full set', async () => {
    for (const path of ['/docs', '/healthz', '/no-such-page']) {
      const { headers } = await fetch(`${server.url}${path}`);
      const csp = headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'self'");
      expect(csp, path).not.toContain('upgrade-insecure-requests');
      expect(headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(headers.get('cross-origin-opener-policy'), path).toBe('same-origin');
      expect(headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('serves a cached list as the same text, and a change behind it after the cache is cleared', async () => {
    const path = actionPath(inquireArticleListByCondition);
    const first = await server.post(path, { siteId: SITE_ID, categoryId: 1881 });
    const second = await server.post(path, { siteId: SITE_ID, categoryId: 1881 });
    expect(first.body.success).toBe(true);
    expect(second.text).toBe(first.text);
    // Named by its ETag, the same while the answer is the same.
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(second.headers.get('etag')).toBe(etag);
    const id = first.body.datas[0].id as number;
    await server.app.db.execute(sql`update article set title = '改过的标题' where id = ${id}`);
    expect((await server.post(path, { siteId: SITE_ID, categoryId: 1881 })).text).toBe(first.text);
    server.app.publicCaches.invalidate();
    const changed = await server.post(path, { siteId: SITE_ID, categoryId: 1881 });
    expect(changed.body.datas[0]).toMatchObject({ id, title: '改过的标题' });
    expect(changed.headers.get('etag')).toMatch(/^W\//);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });

  it('sends a kept answer compressed to a client that accepts it: the same JSON in a fraction of the bytes', async () => {
    const path = actionPath(inquireArticleListByCondition);
    const input = { siteId: SITE_ID, categoryId: 1881 };
    const plain = await server.post(path, input, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');
    const plainBytes = Number(plain.headers.get('content-length'));
    expect(plainBytes).toBe(Buffer.byteLength(plain.text));
    for (const coding of ['br', 'gzip']) {
      // Asked for at the same moment: one compression, the same bytes for both.
      const answers = await Promise.all(
        [1, 2].map(() => server.post(path, input, { headers: { 'accept-encoding': coding } })),
      );
      for (const answer of answers) {
        expect(answer.headers.get('content-encoding')).toBe(coding);
        expect(answer.headers.get('vary')).toBe('accept-encoding');
        expect(answer.text).toBe(plain.text);
        expect(Number(answer.headers.get('content-length'))).toBeLessThan(plainBytes / 2);
      }
    }
    // An answer that is not kept (a refusal) is sent as it is.
    const refused = await server.post(
      path,
      { siteId: SITE_ID, categoryId: 'x' },
      { headers: { 'accept-encoding': 'br' } },
    );
    expect(refused.body.success).toBe(false);
    expect(refused.headers.get('content-encoding')).toBeNull();
  });

  it('keeps product answers per product and per tag', async () => {
    const tags = await server.post(actionPath(inquireTagProductListSALEPPublic), { siteId: SITE_ID });
    const productId = tags.body.datas.flatMap((t: { products: { id: number }[] }) => t.products)[0]?.id;
    expect(productId).toBeTypeOf('number');
    const product = await server.post(actionPath(inquireProductDetailSALEPPublic), {
      siteId: SITE_ID,
      productId,
    });
    expect(product.body.datas[0].id).toBe(productId);
    const missing = await server.post(actionPath(inquireProductDetailSALEPPublic), {
      siteId: SITE_ID,
      productId: 999999,
    });
    expect(missing.body).toMatchObject({ success: false, errorCode: 404 });
    const again = await server.post(actionPath(inquireProductDetailSALEPPublic), {
      siteId: SITE_ID,
      productId,
    });
    expect(again.text).toBe(product.text);
  });
});
