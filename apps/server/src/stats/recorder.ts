/**
 * Page views are counted in memory as they are served, straight into the figures the dashboard reads:
 * per Beijing day, views and visitors of the total and of each dimension's key (page, referrer, search
 * engine and keyword, UTM source and campaign, device, width band, landing page, 404s), and per hour.
 * Every five seconds the increments are added to stat_daily and stat_hourly in one statement, so
 * serving a page costs a few map operations and never waits for the database; a crash loses at most
 * the increments since the last flush.
 *
 * Visitors are counted once across instances (decision 038): each view adds its visitor's sketch entry
 * (sketch.ts) to the key's entries of this flush, and the database merges them with every instance's and
 * counts them (exactly up to 4,096 visitors a key, within 1% beyond). The day's visitor hashes, bounded per
 * address, are in day-visitors.ts.
 *
 * The view is the server's: it counts each page it serves (visitors without JavaScript too). The beacon
 * only confirms and adds the width band: for a path served to the same browser here in the last half
 * hour, or (its page served by another instance) a path this instance served to anyone in that time.
 * Anything else is dropped and counted by reason (beaconDrops): a forged beacon for a made-up path adds
 * no page. Crawlers go to the spider log instead. Memory is bounded (the caps below): past them, views
 * are dropped rather than queued.
 */
import type { Spider } from '@yuexun/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { dayNumberOf, dayOf } from './classify';
import { Uint32Set } from './compact-set';
import { DayVisitors } from './day-visitors';
import type { DemoStatistics } from './demo';
import { Generations } from './generations';
import {
  BEACON_DROP_REASONS,
  type BeaconDrop,
  type BeaconOutcome,
  dimensionsOf,
  type PageView,
} from './page-view';
import { entryOf, SPARSE_MAX } from './sketch';
import type { SpiderVerifier } from './spider-dns';
import { SpiderHits } from './spider-hits';
import { addCounts, type DailyIncrement, type HourlyIncrement, upsertSpiderHits } from './stats-store';
import { type VisitorHasher, visitorHash } from './visitor';

/** Views and visitors of one day's dimension and key (or of one hour), counted since the last flush. */
interface Tally {
  day: string;
  /** The dimension, or 'hour' for stat_hourly (then `key` is the hour's start, ISO 8601). */
  dim: string;
  key: string;
  views: number;
  /** This key's visitors since the last flush, as their sketch entries (sketch.ts), or null. */
  regs: Uint32Set | null;
  /** In the list of tallies the next flush writes. */
  dirty: boolean;
}

/** How long a served page waits for its beacon. */
export const MATCH_WINDOW_MS = 30 * 60_000;
const MATCH_WINDOW_S = MATCH_WINDOW_MS / 1000;
/** Sketch entries gathered between two flushes, over all keys; past it only the views count. */
const MAX_PENDING_REGISTERS = 1_000_000;
/** Views remembered for their beacon, in two generations of at most half this many each. */
const MAX_RECENT = 100_000;
/** Paths answered 200 recently, for beacons whose page another instance served. */
const MAX_SERVED_PATHS = 20_000;
/** Distinct dimension keys and hours counted per day (a flood of made-up 404 addresses stops here). */
const MAX_TALLIES = 50_000;
const HOUR_MS = 3_600_000;

export class StatsRecorder {
  /** Today's tallies: dimension → key → tally, and hour start → tally; those to write next. */
  private tallies = new Map<string, Map<string, Tally>>();
  private hours = new Map<number, Tally>();
  private tallyCount = 0;
  private dirty: Tally[] = [];
  private spiders = new SpiderHits();
  /** The current day: its number and its YYYY-MM-DD. */
  private dayNumber = -1;
  private day = '';
  /** Today's visitors seen here, bounded per address. */
  private visitors: DayVisitors;
  /** Sketch entries waiting for the next flush, over all tallies. */
  private pending = 0;
  private pendingFull = false;
  /**
   * Recent views by visitor hash and path, for their beacon: seconds since `epoch` when the view was
   * served (negative for a 404, which a beacon confirms without a width), 0 once confirmed.
   */
  private recent = new Generations<number>(MAX_RECENT, MATCH_WINDOW_MS);
  /** Paths answered 200 (or 304) recently, to anyone: seconds since `epoch`. */
  readonly servedPaths = new Generations<number>(MAX_SERVED_PATHS, MATCH_WINDOW_MS);
  private readonly epoch = Date.now() - 1000;
  private flushing: Promise<number> = Promise.resolve(0);
  /** Views dropped because the buffers were full (shown in the log at flush). */
  dropped = 0;
  /** Beacons that added nothing since the start, by reason (yuexun_stats_beacons_dropped_total). */
  readonly beaconDrops = Object.fromEntries(BEACON_DROP_REASONS.map((r) => [r, 0])) as Record<
    BeaconDrop,
    number
  >;

  constructor(
    private readonly db: Db,
    private readonly hasher: VisitorHasher,
    private readonly verifier: SpiderVerifier,
    private readonly log: FastifyBaseLogger,
    private readonly demo: DemoStatistics,
  ) {
    this.visitors = new DayVisitors(hasher, log);
  }

  /** Bytes the visitor structures hold now (the bound is in decision 038). */
  get visitorBytes() {
    let pending = 0;
    for (const tally of this.dirty) pending += tally.regs?.bytes ?? 0;
    return this.visitors.bytes + pending;
  }

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
      this.visitors = new DayVisitors(this.hasher, this.log);
    }
    return this.day;
  }

  private newTally(day: string, dim: string, key: string): Tally | null {
    if (this.tallyCount >= MAX_TALLIES) {
      this.dropped++;
      return null;
    }
    this.tallyCount++;
    return { day, dim, key, views: 0, regs: null, dirty: false };
  }

  /** Counts a view in a tally and its visitor's sketch entry. */
  private bump(tally: Tally, entry: number) {
    tally.views++;
    if (!tally.dirty) {
      tally.dirty = true;
      this.dirty.push(tally);
    }
    tally.regs ??= new Uint32Set(SPARSE_MAX * 4);
    if (this.pending >= MAX_PENDING_REGISTERS) {
      if (!this.pendingFull) {
        this.pendingFull = true;
        this.log.warn('statistics: too many visitors between two writes; views counted without them');
      }
      return;
    }
    if (tally.regs.add(entry)) this.pending++;
  }

  /** Counts a view under a dimension's key. */
  private add(day: string, entry: number, dim: string, key: string) {
    let byKey = this.tallies.get(dim);
    if (!byKey) {
      byKey = new Map();
      this.tallies.set(dim, byKey);
    }
    let tally = byKey.get(key);
    if (!tally) {
      const created = this.newTally(day, dim, key);
      if (!created) return;
      tally = created;
      byKey.set(key, tally);
    }
    this.bump(tally, entry);
  }

  /** One view into every figure it belongs to (404s only into their own list, as before). */
  private count(view: PageView, visitor: number, isNew: boolean, day: string, ms: number) {
    const entry = entryOf(visitor);
    if (view.status === 404) return this.add(day, entry, 'notFound', view.path);
    this.add(day, entry, 'total', '');
    // The first page a visitor sees that day (on this instance) is their landing page.
    if (isNew) this.add(day, entry, 'landing', view.path);
    for (const [dim, key] of dimensionsOf(view)) this.add(day, entry, dim, key);
    const hour = ms - (ms % HOUR_MS);
    let tally = this.hours.get(hour);
    if (!tally) {
      const created = this.newTally(day, 'hour', new Date(hour).toISOString());
      if (!created) return;
      tally = created;
      this.hours.set(hour, tally);
    }
    this.bump(tally, entry);
  }

  /** The browser's own hash (what a beacon is matched by). */
  private rawVisitor(view: PageView, day: string) {
    return visitorHash(this.hasher.saltOf(day), view.address, view.userAgent);
  }

  /** A page the server answered (HTML, 200/304/404). */
  served(view: PageView, ms = Date.now()) {
    const day = this.dayAt(ms);
    const raw = this.rawVisitor(view, day);
    const { visitor, isNew } = this.visitors.counted(view, day, raw);
    this.count(view, visitor, isNew, day, ms);
    const seconds = Math.round((ms - this.epoch) / 1000) || 1;
    this.recent.set(`${raw}\t${view.path}`, view.status === 404 ? -seconds : seconds);
    if (view.status !== 404) this.servedPaths.set(view.path, seconds);
  }

  /**
   * A beacon: confirms a view this instance served to the browser (adding its width band), or adds the
   * width band of a view another instance served, for a path this one served recently too. It never
   * counts a view: the instance that served the page did (a bfcache restore, which only the beacon
   * sees, is not counted). Anything else is dropped and counted.
   */
  beacon(view: PageView, ms = Date.now()): BeaconOutcome {
    const day = this.dayAt(ms);
    const raw = this.rawVisitor(view, day);
    const key = `${raw}\t${view.path}`;
    const seconds = (ms - this.epoch) / 1000;
    const served = this.recent.get(key);
    let outcome: BeaconOutcome;
    if (served === 0) outcome = 'repeated';
    else if (served !== undefined && seconds - Math.abs(served) < MATCH_WINDOW_S) outcome = 'confirmed';
    else {
      const page = this.servedPaths.get(view.path);
      outcome = page !== undefined && seconds - page < MATCH_WINDOW_S ? 'enriched' : 'not_served';
    }
    if (outcome !== 'confirmed' && outcome !== 'enriched') return this.dropBeacon(outcome);
    this.recent.set(key, 0);
    if (view.widthBand && (served === undefined || served > 0)) {
      const { visitor } = this.visitors.counted(view, day, raw, true);
      this.add(day, entryOf(visitor), 'width', view.widthBand);
    }
    return outcome;
  }

  /** Counts a beacon that added nothing. */
  dropBeacon(reason: BeaconDrop): BeaconDrop {
    this.beaconDrops[reason]++;
    return reason;
  }

  /** A crawler's request, for the spider log. */
  spider(spider: Spider, path: string, status: number, address: string, at = new Date()) {
    if (!this.spiders.add(this.dayAt(at.getTime()), spider, path, status, address, at)) this.dropped++;
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
      const { day, dim, key, views } = tally;
      const regs = tally.regs ? [...tally.regs.values()] : [];
      if (dim === 'hour') hourly.push({ hour: key, views, regs });
      else daily.push({ day, dim, key, views, regs });
      tally.views = 0;
      tally.regs = null;
      tally.dirty = false;
    }
    this.dirty = [];
    this.pending = 0;
    this.pendingFull = false;
    const spiders = this.spiders.take();
    this.recent.rotateIfOld();
    this.servedPaths.rotateIfOld();
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
