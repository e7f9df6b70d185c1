/**
 * One address per article: the detail route of its category's kind is canonical (and the only one in
 * the sitemap); the other three routes of spec §2 answer 301 to it, keeping the base path and query.
 */
import { articleDetailPath, SITE_ID } from '@yuexun/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../test/server';
import { article, category } from '../db/schema';

const DETAIL_ROUTES = [
  '/news/detail',
  '/demonstrationCase/detail',
  '/solution/produceService/detail',
  '/detail',
];

const firstOfKind = async (server: TestServer, kind: 'news' | 'case' | 'solution' | 'profile') => {
  const [row] = await server.app.db
    .select({ id: article.id, title: article.title })
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(and(eq(category.siteId, SITE_ID), eq(category.kind, kind), eq(article.status, 'published')))
    .orderBy(asc(article.id))
    .limit(1);
  if (!row) throw new Error(`no published ${kind} article`);
  return row;
};

const get = (server: TestServer, path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' });

describe.each(['/', '/portal/'])('one address per article (base path %s)', (basePath) => {
  let server: TestServer;
  const prefix = basePath.replace(/\/$/, '');
  beforeAll(async () => {
    server = await startServer('pglite', basePath === '/' ? {} : { basePath });
  });
  afterAll(() => server.close());

  it.each(['news', 'case', 'solution', 'profile'] as const)(
    'a %s article is shown at its own address; the other routes answer 301 to it with the query',
    async (kind) => {
      const { id, title } = await firstOfKind(server, kind);
      const canonical = articleDetailPath(kind, id);
      const page = await get(server, `${prefix}${canonical}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(title);
      expect(html).toContain(`rel="canonical" href="${server.url}${prefix}${canonical}"`);
      for (const route of DETAIL_ROUTES.filter((r) => `${r}/${id}` !== canonical)) {
        const moved = await get(server, `${prefix}${route}/${id}?utm_source=baidu&from=menu`);
        expect(moved.status, route).toBe(301);
        expect(moved.headers.get('cache-control'), route).toBe('no-cache');
        const location = new URL(moved.headers.get('location') ?? '', server.url);
        expect(location.pathname).toBe(`${prefix}${canonical}`);
        expect(Object.fromEntries(location.searchParams)).toEqual({ utm_source: 'baidu', from: 'menu' });
      }
    },
  );

  it('the sitemap lists each article once, at its canonical address', async () => {
    const xml = await (await get(server, `${prefix}/sitemap.xml`)).text();
    const news = await firstOfKind(server, 'news');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    const ofNews = locs.filter((loc) => new RegExp(`/detail/${news.id}$`).test(loc));
    expect(ofNews).toEqual([`${server.url}${prefix}/news/detail/${news.id}`]);
    const articleLocs = locs.filter((loc) => /\/detail\/\d+$/.test(loc));
    expect(new Set(articleLocs.map((loc) => loc.match(/(\d+)$/)?.[1])).size).toBe(articleLocs.length);
  });
});
