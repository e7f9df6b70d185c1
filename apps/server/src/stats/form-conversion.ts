/**
 * 表单转化 (decision 057): per form of the site, the views of pages that showed it (stat_daily, dimension
 * `form`), the leads sent with it in the same Beijing days, and their rate.
 */
import { type FormConversionRow, type FormKind, SITE_ID, type StatsRange } from '@yuexun/contract';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';
import { periodsOf } from './stats.service';

/** submissions ÷ views, at most 1: a lead sent without JavaScript has no counted view. */
export const formRateOf = (views: number, submissions: number) =>
  views > 0 ? Math.min(1, submissions / views) : 0;

export const formConversion = async (
  db: Db,
  range: StatsRange,
  now = new Date(),
): Promise<FormConversionRow[]> => {
  const { from, to } = periodsOf(range, now).current;
  const rows = await queryRows<{
    id: number;
    name: string;
    kind: FormKind;
    views: string;
    submissions: string;
  }>(
    db,
    sql`select f.id, f.name, f.kind,
          coalesce((select sum(s.views) from stat_daily s
            where s.dim = 'form' and s.key = f.id::text and not s.demo and s.day between ${from} and ${to}), 0) as views,
          (select count(*) from customer_intention c where c.form_id = f.id
            and to_char(c.created_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD') between ${from} and ${to}) as submissions
        from form f where f.site_id = ${SITE_ID}
        order by submissions desc, views desc, f.id`,
  );
  return rows.map((r) => {
    const views = Number(r.views);
    const submissions = Number(r.submissions);
    return {
      formId: r.id,
      name: r.name,
      kind: r.kind,
      views,
      submissions,
      rate: formRateOf(views, submissions),
    };
  });
};
