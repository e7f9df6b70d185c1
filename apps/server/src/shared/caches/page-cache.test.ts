import { describe, expect, it } from 'vitest';
import { PageCache, type PageEntry } from './page-cache';

const page = (text: string, bytes = 100, validUntil: number | null = null): PageEntry => ({
  status: 200,
  headers: {},
  html: Buffer.from(text),
  encoded: {},
  etag: `W/"${text}"`,
  views: [],
  expires: 0,
  storedAt: 0,
  validUntil,
  bytes,
});
const html = (found: { entry: PageEntry | null }) => found.entry?.html.toString() ?? null;

describe('PageCache', () => {
  it('keeps a page that changes at a known instant until then at most, and never serves it stale past it', async () => {
    let now = 0;
    let renders = 0;
    const cache = new PageCache(10_000, 10_000, () => now);
    // The first render shows a banner that ends at 3000; the second is rendered after it.
    const fill = async () => (++renders === 1 ? page('with banner', 100, 3000) : page('without'));
    expect(html(await cache.get('/home', fill))).toBe('with banner');
    now = 2999;
    expect(html(await cache.get('/home', fill))).toBe('with banner');
    now = 3000;
    const after = await cache.get('/home', fill);
    expect(html(after)).toBe('without');
    expect(after.filled).toBe(true);
    expect(renders).toBe(2);
    expect(cache.size.bytes).toBe(100);
  });

  it('renders one key once for concurrent visitors and serves it until the TTL', async () => {
    let renders = 0;
    const cache = new PageCache(1000, 10_000);
    const fill = () =>
      new Promise<PageEntry>((resolve) => setTimeout(() => resolve(page(`v${++renders}`)), 5));
    const answers = await Promise.all([
      cache.get('/home', fill),
      cache.get('/home', fill),
      cache.get('/home', fill),
    ]);
    expect(answers.map(html)).toEqual(['v1', 'v1', 'v1']);
    expect(answers.map((a) => a.filled)).toEqual([true, false, false]);
    expect(html(await cache.get('/home', fill))).toBe('v1');
    expect(renders).toBe(1);
  });

  it('after the TTL serves the stale page while one render replaces it', async () => {
    let now = 0;
    let renders = 0;
    const cache = new PageCache(1000, 10_000, () => now);
    let release: () => void = () => {};
    const fill = async () => {
      renders++;
      if (renders > 1) await new Promise<void>((resolve) => (release = resolve));
      return page(`v${renders}`);
    };
    await cache.get('/home', fill);
    now = 1500;
    expect(html(await cache.get('/home', fill))).toBe('v1');
    expect(html(await cache.get('/home', fill))).toBe('v1');
    expect(renders).toBe(2);
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(html(await cache.get('/home', fill))).toBe('v2');
  });

  it('drops the least recently used pages to stay within its bytes', async () => {
    const cache = new PageCache(60_000, 1000);
    await cache.get('a', async () => page('a', 300));
    await cache.get('b', async () => page('b', 300));
    await cache.get('c', async () => page('c', 300));
    await cache.get('a', async () => page('a2', 300)); // a is used again: b is now the oldest
    await cache.get('d', async () => page('d', 300));
    expect(cache.size).toEqual({ entries: 3, bytes: 900 });
    expect(html(await cache.get('a', async () => page('a3')))).toBe('a');
    expect(html(await cache.get('b', async () => page('b2')))).toBe('b2');
    // A page larger than half of the budget is answered but never kept.
    expect(html(await cache.get('big', async () => page('big', 600)))).toBe('big');
    expect(html(await cache.get('big', async () => page('big2', 600)))).toBe('big2');
  });

  it('counts a compressed form made after the store against its bytes, making room for it', async () => {
    const cache = new PageCache(60_000, 1000);
    const a = (await cache.get('a', async () => page('a', 300))).entry as PageEntry;
    await cache.get('b', async () => page('b', 300));
    await cache.get('c', async () => page('c', 300));
    cache.grew(a, 200);
    // a holds 500 now: b, the least recently used of the others, makes room.
    expect(cache.size).toEqual({ entries: 2, bytes: 800 });
    expect(html(await cache.get('a', async () => page('a2')))).toBe('a');
    expect(html(await cache.get('b', async () => page('b2', 100)))).toBe('b2');
    // An entry no longer kept grows on its own, never in the cache's count.
    const gone = (await cache.get('gone', async () => page('gone', 600))).entry as PageEntry;
    cache.grew(gone, 50);
    expect(cache.size.bytes).toBe(900);
  });

  it('clear() forgets every page, and a render begun before it is answered but not kept', async () => {
    const cache = new PageCache(60_000, 10_000);
    let release: () => void = () => {};
    const slow = cache.get(
      '/news',
      () => new Promise<PageEntry>((resolve) => (release = () => resolve(page('old')))),
    );
    cache.clear();
    release();
    expect(html(await slow)).toBe('old');
    expect(html(await cache.get('/news', async () => page('new')))).toBe('new');
    expect(cache.size.entries).toBe(1);
    cache.clear();
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('keeps nothing a render says may not be kept, and is off with a TTL of 0', async () => {
    const cache = new PageCache(60_000, 10_000);
    expect((await cache.get('/home?lead=created', async () => null)).entry).toBeNull();
    expect(cache.size.entries).toBe(0);
    expect(new PageCache(0, 10_000).enabled).toBe(false);
  });
});
