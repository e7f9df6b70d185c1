/**
 * The two public caches of an instance (data reads and rendered pages) and the one way to empty
 * them: `app.publicCaches.invalidate()`, called after every successful action that declares `affectsSite` in
 * the contract (the registry does it) and by any other code that changes what visitors see. On PostgreSQL the other
 * instances are told with NOTIFY and clear theirs on the LISTEN; otherwise their TTL bounds the
 * staleness (docs/decisions/018-rendered-page-cache.md).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { keptJson } from '../../http/serialised';
import { PageCache } from './page-cache';
import { ReadCache } from './read-cache';

export const INVALIDATE_CHANNEL = 'yuexun_public_caches';
const RECONNECT_MS = 1000;
/** A NOTIFY payload's suffix after the sender's id when only the read cache is to be emptied. */
const READS_ONLY = ':reads';
type InvalidationScope = 'all' | 'reads';

export interface PublicCaches {
  read: ReadCache;
  pages: PageCache;
  /** Empties both caches here at once, and on the other instances (PostgreSQL: NOTIFY). */
  invalidate(): void;
  /**
   * Empties the read cache only, here and on the other instances: data that no page shows but the lead path
   * reads through it (routing rules, alert channels) changed, and every rendered page stays.
   */
  invalidateReads(): void;
  /** Runs `listener` after each invalidate() of this instance: something visitors see has changed. */
  onInvalidate(listener: () => void): void;
}

/** The read cache's bound (README, Memory): a few hundred lists and details, well past what a site has. */
export const READ_CACHE_MAX_BYTES = 16 * 1024 * 1024;

/**
 * A kept answer's size in memory, estimated: three times its JSON bytes (the objects it was made from,
 * the bytes themselves, and the compressed forms made later; serialised.ts) or twice the JSON of anything else.
 */
const estimatedBytes = (value: unknown) => {
  const kept = typeof value === 'object' && value !== null ? keptJson(value) : undefined;
  if (kept) return kept.json.length * 3;
  return Buffer.byteLength(JSON.stringify(value) ?? '') * 2;
};

export const publicCachesPlugin = fp(
  async (app: FastifyInstance) => {
    const { publicCacheTtlMs, pageCacheMaxBytes } = app.config;
    const read = new ReadCache(publicCacheTtlMs, 2000, Date.now, READ_CACHE_MAX_BYTES, estimatedBytes);
    const pages = new PageCache(publicCacheTtlMs, pageCacheMaxBytes);
    read.meter = app.metrics.readCache;
    pages.meter = app.metrics.pageCache;
    const instance = randomUUID();
    const clearLocal = () => {
      read.clear();
      pages.clear();
    };
    const database = app.database;
    let notify: (scope: InvalidationScope) => void = () => {};
    if (database.raw && 'pool' in database.raw && publicCacheTtlMs > 0) {
      const { pool } = database.raw;
      notify = (scope) => {
        const payload = scope === 'reads' ? `${instance}${READS_ONLY}` : instance;
        pool.query('select pg_notify($1, $2)', [INVALIDATE_CHANNEL, payload]).catch((error: unknown) => {
          app.log.warn(
            { err: error },
            'cache invalidation not sent; other instances catch up within the TTL',
          );
        });
      };
      const listener = listen(app, instance, (scope) => (scope === 'reads' ? read.clear() : clearLocal()));
      app.addHook('onClose', async () => listener.stop());
      await listener.ready;
    }
    const listeners: (() => void)[] = [];
    const caches: PublicCaches = {
      read,
      pages,
      invalidate: () => {
        clearLocal();
        notify('all');
        for (const listener of listeners) listener();
      },
      invalidateReads: () => {
        read.clear();
        notify('reads');
      },
      onInvalidate: (listener) => {
        listeners.push(listener);
      },
    };
    app.decorate('publicCaches', caches);
    // The name earlier code knows; it is the same read cache.
    app.decorate('readCache', read);
  },
  { name: 'public-caches', dependencies: ['database', 'metrics'] },
);

/** A dedicated connection LISTENing for other instances' invalidations; reconnects when it drops. */
const listen = (app: FastifyInstance, instance: string, clear: (scope: InvalidationScope) => void) => {
  const target = app.config.database;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped || target.driver !== 'postgres') return;
    const next = new pg.Client({ connectionString: target.url });
    client = next;
    next.on('notification', (message) => {
      if (message.channel !== INVALIDATE_CHANNEL || !message.payload) return;
      const readsOnly = message.payload.endsWith(READS_ONLY);
      const from = readsOnly ? message.payload.slice(0, -READS_ONLY.length) : message.payload;
      if (from !== instance) clear(readsOnly ? 'reads' : 'all');
    });
    next.on('error', (error) => {
      app.log.warn({ err: error }, 'cache invalidation listener lost; reconnecting');
      void next.end().catch(() => {});
      schedule();
    });
    try {
      await next.connect();
      await next.query(`listen ${INVALIDATE_CHANNEL}`);
      // Whatever changed while not listening is unknown: start from empty caches.
      clear('all');
    } catch (error) {
      app.log.warn({ err: error }, 'cache invalidation listener not connected; retrying');
      void next.end().catch(() => {});
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, RECONNECT_MS);
    retry.unref();
  };
  return {
    ready: connect(),
    stop: async () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
};
