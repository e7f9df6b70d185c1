/**
 * Crawlers' requests between two flushes, one entry per day, crawler, path, status and address with its hit
 * count, for the spider log; bounded, past the bound a new key is refused (the recorder counts it dropped).
 */
import type { Spider } from '@yuexun/contract';

const MAX_SPIDER_KEYS = 20_000;

export interface SpiderHit {
  day: string;
  spider: Spider;
  path: string;
  status: number;
  address: string;
  hits: number;
  lastAt: Date;
}

export class SpiderHits {
  private hits = new Map<string, SpiderHit>();

  /** Counts a hit; false when the log is full and the hit is new. */
  add(day: string, spider: Spider, path: string, status: number, address: string, at: Date) {
    const key = `${day}\n${spider}\n${path}\n${status}\n${address}`;
    const hit = this.hits.get(key);
    if (hit) {
      hit.hits++;
      hit.lastAt = at;
    } else if (this.hits.size < MAX_SPIDER_KEYS) {
      this.hits.set(key, { day, spider, path, status, address, hits: 1, lastAt: at });
    } else return false;
    return true;
  }

  /** The hits gathered so far; the log starts empty again. */
  take() {
    const hits = [...this.hits.values()];
    this.hits = new Map();
    return hits;
  }
}
