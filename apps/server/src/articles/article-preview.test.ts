/**
 * 预览 links: a signed, expiring address that shows an article in any status on the site layout without
 * login, noindex and never kept; expired, tampered or another article's token → the 404 page.
 */
import {
  ARTICLE_PREVIEW_TTL_MS,
  articlePreviewPath,
  createArticleAdmin,
  createArticlePreviewAdmin,
} from '@yuexun/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { article } from '../db/schema';
import { signPreviewToken } from '../shared/preview-token';

const draft = (title: string) => ({
  categoryId: 1881,
  title,
  bodyHtml: '<p>还没发布的正文</p>',
  tags: [],
  status: 'draft',
  requestKey: requestKey(),
});

describe.each(drivers)('article preview links on %s', (driver) => {
  let server: TestServer;
  let s: AdminSessions;
  let id: number;
  let other: number;
  const page = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });
  const sign = (articleId: number, expiresAt: Date) =>
    articlePreviewPath(signPreviewToken(server.app.config.previewSecret, articleId, expiresAt));
  const expectNotFound = async (path: string) => {
    const res = await page(path);
    expect(res.status, path).toBe(404);
    expect(await res.text()).toContain('页面不存在');
  };

  beforeAll(async () => {
    server = await startServer(driver);
    s = await adminSessions(server);
    id = only(await s.asAdmin(createArticleAdmin, draft('预览中的草稿文章'))).id;
    other = only(await s.asAdmin(createArticleAdmin, draft('另一篇草稿'))).id;
  });
  afterAll(() => server.close());

  it('signs a link for an admin that expires after ARTICLE_PREVIEW_TTL_MS; others are refused', async () => {
    const before = Date.now();
    const link = only(await s.asAdmin(createArticlePreviewAdmin, { articleId: id }));
    expect(link.path).toMatch(new RegExp(`^/preview/article/${id}\\.\\d+\\.[\\w-]{43}$`));
    const expires = new Date(link.expiresAt).getTime();
    expect(expires - before).toBeGreaterThan(ARTICLE_PREVIEW_TTL_MS - 5000);
    expect(expires - before).toBeLessThanOrEqual(ARTICLE_PREVIEW_TTL_MS + 5000);
    expect((await s.asUser(createArticlePreviewAdmin, { articleId: id })).body.success).toBe(false);
    const unknown = await s.asAdmin(createArticlePreviewAdmin, { articleId: 999999 });
    expect(unknown.body.success).toBe(false);
    expect(unknown.body.errors).toEqual([{ field: 'articleId', message: '文章不存在或已下线' }]);
  });

  it('shows the draft on the site layout to a visitor without login: noindex, no-store, never cached', async () => {
    const link = only(await s.asAdmin(createArticlePreviewAdmin, { articleId: id }));
    const res = await page(link.path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    const html = await res.text();
    expect(html).toContain('预览中的草稿文章');
    expect(html).toContain('还没发布的正文');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('class="site-header');
    // The public address of a draft is still not found.
    await expectNotFound(`/news/detail/${id}`);
    // Changed behind every cache's back (no invalidation): the next preview shows it at once.
    await server.app.db.update(article).set({ title: '改过的草稿标题' }).where(eq(article.id, id));
    const again = await (await page(link.path)).text();
    expect(again).toContain('改过的草稿标题');
    expect(again).not.toContain('预览中的草稿文章');
    const sitemap = await (await page('/sitemap.xml')).text();
    expect(sitemap).not.toContain('/preview/');
  });

  it('answers the 404 page for an expired, tampered or another article’s token', async () => {
    await expectNotFound(sign(id, new Date(Date.now() - 1000)));
    const good = sign(id, new Date(Date.now() + 60_000));
    const signature = good.split('.').at(-1) ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    await expectNotFound(good.replace(signature, flipped));
    // Another article's id under this article's signature, and a later expiry under the same signature.
    await expectNotFound(good.replace(`/${id}.`, `/${other}.`));
    const [, expiry] = good.split('.');
    await expectNotFound(good.replace(`.${expiry}.`, `.${Number(expiry) + 3600}.`));
    await expectNotFound('/preview/article/not-a-token');
    // Signed with another key (another instance's default secret).
    await expectNotFound(
      articlePreviewPath(signPreviewToken('x'.repeat(32), id, new Date(Date.now() + 60_000))),
    );
  });
});
