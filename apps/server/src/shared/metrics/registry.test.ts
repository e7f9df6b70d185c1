/**
 * The text writer on its own, read back with an independent parser: label values that need escaping, a
 * histogram's cumulative buckets, counters other features keep (with and without a label), collectors that fail.
 */
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { createMetrics } from './metrics';
import { Counter, Histogram, MetricsRegistry } from './registry';

interface Family {
  name: string;
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string> }[];
}
const parse = (text: string) => parsePrometheusTextFormat(text) as Family[];

describe('metrics registry', () => {
  it('escapes label values so that a parser reads them back unchanged', async () => {
    const registry = new MetricsRegistry();
    const counter = registry.add(new Counter('yuexun_test_total', 'a "help"\nline', ['kind']));
    const odd = 'a "quoted" back\\slash\nnew line';
    counter.inc({ kind: odd }, 2);
    counter.inc({ kind: '中文' });
    const [family] = parse(await registry.render());
    expect(family?.metrics).toEqual([
      { labels: { kind: odd }, value: '2' },
      { labels: { kind: '中文' }, value: '1' },
    ]);
  });

  it('writes cumulative buckets, the sum and the count', async () => {
    const registry = new MetricsRegistry();
    const histogram = registry.add(new Histogram('yuexun_test_seconds', 'durations', [], [0.1, 1]));
    for (const v of [0.05, 0.5, 0.7, 3]) histogram.observe(v);
    const text = await registry.render();
    expect(text).toContain('yuexun_test_seconds_bucket{le="0.1"} 1\n');
    expect(text).toContain('yuexun_test_seconds_bucket{le="1"} 3\n');
    expect(text).toContain('yuexun_test_seconds_bucket{le="+Inf"} 4\n');
    expect(text).toContain('yuexun_test_seconds_sum 4.25\n');
    expect(text).toContain('yuexun_test_seconds_count 4\n');
    expect(parse(text)[0]?.metrics[0]?.buckets).toEqual({ '0.1': '1', '1': '3', '+Inf': '4' });
  });

  it('refuses a name without the yuexun_ prefix and a name registered twice', () => {
    const registry = new MetricsRegistry();
    expect(() => new Counter('http_requests_total', 'x')).toThrow(/yuexun_/);
    registry.add(new Counter('yuexun_once_total', 'x'));
    expect(() => registry.add(new Counter('yuexun_once_total', 'x'))).toThrow(/twice/);
  });

  it('reads counters other features keep at scrape time, by label or as one total', async () => {
    const metrics = createMetrics();
    const drops = { rate_limited: 3, crawler: 1 };
    metrics.exposeCounter('yuexun_stats_beacons_dropped_total', 'beacons dropped', () => drops, 'reason');
    let plain = 5;
    metrics.exposeCounter('yuexun_other_total', 'plain', () => plain);
    drops.crawler = 2;
    plain = 6;
    const families = parse(await metrics.registry.render());
    expect(families.find((f) => f.name === 'yuexun_stats_beacons_dropped_total')?.metrics).toEqual([
      { labels: { reason: 'rate_limited' }, value: '3' },
      { labels: { reason: 'crawler' }, value: '2' },
    ]);
    expect(families.find((f) => f.name === 'yuexun_other_total')?.metrics).toEqual([{ value: '6' }]);
  });

  it('reports backups given by the backup feature, set or read at scrape time', async () => {
    const metrics = createMetrics();
    metrics.backups.succeeded(new Date('2026-11-27T01:00:00Z'), 1234);
    let text = await metrics.registry.render();
    expect(text).toContain('yuexun_backup_last_success_timestamp_seconds 1795741200\n');
    expect(text).toContain('yuexun_backup_last_success_bytes 1234\n');
    metrics.backups.readFrom(async () => ({ at: new Date('2026-11-27T02:00:00Z'), bytes: 99 }));
    text = await metrics.registry.render();
    expect(text).toContain('yuexun_backup_last_success_timestamp_seconds 1795744800\n');
    expect(text).toContain('yuexun_backup_last_success_bytes 99\n');
  });

  it('keeps writing when a collector fails, and says so', async () => {
    const registry = new MetricsRegistry();
    const counter = registry.add(new Counter('yuexun_kept_total', 'x'));
    counter.inc();
    registry.collect(() => {
      throw new Error('database gone');
    });
    const errors: unknown[] = [];
    const text = await registry.render((error) => errors.push(error));
    expect(text).toContain('yuexun_kept_total 1\n');
    expect(errors).toHaveLength(1);
  });
});
