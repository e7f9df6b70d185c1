/**
 * A short-lived cache for public reads (article lists, details, the price shop). The marketing site
 * is read thousands of times for every edit; a few seconds of staleness buys answers without a query.
 * Concurrent misses for one key share one load. An action that declares `affectsSite` clears it (publicCaches.invalidate);
 * other instances catch up within the TTL, or at once on PostgreSQL (see docs/decisions/009-public-read-cache.md).
 * Bounded twice: by entries and by bytes (each value's estimated size, README "Memory"); the oldest go first,
 * so a crawler asking for every page of every list cannot make the server hold more than maxBytes of answers.
 */
export class ReadCache {
  /** Set by public-caches.ts to the app's metrics (hits and misses); none in the unit tests. */
  meter: { hits: { inc(): void }; misses: { inc(): void } } | null = null;
  private entries = new Map<string, { value: unknown; expires: number; bytes: number }>();
  private bytes = 0;
  private loading = new Map<string, Promise<unknown>>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 2000,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly sizeOf: (value: unknown) => number = () => 0,
  ) {}

  /** Estimated bytes of the values kept now. */
  get size() {
    return this.bytes;
  }

  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      this.meter?.hits.inc();
      return hit.value as T;
    }
    this.meter?.misses.inc();
    const pending = this.loading.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const promise = load().then(
      (value) => {
        this.loading.delete(key);
        // A load that started before a clear() must not put stale data back.
        if (generation === this.generation) this.store(key, value);
        return value;
      },
      (error: unknown) => {
        this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, promise);
    return promise;
  }

  clear() {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
    this.loading.clear();
  }

  private store(key: string, value: unknown) {
    const bytes = this.sizeOf(value);
    if (bytes > this.maxBytes) return;
    this.remove(key);
    while (this.entries.size >= this.maxEntries || this.bytes + bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.remove(oldest);
    }
    this.entries.set(key, { value, expires: this.now() + this.ttlMs, bytes });
    this.bytes += bytes;
  }

  private remove(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
