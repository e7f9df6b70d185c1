/**
 * Counters, gauges and histograms with labels, written in the Prometheus text format (version 0.0.4). Our
 * own rather than prom-client (decision 042): what the server needs is a hundred lines, costs nothing to
 * load when metrics are off, and each app of a test process keeps its own figures. The test reads the
 * output with an independent parser (parse-prometheus-text-format).
 */

type LabelValues<L extends string> = Readonly<Record<L, string | number>>;

/** Label values: backslash, double quote and line feed escaped (the format's rule). */
const escapeValue = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
const escapeHelp = (help: string) => help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');

const formatNumber = (n: number) =>
  Number.isNaN(n) ? 'NaN' : n === Number.POSITIVE_INFINITY ? '+Inf' : n === -Infinity ? '-Inf' : String(n);

abstract class Metric<L extends string> {
  constructor(
    readonly name: string,
    readonly help: string,
    protected readonly labelNames: readonly L[],
  ) {
    if (!/^yuexun_[a-z0-9_]+$/.test(name)) throw new Error(`metric name ${name} must begin with yuexun_`);
  }

  abstract readonly type: 'counter' | 'gauge' | 'histogram';

  /** `{a="x",b="y"}` in the declared order: the series' key and its label text at once. */
  protected key(labels: LabelValues<L> | undefined, extra = '') {
    const parts = this.labelNames.map((name) => `${name}="${escapeValue(String(labels?.[name] ?? ''))}"`);
    if (extra) parts.push(extra);
    return parts.length ? `{${parts.join(',')}}` : '';
  }

  render(): string {
    return [
      `# HELP ${this.name} ${escapeHelp(this.help)}`,
      `# TYPE ${this.name} ${this.type}`,
      ...this.lines(),
    ]
      .join('\n')
      .concat('\n');
  }

  protected abstract lines(): string[];
}

/** A value per label set that only goes up (or is read at scrape time from a source that only goes up). */
export class Counter<L extends string = never> extends Metric<L> {
  readonly type = 'counter';
  private readonly series = new Map<string, number>();

  constructor(name: string, help: string, labelNames: readonly L[] = []) {
    super(name, help, labelNames);
    // An unlabelled counter shows 0 before its first event, so a dashboard's rate() has a start.
    if (!labelNames.length) this.series.set('', 0);
  }

  inc(labels?: LabelValues<L>, by = 1) {
    const key = this.key(labels);
    this.series.set(key, (this.series.get(key) ?? 0) + by);
  }

  /** For collectors only: the total read from elsewhere at scrape time (a thread's busy time). */
  setTotal(value: number, labels?: LabelValues<L>) {
    this.series.set(this.key(labels), value);
  }

  get(labels?: LabelValues<L>) {
    return this.series.get(this.key(labels)) ?? 0;
  }

  protected lines() {
    return [...this.series].map(([key, value]) => `${this.name}${key} ${formatNumber(value)}`);
  }
}

/** A value per label set that goes up and down; collectors set it at scrape time. */
export class Gauge<L extends string = never> extends Metric<L> {
  readonly type = 'gauge';
  private readonly series = new Map<string, number>();

  constructor(name: string, help: string, labelNames: readonly L[] = []) {
    super(name, help, labelNames);
  }

  set(value: number, labels?: LabelValues<L>) {
    this.series.set(this.key(labels), value);
  }

  /** Forgets every label set (a kind whose queue emptied is then not shown with its old depth). */
  reset() {
    this.series.clear();
  }

  protected lines() {
    return [...this.series].map(([key, value]) => `${this.name}${key} ${formatNumber(value)}`);
  }
}

/** Observations counted into fixed buckets (upper bounds, seconds for durations), with their sum and count. */
export class Histogram<L extends string = never> extends Metric<L> {
  readonly type = 'histogram';
  private readonly series = new Map<
    string,
    { labels: LabelValues<L> | undefined; counts: number[]; sum: number }
  >();

  constructor(
    name: string,
    help: string,
    labelNames: readonly L[],
    private readonly buckets: readonly number[],
  ) {
    super(name, help, labelNames);
  }

  observe(value: number, labels?: LabelValues<L>) {
    const key = this.key(labels);
    let series = this.series.get(key);
    if (!series) {
      series = { labels, counts: new Array(this.buckets.length + 1).fill(0), sum: 0 };
      this.series.set(key, series);
    }
    let index = this.buckets.findIndex((bound) => value <= bound);
    if (index < 0) index = this.buckets.length;
    series.counts[index] = (series.counts[index] ?? 0) + 1;
    series.sum += value;
  }

  protected lines() {
    const out: string[] = [];
    for (const { labels, counts, sum } of this.series.values()) {
      let cumulative = 0;
      const bounds = [...this.buckets.map(formatNumber), '+Inf'];
      bounds.forEach((bound, i) => {
        cumulative += counts[i] ?? 0;
        out.push(`${this.name}_bucket${this.key(labels, `le="${bound}"`)} ${cumulative}`);
      });
      out.push(`${this.name}_sum${this.key(labels)} ${formatNumber(sum)}`);
      out.push(`${this.name}_count${this.key(labels)} ${cumulative}`);
    }
    return out;
  }
}

type AnyMetric = Counter<string> | Gauge<string> | Histogram<string>;

/** The metrics of one app, and the collectors that read the rest (pools, queues, tables) at scrape time. */
export class MetricsRegistry {
  private readonly metrics = new Map<string, AnyMetric>();
  private readonly collectors: (() => void | Promise<void>)[] = [];

  add<M extends AnyMetric>(metric: M): M {
    if (this.metrics.has(metric.name)) throw new Error(`metric ${metric.name} registered twice`);
    this.metrics.set(metric.name, metric);
    return metric;
  }

  /** Runs before every scrape; a collector that throws leaves its metrics as they were (logged by the caller). */
  collect(collector: () => void | Promise<void>) {
    this.collectors.push(collector);
  }

  async render(onCollectorError: (error: unknown) => void = () => {}): Promise<string> {
    const outcomes = await Promise.allSettled(this.collectors.map(async (collector) => collector()));
    for (const outcome of outcomes) if (outcome.status === 'rejected') onCollectorError(outcome.reason);
    return [...this.metrics.values()].map((metric) => metric.render()).join('');
  }
}
