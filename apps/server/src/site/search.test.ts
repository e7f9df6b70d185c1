/**
 * 站内搜索 through the real server on both drivers: Chinese words of two and four characters find the
 * demo articles and products with the words marked; every word must match; drafts stay hidden; hostile
 * queries (empty, %, _, SQL-like, 1,000 characters) are normal pages; results are noindex and private.
 */
import { createArticleAdmin, DEFAULT_IDS } from '@yuexun/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSessions, only, requestKey } from '../../test/admin';
import { drivers, startServer, type TestServer } from '../../test/server';
import { get } from '../../test/site';
import { snippetOf } from './search';

const hits = (html: string) =>
  [...html.matchAll(/<li class="search-hit">[\s\S]*?<h2><a href="([^"]+)">([\s\S]*?)<\/a><\/h2>/g)].map(
    (m) => ({
      href: m[1] ?? '',
      title: (m[2] ?? '').replace(/<[^>]+>/g, ''),
      marked: m[2] ?? '',
    }),
  );

describe.each(drivers)('site search on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  const search = (q: string, extra = '') => get(server, `/search?q=${encodeURIComponent(q)}${extra}`);

  it('finds 智慧校园 in articles and products, words marked, title matches first', async () => {
    const page = await search('智慧校园');
    expect(page.status).toBe(200);
    const found = hits(page.html);
    expect(found.length).toBe(10);
    // Title matches weigh most: they come first.
    expect(found.slice(0, 5).every((h) => h.title.includes('智慧校园'))).toBe(true);
    expect(found[0]?.marked).toContain('<mark>智慧校园</mark>');
    expect(found.some((h) => h.href.startsWith('/priceShop/productDetail?productId='))).toBe(true);
    expect(found.some((h) => h.href.startsWith('/news/detail/'))).toBe(true);
    expect(page.html).toMatch(/找到 \d+ 条结果/);
    expect(page.html).toContain('rel="next"');
    expect(page.html).toContain('href="/search?q=%E6%99%BA%E6%85%A7%E6%A0%A1%E5%9B%AD&amp;page=2"');
    const second = await search('智慧校园', '&page=2');
    expect(hits(second.html)[0]?.href).not.toBe(found[0]?.href);
  });

  it('finds the two-character word 排课 in the product and the news', async () => {
    const found = hits((await search('排课')).html);
    const hrefs = found.map((h) => h.href);
    expect(hrefs.some((h) => h.startsWith('/priceShop/productDetail?productId='))).toBe(true);
    expect(hrefs.some((h) => h.startsWith('/news/detail/'))).toBe(true);
    expect(found.find((h) => h.title === '悦讯智能排课系统')?.marked).toContain('<mark>排课</mark>');
  });

  it('needs every word: 排课 走班 finds fewer than 排课 alone, each with both', async () => {
    const one = hits((await search('排课')).html);
    const both = (await search('排课  走班')).html;
    expect(both).toContain('“排课  走班”的搜索结果');
    const total = (html: string) => Number(/找到 (\d+) 条结果/.exec(html)?.[1]);
    expect(total(both)).toBeGreaterThan(0);
    expect(total(both)).toBeLessThan(total((await search('排课')).html));
    expect(one.length).toBeGreaterThan(0);
    expect(both).toContain('<mark>走班</mark>');
  });

  it('keeps drafts out of the results', async () => {
    const s = await adminSessions(server);
    only(
      await s.asAdmin(createArticleAdmin, {
        categoryId: DEFAULT_IDS.news,
        title: '草稿里的独有词语麒麟排课',
        status: 'draft',
        requestKey: requestKey(),
      }),
    );
    const page = await search('麒麟排课');
    expect(hits(page.html)).toEqual([]);
    expect(page.html).toContain('没有找到与“麒麟排课”相关的内容');
  });

  it.each([
    ['empty', ''],
    ['a percent sign', '%'],
    ['percent and underscore', '%_%_'],
    ['SQL-like', "' or 1=1; drop table article; --"],
    ['a backslash', '\\'],
    ['1,000 characters', '智'.repeat(1000)],
    ['markup', '<script>alert(1)</script>'],
  ])('answers %s with a normal page', async (_name, q) => {
    const page = await search(q);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.html).toContain('<meta name="robots" content="noindex"');
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    // A percent sign is a character like any other: the demo's "99%" is found, marked; "%_%_" is not.
    if (q === '%') expect(page.html).toContain('<mark>%</mark>');
    if (q === '%_%_') expect(page.html).toContain('没有找到与“%_%_”相关的内容');
  });

  it('a bad page number is the first page; a far one the last offered', async () => {
    expect((await search('智慧校园', '&page=abc')).status).toBe(200);
    expect((await search('智慧校园', '&page=999999')).status).toBe(200);
  });
});

describe('search snippets', () => {
  it('start a little before the first word, cut in characters', () => {
    const text = `${'前'.repeat(100)}排课${'后'.repeat(200)}`;
    const snippet = snippetOf(text, ['排课']);
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('排课');
    expect([...snippet].length).toBe(122);
    expect(snippetOf('短文本', ['无'])).toBe('短文本');
  });
});
