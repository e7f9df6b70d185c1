/**
 * `app.metrics` for every instance, and GET /metrics in the Prometheus text format when METRICS_TOKEN is
 * set, behind `Authorization: Bearer <token>` (decision 042). Off (no token) there is no route and no
 * request hook: /metrics is then an unknown page like any other. Each instance serves its own figures;
 * Prometheus scrapes every instance. The instruments and where they are counted: metrics.ts.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { BusinessCode, FILES_BASE, fail } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows } from '../../db/client';
import { PGliteThread } from '../../db/pglite-thread';
import { appliedMigration, productVersion } from '../../db/schema-version';
import { createMetrics, type Metrics, type RouteClass } from './metrics';

export const METRICS_PATH = '/metrics';
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

/** The console's address prefix (console.ts), passed in: a platform folder does not import the console's module. */
export interface MetricsOptions {
  consolePrefix: string;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The bearer token, compared in constant time (both sides hashed first, so lengths never differ). */
const bearerMatches = (request: FastifyRequest, expected: Buffer) => {
  const header = request.headers.authorization;
  const given = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return given !== '' && timingSafeEqual(digest(given), expected);
};

/**
 * A route's class from its declaration: the console's files, API actions (and the API's fallback), the file
 * routes under /fs/api/ that are not actions (upload, viewPic, download), the site's pages and form posts;
 * anything else (assets, health, docs, beacon, exports) is `other`.
 */
const classifier = (consolePrefix: string, basePath: string) => {
  const known = new Map<string, RouteClass>();
  return (url: string | undefined, config: FastifyContextConfig): RouteClass => {
    if (url === undefined) return 'other';
    let routeClass = known.get(url);
    if (routeClass) return routeClass;
    routeClass = url.startsWith(consolePrefix.slice(0, -1))
      ? 'console'
      : config.jsonApi
        ? 'api_action'
        : url.startsWith(FILES_BASE)
          ? 'file'
          : config.pageView || url === `${basePath}*`
            ? 'site_page'
            : 'other';
    known.set(url, routeClass);
    return routeClass;
  };
};

export const metricsPlugin = fp<MetricsOptions>(
  async (app: FastifyInstance, options) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    const token = app.config.metricsToken;
    if (!token) return;

    const classOf = classifier(options.consolePrefix, app.config.basePath);
    app.addHook('onResponse', (request, reply, done) => {
      const routeClass = classOf(request.routeOptions.url, request.routeOptions.config);
      metrics.http.requests.inc({ route_class: routeClass, status: reply.statusCode });
      metrics.http.duration.observe(reply.elapsedTime / 1000, { route_class: routeClass });
      done();
    });

    collectRuntime(app, metrics);

    const expected = digest(token);
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!bearerMatches(request, expected)) {
        // Nothing about the metrics, not even whether the token was close: the same answer for none and wrong.
        return reply.status(401).header('www-authenticate', 'Bearer').send(fail(BusinessCode.NOT_LOGGED_IN));
      }
      const text = await metrics.registry.render((error) =>
        request.log.warn({ err: error }, 'a metrics collector failed; its figures are from the last scrape'),
      );
      return reply.type(CONTENT_TYPE).send(text);
    });
  },
  { name: 'metrics' },
);

interface JobRow {
  job: string;
  last_success: number | null;
  failing: boolean;
}

interface OutboxRow {
  kind: string;
  depth: number;
  oldest: number;
}

/** Figures read at scrape time: the database's pool or thread, the outbox, the page cache, the process. */
const collectRuntime = (app: FastifyInstance, metrics: Metrics) => {
  const { registry } = metrics;
  metrics.process.start.set(Math.round(Date.now() / 1000 - process.uptime()));
  registry.collect(() => {
    const memory = process.memoryUsage();
    metrics.process.memory.set(memory.rss);
    metrics.process.heap.set(memory.heapUsed);
    const cpu = process.cpuUsage();
    metrics.process.cpu.setTotal((cpu.user + cpu.system) / 1e6);
    const { entries, bytes } = app.publicCaches.pages.size;
    metrics.pageCache.entries.set(entries);
    metrics.pageCache.bytes.set(bytes);
    const raw = app.database.raw;
    if ('pool' in raw) {
      metrics.pool.inUse.set(raw.pool.totalCount - raw.pool.idleCount);
      metrics.pool.idle.set(raw.pool.idleCount);
      metrics.pool.waiting.set(raw.pool.waitingCount);
    } else if (raw.pglite instanceof PGliteThread) {
      const load = raw.pglite.load();
      metrics.embeddedDb.queue.set(load.queued);
      metrics.embeddedDb.busy.setTotal(load.busyMs / 1000);
    }
  });
  registry.collect(async () => {
    const migration = (await appliedMigration(app.database.db)) ?? 'none';
    metrics.process.info.reset();
    metrics.process.info.set(1, { version: productVersion, migration });
  });
  // Recurring jobs (purges, retention, roll-ups, backups): one row each, re-armed after every run.
  registry.collect(async () => {
    const rows = await queryRows<JobRow>(
      app.database.db,
      sql`select label as job, extract(epoch from sent_at)::float8 as last_success,
            last_error is not null as failing
          from outbox where interval_ms is not null`,
    );
    for (const row of rows) {
      if (row.last_success !== null) metrics.jobs.lastSuccess.set(Number(row.last_success), { job: row.job });
      metrics.jobs.failing.set(row.failing ? 1 : 0, { job: row.job });
    }
  });
  // Messages still to go: due first sends, retries and sends under way. Recurring jobs (always pending) and
  // messages due later (a reminder for tomorrow) are not a backlog; the age is from when the message was queued.
  // A kind once seen stays at 0 when its queue empties, so a graph falls to 0 rather than stopping.
  const kinds = new Set<string>();
  registry.collect(async () => {
    const rows = await queryRows<OutboxRow>(
      app.database.db,
      sql`select kind, count(*)::int as depth,
            extract(epoch from now() - min(created_at))::float8 as oldest
          from outbox
          where status in ('pending', 'retrying', 'sending') and interval_ms is null
            and (status <> 'pending' or due_at <= now())
          group by kind`,
    );
    for (const kind of kinds) {
      metrics.outbox.depth.set(0, { kind });
      metrics.outbox.oldestAge.set(0, { kind });
    }
    for (const row of rows) {
      kinds.add(row.kind);
      metrics.outbox.depth.set(Number(row.depth), { kind: row.kind });
      metrics.outbox.oldestAge.set(Math.max(0, Number(row.oldest)), { kind: row.kind });
    }
  });
};
