/**
 * The visitor sketch's error and the compact sets' bounds, with a seeded generator (no flaky figures):
 * the numbers decision 038 states come from here.
 */
import { describe, expect, it } from 'vitest';
import { Uint32Counter, Uint32Set } from './compact-set';
import { entryOf, estimate, merge, SPARSE_MAX } from './sketch';

/** mulberry32: a small seeded generator of 32-bit numbers. */
const random32 = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return (t ^ (t >>> 14)) >>> 0;
};

describe('visitor sketch', () => {
  it('counts distinct visitors within the stated error, however the registers are split and merged', () => {
    const next = random32(31);
    const figures: string[] = [];
    for (const [n, trials, bound] of [
      [1, 300, 0],
      [100, 300, 0],
      [4000, 20, 1],
      [5000, 20, 100],
      [100_000, 10, 2500],
    ] as const) {
      let worst = 0;
      let sumSq = 0;
      for (let t = 0; t < trials; t++) {
        const hashes = Array.from({ length: n }, next);
        // Two instances each see some of the visitors (many of them both): the union counts once.
        const a = merge(hashes.filter((_, i) => i % 3 !== 0).map(entryOf));
        const b = merge(hashes.filter((_, i) => i % 3 !== 1).map(entryOf));
        const error = estimate(merge([...a, ...b])) - n;
        worst = Math.max(worst, Math.abs(error));
        sumSq += error * error;
      }
      figures.push(`${n}: rms ${((Math.sqrt(sumSq / trials) / n) * 100).toFixed(2)}%, worst ${worst}`);
      expect(worst, `${n} visitors`).toBeLessThanOrEqual(bound);
    }
    console.log(`sketch error (rms, worst of the trials): ${figures.join('; ')}`);
  });

  it('keeps a key exact up to 4,096 visitors, then 16,384 registers at most', () => {
    const next = random32(3);
    const small = merge(Array.from({ length: SPARSE_MAX }, () => entryOf(next())));
    expect(small.every((x) => x >= 0)).toBe(true);
    const big = merge([...small, ...Array.from({ length: 50_000 }, () => entryOf(next()))]);
    expect(big.every((x) => x < 0)).toBe(true);
    expect(big.length).toBeLessThanOrEqual(16_384);
  });
});

describe('compact sets', () => {
  it('holds 32-bit values in typed arrays up to a cap, then refuses', () => {
    const set = new Uint32Set(1000);
    const next = random32(7);
    const values = Array.from({ length: 1000 }, next);
    for (const v of values) expect(set.add(v)).not.toBe(null);
    expect(set.add(values[0] ?? 0)).toBe(false);
    expect(set.add(123)).toBe(null);
    expect(set.size).toBe(new Set(values).size);
    for (const v of values) expect(set.has(v)).toBe(true);
    // 1000 entries in 2048 slots of 4 bytes: the bound is twice the cap, rounded up to a power of two.
    expect(set.bytes).toBe(8192);
    expect(set.add(0)).toBe(null);
  });

  it('counts per key up to 255 and refuses new keys past its cap', () => {
    const counter = new Uint32Counter(2);
    for (let i = 0; i < 300; i++) counter.increment(42);
    expect(counter.get(42)).toBe(255);
    expect(counter.increment(43)).toBe(1);
    expect(counter.increment(44)).toBe(null);
    expect(counter.get(44)).toBe(0);
  });
});
