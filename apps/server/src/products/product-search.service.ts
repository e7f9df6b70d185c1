/** Site search over published products: the same rule as articles (every word; name weighs most). */
import { and, asc, desc, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { product } from '../db/schema';
import { publishedProduct } from './product.service';

export interface ProductSearchRow {
  id: number;
  name: string;
  summary: string;
  detailHtml: string;
  priceFen: number;
  priceUnit: string;
  score: number;
}

/** The weight of one word: in the name 10, in the summary 3, elsewhere 1. */
const wordScore = (term: string) =>
  sql`(case when strpos(lower(${product.name}), ${term}) > 0 then 10 when strpos(lower(${product.summary}), ${term}) > 0 then 3 else 1 end)`;

/** The first `limit` matches, best first (then in the price shop's order), and how many there are. */
export const searchProducts = async (db: Db, terms: string[], limit: number) => {
  if (terms.length === 0) return { rows: [] as ProductSearchRow[], total: 0 };
  const matches = terms.map((t) => sql`strpos(${product.searchText}, ${t}) > 0`);
  const score = sql.join(terms.map(wordScore), sql` + `);
  const rows = await db
    .select({
      id: product.id,
      name: product.name,
      summary: product.summary,
      detailHtml: product.detailHtml,
      priceFen: product.priceFen,
      priceUnit: product.priceUnit,
      score: sql<number>`(${score})::int`,
      total: sql<number>`count(*) over ()`,
    })
    .from(product)
    .where(and(publishedProduct(), ...matches))
    .orderBy(desc(sql`(${score})`), asc(product.sort), asc(product.id))
    .limit(limit);
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, score: Number(r.score) })),
    total: Number(rows[0]?.total ?? 0),
  };
};
