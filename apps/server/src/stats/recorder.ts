/**
 * Page views are gathered in memory and written in batches every couple of seconds, so serving a
 * page costs no database write. Two witnesses of one view are merged: the server counts each page it
 * serves (visitors without JavaScript too), and the beacon of the same browser for the same path
 * within half an hour confirms that view (adding the screen width) instead of counting a second one.
 * Crawlers go to the spider log instead. Memory is bounded: past the caps, views are dropped, not queued.
 */
import { randomUUID } from 'node:crypto';
import type { Spider, WidthBand } from '@yuexun/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { dayOf, type ReferrerInfo, type Utm } from './classify';
import type { DemoStatistics } from './demo';
import type { SpiderVerifier } from './spider-dns';
import { confirmViews, insertViews, matchBeacon, type StoredView, upsertSpiderHits } from './stats-store';
import type { VisitorHasher } from './visitor';

export interface PageView {
  path: string;
  status: number;
  referrer: ReferrerInfo;
  utm: Utm;
  device: string;
  widthBand: WidthBand | null;
  address: string;
  userAgent: string;
  /** classify.ts agentOf's id of the user agent: keys the view for its beacon (with address and path). */
  agentId: number;
}

interface Pending extends PageView {
  id: string;
  at: Date;
  source: 'server' | 'beacon' | 'both';
}

interface Recent {
  id: string;
  at: number;
  confirmed: boolean;
  /** Still in the buffer (not yet written): a beacon can complete it in place. */
  pending: Pending | null;
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
const MAX_PENDING = 20_000;
/** Views remembered for their beacon, in two generations of at most half this many each. */
const MAX_RECENT = 100_000;
const MAX_SPIDER_KEYS = 20_000;
const FLUSH_AT = 500;

const recentKey = (view: PageView) => `${view.agentId} ${view.address} ${view.path}`;

export class StatsRecorder {
  private views: Pending[] = [];
  private confirmations: { id: string; widthBand: WidthBand | null }[] = [];
  private beacons: Pending[] = [];
  private spiders = new Map<string, SpiderHit>();
  /**
   * Recent views by visitor and path, for their beacon. Two generations instead of one map kept in
   * order: the current one takes new views; when it is full or older than the match window it becomes
   * the previous one and the previous one is dropped whole. No per-view delete and no scan (deleting
   * from the front of a large Map and iterating it again cost more than the whole view under load).
   */
  private recent = new Map<string, Recent>();
  private previous = new Map<string, Recent>();
  private recentSince = Date.now();
  private flushing: Promise<number> = Promise.resolve(0);
  /** Views dropped because the buffer was full (shown in the log at flush). */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly hasher: VisitorHasher,
    private readonly verifier: SpiderVerifier,
    private readonly log: FastifyBaseLogger,
    private readonly demo: DemoStatistics,
  ) {}

  private get full() {
    return this.views.length + this.beacons.length >= MAX_PENDING;
  }

  private remember(view: Pending, confirmed: boolean) {
    if (this.recent.size >= MAX_RECENT / 2) this.rotate();
    const key = recentKey(view);
    this.recent.set(key, { id: view.id, at: view.at.getTime(), confirmed, pending: view });
  }

  private recall(key: string) {
    return this.recent.get(key) ?? this.previous.get(key);
  }

  private rotate() {
    this.previous = this.recent;
    this.recent = new Map();
    this.recentSince = Date.now();
  }

  /** A page the server answered (HTML, 200/304/404). */
  served(view: PageView, at = new Date()) {
    if (this.full) return void this.dropped++;
    const pending: Pending = { ...view, id: randomUUID(), at, source: 'server' };
    this.views.push(pending);
    this.remember(pending, false);
    this.flushIfFull();
  }

  /** A beacon: confirms the view the server counted, or counts one the server never saw (back/forward cache). */
  beacon(view: PageView, at = new Date()) {
    const recent = this.recall(recentKey(view));
    if (recent && !recent.confirmed && at.getTime() - recent.at < MATCH_WINDOW_MS) {
      recent.confirmed = true;
      if (recent.pending) {
        recent.pending.widthBand = view.widthBand;
        recent.pending.source = 'both';
      } else this.confirmations.push({ id: recent.id, widthBand: view.widthBand });
      return;
    }
    if (this.full) return void this.dropped++;
    const pending: Pending = { ...view, id: randomUUID(), at, source: 'beacon' };
    // Not confirmed here: perhaps another instance served the page (checked in the database at flush).
    this.beacons.push(pending);
    this.remember(pending, true);
    this.flushIfFull();
  }

  spider(spider: Spider, path: string, status: number, address: string, at = new Date()) {
    const day = dayOf(at);
    const key = `${day}\n${spider}\n${path}\n${status}\n${address}`;
    const hit = this.spiders.get(key);
    if (hit) {
      hit.hits++;
      hit.lastAt = at;
    } else if (this.spiders.size < MAX_SPIDER_KEYS) {
      this.spiders.set(key, { day, spider, path, status, address, hits: 1, lastAt: at });
    } else this.dropped++;
  }

  private flushIfFull() {
    if (this.views.length + this.beacons.length >= FLUSH_AT) void this.flush().catch(() => {});
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
    const views = this.views;
    const beacons = this.beacons;
    const confirmations = this.confirmations;
    const spiders = [...this.spiders.values()];
    this.views = [];
    this.beacons = [];
    this.confirmations = [];
    this.spiders = new Map();
    for (const view of views) {
      const recent = this.recall(recentKey(view));
      if (recent?.pending === view) recent.pending = null;
    }
    if (Date.now() - this.recentSince > MATCH_WINDOW_MS) this.rotate();
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'statistics buffer full: page views dropped');
      this.dropped = 0;
    }
    let written = 0;
    try {
      if (views.length + beacons.length + confirmations.length + spiders.length > 0)
        await this.demo.beforeRealWrite();
      written += await insertViews(this.db, await this.stored(views));
      written += await confirmViews(this.db, confirmations);
      for (const view of await this.stored(beacons))
        written += await matchBeacon(this.db, view, MATCH_WINDOW_MS);
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

  /** The rows to store: the address and user agent give way to the day's visitor hash here. */
  private async stored(views: Pending[]): Promise<StoredView[]> {
    const rows: StoredView[] = [];
    const hashers = new Map<string, (address: string, userAgent: string) => string>();
    for (const view of views) {
      const day = dayOf(view.at);
      let hash = hashers.get(day);
      if (!hash) {
        hash = await this.hasher.hasher(day);
        hashers.set(day, hash);
      }
      rows.push({
        id: view.id,
        at: view.at,
        day,
        path: view.path,
        status: view.status,
        referrerHost: view.referrer.host,
        engine: view.referrer.engine,
        keyword: view.referrer.keyword,
        ...view.utm,
        device: view.device,
        widthBand: view.widthBand,
        visitor: hash(view.address, view.userAgent),
        source: view.source,
      });
    }
    return rows;
  }
}
