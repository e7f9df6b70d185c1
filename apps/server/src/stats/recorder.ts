/**
 * Page views are counted in memory as they are served, straight into the figures the dashboard reads:
 * per Beijing day, views and visitors of the total and of each dimension's key (page, referrer, search
 * engine and keyword, UTM source and campaign, device, width band, landing page, 404s), and per hour.
 * Every five seconds the increments are added to stat_daily and stat_hourly in one statement, so
 * serving a page costs a few map operations and never waits for the database; a crash loses at most
 * the increments since the last flush.
 *
 * Visitors are the day's salted hashes (visitor.ts), remembered under each key and hour for the day (at
 * most MAX_SEEN in all): a hash seen under a key is not counted again there. Two witnesses of one view
 * are merged: the server counts each page it serves (visitors without JavaScript too), and the beacon of
 * the same browser for the same path within half an hour confirms that view (adding its width band)
 * instead of counting a second one.
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

/** Views and visitors of one day's dimension and key (or of one hour), counted since the last flush. */
interface Tally {
  day: string;
  /** The dimension, or 'hour' for stat_hourly (then `key` is the hour's start, ISO 8601). */
  dim: string;
  key: string;
  views: number;
  visitors: number;
  /** The day's visitors counted here (the same hash strings everywhere, their hash codes cached). */
  seen: Set<string> | null;
  /** In the list of tallies the next flush writes. */
  dirty: boolean;
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
/** Visitors remembered per day across all keys (a visitor of one page is in about six). */
const MAX_SEEN = 1_000_000;
/** Views remembered for their beacon, in two generations of at most half this many each. */
const MAX_RECENT = 100_000;
/** Distinct dimension keys and hours counted per day (a flood of made-up 404 addresses stops here). */
const MAX_TALLIES = 50_000;
const MAX_SPIDER_KEYS = 20_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Beijing has no daylight saving time: its day starts at 16:00 UTC. */
const BEIJING_OFFSET_MS = 8 * HOUR_MS;

/** Beijing day number of a time (days since 1970-01-01 in Beijing). */
const dayNumberOf = (ms: number) => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);

export class StatsRecorder {
  /** Today's tallies: dimension → key → tally, and hour start → tally; those to write next. */
  private tallies = new Map<string, Map<string, Tally>>();
  private hours = new Map<number, Tally>();
  private tallyCount = 0;
  private dirty: Tally[] = [];
  private spiders = new Map<string, SpiderHit>();
  /** The current day: its number, its YYYY-MM-DD, and how many visitors its tallies remember. */
  private dayNumber = -1;
  private day = '';
  private seenCount = 0;
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
      // Yesterday's tallies not yet written stay in the flush list.
      this.tallies = new Map();
      this.hours = new Map();
      this.tallyCount = 0;
      this.seenCount = 0;
      this.seenFull = false;
    }
    return this.day;
  }

  private newTally(day: string, dim: string, key: string): Tally | null {
    if (this.tallyCount >= MAX_TALLIES) {
      this.dropped++;
      return null;
    }
    this.tallyCount++;
    return { day, dim, key, views: 0, visitors: 0, seen: null, dirty: false };
  }

  /** Counts a view in a tally (and its visitor, the first time today; `isNew` when known); true for a new visitor. */
  private bump(tally: Tally, visitor: string, isNew?: boolean) {
    tally.views++;
    if (!tally.dirty) {
      tally.dirty = true;
      this.dirty.push(tally);
    }
    let first = isNew;
    if (first === undefined) {
      tally.seen ??= new Set();
      first = !tally.seen.has(visitor);
      if (first) {
        if (this.seenCount < MAX_SEEN) {
          tally.seen.add(visitor);
          this.seenCount++;
        } else if (!this.seenFull) {
          this.seenFull = true;
          this.log.warn(
            { day: this.day },
            'statistics: too many visitors to remember today; more count as new',
          );
        }
      }
    }
    if (first) tally.visitors++;
    return first;
  }

  /** Counts a view under a dimension's key; true for a visitor new there today (false when dropped). */
  private add(day: string, visitor: string, dim: string, key: string, isNew?: boolean) {
    let byKey = this.tallies.get(dim);
    if (!byKey) {
      byKey = new Map();
      this.tallies.set(dim, byKey);
    }
    let tally = byKey.get(key);
    if (!tally) {
      const created = this.newTally(day, dim, key);
      if (!created) return false;
      tally = created;
      byKey.set(key, tally);
    }
    return this.bump(tally, visitor, isNew);
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
    let tally = this.hours.get(hour);
    if (!tally) {
      const created = this.newTally(day, 'hour', new Date(hour).toISOString());
      if (!created) return;
      tally = created;
      this.hours.set(hour, tally);
    }
    this.bump(tally, visitor);
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
    const hourly: HourlyIncrement[] = [];
    for (const tally of this.dirty) {
      const { day, dim, key, views, visitors } = tally;
      if (dim === 'hour') hourly.push({ hour: key, views, visitors });
      else daily.push({ day, dim, key, views, visitors });
      tally.views = 0;
      tally.visitors = 0;
      tally.dirty = false;
    }
    this.dirty = [];
    const spiders = [...this.spiders.values()];
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
