/**
 * The statistics' housekeeping on each instance: the recorder's buffer is written every two seconds;
 * every five minutes today and yesterday are rolled up, raw views past the retention period deleted and
 * old visitor salts discarded. The dashboard asks for a refresh first, so it shows the last seconds too.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { dayBefore, dayOf } from './classify';
import type { DemoStatistics } from './demo';
import type { StatsRecorder } from './recorder';
import { purgeRawViews, purgeSpiderLog, rollupDay } from './rollup';
import type { VisitorHasher } from './visitor';

const FLUSH_EVERY_MS = 2000;
const MAINTAIN_EVERY_MS = 5 * 60_000;
const SPIDER_LOG_DAYS = 366;

export class StatsRuntime {
  private timers: NodeJS.Timeout[] = [];
  private refreshing: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    readonly recorder: StatsRecorder,
    private readonly hasher: VisitorHasher,
    private readonly retentionDays: number,
    private readonly log: FastifyBaseLogger,
    private readonly demo: DemoStatistics,
  ) {}

  start() {
    const every = (ms: number, task: () => Promise<unknown>) => {
      const timer = setInterval(
        () => void task().catch((err) => this.log.error({ err }, 'statistics task failed')),
        ms,
      );
      timer.unref();
      this.timers.push(timer);
    };
    every(FLUSH_EVERY_MS, () => this.recorder.flush());
    every(MAINTAIN_EVERY_MS, () => this.maintain());
  }

  /** Writes what is buffered and rolls up today; concurrent callers share one run. */
  refresh(): Promise<void> {
    this.refreshing ??= (async () => {
      try {
        await this.recorder.flush();
        await this.demo.clearIfReal();
        await rollupDay(this.database, dayOf(new Date()));
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
    await rollupDay(this.database, dayBefore(today, 1));
    await rollupDay(this.database, today);
    await purgeRawViews(this.database, dayBefore(today, this.retentionDays - 1));
    await purgeSpiderLog(this.database, dayBefore(today, SPIDER_LOG_DAYS));
    await this.hasher.discardOld(today);
  }

  async stop() {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.recorder.flush();
  }
}
