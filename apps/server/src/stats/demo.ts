/**
 * Demo statistics (seed/stats.ts) are shown until the site's first real request is counted: then every
 * demo row goes, so real figures are never mixed with made-up ones. Each instance checks until it has
 * seen real statistics once (its own first write, or another instance's rows at a dashboard refresh).
 */
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

export class DemoStatistics {
  private gone = false;

  constructor(private readonly db: Db) {}

  /** Before this instance's first write of real statistics. */
  async beforeRealWrite() {
    if (this.gone) return;
    await this.clear();
    this.gone = true;
  }

  /** Before the dashboard reads: another instance may have counted the first request. */
  async clearIfReal() {
    if (this.gone) return;
    const [state] = await queryRows<{ real: boolean }>(
      this.db,
      sql`select exists (select 1 from stat_daily where not demo)
            or exists (select 1 from stat_spider where not demo) as real`,
    );
    if (!state?.real) return;
    await this.clear();
    this.gone = true;
  }

  private async clear() {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`delete from stat_daily where demo`);
      await tx.execute(sql`delete from stat_spider where demo`);
    });
  }
}
