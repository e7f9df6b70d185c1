/**
 * The metrics every instance keeps (`app.metrics`), served at GET /metrics when METRICS_TOKEN is set
 * (metrics-plugin.ts; decision 042). Counting costs a map update, so the counters always count; the
 * request hook and the route exist only when metrics are on. Names begin with `yuexun_`; operators'
 * scripts and docs/grafana-dashboard.json rely on them, so rename none.
 *
 * Where each figure is counted: HTTP requests in metrics-plugin.ts; page-cache hits, misses and clears
 * in shared/caches/page-cache.ts (PageCache.meter), read-cache hits and misses in read-cache.ts; alert
 * deliveries in alerts/alerts-plugin.ts; SMS in accounts/accounts-plugin.ts; mail in alerts and
 * settings; login failures and lockouts in accounts/login.ts; leads in leads/submit-lead.ts. Pools, the
 * embedded database thread, the outbox and the page cache's size are read at scrape time.
 *
 * For features that report their own figures:
 * - Backups: call `metrics.backups.succeeded(finishedAt, bytes)` when a backup has been written, or give
 *   `metrics.backups.readFrom(async () => ({ at, bytes }) | null)` to read the last success at scrape time
 *   (from the backups table: right on every instance, and after a restart).
 * - Statistics beacons dropped: `metrics.exposeCounter(STATS_BEACONS_DROPPED, help, () => recorder.beaconDrops,
 *   'reason')` with the stats recorder's own counts by reason (a plain number works too, without a label).
 */
import { Counter, Gauge, Histogram, MetricsRegistry } from './registry';

/** Seconds: a page from memory takes a millisecond or two, an uncached render tens, a report seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The registration point of the statistics' drop counter (stats/stats-plugin.ts, label `reason`). */
export const STATS_BEACONS_DROPPED = 'yuexun_stats_beacons_dropped_total';

/** What a request was, for `route_class` (see metrics-plugin.ts for how a route is classed). */
export const ROUTE_CLASSES = ['site_page', 'api_action', 'console', 'file', 'other'] as const;
export type RouteClass = (typeof ROUTE_CLASSES)[number];

export type DeliveryOutcome = 'sent' | 'failed';

export interface BackupFigures {
  at: Date;
  bytes: number;
}

export const createMetrics = () => {
  const registry = new MetricsRegistry();
  const counter = <L extends string = never>(name: string, help: string, labels: readonly L[] = []) =>
    registry.add(new Counter<L>(name, help, labels));
  const gauge = <L extends string = never>(name: string, help: string, labels: readonly L[] = []) =>
    registry.add(new Gauge<L>(name, help, labels));

  const backupTime = gauge('yuexun_backup_last_success_timestamp_seconds', 'When the last backup succeeded');
  const backupBytes = gauge('yuexun_backup_last_success_bytes', 'Size of the last successful backup archive');
  let backupSource: (() => Promise<BackupFigures | null>) | null = null;
  const showBackup = (figures: BackupFigures) => {
    backupTime.set(figures.at.getTime() / 1000);
    backupBytes.set(figures.bytes);
  };
  registry.collect(async () => {
    const figures = await backupSource?.();
    if (figures) showBackup(figures);
  });

  return {
    registry,
    http: {
      requests: counter('yuexun_http_requests_total', 'HTTP requests answered, by route class and status', [
        'route_class',
        'status',
      ]),
      duration: registry.add(
        new Histogram(
          'yuexun_http_request_duration_seconds',
          'Time from request to response sent, by route class',
          ['route_class'],
          LATENCY_BUCKETS,
        ),
      ),
    },
    pageCache: {
      hits: counter('yuexun_page_cache_hits_total', 'Site pages answered from the page cache'),
      misses: counter('yuexun_page_cache_misses_total', 'Site pages the page cache did not hold (rendered)'),
      clears: counter(
        'yuexun_page_cache_clears_total',
        'Times the page cache was emptied (a change, or another instance)',
      ),
      bytes: gauge('yuexun_page_cache_bytes', 'Memory held by kept pages (HTML and compressed forms)'),
      entries: gauge('yuexun_page_cache_entries', 'Pages kept'),
    },
    readCache: {
      hits: counter('yuexun_read_cache_hits_total', 'Public reads answered from the read cache'),
      misses: counter('yuexun_read_cache_misses_total', 'Public reads loaded from the database'),
    },
    outbox: {
      depth: gauge(
        'yuexun_outbox_depth',
        'Messages waiting to be sent (pending, retrying or sending), by kind',
        ['kind'],
      ),
      oldestAge: gauge('yuexun_outbox_oldest_age_seconds', 'Age of the oldest message waiting, by kind', [
        'kind',
      ]),
    },
    jobs: {
      lastSuccess: gauge(
        'yuexun_job_last_success_timestamp_seconds',
        'When each recurring job last ran without error',
        ['job'],
      ),
      failing: gauge(
        'yuexun_job_failing',
        "1 while a recurring job's last run failed (it runs again next period)",
        ['job'],
      ),
    },
    alertDeliveries: counter(
      'yuexun_alert_deliveries_total',
      'Alert send attempts by channel type and outcome',
      ['channel_type', 'outcome'],
    ),
    sms: counter('yuexun_sms_sends_total', 'SMS codes handed to the provider, by provider and outcome', [
      'provider',
      'outcome',
    ]),
    mail: counter('yuexun_mail_sends_total', 'E-mails sent over SMTP, by purpose and outcome', [
      'purpose',
      'outcome',
    ]),
    leads: counter('yuexun_leads_created_total', 'Sales leads stored (API and the no-JavaScript form)'),
    login: {
      failures: counter(
        'yuexun_login_failures_total',
        'Failed logins (wrong password or code, or refused while locked)',
      ),
      lockouts: counter(
        'yuexun_login_lockouts_total',
        'Accounts and client addresses locked by failed logins',
      ),
    },
    embeddedDb: {
      queue: gauge(
        'yuexun_embedded_db_queue_length',
        'Statements sent to the embedded database thread and not answered yet',
      ),
      busy: counter(
        'yuexun_embedded_db_busy_seconds_total',
        'Time the embedded database thread spent working',
      ),
    },
    pool: {
      inUse: gauge('yuexun_pg_pool_in_use', 'PostgreSQL connections of this instance lent out'),
      idle: gauge('yuexun_pg_pool_idle', 'PostgreSQL connections of this instance open and idle'),
      waiting: gauge(
        'yuexun_pg_pool_waiting',
        'Queries of this instance waiting for a PostgreSQL connection',
      ),
    },
    process: {
      memory: gauge('yuexun_process_resident_memory_bytes', 'Resident memory of the server process'),
      heap: gauge('yuexun_process_heap_used_bytes', 'JavaScript heap in use'),
      cpu: counter('yuexun_process_cpu_seconds_total', 'CPU time of the server process (user and system)'),
      start: gauge('yuexun_process_start_time_seconds', 'When the process started (Unix time)'),
      info: gauge('yuexun_build_info', 'Always 1; the labels name the version and the schema migration', [
        'version',
        'migration',
      ]),
    },
    backups: {
      /** A backup has been written: its finish time and archive size. */
      succeeded: (at: Date, bytes: number) => showBackup({ at, bytes }),
      /** Reads the last success at scrape time instead (the backups' own table); null: none yet. */
      readFrom: (source: () => Promise<BackupFigures | null>) => {
        backupSource = source;
      },
    },
    /**
     * A counter another feature keeps itself (statistics' dropped beacons), read at scrape time: one total, or
     * with `label`, totals by that label's values (`() => ({ rate_limited: 3, crawler: 1 })`, label `reason`).
     */
    exposeCounter: (
      name: string,
      help: string,
      read: () => number | Readonly<Record<string, number>>,
      label?: string,
    ) => {
      const exposed = counter<string>(name, help, label ? [label] : []);
      registry.collect(() => {
        const totals = read();
        if (typeof totals === 'number') exposed.setTotal(totals);
        else if (label)
          for (const [value, total] of Object.entries(totals)) exposed.setTotal(total, { [label]: value });
      });
    },
  };
};

export type Metrics = ReturnType<typeof createMetrics>;
