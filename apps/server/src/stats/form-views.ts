/**
 * 表单转化's views (decision 057): a beacon that confirmed a page this server served (recorder.beacon) names
 * the forms the page rendered (their slugs, from the `data-form` attributes); each counts one view of that form
 * on the Beijing day. Counted in memory and added to stat_daily (dimension `form`, key the form's id) with the
 * statistics' five-second flush; a slug that names no form of the site is dropped there, so a forged beacon
 * adds nothing but views of real forms on a page it really loaded.
 */
import { FORM_SLUG_PATTERN, FORM_VIEWS_PER_BEACON, SITE_ID } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { dayOf } from './classify';

/** Distinct (day, form) counters between two flushes; past it new forms wait for the next flush. */
const MAX_KEYS = 10_000;

/** The slugs a beacon named: well-formed, distinct, at most FORM_VIEWS_PER_BEACON. */
export const formSlugsOf = (list: string | undefined): string[] =>
  [
    ...new Set(
      (list ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => FORM_SLUG_PATTERN.test(s)),
    ),
  ].slice(0, FORM_VIEWS_PER_BEACON);

export class FormViews {
  private counts = new Map<string, number>();
  private flushing: Promise<number> = Promise.resolve(0);

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  record(list: string | undefined, at = new Date()) {
    const day = dayOf(at);
    for (const slug of formSlugsOf(list)) {
      const key = `${day}\t${slug}`;
      const count = this.counts.get(key);
      if (count === undefined && this.counts.size >= MAX_KEYS) continue;
      this.counts.set(key, (count ?? 0) + 1);
    }
  }

  /** Writes the counts; concurrent callers wait for the same write. Resolves with the counters written. */
  flush(): Promise<number> {
    this.flushing = this.flushing.then(
      () => this.write(),
      () => this.write(),
    );
    return this.flushing;
  }

  private async write(): Promise<number> {
    const rows = [...this.counts].map(([key, views]) => {
      const [day, slug] = key.split('\t');
      return { day, slug, views };
    });
    this.counts = new Map();
    if (rows.length === 0) return 0;
    try {
      await this.db.execute(sql`
        insert into stat_daily (day, dim, key, views, visitors)
        select r.day, 'form', f.id::text, r.views, 0
          from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(day text, slug text, views int)
          join form f on f.slug = r.slug and f.site_id = ${SITE_ID}
        on conflict (day, dim, key, demo) do update set views = stat_daily.views + excluded.views`);
    } catch (err) {
      // Worth less than the server's health, as the other statistics: log and move on.
      this.log.error({ err }, 'form view counts write failed');
    }
    return rows.length;
  }
}
