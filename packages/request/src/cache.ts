/** Enough for the few lookup lists a page reads; bounds memory on a console left open all day. */
const MAX_ENTRIES = 200;

export interface ResponseCache {
  /** A copy of the stored value, so a caller editing its result cannot change what the next caller gets. */
  lookup(key: string): { value: unknown } | undefined;
  store(key: string, value: unknown): void;
  clear(): void;
}

export const createResponseCache = ({ ttlMs, now }: { ttlMs: number; now: () => number }): ResponseCache => {
  const entries = new Map<string, { value: unknown; expiresAt: number }>();

  const dropExpired = () => {
    const time = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= time) entries.delete(key);
  };

  return {
    lookup(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return { value: structuredClone(entry.value) };
    },
    store(key, value) {
      entries.delete(key);
      if (entries.size >= MAX_ENTRIES) dropExpired();
      // Maps iterate in insertion order, so the first key is the oldest entry.
      const oldest = entries.keys().next();
      if (entries.size >= MAX_ENTRIES && !oldest.done) entries.delete(oldest.value);
      entries.set(key, { value: structuredClone(value), expiresAt: now() + ttlMs });
    },
    clear() {
      entries.clear();
    },
  };
};
