/**
 * Page views are counted in memory as they are served, straight into the figures the dashboard reads:
 * per Beijing day, views and visitors of the total and of each dimension's key (page, referrer, search
 * engine and keyword, UTM source and campaign, device, width band, landing page, 404s), and per hour.
 * Every couple of seconds the increments are added to stat_daily and stat_hourly in one batch, so
 * serving a page costs a few map operations and never waits for the database; a crash loses at most
 * the increments since the last flush.
 *
 * Visitors are the day's salted hashes (visitor.ts) held in one bounded set per day: a hash seen for a
 * dimension's key is not counted again there. Two witnesses of one view are merged: the server counts
 * each page it serves (visitors without JavaScript too), and the beacon of the same browser for the same
 * path within half an hour confirms that view (adding its width band) instead of counting a second one.
 * Crawlers go to the spider log instead. Memory is bounded: past the caps, views are dropped rather than
 * queued, and visitors no longer remembered count as new.
 */
import type { Spider, WidthBand } from '@yuexun/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { dayOf, type ReferrerInfo, type Utm } from './classify';
import type { DemoStatistics } from './demo';
import type { SpiderVerifier } from './spider-dns';
import { addCounts, type DailyIncrement, type HourlyIncrement, upsertSpiderHits } from './stats-store';
import { type VisitorHasher, visitorHash } from './visitor';

export interface PageView {
  path: string;
  status: number;
  referrer: ReferrerInfo;
  utm: Utm;
  device: string;
  widthBand: WidthBand | null;
  address: string;
  userAgent: string;
}

interface Counter {
  views: number;
  visitors: number;
}

interface SpiderHit {
  day: string;
  spider: Spider;
  path: string;
  status: number;
  address: string;
  hits: number;
  lastAt: Date;
}

/** How long a served page waits for its beacon. */
export const MATCH_WINDOW_MS = 30 * 60_000;
const MATCH_WINDOW_S = MATCH_WINDOW_MS / 1000;
/** Visitor-and-key pairs remembered per day (a visitor of one page takes about six). */
const MAX_SEEN = 500_000;
/** Views remembered for their beacon, in two generations of at most half this many each. */
const MAX_RECENT = 100_000;
/** Distinct day-dimension-key counters (and spider-log keys) gathered between two flushes. */
const MAX_KEYS = 20_000;
const MAX_SPIDER_KEYS = 20_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Beijing has no daylight saving time: its day starts at 16:00 UTC. */
const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** Beijing day number of a time (days since 1970-01-01 in Beijing). */
const dayNumberOf = (ms: number) => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);

export class StatsRecorder {
  /** Today's figures since the last flush: day → dimension → key → counter; hour start → counter. */
  private daily = new Map<string, Map<string, Map<string, Counter>>>();
  private hourly = new Map<number, Counter>();
  private keys = 0;
  private spiders = new Map<string, SpiderHit>();
  /** The current day: its number, its YYYY-MM-DD and its visitors seen, as `hash\tdimension\tkey`. */
  private dayNumber = -1;
  private day = '';
  private seen = new Set<string>();
  private seenFull = false;
  /**
   * Recent views by visitor hash and path, for their beacon: seconds since `epoch` when the view was
   * served (negative for a 404, which a beacon confirms without a width), 0 once confirmed. Two
   * generations instead of one map kept in order: the current one takes new views; when it is full or
   * older than the match window it becomes the previous one and the previous one is dropped whole.
   */
  private recent = new Map<string, number>();
  private previous = new Map<string, number>();
  private recentSince = Date.now();
  private readonly epoch = Date.now() - 1000;
  private flushing: Promise<number> = Promise.resolve(0);
  /** Views dropped because the buffers were full (shown in the log at flush). */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly hasher: VisitorHasher,
    private readonly verifier: SpiderVerifier,
    private readonly log: FastifyBaseLogger,
    private readonly demo: DemoStatistics,
  ) {}

  /** The Beijing day of `ms`; a new day forgets the visitors of the last one. */
  private dayAt(ms: number) {
    const n = dayNumberOf(ms);
    if (n !== this.dayNumber) {
      if (n < this.dayNumber) return dayOf(new Date(ms));
      this.dayNumber = n;
      this.day = dayOf(new Date(ms));
      this.seen = new Set();
      this.seenFull = false;
    }
    return this.day;
  }

  /** True the first time today that `visitor` is counted under `dimension` and `key`. */
  private firstTime(visitor: string, dimension: string, key: string) {
    const pair = `${visitor}\t${dimension}\t${key}`;
    if (this.seen.has(pair)) return false;
    if (this.seen.size < MAX_SEEN) this.seen.add(pair);
    else if (!this.seenFull) {
      this.seenFull = true;
      this.log.warn({ day: this.day }, 'statistics: too many visitors to remember today; more count as new');
    }
    return true;
  }

  /** Counts a view under a dimension's key (and its visitor, the first time); true for a new visitor. */
  private add(day: string, visitor: string, dimension: string, key: string, isNew?: boolean) {
    let dims = this.daily.get(day);
    if (!dims) {
      dims = new Map();
      this.daily.set(day, dims);
    }
    let byKey = dims.get(dimension);
    if (!byKey) {
      byKey = new Map();
      dims.set(dimension, byKey);
    }
    let counter = byKey.get(key);
    if (!counter) {
      if (this.keys >= MAX_KEYS) {
        this.dropped++;
        return false;
      }
      this.keys++;
      counter = { views: 0, visitors: 0 };
      byKey.set(key, counter);
    }
    counter.views++;
    const first = isNew ?? this.firstTime(visitor, dimension, key);
    if (first) counter.visitors++;
    return first;
  }

  /** One view into every figure it belongs to (404s only into their own list, as before). */
  private count(view: PageView, visitor: string, day: string, ms: number) {
    const { path } = view;
    if (view.status === 404) return void this.add(day, visitor, 'notFound', path);
    // The first page a visitor sees that day is their landing page.
    if (this.add(day, visitor, 'total', '')) this.add(day, visitor, 'landing', path, true);
    this.add(day, visitor, 'path', path);
    const { referrer, utm } = view;
    if (referrer.host) this.add(day, visitor, 'referrer', referrer.host);
    if (referrer.engine) this.add(day, visitor, 'engine', referrer.engine);
    if (referrer.keyword) this.add(day, visitor, 'keyword', referrer.keyword);
    if (utm.utmSource) this.add(day, visitor, 'utmSource', utm.utmSource);
    if (utm.utmCampaign) this.add(day, visitor, 'utmCampaign', utm.utmCampaign);
    if (view.device) this.add(day, visitor, 'device', view.device);
    if (view.widthBand) this.add(day, visitor, 'width', view.widthBand);
    const hour = ms - (ms % HOUR_MS);
    let counter = this.hourly.get(hour);
    if (!counter) {
      counter = { views: 0, visitors: 0 };
      this.hourly.set(hour, counter);
    }
    counter.views++;
    if (this.firstTime(visitor, 'hour', String(hour))) counter.visitors++;
  }

  private remember(key: string, value: number) {
    if (this.recent.size >= MAX_RECENT / 2) this.rotate();
    this.recent.set(key, value);
  }

  private rotate() {
    this.previous = this.recent;
    this.recent = new Map();
    this.recentSince = Date.now();
  }

  private visitorOf(view: PageView, day: string) {
    return visitorHash(this.hasher.saltOf(day), view.address, view.userAgent);
  }

  /** A page the server answered (HTML, 200/304/404). */
  served(view: PageView, ms = Date.now()) {
    const day = this.dayAt(ms);
    const visitor = this.visitorOf(view, day);
    this.count(view, visitor, day, ms);
    const seconds = Math.round((ms - this.epoch) / 1000) || 1;
    this.remember(`${visitor}\t${view.path}`, view.status === 404 ? -seconds : seconds);
  }

  /** A beacon: confirms the view the server counted, or counts one the server never saw (back/forward cache). */
  beacon(view: PageView, ms = Date.now()) {
    const day = this.dayAt(ms);
    const visitor = this.visitorOf(view, day);
    const key = `${visitor}\t${view.path}`;
    const served = this.recent.get(key) ?? this.previous.get(key);
    const seconds = (ms - this.epoch) / 1000;
    if (served && seconds - Math.abs(served) < MATCH_WINDOW_S) {
      this.remember(key, 0);
      if (served > 0 && view.widthBand) this.add(day, visitor, 'width', view.widthBand);
      return;
    }
    this.count(view, visitor, day, ms);
    this.remember(key, 0);
  }

  spider(spider: Spider, path: string, status: number, address: string, at = new Date()) {
    const day = this.dayAt(at.getTime());
    const key = `${day}\n${spider}\n${path}\n${status}\n${address}`;
    const hit = this.spiders.get(key);
    if (hit) {
      hit.hits++;
      hit.lastAt = at;
    } else if (this.spiders.size < MAX_SPIDER_KEYS) {
      this.spiders.set(key, { day, spider, path, status, address, hits: 1, lastAt: at });
    } else this.dropped++;
  }

  /** Writes everything gathered so far; resolves with the number of rows written or changed. */
  flush(): Promise<number> {
    this.flushing = this.flushing.then(
      () => this.write(),
      () => this.write(),
    );
    return this.flushing;
  }

  private async write(): Promise<number> {
    const daily: DailyIncrement[] = [];
    for (const [day, dims] of this.daily)
      for (const [dim, byKey] of dims)
        for (const [key, { views, visitors }] of byKey) daily.push({ day, dim, key, views, visitors });
    const hourly: HourlyIncrement[] = [...this.hourly].map(([hour, { views, visitors }]) => ({
      hour: new Date(hour).toISOString(),
      views,
      visitors,
    }));
    const spiders = [...this.spiders.values()];
    this.daily = new Map();
    this.hourly = new Map();
    this.keys = 0;
    this.spiders = new Map();
    if (Date.now() - this.recentSince > MATCH_WINDOW_MS) this.rotate();
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'statistics buffer full: page views dropped');
      this.dropped = 0;
    }
    if (daily.length + hourly.length + spiders.length === 0) return 0;
    let written = 0;
    try {
      await this.demo.beforeRealWrite();
      written += await addCounts(this.db, daily, hourly);
      const verified = await Promise.all(
        spiders.map(async (hit) => ({
          ...hit,
          verified: await this.verifier.verify(hit.spider, hit.address),
        })),
      );
      written += await upsertSpiderHits(this.db, verified);
    } catch (error) {
      // Statistics are worth less than the server's health: log and move on, never retry forever.
      this.log.error({ err: error }, 'statistics write failed');
    }
    return written;
  }
}
