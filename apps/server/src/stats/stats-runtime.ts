/**
 * The statistics' housekeeping on each instance: the recorder's counts are added to the database every
 * five seconds and when the server stops; every five minutes spider-log rows past a year are deleted,
 * old visitor salts discarded, the visitor sketches of finished days dropped and visit pages of no lead past
 * two days deleted (visit-pages.ts). The dashboard asks for a refresh first, so it shows the last seconds too.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { dayBefore, dayOf } from './classify';
import type { DemoStatistics } from './demo';
import type { FormViews } from './form-views';
import { noScriptVisitId } from './noscript-visit';
import type { StatsRecorder } from './recorder';
import { dropOldSketches, purgeSpiderLog } from './stats-store';
import type { VisitPages } from './visit-pages';
import type { VisitorHasher } from './visitor';

const FLUSH_EVERY_MS = 5000;
const MAINTAIN_EVERY_MS = 5 * 60_000;
const SPIDER_LOG_DAYS = 366;

export class StatsRuntime {
  private timers: NodeJS.Timeout[] = [];
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    readonly recorder: StatsRecorder,
    private readonly hasher: VisitorHasher,
    private readonly log: FastifyBaseLogger,
    private readonly demo: DemoStatistics,
    /** The 访问轨迹's pages, written with the counts (visit-pages.ts). */
    readonly visits: VisitPages,
    /** 表单转化's views of each form (form-views.ts), written with the counts. */
    readonly forms: FormViews,
    private readonly enabled: boolean,
  ) {}

  /** The visit of a browser that runs no script (noscript-visit.ts); undefined while statistics are off. */
  noScriptVisit(address: string, userAgent: string, now = new Date()): string | undefined {
    return this.enabled ? noScriptVisitId(this.hasher.saltOf(dayOf(now)), address, userAgent) : undefined;
  }

  start() {
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(
        () => void task().catch((err) => this.log.error({ err }, 'statistics task failed')),
        ms,
      );
      timer.unref();
      this.timers.push(timer);
    };
    every(FLUSH_EVERY_MS, () =>
      Promise.all([this.recorder.flush(), this.visits.flush(), this.forms.flush()]),
    );
    every(MAINTAIN_EVERY_MS, () => this.maintain());
  }

  /** Writes what is counted so far; concurrent callers share one run. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        await Promise.all([this.recorder.flush(), this.forms.flush()]);
        await this.demo.clearIfReal();
      } finally {
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  async maintain(now = new Date()) {
    const today = dayOf(now);
    await this.recorder.flush();
    await this.demo.clearIfReal();
    await purgeSpiderLog(this.db, dayBefore(today, SPIDER_LOG_DAYS));
    await dropOldSketches(this.db, dayBefore(today, 1));
    await this.visits.purge(now);
    await this.hasher.discardOld(today);
  }

  async stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await Promise.all([this.recorder.flush(), this.visits.flush(), this.forms.flush()]);
  }
}
