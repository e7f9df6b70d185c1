import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache';

describe('ReadCache', () => {
  it('serves a value until its TTL passes, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ReadCache(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('shares one load between concurrent misses and drops failures', async () => {
    let loads = 0;
    const cache = new ReadCache(1000);
    const slow = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10));
    expect(await Promise.all([cache.get('k', slow), cache.get('k', slow)])).toEqual([1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('bad', async () => 'recovered')).toBe('recovered');
  });

  it('forgets everything on clear, including loads already under way', async () => {
    let loads = 0;
    const cache = new ReadCache(60_000);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stale = cache.get('k', async () => {
      await gate;
      return ++loads;
    });
    cache.clear();
    release();
    expect(await stale).toBe(1);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });

  it('keeps at most maxEntries, evicting the oldest', async () => {
    let loads = 0;
    const cache = new ReadCache(60_000, 2);
    const load = async () => ++loads;
    await cache.get('a', load);
    await cache.get('b', load);
    await cache.get('c', load);
    expect(await cache.get('b', load)).toBe(2);
    expect(await cache.get('a', load)).toBe(4);
  });

  it('is off with a TTL of 0', async () => {
    let loads = 0;
    const cache = new ReadCache(0);
    await cache.get('k', async () => ++loads);
    expect(await cache.get('k', async () => ++loads)).toBe(2);
  });
});

describe('ReadCache bounded by bytes', () => {
  it('drops the oldest answers to stay within its bytes, and keeps none larger than the bound', async () => {
    const cache = new ReadCache(60_000, 1000, Date.now, 100, (value) => String(value).length);
    for (let i = 0; i < 50; i++) await cache.get(`k${i}`, async () => 'x'.repeat(30));
    expect(cache.size).toBeLessThanOrEqual(100);
    expect(cache.size).toBe(90);
    let loads = 0;
    // The three newest are kept, the oldest went.
    await cache.get('k49', async () => ++loads);
    await cache.get('k0', async () => ++loads);
    expect(loads).toBe(1);
    await cache.get('huge', async () => 'y'.repeat(101));
    expect(cache.size).toBeLessThanOrEqual(100);
  });
});
