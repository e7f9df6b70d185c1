/**
 * Rendered anonymous pages in memory (docs/decisions/018-rendered-page-cache.md): the HTML with its
 * gzip and brotli forms (each made when first asked for), headers and ETag, so that a page read by a
 * thousand visitors is rendered once. Bounded by bytes (least recently used goes first). One render per
 * key at a time; after the TTL an entry is still served while one request renders it again
 * (stale-while-revalidate).
 * clear() drops everything at once, including renders already under way.
 */
import type { Encodable } from '../../http/content-coding';

export interface PageEntry {
  status: number;
  /** Response headers of the render (lower-case names), without content-length/encoding. */
  headers: Record<string, string>;
  html: Buffer;
  /**
   * The compressed forms, each made the first time a visitor accepts it (one compression for all who ask at
   * once): a page a crawler reads once costs no compression it does not use, and a browser's brotli never
   * pays for a gzip nobody asks for.
   */
  encoded: Encodable['encoded'];
  etag: string;
  /** Article ids the render counted a view for: a page served from memory counts them again. */
  views: number[];
  expires: number;
  /** When the entry was stored (the cache's clock): a kept page answers with its `Age` from this. */
  storedAt: number;
  /**
   * When the page's content changes by itself (a banner's window opens or closes): the entry is fresh until
   * then at most, and past it is never served, not even stale. Null: only the TTL applies.
   */
  validUntil: number | null;
  /** What the entry holds in memory; grows as compressed forms are made (PageCache.grew). */
  bytes: number;
}

/** What a fill produced: an entry to keep, or null when the answer may not be kept (private, error…). */
export type Fill = () => Promise<PageEntry | null>;

export interface Lookup {
  entry: PageEntry | null;
  /** True when this caller's own fill produced the answer (it already has the response in hand). */
  filled: boolean;
}

/** What the cache reports to /metrics (shared/metrics/metrics.ts); none in the unit tests. */
export interface PageCacheMeter {
  hits: { inc(): void };
  misses: { inc(): void };
  clears: { inc(): void };
}

export class PageCache {
  /** Set by public-caches.ts to the app's metrics. */
  meter: PageCacheMeter | null = null;
  private entries = new Map<string, PageEntry>();
  /** Each kept entry's key, for accounting what it grows by after it was stored. */
  private keys = new WeakMap<PageEntry, string>();
  private filling = new Map<string, Promise<PageEntry | null>>();
  private generation = 0;
  private bytes = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled() {
    return this.ttlMs > 0 && this.maxBytes > 0;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * A fresh entry at once; a stale one at once while one background fill replaces it; on a miss,
   * waits for the one fill under way for the key (or starts it). `entry: null` means nothing
   * could be kept: the caller renders for itself.
   */
  async get(key: string, fill: Fill): Promise<Lookup> {
    let hit = this.entries.get(key);
    if (hit && hit.validUntil !== null && hit.validUntil <= this.now()) {
      // Past a boundary of its own: what it shows is wrong now, so it is a miss.
      this.entries.delete(key);
      this.bytes -= hit.bytes;
      hit = undefined;
    }
    if (hit) {
      // Most recently used goes to the end of the map's order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      if (hit.expires <= this.now() && !this.filling.has(key)) {
        this.start(key, fill).catch(() => {
          // The stale entry keeps serving; the next request after it tries again.
        });
      }
      this.meter?.hits.inc();
      return { entry: hit, filled: false };
    }
    // Waiting for another request's render is a miss too: this request was not answered from memory.
    this.meter?.misses.inc();
    const pending = this.filling.get(key);
    if (pending) return { entry: await pending, filled: false };
    return { entry: await this.start(key, fill), filled: true };
  }

  /**
   * `entry` now holds `bytes` more (a compressed form made after it was stored): counted against the bound
   * while it is kept, making room as a store does. Nothing for an entry no longer kept.
   */
  grew(entry: PageEntry, bytes: number) {
    entry.bytes += bytes;
    const key = this.keys.get(entry);
    if (key === undefined || this.entries.get(key) !== entry) return;
    this.bytes += bytes;
    this.makeRoom(entry);
  }

  /** Seconds since `entry` was rendered and kept, for the `Age` header (RFC 9111 §5.1). */
  ageOf(entry: PageEntry) {
    return Math.max(0, Math.floor((this.now() - entry.storedAt) / 1000));
  }

  clear() {
    this.meter?.clears.inc();
    this.generation++;
    this.entries.clear();
    this.filling.clear();
    this.bytes = 0;
  }

  private start(key: string, fill: Fill) {
    const generation = this.generation;
    const promise = fill().then(
      (entry) => {
        if (this.filling.get(key) === promise) this.filling.delete(key);
        // A render that began before a clear() may show the old content: answer with it, never keep it.
        if (entry && generation === this.generation) this.store(key, entry);
        return entry;
      },
      (error: unknown) => {
        if (this.filling.get(key) === promise) this.filling.delete(key);
        throw error;
      },
    );
    this.filling.set(key, promise);
    return promise;
  }

  private store(key: string, entry: PageEntry) {
    entry.storedAt = this.now();
    entry.expires = Math.min(this.now() + this.ttlMs, entry.validUntil ?? Number.POSITIVE_INFINITY);
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (entry.bytes > this.maxBytes / 2) return;
    this.entries.set(key, entry);
    this.keys.set(entry, key);
    this.bytes += entry.bytes;
    this.makeRoom(entry);
  }

  /** Drops the least recently used entries, never `keep`, until the total is within the bound. */
  private makeRoom(keep: PageEntry) {
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (value === keep) continue;
      this.entries.delete(oldest);
      this.bytes -= value.bytes;
    }
  }
}
