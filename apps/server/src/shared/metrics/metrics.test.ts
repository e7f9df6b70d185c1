/**
 * GET /metrics through the real server on both databases: off without METRICS_TOKEN, 401 revealing nothing
 * without the token, Prometheus text that an independent parser reads, and counters that show exactly what
 * happened (issue 28: 10 page views, 1 lead, 1 failed webhook delivery). /readyz names version and migration.
 */
import { createServer } from 'node:net';
import { ALERT_OUTBOX_KIND, createAlertChannelAdmin } from '@yuexun/contract';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPhone, loginWithPassword, sendCode } from '../../../test/accounts';
import { adminSessions, only } from '../../../test/admin';
import { fastAlerts, submitLead } from '../../../test/alert-env';
import { eventually, RECEIVER_SECRETS } from '../../../test/alert-receivers';
import { drivers, startServer, type TestServer } from '../../../test/server';
import { codeMigration } from '../../db/schema-version';

const TOKEN = 'metrics-test-token-0123456789';

interface Family {
  name: string;
  type: string;
  metrics: {
    labels?: Record<string, string>;
    value?: string;
    count?: string;
    buckets?: Record<string, string>;
  }[];
}

/** A port nothing listens on: the webhook's receiver is down. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const scrape = async (server: TestServer, authorization = `Bearer ${TOKEN}`) =>
  fetch(`${server.url}/metrics`, { headers: { authorization } });

/** The parsed families, by name, and the text (the parser keeps a histogram's buckets but not its labels). */
const families = async (server: TestServer) => {
  const res = await scrape(server);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
  const text = await res.text();
  const parsed = parsePrometheusTextFormat(text) as Family[];
  return Object.assign(new Map(parsed.map((family) => [family.name, family])), { text });
};

/** The value of the series of `name` whose labels include `labels`, summed over the rest (0 when absent). */
const value = (all: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
  (all.get(name)?.metrics ?? [])
    .filter((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v))
    .reduce((sum, m) => sum + Number(m.value ?? m.count ?? 0), 0);

describe.each(drivers)('metrics on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver, {
      ...fastAlerts({ outbox: { maxAttempts: 1 } }),
      metricsToken: TOKEN,
      loginFailuresPerAccount: 2,
    });
  });
  afterAll(() => server.close());

  it('answers 401 without the token or with a wrong one, and the same for both', async () => {
    const none = await fetch(`${server.url}/metrics`);
    const wrong = await scrape(server, `Bearer ${TOKEN}x`);
    const basic = await scrape(server, `Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`);
    for (const res of [none, wrong, basic]) {
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      const text = await res.text();
      expect(text).not.toContain('yuexun_');
      expect(JSON.parse(text)).toMatchObject({ success: false, status: 401 });
    }
  });

  it('shows exactly 10 page views, 1 lead and 1 failed webhook delivery, in text a Prometheus parser reads', async () => {
    const s = await adminSessions(server);
    only(
      await s.asAdmin(createAlertChannelAdmin, {
        kind: 'webhook',
        name: '停机的接收方',
        url: `http://127.0.0.1:${await freePort()}/hooks/yuexun`,
        secret: RECEIVER_SECRETS.webhookSecret,
      }),
    );
    const before = await families(server);
    expect(value(before, 'yuexun_http_requests_total', { route_class: 'site_page' })).toBe(0);

    for (let i = 0; i < 10; i++) {
      const page = await fetch(`${server.url}/home`);
      expect(page.status).toBe(200);
      await page.arrayBuffer();
    }
    await submitLead(server, { contactName: '指标老师', schoolName: '指标实验小学', region: '浙江省杭州市' });
    // The attempt is counted when the send fails; the outbox then marks the message failed, and the backlog
    // shows it until then: wait for both.
    const after = await eventually(async () => {
      const all = await families(server);
      const settled = value(all, 'yuexun_outbox_depth', { kind: ALERT_OUTBOX_KIND }) === 0;
      return value(all, 'yuexun_alert_deliveries_total') >= 1 && settled ? all : undefined;
    });

    expect(value(after, 'yuexun_http_requests_total', { route_class: 'site_page', status: '200' })).toBe(10);
    expect(value(after, 'yuexun_http_requests_total', { route_class: 'site_page' })).toBe(10);
    expect(after.text).toContain('yuexun_http_request_duration_seconds_count{route_class="site_page"} 10\n');
    expect(after.text).toContain(
      'yuexun_http_request_duration_seconds_bucket{route_class="site_page",le="+Inf"} 10\n',
    );
    const hits = value(after, 'yuexun_page_cache_hits_total');
    const misses = value(after, 'yuexun_page_cache_misses_total');
    expect(hits + misses).toBe(10);
    expect(misses).toBeGreaterThanOrEqual(1);
    expect(value(after, 'yuexun_leads_created_total')).toBe(1);
    // The lead is one more API action than before (scrapes are `other`, and nothing else called the API).
    expect(
      value(after, 'yuexun_http_requests_total', { route_class: 'api_action' }) -
        value(before, 'yuexun_http_requests_total', { route_class: 'api_action' }),
    ).toBe(1);
    expect(
      value(after, 'yuexun_alert_deliveries_total', { channel_type: 'webhook', outcome: 'failed' }),
    ).toBe(1);
    expect(value(after, 'yuexun_alert_deliveries_total')).toBe(1);

    // Every family is named yuexun_…, and the names operators rely on are there.
    for (const name of after.keys()) expect(name).toMatch(/^yuexun_/);
    for (const name of [
      'yuexun_http_requests_total',
      'yuexun_page_cache_hits_total',
      'yuexun_page_cache_misses_total',
      'yuexun_page_cache_clears_total',
      'yuexun_page_cache_bytes',
      'yuexun_read_cache_hits_total',
      'yuexun_outbox_depth',
      'yuexun_outbox_oldest_age_seconds',
      'yuexun_alert_deliveries_total',
      'yuexun_login_failures_total',
      'yuexun_login_lockouts_total',
      'yuexun_sms_sends_total',
      'yuexun_mail_sends_total',
      'yuexun_backup_last_success_timestamp_seconds',
      'yuexun_build_info',
    ])
      expect(after.has(name), name).toBe(true);
    expect(after.get('yuexun_http_request_duration_seconds')?.type).toBe('HISTOGRAM');
    // Every recurring job has its line (none has failed).
    const jobs = after.get('yuexun_job_failing')?.metrics ?? [];
    expect(jobs.map((m) => m.labels?.job)).toContain('lead-retention');
    expect(jobs.every((m) => m.value === '0')).toBe(true);
    expect(value(after, 'yuexun_page_cache_bytes')).toBeGreaterThan(0);
    expect(after.get('yuexun_build_info')?.metrics[0]?.labels?.migration).toBe(codeMigration);
    if (driver === 'postgres') {
      expect(after.has('yuexun_pg_pool_in_use')).toBe(true);
      expect(after.get('yuexun_pg_pool_waiting')?.metrics).toHaveLength(1);
    } else {
      expect(after.get('yuexun_embedded_db_queue_length')?.metrics).toHaveLength(1);
      expect(value(after, 'yuexun_embedded_db_busy_seconds_total')).toBeGreaterThan(0);
    }
  });

  it('counts failed logins, the one that locks the account, and SMS codes sent', async () => {
    const before = await families(server);
    for (let i = 0; i < 2; i++) {
      const { body } = await loginWithPassword(server, 'nobody-metrics', 'wrong-password');
      expect(body.success).toBe(false);
    }
    expect((await sendCode(server, freshPhone())).body.success).toBe(true);
    const after = await families(server);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      value(after, name, labels) - value(before, name, labels);
    expect(delta('yuexun_login_failures_total')).toBe(2);
    expect(delta('yuexun_login_lockouts_total')).toBe(1);
    expect(delta('yuexun_sms_sends_total', { provider: 'log', outcome: 'sent' })).toBe(1);
  });
});

describe('metrics switched off, and readiness', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer('pglite');
  });
  afterAll(() => server.close());

  it('has no /metrics without METRICS_TOKEN: the not-found page, no figures', async () => {
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: 'Bearer anything-at-all-here' },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('yuexun_');
  });

  it('names the version and the migration in /readyz', async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ready',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      migration: codeMigration,
      codeMigration,
    });
  });
});

describe.each(drivers)('the outbox backlog in metrics on %s', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    // No worker here: the lead's alert stays queued, as when the receiver or the worker is down.
    server = await startServer(driver, { ...fastAlerts({ outbox: { worker: false } }), metricsToken: TOKEN });
  });
  afterAll(() => server.close());

  it('shows the alert waiting, by kind, with its age', async () => {
    const s = await adminSessions(server);
    only(
      await s.asAdmin(createAlertChannelAdmin, {
        kind: 'webhook',
        name: '排队的接收方',
        url: `http://127.0.0.1:${await freePort()}/hooks/yuexun`,
        secret: RECEIVER_SECRETS.webhookSecret,
      }),
    );
    expect(value(await families(server), 'yuexun_outbox_depth', { kind: ALERT_OUTBOX_KIND })).toBe(0);
    await submitLead(server, { contactName: '排队老师', schoolName: '排队实验小学', region: '浙江省宁波市' });
    const all = await families(server);
    expect(value(all, 'yuexun_outbox_depth', { kind: ALERT_OUTBOX_KIND })).toBe(1);
    expect(
      value(all, 'yuexun_outbox_oldest_age_seconds', { kind: ALERT_OUTBOX_KIND }),
    ).toBeGreaterThanOrEqual(0);
    expect(value(all, 'yuexun_alert_deliveries_total')).toBe(0);
  });
});
