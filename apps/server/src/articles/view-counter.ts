/**
 * Article views are counted in memory and written in one UPDATE every few seconds, so a page view
 * costs no write on the hot path. Each instance adds its own counts; on shutdown the rest is flushed.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

export class ViewCounter {
  private pending = new Map<number, number>();
  private total = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = 2000,
  ) {}

  start() {
    this.timer = setInterval(() => void this.flush().catch(() => {}), this.intervalMs);
    this.timer.unref();
  }

  count(articleId: number) {
    this.pending.set(articleId, (this.pending.get(articleId) ?? 0) + 1);
    this.total.set(articleId, (this.total.get(articleId) ?? 0) + 1);
  }

  /** Views this instance has counted since it started, written or not. */
  counted(articleId: number) {
    return this.total.get(articleId) ?? 0;
  }

  /**
   * A stored count turned into a baseline that stays right while a detail is cached: what readers see is
   * `shown(id, baseline)`, the baseline plus every view this instance has counted since.
   */
  baseline(articleId: number, stored: number) {
    return stored + this.unwritten(articleId) - this.counted(articleId);
  }

  shown(articleId: number, baseline: number) {
    return baseline + this.counted(articleId);
  }

  /** Views counted here but not yet written. */
  unwritten(articleId: number) {
    return this.pending.get(articleId) ?? 0;
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const batch = this.pending;
      this.pending = new Map();
      const ids = [...batch.keys()];
      const counts = ids.map((id) => batch.get(id) ?? 0);
      try {
        await this.db.execute(sql`
          update article set view_count = view_count + u.n
          from unnest(array[${sql.join(ids, sql`,`)}]::int[], array[${sql.join(counts, sql`,`)}]::int[]) as u(id, n)
          where article.id = u.id`);
      } catch (error) {
        // Keep the counts for the next try rather than losing them.
        for (const [id, n] of batch) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        throw error;
      }
    });
    return this.flushing;
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
