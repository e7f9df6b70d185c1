/**
 * The rendered-page cache as visitors meet it: an anonymous page is kept (changing the database
 * behind the server's back does not show), a console change shows at once here and on a second
 * instance (PostgreSQL: NOTIFY; PGlite: within the TTL), signed-in visitors and lead posts never
 * get the kept page, and a kept page keeps its ETag and CSP hashes.
 */
import { createArticleAdmin, SITE_ID, updateArticleAdmin } from '@yuexun/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionOf } from '../../test/accounts';
import { type AdminSessions, adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { article, customerIntention } from '../db/schema';

const get = async (server: TestServer, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  return { status: res.status, headers: res.headers, html: await res.text() };
};
const h1 = (html: string) => html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1]?.replace(/<[^>]+>/g, '') ?? null;

/** Polls until `check` holds, for at most `withinMs` (another instance learns of a change asynchronously). */
const eventually = async (check: () => Promise<boolean>, withinMs: number) => {
  const until = Date.now() + withinMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
};

const PGLITE_TTL_MS = 1500;

describe.each(drivers)('rendered-page cache on %s', (driver) => {
  let a: TestServer;
  let b: TestServer;
  let s: AdminSessions;
  let articleId: number;
  let version: number;
  beforeAll(async () => {
    // On PostgreSQL a long TTL: only NOTIFY can make the second instance show a change in time.
    const publicCacheTtlMs = driver === 'postgres' ? 60_000 : PGLITE_TTL_MS;
    a = await startServer(driver, { publicCacheTtlMs });
    b = await startServer(
      driver,
      { publicCacheTtlMs },
      { databaseUrl: a.databaseUrl, database: a.app.database },
    );
    s = await adminSessions(a);
    const created = only(
      await s.asAdmin(createArticleAdmin, {
        siteId: SITE_ID,
        categoryId: 1881,
        title: '缓存测试文章',
        summary: '页面缓存',
        bodyHtml: '<p>正文</p>',
        status: 'published',
        requestKey: requestKey(),
      }),
    );
    articleId = created.id;
    version = created.version;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('keeps an anonymous page: a change behind the server’s back does not show, a console change shows at once on both instances', async () => {
    const path = `/news/detail/${articleId}`;
    expect(h1((await get(a, path)).html)).toBe('缓存测试文章');
    expect(h1((await get(b, path)).html)).toBe('缓存测试文章');
    // Written straight into the database, no action: the kept pages stay as they were.
    await a.app.db.update(article).set({ title: '绕过后台的改动' }).where(eq(article.id, articleId));
    version += 1;
    await a.app.db.update(article).set({ version }).where(eq(article.id, articleId));
    expect(h1((await get(a, path)).html)).toBe('缓存测试文章');

    const saved = await s.asAdmin(updateArticleAdmin, {
      siteId: SITE_ID,
      articleId,
      version,
      categoryId: 1881,
      title: '后台改过的标题',
      summary: '页面缓存',
      bodyHtml: '<p>正文</p>',
      status: 'published',
      requestKey: requestKey(),
    });
    expect(saved.body.success, saved.text).toBe(true);
    expect(h1((await get(a, path)).html)).toBe('后台改过的标题');
    const withinMs = driver === 'postgres' ? 5_000 : PGLITE_TTL_MS + 5_000;
    expect(await eventually(async () => h1((await get(b, path)).html) === '后台改过的标题', withinMs)).toBe(
      true,
    );
  });

  it('answers 304 to a matching ETag and keeps the CSP hashes of the kept page’s inline scripts', async () => {
    const first = await get(a, '/agent');
    const again = await get(a, '/agent');
    const etag = again.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    const csp = again.headers.get('content-security-policy') ?? '';
    // JSON-LD blocks are data, never run: not hashed (structured-data.test.ts checks them).
    const inline = [
      ...again.html.matchAll(
        /<script(?![^>]*\ssrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
      ),
    ];
    expect(inline.length).toBeGreaterThan(0);
    const { createHash } = await import('node:crypto');
    for (const [, body] of inline) {
      expect(csp).toContain(
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
      );
    }
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    const notModified = await get(a, '/agent', { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.html).toBe('');
    // Each compressed form is made when first asked for (the requests above took gzip, fetch's default), once
    // for everyone asking at that moment, and then counted in the cache's bytes; every form is the same page.
    const keptBefore = a.app.publicCaches.pages.size.bytes;
    const brotli = await Promise.all(
      [1, 2, 3].map(() => fetch(`${a.url}/agent`, { headers: { 'accept-encoding': 'br' } })),
    );
    for (const answer of brotli) {
      expect(answer.headers.get('content-encoding')).toBe('br');
      expect(await answer.text()).toBe(again.html);
    }
    const brotliBytes = a.app.publicCaches.pages.size.bytes - keptBefore;
    expect(brotliBytes).toBeGreaterThan(0);
    expect(brotliBytes).toBeLessThan(again.html.length / 3);
    const zipped = await fetch(`${a.url}/agent`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toBe(again.html);
    expect(a.app.publicCaches.pages.size.bytes).toBe(keptBefore + brotliBytes);
  });

  it('never gives a signed-in visitor the kept anonymous page', async () => {
    const anonymous = await get(a, '/home');
    expect(anonymous.html).toContain('登录');
    const sid = await sessionOf(a, 'admin');
    const signedIn = await get(a, '/home', { headers: { cookie: `yx_sid=${sid}` } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
    // Its own validator (send-page.test.ts: the same 304s as an anonymous page), never the kept page's.
    expect(signedIn.headers.get('etag')).toMatch(/^W\//);
    expect(signedIn.headers.get('etag')).not.toBe(anonymous.headers.get('etag'));
    expect(signedIn.html).toContain('退出登录');
    expect(signedIn.html).not.toBe(anonymous.html);
    // And the signed-in page is not kept for the next anonymous visitor.
    expect((await get(a, '/home')).html).not.toContain('退出登录');
  });

  it('never answers a lead posted without JavaScript from the kept page, nor keeps the result page', async () => {
    await get(a, '/home');
    const leads = async () =>
      (
        await a.app.db
          .select({ n: count() })
          .from(customerIntention)
          .where(eq(customerIntention.phone, '13911112222'))
      )[0]?.n;
    const post = (body: Record<string, string>) =>
      get(a, '/home', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: a.url },
        body: new URLSearchParams(body).toString(),
      });
    const bad = await post({ contactName: '王老师', phone: '123' });
    expect(bad.status).toBe(422);
    expect(bad.html).toContain('不合法的手机号');
    const sent = await post({
      privacyConsent: 'on',
      contactName: '王老师',
      phone: '13911112222',
      schoolName: '杭州市文澜中学',
      region: '浙江省杭州市',
      schoolType: 'middle',
      role: '信息中心主任',
    });
    expect(sent.status).toBe(303);
    expect(await leads()).toBe(1);
    const result = await get(a, '/home?lead=created');
    expect(result.headers.get('cache-control')).toBe('private, no-store');
    expect(result.html).toContain('提交成功');
    expect((await get(a, '/home')).html).not.toContain('提交成功');
  });

  it('keeps the pages through a burst of visitor leads and a sign-in: only staff changes empty the cache', async () => {
    const path = `/news/detail/${articleId}`;
    const kept = h1((await get(a, path)).html);
    expect(kept).not.toBeNull();
    await a.app.db.update(article).set({ title: '访客提交后不应出现' }).where(eq(article.id, articleId));
    const form = (phone: string) =>
      new URLSearchParams({
        siteId: String(SITE_ID),
        privacyConsent: 'on',
        contactName: '缓存访客',
        phone,
        schoolName: '缓存测试学校',
        region: '上海市',
        schoolType: 'primary',
        role: '校长',
      }).toString();
    for (const phone of ['13922220001', '13922220002', '13922220003']) {
      const res = await fetch(`${a.url}/store/api/v1.0/createCustomerIntentionSALEPPublic.json`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form(phone),
      });
      expect(((await res.json()) as { success: boolean }).success).toBe(true);
    }
    await sessionOf(a, 'admin');
    // Leads and a sign-in change nothing a visitor sees: the kept page is still served.
    expect(h1((await get(a, path)).html)).toBe(kept);
    // A staff change does empty it, and the page shows the database as it is.
    const [row] = await a.app.db
      .select({ version: article.version })
      .from(article)
      .where(eq(article.id, articleId));
    const saved = await s.asAdmin(updateArticleAdmin, {
      siteId: SITE_ID,
      articleId,
      version: row?.version ?? 0,
      categoryId: 1881,
      title: '员工改过之后',
      summary: '页面缓存',
      bodyHtml: '<p>正文</p>',
      status: 'published',
      requestKey: requestKey(),
    });
    expect(saved.body.success, saved.text).toBe(true);
    expect(h1((await get(a, path)).html)).toBe('员工改过之后');
  });

  it('still counts a view for every article page served from memory', async () => {
    const path = `/news/detail/${articleId}`;
    const views = async () => {
      await a.app.viewCounter.flush();
      const [row] = await a.app.db
        .select({ n: article.viewCount })
        .from(article)
        .where(eq(article.id, articleId));
      return row?.n ?? -1;
    };
    await get(a, path);
    const before = await views();
    await get(a, path);
    await get(a, path);
    expect(await views()).toBe(before + 2);
  });
});
