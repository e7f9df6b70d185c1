/**
 * Site search over visible articles: every word must be in the title, summary or body text (the
 * generated `search_text`, lower case); a word in the title weighs most, then the summary. Words are
 * matched with strpos, so `%`, `_` and quotes are plain characters and two-character Chinese words work
 * (docs/decisions/026-site-search.md).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { article, category } from '../db/schema';
import { visibleArticle } from './article.service';

export interface ArticleSearchRow {
  id: number;
  title: string;
  summary: string;
  bodyHtml: string;
  kind: string;
  categoryName: string;
  publishTime: Date;
  score: number;
}

/** The weight of one word: in the title 10, in the summary 3, elsewhere 1. */
const wordScore = (term: string) =>
  sql`(case when strpos(lower(${article.title}), ${term}) > 0 then 10 when strpos(lower(${article.summary}), ${term}) > 0 then 3 else 1 end)`;

/** The first `limit` matches, best first, and how many there are. */
export const searchArticles = async (db: Db, terms: string[], limit: number) => {
  if (terms.length === 0) return { rows: [] as ArticleSearchRow[], total: 0 };
  const matches = terms.map((t) => sql`strpos(${article.searchText}, ${t}) > 0`);
  const score = sql.join(terms.map(wordScore), sql` + `);
  const rows = await db
    .select({
      id: article.id,
      title: article.title,
      summary: article.summary,
      bodyHtml: article.bodyHtml,
      kind: category.kind,
      categoryName: category.name,
      publishTime: article.publishTime,
      score: sql<number>`(${score})::int`,
      total: sql<number>`count(*) over ()`,
    })
    .from(article)
    .innerJoin(category, eq(category.id, article.categoryId))
    .where(and(visibleArticle(), ...matches))
    .orderBy(desc(sql`(${score})`), desc(article.publishTime), desc(article.id))
    .limit(limit);
  return {
    rows: rows.map(({ total: _t, ...r }) => ({ ...r, score: Number(r.score) })),
    total: Number(rows[0]?.total ?? 0),
  };
};
