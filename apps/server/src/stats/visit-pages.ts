/**
 * The 访问轨迹's pages (issue 33, decision 054): a beacon that carries the site's visit id and confirmed a page
 * this server served lately (recorder.beacon: 'confirmed' or 'enriched') becomes one visit_page row. Rows are
 * gathered in memory and written with the statistics' five-second flush (bounded: past MAX_PENDING they are
 * dropped, not queued); nothing in the beacon's answer waits for the database. A row whose browser (or visit)
 * already sent a lead in the last 30 days, from the same kind of browser, joins that lead as it is written:
 * the return visit. Rows of no lead are deleted after UNBOUND_VISIT_DAYS.
 */
import { UNBOUND_VISIT_DAYS, VISIT_LINK_DAYS, VISIT_TITLE_MAX } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../db/client';
import { visitAgentOf } from '../shared/visit-agent';

export interface VisitPageView {
  visitId: string;
  browserId: string;
  userAgent: string;
  path: string;
  title: string;
  source: string;
}

interface PendingRow {
  visit_id: string;
  browser_id: string;
  agent: string;
  path: string;
  title: string;
  source: string;
  viewed_at: string;
}

const MAX_PENDING = 20_000;

export class VisitPages {
  private pending: PendingRow[] = [];
  private flushing: Promise<number> = Promise.resolve(0);
  /** Rows dropped because the buffer was full since the last flush. */
  dropped = 0;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    /** Told which leads took return-visit rows (their score counts visits: decision 057). */
    private readonly onJoined: (leadIds: number[]) => Promise<void> = async () => {},
  ) {}

  record(view: VisitPageView, at = new Date()) {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push({
      visit_id: view.visitId,
      browser_id: view.browserId,
      agent: visitAgentOf(view, view.userAgent),
      path: view.path,
      title: [...view.title.trim()].slice(0, VISIT_TITLE_MAX).join(''),
      source: view.source.slice(0, 200),
      viewed_at: at.toISOString(),
    });
  }

  /** Writes the gathered rows; concurrent callers wait for the same write. Resolves with the rows written. */
  flush(): Promise<number> {
    this.flushing = this.flushing.then(
      () => this.write(),
      () => this.write(),
    );
    return this.flushing;
  }

  private async write(): Promise<number> {
    const rows = this.pending;
    this.pending = [];
    if (this.dropped > 0) {
      this.log.warn({ dropped: this.dropped }, 'visit timeline buffer full: pages dropped');
      this.dropped = 0;
    }
    if (rows.length === 0) return 0;
    try {
      // A return visit: the latest lead sent from this browser (or this visit) in the 30 days before the
      // page, by the same kind of browser (the agent hash), takes the row.
      const joined = await queryRows<{ lead_id: number | null }>(
        this.db,
        sql`
        insert into visit_page (visit_id, browser_id, agent, path, title, source, viewed_at, lead_id)
        select r.visit_id, r.browser_id, r.agent, r.path, r.title, r.source, r.viewed_at,
          (select lv.lead_id from lead_visit lv
            where lv.agent = r.agent
              and (lv.visit_id = r.visit_id or (r.browser_id <> '' and lv.browser_id = r.browser_id))
              and lv.created_at <= r.viewed_at
              and lv.created_at > r.viewed_at - make_interval(days => ${VISIT_LINK_DAYS})
            order by lv.created_at desc limit 1)
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as r(visit_id text, browser_id text, agent text, path text, title text, source text, viewed_at timestamptz)
        returning lead_id`,
      );
      const leadIds = [...new Set(joined.flatMap((r) => (r.lead_id === null ? [] : [r.lead_id])))];
      if (leadIds.length > 0) await this.onJoined(leadIds);
    } catch (err) {
      // Worth less than the server's health, as the statistics: log and move on.
      this.log.error({ err }, 'visit timeline write failed');
    }
    return rows.length;
  }

  /** Deletes pages of no lead older than UNBOUND_VISIT_DAYS. */
  async purge(now = new Date()) {
    const before = new Date(now.getTime() - UNBOUND_VISIT_DAYS * 86_400_000);
    await this.db.execute(
      sql`delete from visit_page where lead_id is null and viewed_at < ${before.toISOString()}`,
    );
  }
}
